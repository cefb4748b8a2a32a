import { z } from "zod";
import { PART_KINDS } from "./data/traps.ts";
import { HIT_LOCATIONS, WOUND_SEVERITIES } from "./rules.ts";
import type { SimEventOf, SimEventType } from "./events.ts";

/**
 * A zod schema per event type of the {@link SimEventType} union (events.ts), for what only has
 * the TypeScript types: native clients (JSON Schema in clients/generated/json-schema/, written
 * by `npm run codegen`). Each schema describes the `event` message of that `type`; events.ts
 * stays the source of truth and server/test/codegen/eventSchemas.test.ts checks at compile time
 * that each schema's type is exactly its event's (a new event type without a schema, or a field
 * that differs, fails the typecheck). Descriptions repeat the doc comments of events.ts in short.
 * Data table (no logic); the server never parses its own events with these.
 */

/** Every event's `tick`: the simulation tick it happened on (TICKS_PER_GAME_MINUTE per game minute). */
const tick = z.number().int().min(0).describe("the simulation tick it happened on");
const id = z.string();
const ids = z.array(z.string());
const tile = z.object({ x: z.number().int(), y: z.number().int() });
const partKind = z.enum(PART_KINDS);
const effectKind = z.enum(["gas", "web", "terror", "spiders"]);
const altitude = z.enum(["ground", "low", "moderate", "high"]);
const moveMode = z.enum(["walk", "fly", "swim"]);
const letterMember = z.object({ unitId: id, name: z.string(), adventurerClass: z.string(), level: z.number().int(), abilities: z.array(z.string()) });

/** One event's schema: `{ tick, type: T, ...fields }`, described by `doc`. */
function event<T extends string, S extends z.ZodRawShape>(type: T, doc: string, fields: S) {
  return z.object({ tick, type: z.literal(type), ...fields }).describe(doc);
}

const removed = <T extends "partRemoved" | "cableRemoved">(type: T) => event(type, "A part or cable was removed.", { id });
const pause = <T extends "paused" | "resumed">(type: T) => event(type, "The game clock paused or resumed (INV-79).", { reason: z.string() });
const carry = <T extends "carried" | "dropped">(type: T) =>
  event(type, "A unit picked up an unconscious body or put it down at (x, y) (CMB-44, CMB-49).", { unitId: id, byUnitId: id, x: z.number().int(), y: z.number().int() });
const order = <T extends "stanceChanged" | "attackOrdered">(type: T) =>
  event(type, "A keeper changed a minion's stance (CMB-15) or ordered it to attack (`targetId`, \"\" when the order ended).", { unitId: id, stance: z.string(), targetId: z.string() });
const invasionAfter = <T extends "lootTaken" | "prisonerFreed" | "bodyRecovered" | "fugitiveAsks" | "specialInvasionQueued" | "settlementRaided" | "bodyBurned">(type: T) =>
  event(type, "Invasion events: loot taken (INV-90), a prisoner freed (INV-91), a body recovered (INV-93), a fugitive asking to hide (INV-50), a settlement raided (INV-32, INV-33), a body burnt on the pyre (INV-95).", {
    unitId: id, partyId: id, amount: z.number(), detail: z.string(),
  });
const merchant = <T extends "merchantArrived" | "merchantLeft">(type: T) =>
  event(type, "A travelling merchant came in at the portal (x, y) on its way to trade in the Sanctum, or left the map from the portal (x, y) (DOOR-12).", { unitId: id, name: z.string(), x: z.number().int(), y: z.number().int() });
const altar = <T extends "altarBuilt" | "altarDestroyed">(type: T) =>
  event(type, "The keeper built an altar (`unitId` \"\") or a party member destroyed one (INV-02).", { altarId: id, x: z.number().int(), y: z.number().int(), unitId: z.string(), partyId: z.string() });

/**
 * The schema of every event type, by `type` (the `event` message's payload). Data table.
 * @example
 * EVENT_SCHEMAS.trapFired.parse(message); // throws a ZodError when `message` is no trapFired event
 */
