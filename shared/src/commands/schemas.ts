import * as z from "zod/mini";
import { PART_KINDS } from "../data/traps.ts";
import { MINION_JOBS, STANCES } from "../rules.ts";
import { EntityId, MAX_CABLE_PATH_TILES, MAX_LAIR_SIDE_TILES, TilePos } from "./common.ts";
import { MoveTo, TurnPlan } from "./plans.ts";

/**
 * The payload validator of every client command, by its message type, in the order of
 * `COMMAND_DEFINITIONS` (definitions.ts, which adds each command's roles, rule IDs and doc and
 * names its validator here). Apart from the definitions so that a client (the SDK's browser
 * bundle, issue 19) carries the validators without the docs. `zod/mini` schemas: the same zod 4
 * core, checks and messages as full zod. Data table (no logic).
 */
export const COMMAND_SCHEMAS = {
  placePart: z.strictObject({
    kind: z.enum(PART_KINDS), x: TilePos.shape.x, y: TilePos.shape.y,
    /** Optional build quality; "shoddy" parts are easier to spot (KNOW-13). Default "normal". */
    quality: z.optional(z.enum(["normal", "shoddy"])),
  }),
  wire: z.strictObject({ path: z.array(TilePos).check(z.minLength(2), z.maxLength(MAX_CABLE_PATH_TILES)) }),
  removePart: z.strictObject({ partId: EntityId }),
  removeCable: z.strictObject({ cableId: EntityId }),
  resume: z.strictObject({}),
  setTimerDelay: z.strictObject({ partId: EntityId, minutes: z.number().check(z.int(), z.minimum(0), z.maximum(1440)) }),
  pullLever: z.strictObject({ partId: EntityId }),
  resetLever: z.strictObject({ partId: EntityId }),
  movePart: z.strictObject({ partId: EntityId, x: TilePos.shape.x, y: TilePos.shape.y }),
  assignJob: z.strictObject({ unitId: EntityId, job: z.enum(MINION_JOBS) }),
  buildDoor: TilePos,
  removeDoor: z.strictObject({ doorId: EntityId }),
  buildPadlock: z.strictObject({ doorId: EntityId }),
  removePadlock: z.strictObject({ doorId: EntityId }),
  armDoorLock: z.strictObject({ doorId: EntityId }),
  disarmDoorLock: z.strictObject({ doorId: EntityId }),
  holdDoorOpen: z.strictObject({ doorId: EntityId }),
  releaseDoor: z.strictObject({ doorId: EntityId }),
  dig: TilePos,
  buildWall: TilePos,
  stormRite: z.strictObject({ hours: z.number().check(z.int(), z.minimum(1), z.maximum(240)) }),
  ocularScouts: z.strictObject({}),
  buildGuardPost: TilePos,
  answerFugitive: z.strictObject({ admit: z.boolean() }),
  raidSettlement: z.strictObject({ settlementId: z.string().check(z.minLength(1), z.maxLength(40)) }),
  burnBody: z.strictObject({ unitId: EntityId }),
  recoverBody: z.strictObject({ unitId: EntityId }),
  buildScryingPool: TilePos,
  buildAltar: TilePos,
  scry: z.strictObject({}),
  setStance: z.strictObject({ unitId: EntityId, stance: z.enum(STANCES) }),
  orderAttack: z.strictObject({ unitId: EntityId, targetId: z.union([EntityId, z.literal("")]) }),
  proposeDuel: z.strictObject({
    unitId: EntityId, opponentId: EntityId, toDeath: z.boolean(),
    noMagic: z.optional(z.boolean()), unarmedOnly: z.optional(z.boolean()),
    /**
     * P100-DUEL-23 weapons: the weapon names (gear, e.g. "sword", "club") allowed in the duel; a
     * duellist holding another fights bare-handed. Absent: any weapon.
     */
    weapons: z.optional(z.array(z.string().check(z.regex(/^[a-zA-Z]{1,32}$/))).check(z.maxLength(16))),
  }),
  answerDuel: z.strictObject({ proposalId: EntityId, accept: z.boolean() }),
  forfeitDuel: z.strictObject({ unitId: EntityId }),
  decideDuelMercy: z.strictObject({ mercyId: EntityId, spare: z.boolean() }),
  buildLair: z.strictObject({
    x: TilePos.shape.x, y: TilePos.shape.y,
    width: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_LAIR_SIDE_TILES)), height: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_LAIR_SIDE_TILES)),
  }),
  removeLair: z.strictObject({ lairId: EntityId }),
  collapse: TilePos,
  planTurn: TurnPlan,
  moveTo: MoveTo,
} as const;
