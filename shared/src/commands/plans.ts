import { z } from "zod";
import { EntityId } from "./common.ts";

/**
 * One step of a detailed d20 turn plan (server combat/d20/turn.ts `D20Step`): `kind` is the step
 * (`move` with `path`, `attack` with `targetId`, `dash`, `disengage`, `help` with `allyId` and
 * `targetId`, `cast` with `spell`, `switchMode` with `mode`…); the fields a kind does not use are ignored. Tiles in tile
 * coordinates.
 */
export const TurnStep = z.object({
  kind: z.string().regex(/^[a-zA-Z]{1,32}$/),
  targetId: EntityId.optional(),
  allyId: EntityId.optional(),
  mountId: EntityId.optional(),
  x: z.number().int().min(0).max(1023).optional(),
  y: z.number().int().min(0).max(1023).optional(),
  path: z.array(z.object({ x: z.number().int().min(0).max(1023), y: z.number().int().min(0).max(1023) }).strict()).max(64).optional(),
  offHand: z.boolean().optional(),
  thrown: z.boolean().optional(),
  control: z.boolean().optional(),
  item: z.enum(["bandage", "medicalTools", "healingPotion", "swapWeapons"]).optional(),
  action: z.enum(["dash", "disengage"]).optional(),
  spell: z.string().max(64).optional(),
  text: z.string().max(200).optional(),
  /** `switchMode`: the movement mode to switch to (D20-MOVE-13 to D20-MOVE-15). */
  mode: z.enum(["walk", "fly", "swim"]).optional(),
}).strict();
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
export const TurnPlan = z.object({
  action: z.string().regex(/^[a-zA-Z]{1,32}$/),
  targetId: EntityId.optional(),
  x: z.number().int().min(0).max(1023).optional(),
  y: z.number().int().min(0).max(1023).optional(),
  steps: z.array(TurnStep).max(32).optional(),
  /**
   * d20 rooms: play these steps now and keep the turn open (default false: the plan is the whole
   * turn). The state's `turnOptions` then show what is left (movement, actions, reachable tiles,
   * targets) and the turn waits for the next plan; a plan without `keepTurn` (e.g. `wait`) ends it,
   * and when the turn timer (from the turn's start) runs out the AI plays what is left.
   */
  keepTurn: z.boolean().optional(),
  /**
   * d100 rooms (P100-DUEL-20, issue 8): decided in advance, whether the player's adventurer spares
   * the loser should this plan win it a duel to the death (true) or not (false); absent, the
   * decision waits for `decideDuelMercy` (`duelMercyPending`).
   */
  spare: z.boolean().optional(),
}).strict();
/** A turn plan (see {@link TurnPlan}). */
export type TurnPlan = z.infer<typeof TurnPlan>;

/** A `moveTo` payload: the tile to walk to, in tiles. */
export const MoveTo = z.object({
  x: z.number().int().min(0).max(1023),
  y: z.number().int().min(0).max(1023),
}).strict();
/** A `moveTo` payload (see {@link MoveTo}). */
export type MoveTo = z.infer<typeof MoveTo>;
