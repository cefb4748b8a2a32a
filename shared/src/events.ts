import type { HitLocation, WoundSeverity } from "./rules.ts";
import type { PartKind } from "./data/traps.ts";
import type { TilePos } from "./commands.ts";
import type { Audience } from "./audience.ts";

export type { Audience, AdventurerHears, FieldsOf, KeeperHears } from "./audience.ts";

/**
 * Domain events the simulation emits and the room broadcasts (message type `event`).
 * Every event carries the tick it happened on; clients read the game time from `tick`
 * (TICKS_PER_GAME_MINUTE) or from the state's clock.
 */
export interface EventBase { tick: number }

/** A new game hour began. `day` counts from 1, `hour` is 0–23. */
export interface HourEvent extends EventBase { type: "hour"; day: number; hour: number }
/** A keeper placed a trap part: a construction site now stands there (TRAP-28). */
export interface PartPlacedEvent extends EventBase { type: "partPlaced"; partId: string; kind: PartKind; x: number; y: number }
/** A construction site became a working part (TRAP-30). */
export interface PartBuiltEvent extends EventBase { type: "partBuilt"; partId: string; kind: PartKind; builderId: string }
/** A part or cable was removed. */
export interface RemovedEvent extends EventBase { type: "partRemoved" | "cableRemoved"; id: string }
/** A cable was laid. `hops` are the tiles where it hops over another cable (TRAP-21, TRAP-23). */
export interface CableLaidEvent extends EventBase {
  type: "cableLaid"; cableId: string; networkId: string; hops: TilePos[]; joined: string[];
}
/** A party set out; it walks in from beyond the map edge under fog (INV-68, INV-69). */
export interface InvasionStartedEvent extends EventBase {
  type: "invasionStarted"; invasionNumber: number; partyId: string; size: number;
}
/** One party member as the arrival letter shows it (INV-81). */
export interface LetterMember { unitId: string; name: string; adventurerClass: string; level: number; abilities: string[] }
/** The keeper spotted a party: the arrival letter (INV-70, INV-80, INV-81). */
export interface PartySpottedEvent extends EventBase {
  type: "partySpotted"; partyId: string; goal: string; spottedBy: string; how: string; members: LetterMember[];
}
/** A trigger fired its trap (TRAP-13). `victims` are the unit ids the mechanism reached. */
export interface TrapFiredEvent extends EventBase {
  type: "trapFired"; triggerId: string; mechanismId: string | null; mechanism: PartKind | null;
  x: number; y: number; byUnitId: string | null; victims: string[];
}
/** An attack: `hit` says whether it landed (CMB-01 opposed rolls). */
export interface AttackEvent extends EventBase {
  type: "attack"; attackerId: string; targetId: string; hit: boolean; attackRoll: number; defenceRoll: number;
  /**
   * d100 rooms, only in an aerial attack (attacker or target off the ground, P100-AIR-01): the
   * natural d100, the flat aerial modifier added to it (`attackRoll` = natural × multipliers +
   * airModifier; P100-AIR-03 to 10, 14), and the damage roll on a hit (0 on a miss; above 80, or
   * 50 on a critical, unseats a flyer at moderate or high height, P100-AIR-16/17).
   */
  natural?: number;
  airModifier?: number;
  damageRoll?: number;
  /**
   * d100 rooms: the target stood in cover (a cover tile, TILE.cover, on the ground): `attackRoll` is
   * the natural roll × 0.5 for a ranged attack or × 1.5 for a melee one (P100-PLACE-13, P100-PLACE-14),
   * and `natural`, `airModifier` and `damageRoll` are given as in an aerial attack.
   */
  cover?: boolean;
}
/** A wound dealt by a unit or a trap part (CMB-22 to CMB-27). */
export interface WoundEvent extends EventBase {
  type: "wound"; targetId: string; sourceId: string; severity: WoundSeverity; location: HitLocation;
  woundPoints: number;
}
/** Someone taken out of the fight: unconscious or dead (CMB-23). */
export interface KnockedOutEvent extends EventBase {
  type: "knockedOut"; unitId: string; outcome: "unconscious" | "dead"; cause: "woundPoints" | "headWound" | "killingBlow" | "hitPoints";
  /** The unit that struck the blow, when one did (killing blows, CMB-47). */
  byUnitId?: string;
}
/** A unit woke up (CMB-48). */
export interface WokeEvent extends EventBase { type: "woke"; unitId: string }
/** An unconscious adventurer was taken prisoner (INV-92). */
export interface CapturedEvent extends EventBase { type: "captured"; unitId: string; byUnitId: string }
/** An adventurer left the map alive. */
export interface EscapedEvent extends EventBase { type: "escaped"; unitId: string }
/** How each member of a party ended. */
export type MemberFate = "dead" | "captured" | "escaped" | "unconscious";
/** An invasion ended (every member dead, captured or gone). */
export interface InvasionEndedEvent extends EventBase {
  type: "invasionEnded"; partyId: string; invasionNumber: number; fates: Record<string, MemberFate>;
}
/** The game clock paused or resumed (INV-79). */
export interface PauseEvent extends EventBase { type: "paused" | "resumed"; reason: string }

