import * as z from "zod/mini";
import { EntityId, TileCoord } from "./common.ts";

/**
 * One step of a detailed d20 turn plan (server combat/d20/turn.ts `D20Step`): `kind` is the step
 * (`move` with `path`, `attack` with `targetId`, `dash`, `disengage`, `help` with `allyId` and
 * `targetId`, `cast` with `spell`, `switchMode` with `mode`, `ready` with an optional `path`: the
 * extra move readied as the response, D20-ACTION-33…); the fields a kind does not use are ignored. Tiles in tile
 * coordinates.
 */
export const TurnStep = z.strictObject({
  kind: z.string().check(z.regex(/^[a-zA-Z]{1,32}$/)),
  targetId: z.optional(EntityId),
  allyId: z.optional(EntityId),
  mountId: z.optional(EntityId),
  x: z.optional(TileCoord()),
  y: z.optional(TileCoord()),
  path: z.optional(z.array(z.strictObject({ x: TileCoord(), y: TileCoord() })).check(z.maxLength(64))),
  offHand: z.optional(z.boolean()),
  thrown: z.optional(z.boolean()),
  /** d20 `attack`: an unarmed melee blow instead of the held weapon (D20-ATTACK-24). */
  unarmed: z.optional(z.boolean()),
  control: z.optional(z.boolean()),
  item: z.optional(z.enum(["bandage", "medicalTools", "healingPotion", "swapWeapons"])),
  action: z.optional(z.enum(["dash", "disengage"])),
  spell: z.optional(z.string().check(z.maxLength(64))),
  text: z.optional(z.string().check(z.maxLength(200))),
  /** `switchMode`: the movement mode to switch to (D20-MOVE-13 to D20-MOVE-15). */
  mode: z.optional(z.enum(["walk", "fly", "swim"])),
});
/** A turn step (see {@link TurnStep}). */
export type TurnStep = z.infer<typeof TurnStep>;

/**
 * A turn plan: what to do (`attack`, `move`, `dash`, `flee`, `wait`…), on whom or where. In d20
 * rooms `steps` (with `action: "steps"`) gives the whole turn step by step (D20-FLOW-27).
 * In d100 rooms too (server combat/d100/encounter.ts `playSteps`): the step kinds are `move` and
 * `guardedMove` (`x`, `y`: a tile of `turnOptions.reachable` / `d100GuardedReachable`), `attack`,
 * `cast` (`spell` optional), `rescue`, `familiar` (`targetId` from the matching options list),
 * `climb`, `descend`, `takeOff`, `land`, `forfeit` and `endTurn`; `keepTurn` works as in d20.
 * Companions (d100): `mount` (`targetId`: the rider's own mount), `dismount`, `healFamiliar` (a
 * hunter's pet next to it), and a mounted rider's `takeOff`, `land`, `climb` and `descend` acting
 * on its mount, as steps or as one-word plans; the one-word plan `familiar` gives an owner's turn
 * to its familiar (P100-FAMILIAR-02, P100-FAMILIAR-13, P100-AIR-20, P100-AIR-21).
 */
export const TurnPlan = z.strictObject({
  action: z.string().check(z.regex(/^[a-zA-Z]{1,32}$/)),
  targetId: z.optional(EntityId),
  x: z.optional(TileCoord()),
  y: z.optional(TileCoord()),
  steps: z.optional(z.array(TurnStep).check(z.maxLength(32))),
  /**
   * d20 rooms: play these steps now and keep the turn open (default false: the plan is the whole
   * turn). The state's `turnOptions` then show what is left (movement, actions, reachable tiles,
   * targets) and the turn waits for the next plan; a plan without `keepTurn` (e.g. `wait`) ends it,
   * and when the turn timer (from the turn's start) runs out the AI plays what is left.
   */
  keepTurn: z.optional(z.boolean()),
  /**
   * d100 rooms (P100-DUEL-20, issue 8): decided in advance, whether the player's adventurer spares
   * the loser should this plan win it a duel to the death (true) or not (false); absent, the
   * decision waits for `decideDuelMercy` (`duelMercyPending`).
   */
  spare: z.optional(z.boolean()),
});
/** A turn plan (see {@link TurnPlan}). */
export type TurnPlan = z.infer<typeof TurnPlan>;

/** A `moveTo` payload: the tile to walk to, in tiles. */
export const MoveTo = z.strictObject({
  x: TileCoord(),
  y: TileCoord(),
});
/** A `moveTo` payload (see {@link MoveTo}). */
export type MoveTo = z.infer<typeof MoveTo>;
