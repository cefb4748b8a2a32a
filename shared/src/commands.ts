import { z } from "zod";
import { PART_KINDS } from "./data/traps.ts";
import { MINION_JOBS } from "./rules.ts";
import { STANCES } from "./rules.ts";

/**
 * Keeper commands: the zod validators (Standard Schema) the room registers per message type, and
 * the result every command is answered with. A payload that fails its validator is malformed
 * (Colyseus 0.18 closes that client with code 4002); a well-formed command the rules refuse is
 * answered with `{ ok: false, code, reason }` and changes nothing.
 */

/** A tile coordinate, in tiles from the top-left corner. */
export const TilePos = z.object({
  x: z.number().int().min(0).max(1023),
  y: z.number().int().min(0).max(1023),
}).strict();
/** A tile coordinate, in tiles. */
export type TilePos = z.infer<typeof TilePos>;

/** An entity id as sent in the state (decimal digits). */
export const EntityId = z.string().regex(/^\d{1,9}$/);

/** Largest number of tiles a single cable drag may cover. */
export const MAX_CABLE_PATH_TILES = 256;

/** Largest side of a lair, in tiles (`buildLair`). */
export const MAX_LAIR_SIDE_TILES = 16;

/** Validators by command message type. Each key is a Colyseus message type. */
export const COMMANDS = {
  /** Place a trap part (trigger, timer or mechanism); creates a construction site (TRAP-28). */
  placePart: z.object({
    kind: z.enum(PART_KINDS), x: TilePos.shape.x, y: TilePos.shape.y,
    /** Optional build quality; "shoddy" parts are easier to spot (KNOW-13). Default "normal". */
    quality: z.enum(["normal", "shoddy"]).optional(),
  }).strict(),
  /**
   * Wire parts with a cable dragged along a path of orthogonally adjacent tiles (TRAP-12).
   * The path starts and ends on a part or on an existing cable (TRAP-25).
   */
  wire: z.object({ path: z.array(TilePos).min(2).max(MAX_CABLE_PATH_TILES) }).strict(),
  /** Remove a trap part and every cable touching it; a site's delivered metal goes back to stock. */
  removePart: z.object({ partId: EntityId }).strict(),
  /** Remove one cable. */
  removeCable: z.object({ cableId: EntityId }).strict(),
  /** Resume a game clock paused by a spotting (INV-79). */
  resume: z.object({}).strict(),
  /**
   * Set a timer's delay in whole game minutes (TRAP-17); the rules accept 1 to 60
   * (`TIMER_MIN_DELAY_MINUTES`..`TIMER_MAX_DELAY_MINUTES` in server traps/parts.ts).
   */
  setTimerDelay: z.object({ partId: EntityId, minutes: z.number().int().min(0).max(1440) }).strict(),
  /** Pull a built, inactive lever: it activates and sets its trap off once (DOOR-22, TRAP-33). */
  pullLever: z.object({ partId: EntityId }).strict(),
  /** Deactivate an active lever (DOOR-23). */
  resetLever: z.object({ partId: EntityId }).strict(),
  /** Move a trap part to another tile; it keeps its rearm needs (TRAP-46, TRAP-47); cables touching its old tile are removed. */
  movePart: z.object({ partId: EntityId, x: TilePos.shape.x, y: TilePos.shape.y }).strict(),
  /** Assign a minion a job: none, Trapping (TRAP-04) or Chores (DOOR-47). */
  assignJob: z.object({ unitId: EntityId, job: z.enum(MINION_JOBS) }).strict(),
  /** Build a door on a floor tile (DOOR rules); refused when it would cut the walking path (DOOR-49). */
  buildDoor: TilePos,
  /** Remove a door (its tile becomes floor); a padlock's delivered metal goes back to stock. */
  removeDoor: z.object({ doorId: EntityId }).strict(),
  /** Put a padlock site on a door: minions haul its metal, a Trapping minion builds it (DOOR-07, TRAP-28). */
  buildPadlock: z.object({ doorId: EntityId }).strict(),
  /** Remove a door's padlock (built or not); delivered metal goes back to stock. */
  removePadlock: z.object({ doorId: EntityId }).strict(),
  /** "Arm lock": the padlock locks its door again (DOOR-10). */
  armDoorLock: z.object({ doorId: EntityId }).strict(),
  /** "Disarm lock": the door becomes a normal, unlocked door (DOOR-09). */
  disarmDoorLock: z.object({ doorId: EntityId }).strict(),
  /** "Hold door open" (DOOR-18). */
  holdDoorOpen: z.object({ doorId: EntityId }).strict(),
  /** Stop holding a door open: it closes by itself (DOOR-17). */
  releaseDoor: z.object({ doorId: EntityId }).strict(),
  /** Dig out a rock tile into floor (DOOR-51). Map-edge tiles cannot be dug. */
  dig: TilePos,
  /** Build a wall on a floor tile; refused when it would cut the walking path (DOOR-49, DOOR-50). */
  buildWall: TilePos,
  /** Perform the Storm Rite: no invasion arrives for `hours` game hours (INV-26); the time limit keeps running (INV-28). */
  stormRite: z.object({ hours: z.number().int().min(1).max(240) }).strict(),
  /** Ocular Scouts boon: a spectral eye patrols the guard posts for 24 game hours (INV-72, INV-85). */
  ocularScouts: z.object({}).strict(),
  /** Build a guard post with a lit torch that shows parties within 8 tiles (INV-76). */
  buildGuardPost: TilePos,
  /** Let a fugitive asking to hide join the dungeon, or turn it away (INV-50, INV-51). */
  answerFugitive: z.object({ admit: z.boolean() }).strict(),
  /** Recover a dead adventurer at the salvager's table (INV-93). */
  recoverBody: z.object({ unitId: EntityId }).strict(),
  /** Build the scrying pool where the Master receives a scrying charge each day (INV-67). */
  buildScryingPool: TilePos,
  /** Build an altar on a floor tile, at once and free; some parties come to destroy one (INV-02, INV-06). */
  buildAltar: TilePos,
  /** Spend a scrying charge to see the next party on its way (INV-66). */
  scry: z.object({}).strict(),
  /** Set a minion's or dungeon creature's combat stance on the slider (CMB-15 to CMB-17). */
  setStance: z.object({ unitId: EntityId, stance: z.enum(STANCES) }).strict(),
  /**
   * Order a minion or dungeon creature to attack an enemy (`targetId`), whatever its stance; an
   * unconscious target is killed (CMB-47). An empty `targetId` cancels the order.
   */
  orderAttack: z.object({ unitId: EntityId, targetId: z.union([EntityId, z.literal("")]) }).strict(),
  /**
   * d100 rooms: the keeper's minion or creature `unitId` challenges the enemy `opponentId` to a duel
   * (P100-DUEL-01 to 08, 23); an AI adventurer answers at once, accepting when its odds are at least even. `toDeath` binds both duellists.
   */
  proposeDuel: z.object({
    unitId: EntityId, opponentId: EntityId, toDeath: z.boolean(),
    noMagic: z.boolean().optional(), unarmedOnly: z.boolean().optional(),
    /**
     * P100-DUEL-23 weapons: the weapon names (gear, e.g. "sword", "club") allowed in the duel; a
     * duellist holding another fights bare-handed. Absent: any weapon.
     */
    weapons: z.array(z.string().regex(/^[a-zA-Z]{1,32}$/)).max(16).optional(),
  }).strict(),
  /**
   * d100 rooms: answer a pending duel proposal (`DungeonState.duelProposals`, P100-DUEL-01, 23):
   * `accept` starts the duel at once on the proposed terms, otherwise it is refused. Keepers
   * answer the proposals adventurer players made to their minions and creatures; an adventurer
   * player sends it under this name for the proposals made to its own adventurer (the room turns it
   * into `adventurerAnswerDuel`). Refused with `NO_DUEL_PROPOSAL` (none with that id),
   * `NOT_YOUR_UNIT` (proposed to the other side) or `DUEL_REFUSED` (one of them can no longer duel).
   */
  answerDuel: z.object({ proposalId: EntityId, accept: z.boolean() }).strict(),
  /**
   * An adventurer player's duel proposal (P100-DUEL-01, 02, 23): its unit `unitId` challenges the
   * keeper's minion or creature `opponentId` on these terms; the keeper answers with `answerDuel`.
   * Never sent by clients under this name: an adventurer seat sends `proposeDuel` (with its own
   * unit as `unitId`) and the room logs it as this command; a keeper sending it is refused
   * (`NOT_ALLOWED_FOR_ROLE`).
   */
  adventurerProposeDuel: z.object({
    unitId: EntityId, opponentId: EntityId, toDeath: z.boolean(),
    noMagic: z.boolean().optional(), unarmedOnly: z.boolean().optional(),
    weapons: z.array(z.string().regex(/^[a-zA-Z]{1,32}$/)).max(16).optional(),
  }).strict(),
  /**
   * An adventurer player's answer to a duel the keeper proposed to its unit `unitId`
   * (P100-DUEL-01, 23). Never sent by clients under this name: an adventurer seat sends
   * `answerDuel` and the room logs it as this command; a keeper sending it is refused.
   */
  adventurerAnswerDuel: z.object({ unitId: EntityId, proposalId: EntityId, accept: z.boolean() }).strict(),
  /** d100 rooms: the keeper's duellist `unitId` forfeits its duel (P100-DUEL-19). */
  forfeitDuel: z.object({ unitId: EntityId }).strict(),
  /**
   * d100 rooms: the winner's side decides the fate of a duel-to-the-death loser (P100-DUEL-20; the
   * `duelMercyPending` event names `mercyId`): `spare` true lets it live, false kills it.
   * Keepers decide for their minions and creatures; an adventurer player sends it under this name
   * for its own winner (the room turns it into `adventurerDecideDuelMercy`). Unanswered, the AI's
   * choice applies at `expiresTick`. Refused with `NO_DUEL_MERCY` (none with that id) or
   * `NOT_YOUR_UNIT` (the other side decides).
   */
  decideDuelMercy: z.object({ mercyId: EntityId, spare: z.boolean() }).strict(),
  /**
   * An adventurer player's mercy decision for its winner `unitId` (P100-DUEL-20). Never sent by
   * clients under this name: an adventurer seat sends `decideDuelMercy` and the room logs it as
   * this command; a keeper sending it is refused.
   */
  adventurerDecideDuelMercy: z.object({ unitId: EntityId, mercyId: EntityId, spare: z.boolean() }).strict(),
  /**
   * An adventurer player's walk order for its own unit `unitId` to tile (x, y), out of combat.
   * Never sent by clients under this name: the room builds it from an adventurer seat's
   * `moveTo` message (MOVE_TO_MESSAGE in protocol.ts) and logs it like every command, so a run
   * replays; a keeper sending it is refused (`NOT_ALLOWED_FOR_ROLE`).
   */
  moveAdventurer: z.object({ unitId: EntityId, x: TilePos.shape.x, y: TilePos.shape.y }).strict(),
  /**
   * Build a lair: a `width` x `height` rectangle of floor tiles from (x, y), its top-left corner, on
   * the keeper's ground. A wild creature that stays in a free lair for a game hour lives there and
   * joins the dungeon (TRAP-61, TRAP-62); a free lair draws the nearest wild creature that can walk
   * to it. Refused with `OUT_OF_BOUNDS`, `NOT_FLOOR`, `TILE_OCCUPIED` or `NOT_KEEPER_GROUND`.
   */
  buildLair: z.object({
    x: TilePos.shape.x, y: TilePos.shape.y,
    width: z.number().int().min(1).max(MAX_LAIR_SIDE_TILES), height: z.number().int().min(1).max(MAX_LAIR_SIDE_TILES),
  }).strict(),
  /** Remove a lair; a creature living there stays in the dungeon, without a lair (`UNKNOWN_LAIR` when there is none). */
  removeLair: z.object({ lairId: EntityId }).strict(),
  /**
   * Bring a tunnel's ceiling down on the plain floor tile (x, y): a cave-in (DOOR-52). The tile
   * fills with rock and the plain floor around it (8 neighbours) turns to rubble; a tile whose
   * rock would cut the last walking path is spared. Emits `caveIn`.
   */
  collapse: TilePos,
} as const;