/**
 * A Trapping minion finished a rearm roll on a part (TRAP-34, TRAP-35): `rearmed` (the part
 * works again, TRAP-52), `failed` (plain failure: still unarmed, the minion tries again),
 * `fired` (critical failure, the trap fired at once, TRAP-37) or `rigged` (critical failure, the
 * trap's trigger `riggedTriggerId` is now rigged, TRAP-39). `roll` is the natural die.
 */
export interface PartRearmedEvent extends EventBase {
  type: "partRearmed"; partId: string; byUnitId: string; outcome: "rearmed" | "failed" | "fired" | "rigged";
  roll: number; riggedTriggerId: string | null;
}
/** A keeper moved a trap part (TRAP-46); cables that touched its old tile were removed. */
export interface PartMovedEvent extends EventBase {
  type: "partMoved"; partId: string; fromX: number; fromY: number; x: number; y: number;
}
/**
 * A mechanism's lingering effect began: a gas cloud on `tiles`, or a web hold, terror flight or
 * spider bites on `unitId`. Ends at `untilTick`.
 */
export interface EffectStartedEvent extends EventBase {
  type: "effectStarted"; effectId: string; effect: "gas" | "web" | "terror" | "spiders";
  sourceId: string; unitId: string; tiles: TilePos[]; untilTick: number;
}
/** A lingering effect ended (its time ran out or its unit is out of the fight). */
export interface EffectEndedEvent extends EventBase {
  type: "effectEnded"; effectId: string; effect: "gas" | "web" | "terror" | "spiders"; unitId: string;
}
/** A wild creature came to live in one of the keeper's lairs and joined the dungeon (TRAP-61). */
export interface CreatureJoinedEvent extends EventBase { type: "creatureJoined"; unitId: string; lairId: string }
/**
 * A free lair drew a wild creature (TRAP-61, server traps/lairs.ts): it now makes its way to tile
 * (x, y) inside lair `lairId`, its new home, and joins the dungeon once it has stayed there a game hour.
 */
export interface CreatureMovingInEvent extends EventBase { type: "creatureMovingIn"; unitId: string; lairId: string; x: number; y: number }
/**
 * A cave-in at (x, y) (DOOR-52, server doors/caveIns.ts): `rock` are the tiles that filled with rock
 * ("#"), `rubble` the floor tiles around that turned to rubble (":"), `spared` the tiles left as they
 * were because their rock would have cut the last walking path between a portal and the Sanctum.
 */
export interface CaveInEvent extends EventBase { type: "caveIn"; x: number; y: number; rock: TilePos[]; rubble: TilePos[]; spared: TilePos[] }

/**
 * A noise at (x, y) (CMB-06 a death, CMB-07 a failed bash): `heardBy` are the keeper's minions and
 * creatures within 7 tiles, who now know where `revealed` (every enemy within 7 tiles) are (CMB-08).
 */