export const EVENT_SCHEMAS = {
  hour: event("hour", "A new game hour began: `day` from 1, `hour` 0–23.", { day: z.number().int(), hour: z.number().int() }),
  partPlaced: event("partPlaced", "A keeper placed a trap part: a construction site now stands there (TRAP-28).", { partId: id, kind: partKind, x: z.number().int(), y: z.number().int() }),
  partBuilt: event("partBuilt", "A construction site became a working part (TRAP-30).", { partId: id, kind: partKind, builderId: id }),
  partRemoved: removed("partRemoved"),
  cableRemoved: removed("cableRemoved"),
  cableLaid: event("cableLaid", "A cable was laid; `hops` are the tiles where it hops over another cable (TRAP-21, TRAP-23).", { cableId: id, networkId: id, hops: z.array(tile), joined: ids }),
  invasionStarted: event("invasionStarted", "A party set out; it walks in from beyond the map edge under fog (INV-68, INV-69).", { invasionNumber: z.number().int(), partyId: id, size: z.number().int() }),
  partySpotted: event("partySpotted", "The keeper spotted a party: the arrival letter (INV-70, INV-80, INV-81).", { partyId: id, goal: z.string(), spottedBy: z.string(), how: z.string(), members: z.array(letterMember) }),
  trapFired: event("trapFired", "A trigger fired its trap (TRAP-13); `victims` are the unit ids the mechanism reached.", {
    triggerId: id, mechanismId: id.nullable(), mechanism: partKind.nullable(), x: z.number().int(), y: z.number().int(), byUnitId: id.nullable(), victims: ids,
  }),
  attack: event("attack", "An attack: `hit` says whether it landed (CMB-01). d100 aerial or cover attacks add `natural`, `airModifier`, `damageRoll`, `cover` (P100-AIR-03 to 10, P100-PLACE-13/14).", {
    attackerId: id, targetId: id, hit: z.boolean(), attackRoll: z.number(), defenceRoll: z.number(),
    natural: z.number().optional(), airModifier: z.number().optional(), damageRoll: z.number().optional(), cover: z.boolean().optional(),
  }),
  wound: event("wound", "A wound dealt by a unit or a trap part (CMB-22 to CMB-27).", { targetId: id, sourceId: id, severity: z.enum(WOUND_SEVERITIES), location: z.enum(HIT_LOCATIONS), woundPoints: z.number().int() }),
  knockedOut: event("knockedOut", "Someone taken out of the fight: unconscious or dead (CMB-23); `byUnitId` struck the blow, when one did (CMB-47).", {
    unitId: id, outcome: z.enum(["unconscious", "dead"]), cause: z.enum(["woundPoints", "headWound", "killingBlow", "hitPoints"]), byUnitId: id.optional(),
  }),
  woke: event("woke", "A unit woke up (CMB-48).", { unitId: id }),
  captured: event("captured", "An unconscious adventurer was taken prisoner (INV-92).", { unitId: id, byUnitId: id }),
  escaped: event("escaped", "An adventurer left the map alive.", { unitId: id }),
  invasionEnded: event("invasionEnded", "An invasion ended (every member dead, captured or gone): each member's fate by unit id.", {
    partyId: id, invasionNumber: z.number().int(), fates: z.record(z.string(), z.enum(["dead", "captured", "escaped", "unconscious"])),
  }),
  paused: pause("paused"),
  resumed: pause("resumed"),
  partRearmed: event("partRearmed", "A Trapping minion finished a rearm roll (TRAP-34, TRAP-35): rearmed, failed, fired (TRAP-37) or rigged (TRAP-39); `roll` is the natural die.", {
    partId: id, byUnitId: id, outcome: z.enum(["rearmed", "failed", "fired", "rigged"]), roll: z.number().int(), riggedTriggerId: id.nullable(),
  }),
  partMoved: event("partMoved", "A keeper moved a trap part (TRAP-46); cables that touched its old tile were removed.", { partId: id, fromX: z.number().int(), fromY: z.number().int(), x: z.number().int(), y: z.number().int() }),
  effectStarted: event("effectStarted", "A mechanism's lingering effect began (gas on `tiles`, or web, terror, spiders on `unitId`); ends at `untilTick`.", {
    effectId: id, effect: effectKind, sourceId: id, unitId: z.string(), tiles: z.array(tile), untilTick: z.number().int(),
  }),
  effectEnded: event("effectEnded", "A lingering effect ended.", { effectId: id, effect: effectKind, unitId: z.string() }),
  creatureJoined: event("creatureJoined", "A wild creature came to live in one of the keeper's lairs and joined the dungeon (TRAP-61).", { unitId: id, lairId: id }),
  creatureMovingIn: event("creatureMovingIn", "A free lair drew a wild creature: it makes its way to tile (x, y) of lair `lairId` (TRAP-61).", { unitId: id, lairId: id, x: z.number().int(), y: z.number().int() }),
  caveIn: event("caveIn", "A cave-in at (x, y) (DOOR-52): `rock` tiles filled, `rubble` around, `spared` tiles kept to leave a walking path.", { x: z.number().int(), y: z.number().int(), rock: z.array(tile), rubble: z.array(tile), spared: z.array(tile) }),
  noise: event("noise", "A noise at (x, y) (CMB-06 a death, CMB-07 a failed bash): `heardBy` minions now know where `revealed` enemies are (CMB-08).", {
    cause: z.enum(["death", "bash"]), sourceId: id, x: z.number().int(), y: z.number().int(), heardBy: ids, revealed: ids,
  }),
  carried: carry("carried"),
  dropped: carry("dropped"),
  healed: event("healed", "A unit was healed (CMB-45): `woundPoints` (malignus) or `hp` (d20, d100) after the healing.", { unitId: id, byUnitId: id, woundPoints: z.number(), hp: z.number() }),
  stanceChanged: order("stanceChanged"),
  attackOrdered: order("attackOrdered"),
  shotIntercepted: event("shotIntercepted", "A shot meant for `intendedId` hit a body on its path instead (CMB-14); the `attack` event follows.", { attackerId: id, intendedId: id, targetId: id }),
  trapResisted: event("trapResisted", "A trap's victim resisted its harm (KNOW-26, KNOW-37): the harm that follows is one severity lower or halved.", {
    unitId: id, sourceId: id, mechanism: partKind, roll: z.number().int(), total: z.number(), bonus: z.number(),
  }),
  triggerSpotted: event("triggerSpotted", "A party spotted a trigger (KNOW-10, KNOW-11).", { partyId: id, unitId: id, triggerId: id, x: z.number().int(), y: z.number().int() }),
  triggerDefused: event("triggerDefused", "A party member tried to defuse a known trigger (KNOW-19); on failure it was set off.", { partyId: id, unitId: id, triggerId: id, success: z.boolean() }),
  partyShown: event("partyShown", "A guard-post torch shows a party (INV-76): no letter, no pause.", { partyId: id, guardPostId: id }),
  lootTaken: invasionAfter("lootTaken"),
  prisonerFreed: invasionAfter("prisonerFreed"),
  bodyRecovered: invasionAfter("bodyRecovered"),
  fugitiveAsks: invasionAfter("fugitiveAsks"),
  specialInvasionQueued: invasionAfter("specialInvasionQueued"),
  settlementRaided: invasionAfter("settlementRaided"),
  bodyBurned: invasionAfter("bodyBurned"),
  partyScried: event("partyScried", "A scrying charge showed the party on its way (INV-66).", { partyId: id, goal: z.string(), members: z.array(letterMember) }),
  duelStarted: event("duelStarted", "A d100 duel began (P100-DUEL-01 to 08): duellists, terms and duel HP by unit id.", {
    duelId: id, unitIds: ids, toDeath: z.boolean(), hp: z.record(z.string(), z.number()), warnings: z.array(z.string()),
  }),
  duelEnded: event("duelEnded", "A d100 duel ended (P100-DUEL-18 to 22).", {
    duelId: id, winnerId: id, loserId: id, how: z.enum(["down", "forfeit"]), loserDied: z.boolean(), hp: z.record(z.string(), z.number()),
  }),
  altitudeChanged: event("altitudeChanged", "A d100 flyer changed height (P100-AIR-20, 21) or fell (P100-AIR-16 to 19).", {
    unitId: id, altitude, cause: z.enum(["takeOff", "land", "climb", "descend", "fall"]),
  }),
  mountChanged: event("mountChanged", "d100: a rider got on (`mounted` true) or off its mount (P100-AIR-20, P100-AIR-22).", { riderId: id, mountId: id, mounted: z.boolean() }),
  gravelyWounded: event("gravelyWounded", "d100: a unit whose player refuses death is gravely wounded instead of dead, out of the fight and beyond battlefield healing (P100-DEATH-10 to 12).", { unitId: id }),
  rescue: event("rescue", "A rescue attempt on a dying ally (P100-DEATH-03 to 08).", { unitId: id, byUnitId: id, roll: z.number().int(), needed: z.number(), success: z.boolean() }),
  spellCast: event("spellCast", "d100: a unit cast its offensive spell at `targetId` (P100-SPELL-01 to 05); the `attack` event follows.", { unitId: id, spellId: z.string(), targetId: id, chargesLeft: z.number().int() }),
  statusApplied: event("statusApplied", "d100: a status took hold on `unitId` from `byUnitId`'s spell or ability (P100-STATUS-01 to 17) for `turns` own turns (-1 until removed; a disarmed weapon lies at x, y).", {
    unitId: id, byUnitId: id, spellId: z.string(), status: z.string(), turns: z.number().int(), x: z.number().int(), y: z.number().int(),
  }),
  spellInterrupted: event("spellInterrupted", "d100: a counterspell interrupted `unitId`'s spell (P100-SPELL-03, P100-STATUS-06 to 08): no effect, charge kept.", { unitId: id, byUnitId: id, spellId: z.string() }),
  guardedMove: event("guardedMove", "d100: a guarded move (P100-MOVE-05, 06), `tiles` walked from `from` to `to`.", { unitId: id, from: tile, to: tile, tiles: z.number().int() }),
  duelProposed: event("duelProposed", "d100: a duel was proposed (P100-DUEL-01, 02, 23); it waits for an answer until `expiresTick`.", {
    proposalId: id, challengerId: id, opponentId: id, by: z.enum(["keeper", "adventurer"]),
    toDeath: z.boolean(), noMagic: z.boolean(), unarmedOnly: z.boolean(), weapons: z.array(z.string()), expiresTick: z.number().int(),
  }),
  duelAnswered: event("duelAnswered", "d100: a duel proposal was accepted, refused, expired or cancelled.", {
    proposalId: id, challengerId: id, opponentId: id, answer: z.enum(["accepted", "refused", "expired", "cancelled"]),
  }),
  duelMercyPending: event("duelMercyPending", "d100: the winner's side of a duel to the death decides the loser's fate with `decideDuelMercy` before `expiresTick` (P100-DUEL-20).", {
    mercyId: id, duelId: id, winnerId: id, loserId: id, by: z.enum(["keeper", "adventurer"]), aiSpares: z.boolean(), expiresTick: z.number().int(),
  }),
  duelMercy: event("duelMercy", "d100: the loser of a duel to the death was spared or not (P100-DUEL-20); `by` \"timeout\" when the AI's choice applied.", {
    mercyId: id, duelId: id, winnerId: id, loserId: id, spared: z.boolean(), by: z.enum(["keeper", "adventurer", "timeout"]),
  }),
  flyingHome: event("flyingHome", "d100: a keeper's flyer flies back to its perch `to` at `altitude` (P100-AIR-20).", { unitId: id, to: tile, altitude }),
  encounterStarted: event("encounterStarted", "An encounter began (D20-FLOW-02, 10, 19): acting order, initiative by unit id, who is surprised.", {
    encounterId: id, order: ids, initiative: z.record(z.string(), z.number()), surprised: ids,
  }),
  encounterJoined: event("encounterJoined", "A latecomer joined a running encounter.", { encounterId: id, unitId: id, initiative: z.number(), order: ids }),
  turnStarted: event("turnStarted", "A participant's turn began (D20-FLOW-24).", { encounterId: id, round: z.number().int(), unitId: id }),
  encounterEnded: event("encounterEnded", "An encounter ended: one side beaten or fled (D20-FLOW-26).", { encounterId: id, rounds: z.number().int(), reason: z.enum(["beaten", "fled"]) }),
  damaged: event("damaged", "Hit points lost (d20, d100): `amount` after resistance, `hp` left.", {
    targetId: id, sourceId: id, amount: z.number(), damageType: z.string(), hp: z.number(), critical: z.boolean(),
  }),
  deathSave: event("deathSave", "A death save (D20-HP-16 to D20-HP-25): the die, the tallies after it and the outcome.", {
    unitId: id, roll: z.number().int(), successes: z.number().int(), failures: z.number().int(), outcome: z.enum(["success", "failure", "stable", "dead", "regained"]),
  }),
  reaction: event("reaction", "A reaction (D20-FLOW-34 to 39) against `againstId`.", {
    unitId: id, kind: z.enum(["opportunityAttack", "defence", "readied", "arcaneShield", "shoveAlly"]), detail: z.string(), againstId: z.string(),
  }),
  turnPlanPlayed: event("turnPlanPlayed", "A player's plan was played on its unit's turn: per step null (done) or the refusal reason; a list cut short ends on a refusal (d100 `turnOver` after a step that ended the turn), the steps after it not played (D20-FLOW-27, P100-BASE-09).", { unitId: id, refusals: z.array(z.string().nullable()) }),
  spoke: event("spoke", "A creature said a short phrase in its d20 turn, at no cost (D20-FLOW-30).", { unitId: id, text: z.string().min(1) }),
  moveModeChanged: event("moveModeChanged", "A unit switched movement mode during its d20 move (D20-MOVE-13 to 15, 21).", {
    unitId: id, from: moveMode, mode: moveMode, movementBefore: z.number(), movementLeft: z.number(),
  }),
  doorUnlocked: event("doorUnlocked", "A travelling merchant unlocked a locked door at (x, y) and is passing through; the padlock stays armed (DOOR-12).", { doorId: id, byUnitId: id, x: z.number().int(), y: z.number().int() }),
  merchantArrived: merchant("merchantArrived"),
  merchantLeft: merchant("merchantLeft"),
  doorForced: event("doorForced", "A party forced a locked door: picked or bashed (DOOR-34 to DOOR-46).", { doorId: id, byUnitId: id, method: z.enum(["pick", "bash"]) }),
  doorGivenUp: event("doorGivenUp", "A party gave up on a locked door (DOOR-44).", { doorId: id, partyId: id }),
  doorRepaired: event("doorRepaired", "A Chores minion closed a broken-in door and rearmed its padlock (DOOR-47, DOOR-48).", { doorId: id, byUnitId: id }),
  padlockBuilt: event("padlockBuilt", "A padlock site became a working padlock, armed (DOOR-07, DOOR-08).", { doorId: id, builderId: id }),
  altarBuilt: altar("altarBuilt"),
  altarDestroyed: altar("altarDestroyed"),
  serverShuttingDown: event("serverShuttingDown", "Not the simulation's: the server process is stopping (SIGTERM, Ctrl-C, a deploy); the room saves and closes with 4001 next.", { reason: z.string() }),
} as const satisfies { [T in SimEventType]: z.ZodType };

/** The zod-inferred shape of event `T` (equal to `SimEventOf<T>`, checked by a test at compile time). */
export type EventSchemaOf<T extends SimEventType> = z.infer<(typeof EVENT_SCHEMAS)[T]>;

/** Compile-time witness used by the test: true when every event type's schema infers its `SimEventOf`. */
export type EventSchemasMatch = { [T in SimEventType]: [EventSchemaOf<T>] extends [SimEventOf<T>] ? [SimEventOf<T>] extends [EventSchemaOf<T>] ? true : false : false };