/** The command message types. */
export type CommandType = keyof typeof COMMANDS;
/** The command message types, as an array. */
export const COMMAND_TYPES = Object.keys(COMMANDS) as CommandType[];
/** The payload of command `T`. */
export type CommandPayload<T extends CommandType> = z.infer<(typeof COMMANDS)[T]>;
/** A command with its type, as the simulation receives it. */
export type Command = {
  [T in CommandType]: { type: T } & (CommandPayload<T> extends Record<string, never> ? unknown : CommandPayload<T>)
}[CommandType];

/** Why a command was refused. Codes are stable; the reason text is for people. */
export const ERROR_CODES = [
  "NOT_ALLOWED_FOR_ROLE",
  "OUT_OF_BOUNDS",
  "NOT_FLOOR",
  "TILE_OCCUPIED",
  "TRIGGER_TOO_CLOSE",
  "UNKNOWN_PART",
  "UNKNOWN_CABLE",
  "CABLE_PATH_NOT_CONTIGUOUS",
  "CABLE_ENDS_UNCONNECTED",
  "CABLE_OVERLAPS",
  "TRIGGER_ALREADY_WIRED",
  "MECHANISM_ALREADY_WIRED",
  "TIMER_ALREADY_WIRED",
  "WIRING_LOOP",
  "NOT_PAUSED",
  "INVALID_COMMAND",
  "NO_GUARD_POST",
  "NO_FUGITIVE",
  "NOT_A_DEAD_ADVENTURER",
  "NO_SCRYING_CHARGE",
  "NO_PARTY_ON_ITS_WAY",
  "DUEL_REFUSED",
  "UNKNOWN_DOOR",
  "NO_PADLOCK",
  "PADLOCK_EXISTS",
  "PADLOCK_NOT_BUILT",
  "NOT_ROCK",
  "WOULD_CUT_WALKING_PATH",
  "UNKNOWN_UNIT",
  "NOT_YOUR_UNIT",
  "INVALID_TARGET",
  "NOT_A_MINION",
  "NOT_A_TIMER",
  "DELAY_OUT_OF_RANGE",
  "NOT_A_LEVER",
  "PART_NOT_BUILT",
  "LEVER_ALREADY_ACTIVE",
  "LEVER_NOT_ACTIVE",
  "NO_PATH",
  "IN_ENCOUNTER",
  "NO_DUEL_PROPOSAL",
  "NO_DUEL_MERCY",
  "NOT_KEEPER_GROUND",
  "UNKNOWN_LAIR",
] as const;
/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A command accepted: `id` names the entity it created, if any. */
export interface CommandAccepted { ok: true; id?: string }
/** A command refused: nothing changed. `rule` names the rule ID behind the refusal, if any. */
export interface CommandRefused { ok: false; code: ErrorCode; reason: string; rule?: string }
/** The answer to every command. */
export type CommandResult = CommandAccepted | CommandRefused;