export interface NoiseEvent extends EventBase {
  type: "noise"; cause: "death" | "bash"; sourceId: string; x: number; y: number; heardBy: string[]; revealed: string[];
}
/** A unit picked up an unconscious body (`carried`) or put it down (`dropped`) at (x, y) (CMB-44, CMB-49). */
export interface CarryEvent extends EventBase { type: "carried" | "dropped"; unitId: string; byUnitId: string; x: number; y: number }
/** A unit was healed (CMB-45): `woundPoints` (malignus) or `hp` (d20, d100) after the healing. */
export interface HealedEvent extends EventBase { type: "healed"; unitId: string; byUnitId: string; woundPoints: number; hp: number }
/** A keeper changed a minion's stance (CMB-15) or ordered it to attack (`targetId`, "" when the order ended). */
export interface OrderEvent extends EventBase { type: "stanceChanged" | "attackOrdered"; unitId: string; stance: string; targetId: string }
/** A shot meant for `intendedId` hit a body on its path instead (CMB-14); the `attack` event follows. */
export interface ShotDeflectedEvent extends EventBase { type: "shotIntercepted"; attackerId: string; intendedId: string; targetId: string }
/**
 * A trap's victim resisted its harm (KNOW-26, KNOW-37): its "resist" (Block) check with `bonus`
 * (learned Block bonus plus Caution) succeeded (`roll` natural die, `total`), so the harm that
 * follows is one severity lower (malignus; none after a light wound) or halved (d20, d100).
 */
export interface TrapResistedEvent extends EventBase { type: "trapResisted"; unitId: string; sourceId: string; mechanism: PartKind; roll: number; total: number; bonus: number }

/** A party spotted a trigger (KNOW-10, KNOW-11): `unitId` rolled and succeeded. */
export interface TriggerSpottedEvent extends EventBase { type: "triggerSpotted"; partyId: string; unitId: string; triggerId: string; x: number; y: number }
/** A party member tried to defuse a known trigger blocking the way (KNOW-19): on failure the trigger was set off. */
export interface TriggerDefusedEvent extends EventBase { type: "triggerDefused"; partyId: string; unitId: string; triggerId: string; success: boolean }
/** A guard-post torch shows a party (INV-76): no letter, no pause (INV-77, INV-78). */
export interface PartyShownEvent extends EventBase { type: "partyShown"; partyId: string; guardPostId: string }
/** Invasion events (invasions/): loot taken (INV-90), a prisoner freed (INV-91), a body recovered (INV-93), a fugitive asking to hide (INV-50), a settlement raided by the keeper (`detail` its id, `amount` the metal, INV-32, INV-33), a dead minion or creature burnt on the pyre (INV-95). */
export interface InvasionAfterEvent extends EventBase {
  type: "lootTaken" | "prisonerFreed" | "bodyRecovered" | "fugitiveAsks" | "specialInvasionQueued" | "settlementRaided" | "bodyBurned";
  unitId: string; partyId: string; amount: number; detail: string;
}
/** A scrying charge showed the party on its way (INV-66): like the letter, without a pause. */
export interface PartyScriedEvent extends EventBase { type: "partyScried"; partyId: string; goal: string; members: LetterMember[] }
/** Knowledge and invasion events, in one union. */
export type InvasionEvent = TriggerSpottedEvent | TriggerDefusedEvent | PartyShownEvent | InvasionAfterEvent | PartyScriedEvent;

/** A d100 duel began (P100-DUEL-01 to 08): both duellists, the agreed terms and their duel HP. */
export interface DuelStartedEvent extends EventBase {
  type: "duelStarted"; duelId: string; unitIds: string[]; toDeath: boolean; hp: Record<string, number>; warnings: string[];
}
/** A d100 duel ended (P100-DUEL-18 to 22): `how` the loser lost, whether it died, and both HP after the bonus went. */
export interface DuelEndedEvent extends EventBase {
  type: "duelEnded"; duelId: string; winnerId: string; loserId: string; how: "down" | "forfeit"; loserDied: boolean; hp: Record<string, number>;
}
/** A d100 flyer changed height (P100-AIR-20, P100-AIR-21) or fell (P100-AIR-16 to 19). */
export interface AltitudeChangedEvent extends EventBase {
  type: "altitudeChanged"; unitId: string; altitude: "ground" | "low" | "moderate" | "high"; cause: "takeOff" | "land" | "climb" | "descend" | "fall";
}
/**
 * d100 rooms: a rider got on (`mounted` true) or off its mount, a full turn (P100-AIR-20); while
 * mounted they share the rider's HP (P100-AIR-22) and fly together.
 */
