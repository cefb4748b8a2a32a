/**
 * The event log's words: one sentence per event type, as a player would say it
 * ("Spinning blades fired at (5,15): Peasant 1 caught."). The table is typed by every
 * {@link SimEventType}, so a new event type does not compile until it has its sentence.
 */
import type { SimEvent, SimEventOf, SimEventType } from "@malignus/client-sdk";

/** How the sentences name things: from the spectator's state, with a fallback for what it cannot see. */
export interface Names {
  /** A unit's name ("Peasant 1"), or "someone" when the spectator's view does not hold it. */
  unit(id: string | null | undefined): string;
  /** A trap part's readable kind ("Spinning blades"), or "a trap part" when unseen. */
  part(id: string | null | undefined): string;
}

/** "spinningBlades" → "spinning blades". */
export function words(camel: string): string {
  return camel.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** First letter upper-case. */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const at = (x: number, y: number) => `(${x},${y})`;
const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "nobody") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
const tiles = (n: number) => `${n} tile${n === 1 ? "" : "s"}`;

type Sentences = { [K in SimEventType]: (e: SimEventOf<K>, n: Names) => string };

const SENTENCES: Sentences = {
  hour: (e) => `Day ${e.day}, ${String(e.hour).padStart(2, "0")}:00.`,
  partPlaced: (e) => `The keeper marked a site for ${words(e.kind)} at ${at(e.x, e.y)}.`,
  partBuilt: (e, n) => `${n.unit(e.builderId)} finished building the ${words(e.kind)}.`,
  partRemoved: () => "The keeper removed a trap part.",
  cableRemoved: () => "The keeper removed a cable.",
  cableLaid: (e) => e.hops.length === 0 ? "The keeper laid a cable."
    : `The keeper laid a cable, hopping over another at ${e.hops.map((h) => at(h.x, h.y)).join(", ")}.`,
  invasionStarted: (e) => `Invasion ${e.invasionNumber}: a party of ${e.size} sets out for the dungeon.`,
  // INV-80: the letter's title, then who spotted the party and what the letter lists (INV-81).
  partySpotted: (e, n) => `Adventurers spotted in your dungeon! ${n.unit(e.spottedBy)} spotted the party: ${list(e.members.map((m) => `${m.name} (${m.adventurerClass})`))}, come to ${words(e.goal)}.`,
  trapFired: (e, n) => {
    const what = e.mechanismId === null ? `${n.part(e.triggerId)} clicked` : `${capital(words(e.mechanism ?? "trap"))} fired`;
    const victims = e.victims.length === 0 ? "nobody caught" : `${list(e.victims.map((v) => n.unit(v)))} caught`;
    return `${what} at ${at(e.x, e.y)}: ${victims}.`;
  },
  attack: (e, n) => `${n.unit(e.attackerId)} ${e.hit ? "hit" : "missed"} ${n.unit(e.targetId)}.`,
  wound: (e, n) => `${n.unit(e.targetId)} took a ${e.severity} wound to the ${words(e.location)} from ${n.unit(e.sourceId) === "someone" ? n.part(e.sourceId) : n.unit(e.sourceId)}.`,
  knockedOut: (e, n) => `${n.unit(e.unitId)} is ${e.outcome === "dead" ? "dead" : "knocked out"}.`,
  woke: (e, n) => `${n.unit(e.unitId)} woke up.`,
  captured: (e, n) => `${n.unit(e.byUnitId)} took ${n.unit(e.unitId)} prisoner.`,
  escaped: (e, n) => `${n.unit(e.unitId)} escaped the dungeon.`,
  invasionEnded: (e) => `Invasion ${e.invasionNumber} is over.`,
  serverShuttingDown: (e) => `The server is shutting down (${e.reason}): the dungeon is saved and will be back when it restarts.`,
  paused: (e) => `The clock stopped (${e.reason}).`,
  resumed: () => "The clock runs again.",
  partRearmed: (e, n) => `${n.unit(e.byUnitId)} ${e.outcome === "rearmed" ? "rearmed" : e.outcome === "failed" ? "failed to rearm" : e.outcome === "fired" ? "set off" : "botched and rigged"} the ${n.part(e.partId).toLowerCase()}.`,
  partMoved: (e, n) => `The keeper moved the ${n.part(e.partId).toLowerCase()} to ${at(e.x, e.y)}.`,
  effectStarted: (e, n) => e.effect === "gas" ? `A gas cloud spreads over ${tiles(e.tiles.length)}.` : `${n.unit(e.unitId)} is caught by ${e.effect === "web" ? "a web" : e.effect === "terror" ? "terror" : "spiders"}.`,
  effectEnded: (e, n) => e.effect === "gas" ? "The gas cloud cleared." : `${n.unit(e.unitId)} is free of the ${e.effect}.`,
  creatureJoined: (e, n) => `${n.unit(e.unitId)} settled in a lair and joined the dungeon.`,
  creatureMovingIn: (e, n) => `${n.unit(e.unitId)} is moving into the lair at ${at(e.x, e.y)}.`,
  caveIn: (e) => `Cave-in at ${at(e.x, e.y)}: ${tiles(e.rock.length)} of rock fell.`,
  noise: (e, n) => `A ${e.cause === "death" ? "death cry" : "crash"} at ${at(e.x, e.y)}, heard by ${e.heardBy.length === 0 ? "nobody" : list(e.heardBy.map((u) => n.unit(u)))}.`,
  carried: (e, n) => `${n.unit(e.byUnitId)} picked up ${n.unit(e.unitId)}.`,
  dropped: (e, n) => `${n.unit(e.byUnitId)} put ${n.unit(e.unitId)} down at ${at(e.x, e.y)}.`,
  healed: (e, n) => `${n.unit(e.byUnitId)} healed ${n.unit(e.unitId)}.`,
  stanceChanged: (e, n) => `The keeper set ${n.unit(e.unitId)} to ${words(e.stance)}.`,
  attackOrdered: (e, n) => e.targetId === "" ? `${n.unit(e.unitId)}'s attack order ended.` : `The keeper sent ${n.unit(e.unitId)} after ${n.unit(e.targetId)}.`,
  shotIntercepted: (e, n) => `A shot by ${n.unit(e.attackerId)} meant for ${n.unit(e.intendedId)} hit ${n.unit(e.targetId)} instead.`,
  trapResisted: (e, n) => `${n.unit(e.unitId)} partly resisted the ${words(e.mechanism)}.`,
  triggerSpotted: (e, n) => `${n.unit(e.unitId)} spotted a trigger at ${at(e.x, e.y)}.`,
  triggerDefused: (e, n) => `${n.unit(e.unitId)} ${e.success ? "defused a trigger" : "tried to defuse a trigger and set it off"}.`,
  partyShown: () => "A guard-post torch shows the party.",
  lootTaken: (e, n) => `${n.unit(e.unitId)} grabbed ${e.amount} gold.`,
  prisonerFreed: (e, n) => `${n.unit(e.unitId)} was freed.`,
  bodyRecovered: (e, n) => `The party recovered ${n.unit(e.unitId)}'s body.`,
  fugitiveAsks: (e, n) => `${n.unit(e.unitId)} asks the keeper for a place to hide.`,
  specialInvasionQueued: (e) => `A special invasion is coming${e.detail ? ` (${e.detail})` : ""}.`,
  bodyBurned: (e, n) => `${n.unit(e.unitId)} burnt on the pyre.`,
  settlementRaided: (e) => `The keeper's raiders sacked ${e.detail} and brought back ${e.amount} metal.`,
  partyScried: (e) => `The scrying pool shows the party on its way: ${list(e.members.map((m) => m.name))}.`,
  duelStarted: (e, n) => `Duel${e.toDeath ? " to the death" : ""}: ${list(e.unitIds.map((u) => n.unit(u)))}.`,
  duelEnded: (e, n) => `${n.unit(e.winnerId)} won the duel against ${n.unit(e.loserId)}${e.loserDied ? ", who died" : ""}.`,
  altitudeChanged: (e, n) => e.cause === "fall" ? `${n.unit(e.unitId)} fell to the ground.` : `${n.unit(e.unitId)} is now flying ${e.altitude === "ground" ? "no more" : e.altitude}.`,
  mountChanged: (e, n) => `${n.unit(e.riderId)} ${e.mounted ? "mounted" : "got off"} ${n.unit(e.mountId)}.`,
  gravelyWounded: (e, n) => `${n.unit(e.unitId)} is gravely wounded.`,
  rescue: (e, n) => `${n.unit(e.byUnitId)} ${e.success ? "saved" : "could not save"} ${n.unit(e.unitId)}.`,
  spellCast: (e, n) => `${n.unit(e.unitId)} cast a spell at ${n.unit(e.targetId)}.`,
  statusApplied: (e, n) => `${n.unit(e.unitId)} is ${e.status}${e.turns > 0 ? ` for ${e.turns} turn${e.turns === 1 ? "" : "s"}` : ""}.`,
  spellInterrupted: (e, n) => `${n.unit(e.byUnitId)} interrupted ${n.unit(e.unitId)}'s spell.`,
  guardedMove: (e, n) => `${n.unit(e.unitId)} moved carefully ${tiles(e.tiles)}.`,
  duelProposed: (e, n) => `${n.unit(e.challengerId)} challenged ${n.unit(e.opponentId)} to a duel${e.toDeath ? " to the death" : ""}.`,
  duelAnswered: (e, n) => `${n.unit(e.opponentId)} ${e.answer === "accepted" ? "accepted" : e.answer === "refused" ? "refused" : e.answer === "expired" ? "never answered" : "could not take up"} the duel.`,
  duelMercyPending: (e, n) => `${n.unit(e.loserId)}'s fate is in ${n.unit(e.winnerId)}'s side's hands.`,
  duelMercy: (e, n) => `${n.unit(e.loserId)} was ${e.spared ? "spared" : "killed"}.`,
  flyingHome: (e, n) => `${n.unit(e.unitId)} flies home to ${at(e.to.x, e.to.y)}.`,
  encounterStarted: (e, n) => `A fight begins: ${list(e.order.map((u) => n.unit(u)))}.`,
  encounterJoined: (e, n) => `${n.unit(e.unitId)} joined the fight.`,
  turnStarted: (e, n) => `Round ${e.round}: ${n.unit(e.unitId)}'s turn.`,
  encounterEnded: (e) => `The fight is over after ${e.rounds} round${e.rounds === 1 ? "" : "s"} (${e.reason === "fled" ? "one side fled" : "one side beaten"}).`,
  damaged: (e, n) => `${n.unit(e.targetId)} lost ${e.amount} hit points${e.critical ? " (critical)" : ""}, ${e.hp} left.`,
  deathSave: (e, n) => `${n.unit(e.unitId)} fights for life: ${e.outcome === "dead" ? "lost" : e.outcome === "stable" || e.outcome === "regained" ? "holds on" : e.outcome}.`,
  reaction: (e, n) => `${n.unit(e.unitId)} reacts against ${n.unit(e.againstId)} (${words(e.kind)}).`,
  turnPlanPlayed: (e, n) => `${n.unit(e.unitId)} played its player's plan.`,
  spoke: (e, n) => `${n.unit(e.unitId)} says: “${e.text}”`,
  moveModeChanged: (e, n) => `${n.unit(e.unitId)} ${e.mode === "fly" ? "takes wing" : e.mode === "swim" ? "starts swimming" : "walks"}.`,
  doorForced: (e, n) => `${n.unit(e.byUnitId)} ${e.method === "pick" ? "picked the lock of" : "bashed in"} a door.`,
  doorGivenUp: () => "The party gave up on a locked door.",
  doorRepaired: (e, n) => `${n.unit(e.byUnitId)} repaired a door and locked it again.`,
  padlockBuilt: () => "A padlock was fitted to a door.",
  doorUnlocked: (e, n) => `${n.unit(e.byUnitId)} unlocked the door at ${at(e.x, e.y)} and passes through.`,
  merchantArrived: (e) => `${e.name}, a travelling merchant, came in at ${at(e.x, e.y)}.`,
  merchantLeft: (e) => `${e.name}, the travelling merchant, went on its way.`,
  altarBuilt: (e) => `The keeper built an altar at ${at(e.x, e.y)}.`,
  altarDestroyed: (e, n) => `${n.unit(e.unitId)} destroyed the altar at ${at(e.x, e.y)}.`,
};

/**
 * The sentence for one event.
 * @example
 * sentence({ type: "trapFired", tick: 1, triggerId: "1", mechanismId: "2", mechanism: "spinningBlades",
 *   x: 5, y: 15, byUnitId: "9", victims: ["9"] }, names) // "Spinning blades fired at (5,15): Peasant 1 caught."
 */
export function sentence(event: SimEvent, names: Names): string {
  const say = SENTENCES[event.type] as (e: SimEvent, n: Names) => string;
  return say(event, names);
}
