import type * as z from "zod/mini";
import type { SeatRole } from "../protocol.ts";
import { COMMAND_SCHEMAS } from "./schemas.ts";

/**
 * What one client command is: who may send it, what it must look like, which rules it
 * implements. The room's gate (server rooms/gate.ts) reads it in one fixed order: known type →
 * role → seat owns the unit → validator → the simulation's rules; the simulation has one handler
 * per command (server sim/commands/). Adding a command is one entry here plus one handler file
 * (and its line in the handlers' table).
 */
export interface CommandDefinition {
  /** The seat roles that may send it; any other is refused with NOT_ALLOWED_FOR_ROLE. */
  readonly roles: readonly SeatRole[];
  /** The rule IDs the command implements (shared/rules catalogues). */
  readonly rules: readonly string[];
  /** What it does, its refusals and units, for people (docs, SDK). */
  readonly doc: string;
  /**
   * The payload's zod validator (Standard Schema). Colyseus 0.18 checks it before the room sees
   * the message: a malformed `send` is disconnected with 4002, a malformed `request` answered
   * with an error.
   */
  readonly schema: z.ZodMiniType;
  /**
   * Adventurer seats: the payload field naming the unit that acts, which must be the seat's own
   * unit (else NOT_YOUR_UNIT). Absent: the command acts for the seat's unit without naming it.
   */
  readonly actingUnit?: string;
  /** The refusal reason for a seat of another role; absent, a reason by role. */
  readonly roleRefusal?: string;
}

const KEEPER = ["keeper"] as const;
const ADVENTURER = ["adventurer"] as const;
const KEEPER_AND_ADVENTURER = ["keeper", "adventurer"] as const;

/**
 * Every client command by its message type (each key is a Colyseus message type), in one
 * table: roles, rule IDs, doc and validator (its entry of `COMMAND_SCHEMAS`, schemas.ts; the keys
 * of both tables are the same, which the type checker enforces). Data table (no logic).
 */