export interface MountChangedEvent extends EventBase { type: "mountChanged"; riderId: string; mountId: string; mounted: boolean }
/** A rescue attempt on a dying ally (P100-DEATH-03 to 08): the d100 roll, the score to beat, and whether it stabilised. */
export interface RescueEvent extends EventBase { type: "rescue"; unitId: string; byUnitId: string; roll: number; needed: number; success: boolean }
/**
 * d100 rooms with `d100.traumaticInsteadOfDeath`: a unit whose player refuses death is gravely
 * wounded instead of dead (P100-DEATH-10): it stays unconscious, out of the fight, and cannot be
 * rescued or healed on the battlefield (P100-DEATH-11, P100-DEATH-12).
 */
export interface GravelyWoundedEvent extends EventBase { type: "gravelyWounded"; unitId: string }
/** d100 ruleset events, in one union (combat/d100/). */
export type D100Event = DuelStartedEvent | DuelEndedEvent | AltitudeChangedEvent | RescueEvent | GravelyWoundedEvent | MountChangedEvent | D100PlayEvent;
/** d100 rooms: a unit cast its offensive spell (P100-SPELL-01 to 05) at `targetId`; the `attack` event that follows rolls it. */
export interface SpellCastEvent extends EventBase { type: "spellCast"; unitId: string; spellId: string; targetId: string; chargesLeft: number }
/**
 * d100 rooms: a status took hold on `unitId` from `byUnitId`'s spell or ability `spellId`
 * (P100-STATUS-01 to 17): stunned, silenced, immobilised, polymorphed, immune, disarmed (the
 * weapon lies at `x`, `y`, P100-STATUS-15) or disoriented, for `turns` of its own turns (-1: until
 * removed, a disarm until the weapon is picked up).
 */
export interface StatusAppliedEvent extends EventBase { type: "statusApplied"; unitId: string; byUnitId: string; spellId: string; status: string; turns: number; x: number; y: number }
/** d100 rooms: `byUnitId`'s counterspell interrupted `unitId`'s spell `spellId` (P100-SPELL-03, P100-STATUS-06 to 08): no effect, charge kept, not again before its next turn. */
export interface SpellInterruptedEvent extends EventBase { type: "spellInterrupted"; unitId: string; byUnitId: string; spellId: string }
/** d100 rooms: a guarded move (P100-MOVE-05, 06): no opportunity attack, `tiles` walked from `from` to `to`. */
export interface GuardedMoveEvent extends EventBase { type: "guardedMove"; unitId: string; from: { x: number; y: number }; to: { x: number; y: number }; tiles: number }
/**
 * d100 rooms: a duel was proposed (P100-DUEL-01, 02, 23) by `challengerId`'s side to `opponentId`'s,
 * on these terms; it waits for the other side's answer until `expiresTick`.
 */
export interface DuelProposedEvent extends EventBase {
  type: "duelProposed"; proposalId: string; challengerId: string; opponentId: string; by: "keeper" | "adventurer";
  toDeath: boolean; noMagic: boolean; unarmedOnly: boolean; weapons: string[]; expiresTick: number;
}
/** d100 rooms: a duel proposal was answered: `accepted` (the duel starts), `refused`, `expired` or `cancelled` (a duellist could no longer duel). */
export interface DuelAnsweredEvent extends EventBase {
  type: "duelAnswered"; proposalId: string; challengerId: string; opponentId: string; answer: "accepted" | "refused" | "expired" | "cancelled";
}
/**
 * d100 rooms: a duel to the death ended and a person holds the winner's side (P100-DUEL-20): the
 * loser lies out of the fight at its spared HP until that side decides with `decideDuelMercy`
 * (`by`: "adventurer", the winner's player; "keeper"), or `expiresTick` comes and the AI's choice
 * `aiSpares` applies.
 */
export interface DuelMercyPendingEvent extends EventBase {
  type: "duelMercyPending"; mercyId: string; duelId: string; winnerId: string; loserId: string; by: "keeper" | "adventurer"; aiSpares: boolean; expiresTick: number;
}
/** d100 rooms: the winner's side decided the loser's fate (P100-DUEL-20): `spared`, or not (the loser dies); `by` "timeout" when the AI's choice applied. */
export interface DuelMercyEvent extends EventBase {
  type: "duelMercy"; mercyId: string; duelId: string; winnerId: string; loserId: string; spared: boolean; by: "keeper" | "adventurer" | "timeout";
}
/**
 * d100 rooms: a keeper's flyer whose fight is over flies back to its perch `to` (its home tile) at
 * `altitude`, landing there (`altitudeChanged` "land") on arrival (P100-AIR-20, issue 8).
 */
export interface FlyingHomeEvent extends EventBase { type: "flyingHome"; unitId: string; to: { x: number; y: number }; altitude: "ground" | "low" | "moderate" | "high" }
/** The d100 play events (spells, guarded moves, duel proposals). */
export type D100PlayEvent = SpellCastEvent | StatusAppliedEvent | SpellInterruptedEvent | GuardedMoveEvent | DuelProposedEvent | DuelAnsweredEvent | DuelMercyPendingEvent | DuelMercyEvent | FlyingHomeEvent;

/** An encounter began (D20-FLOW-02, D20-FLOW-10, D20-FLOW-19): the acting order, initiative totals and who is surprised. */
export interface EncounterStartedEvent extends EventBase {
  type: "encounterStarted"; encounterId: string; order: string[]; initiative: Record<string, number>; surprised: string[];
}
/** A latecomer joined a running encounter and took its place in the order. */
export interface EncounterJoinedEvent extends EventBase { type: "encounterJoined"; encounterId: string; unitId: string; initiative: number; order: string[] }
/** A participant's turn began (D20-FLOW-24). */
export interface TurnStartedEvent extends EventBase { type: "turnStarted"; encounterId: string; round: number; unitId: string }
/** An encounter ended: one side beaten or fled (D20-FLOW-26). */
export interface EncounterEndedEvent extends EventBase { type: "encounterEnded"; encounterId: string; rounds: number; reason: "beaten" | "fled" }
/** Hit points lost (d20, d100): `amount` after resistance, `hp` left; `damageType` in the ruleset's own words. */
export interface DamagedEvent extends EventBase {
  type: "damaged"; targetId: string; sourceId: string; amount: number; damageType: string; hp: number; critical: boolean;
}
/** A jet de destin (D20-HP-16 to D20-HP-25): the die, the tallies after it and what came of it. */
export interface DeathSaveEvent extends EventBase {
  type: "deathSave"; unitId: string; roll: number; successes: number; failures: number; outcome: "success" | "failure" | "stable" | "dead" | "regained";
}
/** A reaction (D20-FLOW-34 to D20-FLOW-39): an opportunity attack, a defence or a readied attack against `againstId`. */
export interface ReactionEvent extends EventBase { type: "reaction"; unitId: string; kind: "opportunityAttack" | "defence" | "readied" | "arcaneShield" | "shoveAlly"; detail: string; againstId: string }
/**
 * A player's plan was played on its unit's turn, in a d20 or a d100 encounter: `refusals` holds one
 * entry per step played, null when done or the refusal reason (the plan stopped there; D20-FLOW-27,
 * D20-ACTION-02; d100 one-word plans have one entry). A list cut short always ends on a refusal, the
 * steps after it not played: a step the creature can no longer play because it fell (d20 "the
 * creature can no longer act"; d100 `dying`, `dead`...) or, in d100, because its turn is over
 * (`turnOver`: after `endTurn`, `forfeit` or a full-turn step, P100-AIR-20). A plan for a turn its unit cannot play is
 * answered with one refusal naming why: d20 `dead`, `dying`, `stable`, `paralysed`, `surprised`
 * (D20-HP-14 to D20-HP-20, D20-STATUS-03, D20-FLOW-12); d100 `dead`, `dying`, `stabilised`,
 * `stunned`, `incapacitated` (P100-DEATH-02, P100-DEATH-13/14, P100-STATUS-01, P100-FUMBLE-10).
 */
export interface TurnPlanPlayedEvent extends EventBase { type: "turnPlanPlayed"; unitId: string; refusals: (string | null)[] }
/**
 * A creature said a short phrase in its d20 turn (a `say` step, D20-FLOW-30): it costs neither
 * action nor movement; `text` is the phrase (1 to `MAX_SAY_CHARACTERS` characters, data/d20.ts), heard
 * by whoever sees the speaker.
 */
export interface SpokeEvent extends EventBase { type: "spoke"; unitId: string; text: string }
/** Encounter events, in one union (combat/encounters/, d20). */
/**
 * A unit switched movement mode during its d20 move (D20-MOVE-13 to D20-MOVE-15, D20-MOVE-21):
 * `from` → `mode` ("walk", "fly", "swim"); `movementBefore` is its remaining movement R before
 * the switch (old mode's units), `movementLeft` after it ((R − 2) × new factor ÷ old factor). At
 * the start of a turn a walker on deep water is put swimming (and a swimmer on dry ground walking)
 * at no cost: both are then 0.
 */