export const COMMAND_DEFINITIONS = {
  placePart: {
    roles: KEEPER, rules: ["TRAP-28", "KNOW-13"],
    doc: "Place a trap part (trigger, timer or mechanism); creates a construction site (TRAP-28).",
    schema: COMMAND_SCHEMAS.placePart,
  },
  wire: {
    roles: KEEPER, rules: ["TRAP-12", "TRAP-25"],
    doc: "Wire parts with a cable dragged along a path of orthogonally adjacent tiles (TRAP-12). The path starts and ends on a part or on an existing cable (TRAP-25).",
    schema: COMMAND_SCHEMAS.wire,
  },
  removePart: {
    roles: KEEPER, rules: ["TRAP-28"],
    doc: "Remove a trap part and every cable touching it; a site's delivered metal goes back to stock.",
    schema: COMMAND_SCHEMAS.removePart,
  },
  removeCable: {
    roles: KEEPER, rules: ["TRAP-12"],
    doc: "Remove one cable.",
    schema: COMMAND_SCHEMAS.removeCable,
  },
  resume: {
    roles: KEEPER, rules: ["INV-79", "INV-82"],
    doc: "Resume a game clock paused by a spotting (INV-79).",
    schema: COMMAND_SCHEMAS.resume,
  },
  setTimerDelay: {
    roles: KEEPER, rules: ["TRAP-17"],
    doc: "Set a timer's delay in whole game minutes (TRAP-17); the rules accept 1 to 60 (`TIMER_MIN_DELAY_MINUTES`..`TIMER_MAX_DELAY_MINUTES` in server traps/parts.ts).",
    schema: COMMAND_SCHEMAS.setTimerDelay,
  },
  pullLever: {
    roles: KEEPER, rules: ["DOOR-22", "TRAP-33"],
    doc: "Pull a built, inactive lever: it activates and sets its trap off once (DOOR-22, TRAP-33).",
    schema: COMMAND_SCHEMAS.pullLever,
  },
  resetLever: {
    roles: KEEPER, rules: ["DOOR-23"],
    doc: "Deactivate an active lever (DOOR-23).",
    schema: COMMAND_SCHEMAS.resetLever,
  },
  movePart: {
    roles: KEEPER, rules: ["TRAP-46", "TRAP-47"],
    doc: "Move a trap part to another tile; it keeps its rearm needs (TRAP-46, TRAP-47); cables touching its old tile are removed.",
    schema: COMMAND_SCHEMAS.movePart,
  },
  assignJob: {
    roles: KEEPER, rules: ["TRAP-04", "DOOR-47"],
    doc: "Assign a minion a job: none, Trapping (TRAP-04) or Chores (DOOR-47).",
    schema: COMMAND_SCHEMAS.assignJob,
  },
  buildDoor: {
    roles: KEEPER, rules: ["DOOR-49"],
    doc: "Build a door on a floor tile (DOOR rules); refused when it would cut the walking path (DOOR-49).",
    schema: COMMAND_SCHEMAS.buildDoor,
  },
  removeDoor: {
    roles: KEEPER, rules: ["DOOR-07"],
    doc: "Remove a door (its tile becomes floor); a padlock's delivered metal goes back to stock.",
    schema: COMMAND_SCHEMAS.removeDoor,
  },
  buildPadlock: {
    roles: KEEPER, rules: ["DOOR-07", "TRAP-28"],
    doc: "Put a padlock site on a door: minions haul its metal, a Trapping minion builds it (DOOR-07, TRAP-28).",
    schema: COMMAND_SCHEMAS.buildPadlock,
  },
  removePadlock: {
    roles: KEEPER, rules: ["DOOR-07"],
    doc: "Remove a door's padlock (built or not); delivered metal goes back to stock.",
    schema: COMMAND_SCHEMAS.removePadlock,
  },
  armDoorLock: {
    roles: KEEPER, rules: ["DOOR-10"],
    doc: "\"Arm lock\": the padlock locks its door again (DOOR-10).",
    schema: COMMAND_SCHEMAS.armDoorLock,
  },
  disarmDoorLock: {
    roles: KEEPER, rules: ["DOOR-09"],
    doc: "\"Disarm lock\": the door becomes a normal, unlocked door (DOOR-09).",
    schema: COMMAND_SCHEMAS.disarmDoorLock,
  },
  holdDoorOpen: {
    roles: KEEPER, rules: ["DOOR-18"],
    doc: "\"Hold door open\" (DOOR-18).",
    schema: COMMAND_SCHEMAS.holdDoorOpen,
  },
  releaseDoor: {
    roles: KEEPER, rules: ["DOOR-17"],
    doc: "Stop holding a door open: it closes by itself (DOOR-17).",
    schema: COMMAND_SCHEMAS.releaseDoor,
  },
  dig: {
    roles: KEEPER, rules: ["DOOR-51"],
    doc: "Dig out a rock tile into floor (DOOR-51). Map-edge tiles cannot be dug.",
    schema: COMMAND_SCHEMAS.dig,
  },
  buildWall: {
    roles: KEEPER, rules: ["DOOR-49", "DOOR-50"],
    doc: "Build a wall on a floor tile; refused when it would cut the walking path (DOOR-49, DOOR-50).",
    schema: COMMAND_SCHEMAS.buildWall,
  },
  stormRite: {
    roles: KEEPER, rules: ["INV-26", "INV-28"],
    doc: "Perform the Storm Rite: no invasion arrives for `hours` game hours (INV-26); the time limit keeps running (INV-28).",
    schema: COMMAND_SCHEMAS.stormRite,
  },
  ocularScouts: {
    roles: KEEPER, rules: ["INV-72", "INV-85"],
    doc: "Ocular Scouts boon: a spectral eye patrols the guard posts for 24 game hours (INV-72, INV-85).",
    schema: COMMAND_SCHEMAS.ocularScouts,
  },
  buildGuardPost: {
    roles: KEEPER, rules: ["INV-76"],
    doc: "Build a guard post with a lit torch that shows parties within 8 tiles (INV-76).",
    schema: COMMAND_SCHEMAS.buildGuardPost,
  },
  answerFugitive: {
    roles: KEEPER, rules: ["INV-50", "INV-51"],
    doc: "Let a fugitive asking to hide join the dungeon, or turn it away (INV-50, INV-51).",
    schema: COMMAND_SCHEMAS.answerFugitive,
  },
  raidSettlement: {
    roles: KEEPER, rules: ["INV-32", "INV-33", "INV-34", "INV-35"],
    doc: "Raid a settlement of the Surface (`settlementId`: \"lowford\", a village, or \"blackfang\", an evil camp): the raiders bring back 2 metal, and the settlement strikes back in place of the next invasion, setting out at once or when the invasion in the dungeon ends: a village sends a punitive expedition (INV-32), a camp turns Hostile and sends its warriors (INV-33). Refused with UNKNOWN_SETTLEMENT, or EXPEDITION_PENDING while that settlement's answer has not set out yet.",
    schema: COMMAND_SCHEMAS.raidSettlement,
  },
  burnBody: {
    roles: KEEPER, rules: ["INV-95"],
    doc: "Burn a dead minion or creature of the dungeon on the pyre: the body leaves the map. A pyre never burns an adventurer (INV-95): refused with NOT_BURNABLE for an adventurer, a living unit or an unknown one.",
    schema: COMMAND_SCHEMAS.burnBody,
  },
  recoverBody: {
    roles: KEEPER, rules: ["INV-93"],
    doc: "Recover a dead adventurer at the salvager's table (INV-93).",
    schema: COMMAND_SCHEMAS.recoverBody,
  },
  buildScryingPool: {
    roles: KEEPER, rules: ["INV-67"],
    doc: "Build the scrying pool where the Master receives a scrying charge each day (INV-67).",
    schema: COMMAND_SCHEMAS.buildScryingPool,
  },
  buildAltar: {
    roles: KEEPER, rules: ["INV-02", "INV-06"],
    doc: "Build an altar on a floor tile, at once and free; some parties come to destroy one (INV-02, INV-06).",
    schema: COMMAND_SCHEMAS.buildAltar,
  },
  scry: {
    roles: KEEPER, rules: ["INV-66"],
    doc: "Spend a scrying charge to see the next party on its way (INV-66).",
    schema: COMMAND_SCHEMAS.scry,
  },
  setStance: {
    roles: KEEPER, rules: ["CMB-15", "CMB-16", "CMB-17"],
    doc: "Set a minion's or dungeon creature's combat stance on the slider (CMB-15 to CMB-17).",
    schema: COMMAND_SCHEMAS.setStance,
  },
  orderAttack: {
    roles: KEEPER, rules: ["CMB-47"],
    doc: "Order a minion or dungeon creature to attack an enemy (`targetId`), whatever its stance; an unconscious target is killed (CMB-47). An empty `targetId` cancels the order.",
    schema: COMMAND_SCHEMAS.orderAttack,
  },
  proposeDuel: {
    roles: KEEPER_AND_ADVENTURER, rules: ["P100-DUEL-01", "P100-DUEL-02", "P100-DUEL-03", "P100-DUEL-04", "P100-DUEL-05", "P100-DUEL-06", "P100-DUEL-07", "P100-DUEL-08", "P100-DUEL-23"], actingUnit: "unitId",
    doc: "d100 rooms: the fighter `unitId` challenges the enemy `opponentId` to a duel on these terms (P100-DUEL-01 to 08, 23). A keeper names one of its minions or creatures: an AI adventurer answers at once, accepting when its odds are at least even; an adventurer a player holds gets a pending proposal it answers with `answerDuel`. An adventurer player names its own adventurer (else NOT_YOUR_UNIT) and challenges one of the keeper's minions or creatures; the keeper answers with `answerDuel` (with no keeper seated, the keeper side's AI answers at once). `toDeath` binds both duellists.",
    schema: COMMAND_SCHEMAS.proposeDuel,
  },
  answerDuel: {
    roles: KEEPER_AND_ADVENTURER, rules: ["P100-DUEL-01", "P100-DUEL-23"],
    doc: "d100 rooms: answer a pending duel proposal (`DungeonState.duelProposals`, P100-DUEL-01, 23): `accept` starts the duel at once on the proposed terms, otherwise it is refused. Keepers answer the proposals adventurer players made to their minions and creatures; an adventurer player answers those the keeper made to its own adventurer. Refused with `NO_DUEL_PROPOSAL` (none with that id), `NOT_YOUR_UNIT` (proposed to the other side) or `DUEL_REFUSED` (one of them can no longer duel).",
    schema: COMMAND_SCHEMAS.answerDuel,
  },
  forfeitDuel: {
    roles: KEEPER, rules: ["P100-DUEL-19"],
    doc: "d100 rooms: the keeper's duellist `unitId` forfeits its duel (P100-DUEL-19).",
    schema: COMMAND_SCHEMAS.forfeitDuel,
  },
  decideDuelMercy: {
    roles: KEEPER_AND_ADVENTURER, rules: ["P100-DUEL-20"],
    doc: "d100 rooms: the winner's side decides the fate of a duel-to-the-death loser (P100-DUEL-20; the `duelMercyPending` event names `mercyId`): `spare` true lets it live, false kills it. Keepers decide for their minions and creatures; an adventurer player for its own winner. Unanswered, the AI's choice applies at `expiresTick`. Refused with `NO_DUEL_MERCY` (none with that id) or `NOT_YOUR_UNIT` (the other side decides).",
    schema: COMMAND_SCHEMAS.decideDuelMercy,
  },
  buildLair: {
    roles: KEEPER, rules: ["TRAP-61", "TRAP-62"],
    doc: "Build a lair: a `width` x `height` rectangle of floor tiles from (x, y), its top-left corner, on the keeper's ground. A wild creature that stays in a free lair for a game hour lives there and joins the dungeon (TRAP-61, TRAP-62); a free lair draws the nearest wild creature that can walk to it. Refused with `OUT_OF_BOUNDS`, `NOT_FLOOR`, `TILE_OCCUPIED` or `NOT_KEEPER_GROUND`.",
    schema: COMMAND_SCHEMAS.buildLair,
  },
  removeLair: {
    roles: KEEPER, rules: ["TRAP-61"],
    doc: "Remove a lair; a creature living there stays in the dungeon, without a lair (`UNKNOWN_LAIR` when there is none).",
    schema: COMMAND_SCHEMAS.removeLair,
  },
  collapse: {
    roles: KEEPER, rules: ["DOOR-52"],
    doc: "Bring a tunnel's ceiling down on the plain floor tile (x, y): a cave-in (DOOR-52). The tile fills with rock and the plain floor around it (8 neighbours) turns to rubble; a tile whose rock would cut the last walking path is spared. Emits `caveIn`.",
    schema: COMMAND_SCHEMAS.collapse,
  },
  planTurn: {
    roles: ADVENTURER, rules: ["D20-FLOW-27", "P100-DUEL-20"], roleRefusal: "only adventurer players plan turns",
    doc: "An adventurer player's plan for its adventurer's coming turn in an encounter (d20 and d100 rooms): stored in the encounter's `plans`, where the ruleset takes it when the turn comes; without one the AI acts. Refused with INVALID_COMMAND when its adventurer is in no encounter.",
    schema: COMMAND_SCHEMAS.planTurn,
  },
  moveTo: {
    roles: ADVENTURER, rules: [], roleRefusal: "only adventurer players move their adventurer",
    doc: "An adventurer player's walk order out of combat: its adventurer walks to tile (x, y) and stays there until the next order; the AI takes over again when the player drops. Refused with NOT_FLOOR, OUT_OF_BOUNDS, NO_PATH or IN_ENCOUNTER (plan its turn instead).",
    schema: COMMAND_SCHEMAS.moveTo,
  },
} as const satisfies Record<keyof typeof COMMAND_SCHEMAS, CommandDefinition>;

/**
 * The definition of command `type`, or undefined when `type` names no command (own keys of
 * {@link COMMAND_DEFINITIONS} only: `toString` and the like are no commands).
 */
export function commandDefinition(type: string): CommandDefinition | undefined {
  return Object.hasOwn(COMMAND_DEFINITIONS, type) ? (COMMAND_DEFINITIONS as Record<string, CommandDefinition>)[type] : undefined;
}