export interface MoveModeChangedEvent extends EventBase { type: "moveModeChanged"; unitId: string; from: "walk" | "fly" | "swim"; mode: "walk" | "fly" | "swim"; movementBefore: number; movementLeft: number }
export type EncounterEvent = EncounterStartedEvent | EncounterJoinedEvent | TurnStartedEvent | EncounterEndedEvent | DamagedEvent | DeathSaveEvent | ReactionEvent | TurnPlanPlayedEvent | SpokeEvent | MoveModeChangedEvent;

/** A party forced a locked door: picked its lock or bashed it in (DOOR-34 to DOOR-46). */
export interface DoorForcedEvent extends EventBase { type: "doorForced"; doorId: string; byUnitId: string; method: "pick" | "bash" }
/** A party gave up on a locked door after both methods failed (DOOR-44). */
export interface DoorGivenUpEvent extends EventBase { type: "doorGivenUp"; doorId: string; partyId: string }
/** A Chores minion closed a broken-in door and rearmed its padlock (DOOR-47, DOOR-48). */
export interface DoorRepairedEvent extends EventBase { type: "doorRepaired"; doorId: string; byUnitId: string }
/** A padlock site became a working padlock, armed (DOOR-07, DOOR-08). */
export interface PadlockBuiltEvent extends EventBase { type: "padlockBuilt"; doorId: string; builderId: string }
/**
 * A travelling merchant unlocked the locked door `doorId` at (x, y) and is passing through it
 * (DOOR-12); the padlock stays armed and the door closes behind it (DOOR-17).
 */
export interface DoorUnlockedEvent extends EventBase { type: "doorUnlocked"; doorId: string; byUnitId: string; x: number; y: number }
/** The door events. */
export type DoorEvent = DoorForcedEvent | DoorGivenUpEvent | DoorRepairedEvent | PadlockBuiltEvent | DoorUnlockedEvent;

/**
 * A travelling merchant (DOOR-12, server merchants/merchants.ts) came in at the portal (x, y)
 * (`merchantArrived`, on its way to the Sanctum to trade) or left the map from the portal (x, y)
 * (`merchantLeft`).
 */
export interface MerchantEvent extends EventBase { type: "merchantArrived" | "merchantLeft"; unitId: string; name: string; x: number; y: number }

/** The keeper built an altar (`unitId` "") or a party member destroyed one (INV-02, invasions/altars.ts). */
export interface AltarEvent extends EventBase { type: "altarBuilt" | "altarDestroyed"; altarId: string; x: number; y: number; unitId: string; partyId: string }

/**
 * Not the simulation's: the server process is stopping (SIGTERM, Ctrl-C, a deploy). Sent by the
 * server (server/src/lifecycle/shutdown.ts) to every client of every room of that process just
 * before the room saves its dungeon and closes the connection (code 4001); the SDK then resumes
 * the seat where the dungeon runs next (client-sdk/src/resume.ts). `tick` is the room's tick then.
 */
export interface ServerShuttingDownEvent extends EventBase { type: "serverShuttingDown"; reason: string }

/** Every event the simulation can emit, and the server's own {@link ServerShuttingDownEvent}. */
export type SimEvent =
  | ServerShuttingDownEvent
  | DoorEvent
  | MerchantEvent
  | AltarEvent
  | InvasionEvent
  | EncounterEvent
  | D100Event
  | CreatureMovingInEvent | CaveInEvent
  | HourEvent | PartPlacedEvent | PartBuiltEvent | RemovedEvent | CableLaidEvent
  | InvasionStartedEvent | PartySpottedEvent | TrapFiredEvent | AttackEvent | WoundEvent
  | KnockedOutEvent | WokeEvent | CapturedEvent | EscapedEvent | InvasionEndedEvent | PauseEvent
  | PartRearmedEvent | PartMovedEvent | EffectStartedEvent | EffectEndedEvent | CreatureJoinedEvent
  | NoiseEvent | CarryEvent | HealedEvent | OrderEvent | ShotDeflectedEvent | TrapResistedEvent;

/** The `type` of a {@link SimEvent}. */
export type SimEventType = SimEvent["type"];
/** The event of type `T`. */
export type SimEventOf<T extends SimEventType> =
  // Distributes over the union, so events whose `type` is itself a union (e.g. "paused" | "resumed")
  // are found by either name, narrowed to that name.
  SimEvent extends infer E ? E extends { type: infer K } ? T extends K ? E & { type: T } : never : never : never;

/** Fog (`keeper: "fog"`) and witness (`adventurer: "witness"`) over the named units: the common case. */
const SEEN = { keeper: "fog", adventurer: "witness" } as const;
/** The keeper's own business: building, wiring, orders, letters. Never an adventurer's. */
const KEEPER_ONLY = { keeper: "always", adventurer: "never" } as const;
/**
 * Keeper-only, and it only repeats what the state shows (a part or cable placed, moved, removed, a
 * stance or an order: `TrapPart`, `Cable`, `Unit.stance`/`orderTargetId`): spectators do not get it
 * (audience.ts `repeatsState`).
 */
const KEEPER_ONLY_REPEATS_STATE = { keeper: "always", adventurer: "never", repeatsState: true } as const;

/**
 * Who may hear each event type (audience.ts explains the words): one line per type, required by
 * the type (a new event type without a line does not compile) and checked by a test
 * (server/test/sim/views/audience-declared.test.ts). INV-69 to INV-77 (the keeper's fog), CMB-02 to
 * CMB-04 (an adventurer's perception), KNOW-03/KNOW-04 (the traps it knows), INV-05 (its party).
 */
export const EVENT_AUDIENCE: { readonly [T in SimEventType]: Audience<SimEventOf<T>> } = {
  // Everyone in the room: it closes for all.
  serverShuttingDown: { keeper: "always", adventurer: "always" },
  hour: { keeper: "always", adventurer: "always" },
  paused: { keeper: "always", adventurer: "always" },
  resumed: { keeper: "always", adventurer: "always" },
  partPlaced: KEEPER_ONLY_REPEATS_STATE,
  partBuilt: KEEPER_ONLY,
  partRemoved: KEEPER_ONLY_REPEATS_STATE,
  cableRemoved: KEEPER_ONLY_REPEATS_STATE,
  cableLaid: KEEPER_ONLY_REPEATS_STATE,
  partRearmed: KEEPER_ONLY,
  partMoved: KEEPER_ONLY_REPEATS_STATE,
  padlockBuilt: KEEPER_ONLY,
  doorRepaired: KEEPER_ONLY,
  creatureJoined: KEEPER_ONLY,
  stanceChanged: KEEPER_ONLY_REPEATS_STATE,
  attackOrdered: KEEPER_ONLY_REPEATS_STATE,
  partySpotted: KEEPER_ONLY,
  partyShown: KEEPER_ONLY,
  partyScried: KEEPER_ONLY,
  fugitiveAsks: KEEPER_ONLY,
  specialInvasionQueued: KEEPER_ONLY,
  settlementRaided: KEEPER_ONLY,
  bodyBurned: KEEPER_ONLY,
  bodyRecovered: KEEPER_ONLY,
  // CMB-06 to CMB-08: what the keeper's minions heard, and whom they now know of.
  noise: { keeper: "fog", adventurer: "never", units: ["sourceId", "heardBy", "revealed"] },
  invasionStarted: { keeper: "always", adventurer: "witness", party: "partyId" },
  invasionEnded: { keeper: "always", adventurer: "witness", party: "partyId", units: ["fates"] },
  caveIn: { keeper: "always", adventurer: "witness", at: ["x", "y"], tiles: ["rock", "rubble"] },
  creatureMovingIn: { keeper: "always", adventurer: "witness", units: ["unitId"] },
  altarBuilt: { keeper: "always", adventurer: "witness", at: ["x", "y"] },
  altarDestroyed: { keeper: "always", adventurer: "witness", party: "partyId", units: ["unitId"], at: ["x", "y"] },
  trapFired: { keeper: "always", adventurer: "witness", parts: ["triggerId", "mechanismId"], units: ["byUnitId", "victims"], at: ["x", "y"] },
  trapResisted: { keeper: "always", adventurer: "witness", parts: ["sourceId"], units: ["unitId"] },
  effectStarted: { keeper: "always", adventurer: "witness", parts: ["sourceId"], units: ["unitId"], tiles: ["tiles"] },
  effectEnded: { keeper: "always", adventurer: "witness", units: ["unitId"] },
  triggerSpotted: { keeper: "always", adventurer: "witness", party: "partyId", parts: ["triggerId"], units: ["unitId"] },
  triggerDefused: { keeper: "always", adventurer: "witness", party: "partyId", parts: ["triggerId"], units: ["unitId"] },
  attack: { ...SEEN, units: ["attackerId", "targetId"] },
  wound: { ...SEEN, units: ["targetId", "sourceId"], parts: ["sourceId"] },
  damaged: { ...SEEN, units: ["targetId", "sourceId"], parts: ["sourceId"] },
  knockedOut: { ...SEEN, units: ["unitId", "byUnitId"] },
  woke: { ...SEEN, units: ["unitId"] },
  captured: { ...SEEN, units: ["unitId", "byUnitId"] },
  escaped: { ...SEEN, units: ["unitId"] },
  carried: { ...SEEN, units: ["unitId", "byUnitId"] },
  dropped: { ...SEEN, units: ["unitId", "byUnitId"] },
  healed: { ...SEEN, units: ["unitId", "byUnitId"] },
  shotIntercepted: { ...SEEN, units: ["attackerId", "intendedId", "targetId"] },
  lootTaken: { ...SEEN, party: "partyId", units: ["unitId"] },
  prisonerFreed: { ...SEEN, party: "partyId", units: ["unitId", "detail"] },
  doorForced: { ...SEEN, units: ["byUnitId"] },
  doorGivenUp: { ...SEEN, party: "partyId" },
  // DOOR-12: a merchant is of no party, so the keeper sees it (fog) and an adventurer that perceives it or the tile hears it.
  doorUnlocked: { ...SEEN, units: ["byUnitId"], at: ["x", "y"] },
  merchantArrived: { ...SEEN, units: ["unitId"], at: ["x", "y"] },
  merchantLeft: { ...SEEN, units: ["unitId"], at: ["x", "y"] },
  encounterStarted: { ...SEEN, units: ["order", "initiative", "surprised"], among: ["order"] },
  encounterJoined: { ...SEEN, encounter: "encounterId", units: ["unitId", "order"] },
  turnStarted: { ...SEEN, encounter: "encounterId", units: ["unitId"] },
  // Its record is gone when it ends: the id and the round count name nothing.
  encounterEnded: { keeper: "always", adventurer: "always" },
  deathSave: { ...SEEN, units: ["unitId"] },
  // D20-ATTACK-71: a reaction is seen on the reacting unit; the attacker of a tile it cannot see does not learn who defended there.
  reaction: { ...SEEN, units: ["unitId", "againstId", "detail"], seenOn: ["unitId"] },
  turnPlanPlayed: { ...SEEN, units: ["unitId"] },
  spoke: { ...SEEN, units: ["unitId"] },
  moveModeChanged: { ...SEEN, units: ["unitId"] },
  duelStarted: { ...SEEN, units: ["unitIds", "hp"], among: ["unitIds"] },
  duelEnded: { ...SEEN, units: ["winnerId", "loserId", "hp"], among: ["winnerId", "loserId"] },
  duelProposed: { ...SEEN, units: ["challengerId", "opponentId"], among: ["challengerId", "opponentId"] },
  duelAnswered: { ...SEEN, units: ["challengerId", "opponentId"], among: ["challengerId", "opponentId"] },
  duelMercyPending: { ...SEEN, units: ["winnerId", "loserId"], among: ["winnerId", "loserId"] },
  duelMercy: { ...SEEN, units: ["winnerId", "loserId"], among: ["winnerId", "loserId"] },
  altitudeChanged: { ...SEEN, units: ["unitId"] },
  mountChanged: { ...SEEN, units: ["riderId", "mountId"] },
  rescue: { ...SEEN, units: ["unitId", "byUnitId"] },
  gravelyWounded: { ...SEEN, units: ["unitId"] },
  spellCast: { ...SEEN, units: ["unitId", "targetId"] },
  statusApplied: { ...SEEN, units: ["unitId", "byUnitId"] },
  spellInterrupted: { ...SEEN, units: ["unitId", "byUnitId"] },
  guardedMove: { ...SEEN, units: ["unitId"] },
  flyingHome: { ...SEEN, units: ["unitId"] },
};
