/** d20 steps that move: walking, mounting, standing up, switching modes. */
import { areEnemies } from "../../../world/units.ts";
import { newTurn, spendAction } from "../actions.ts";
import { switchModeNow } from "../spaces.ts";
import { modeOf, sheetModeFactor, switchMode, canStandUp, dash, gridDistance, standUpCost } from "../movement.ts";
import { canMountNow, canServeAsMount, CONTROLLED_MOUNT_ACTIONS, isControlled, mountCost } from "../mount.ts";
import { addStatus, hasStatus, removeStatus, canMove } from "../statuses.ts";
import { isUp, spaceOf, unitDistance } from "../resolve.ts";
import { d20Of } from "../sheet.ts";
import { dismountSpots, mountTurnBudget } from "../reach.ts";
import { stepTo, unseat } from "../stepping.ts";
import { unitIn, type D20Handler } from "../plan.ts";
import { placeUnit } from "../../../world/unitIndex.ts";

/** The refusal of a willing step closer to the source of a terrified creature's terror (D20-STATUS-07). */
const TERRIFIED_CLOSER = "a terrified creature may not move closer to the source of its terror (D20-STATUS-07)";

/**
 * Walks `step.path` (tiles) one {@link stepTo} at a time (D20-MOVE-03 to D20-MOVE-11); a rider
 * directs its controlled mount instead (D20-MOUNT-17, D20-MOUNT-21). A terrified creature (or a
 * terrified rider's mount) may not step to a tile closer, in tiles, to its terror's standing
 * source (D20-STATUS-07, Left open: it may not willingly move closer); the AI's flight
 * (stepping.ts `flee`) only ever steps away.
 */
export const moveStep: D20Handler<"move"> = ({ sim, enc, unit, me, ts }, step) => {
  const b = ts.budget;
  // D20-MOUNT-17, D20-MOUNT-21: a controlled mount moves where its rider directs it, on the
  // mount's own movement (Left open); an independent one is not directed.
  const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
  if (mount && me.riding && !me.riding.controlled) return "an independent mount moves as it wishes (D20-MOUNT-21)";
  const mover = mount ?? unit;
  const budget = mount ? (ts.mountBudget ??= mountTurnBudget(mount)) : b; // × its mode's factor (D20-MOVE-17 to D20-MOVE-19)
  if (!canMove(d20Of(mover).statuses, false)) return "the creature cannot move (D20-STATUS-05, D20-FLOW-12)";
  const terror = me.statuses.find((st) => st.kind === "terrified");
  const source = terror ? sim.state.units[terror.sourceId] : undefined;
  for (let i = 0; i < step.path.length; i++) {
    const next = step.path[i]!;
    if (source && isUp(source) && gridDistance({ x: next.x, y: next.y, d20: mover.d20 }, spaceOf(sim, source)) < unitDistance(sim, mover, source)) return TERRIFIED_CLOSER;
    const r = stepTo(sim, enc, mover, next, budget, i === step.path.length - 1);
    if (r !== null) return r;
    if (!isUp(unit) || !isUp(mover)) return null;
  }
  return null;
};

/** Mounts a willing creature at least one size larger within 1 tile, for half the movement value, once a turn (D20-MOUNT-01 to D20-MOUNT-04, D20-MOUNT-16, D20-MOUNT-19). */
export const mountStep: D20Handler<"mount"> = ({ sim, enc, unit, me, ts }, step) => {
  const b = ts.budget;
  const mount = unitIn(sim, enc, step.mountId);
  if (!mount || mount === unit || areEnemies(unit, mount)) return "no such creature to ride in the encounter";
  const md = d20Of(mount);
  if (me.riding || md.riderId !== "" || md.riding) return "already riding or ridden";
  if (!canServeAsMount(me.size, md.size, md.mountTraits.willing) || !isUp(mount)) return "the mount must be willing and at least one size larger (D20-MOUNT-01)";
  if (!canMountNow(me.movement, b.movement, gridDistance(unit, mount), ts.mountedOrDismounted === true)) return "mounting needs half the movement value, once a turn, within 1 tile (D20-MOUNT-02 to D20-MOUNT-04)";
  b.movement -= mountCost(me.movement);
  ts.mountedOrDismounted = true;
  const controlled = isControlled(md.mountTraits.trained, md.mountTraits.intelligent, md.mountTraits.summoned, step.control !== false);
  me.riding = { mountId: mount.id, controlled };
  md.riderId = unit.id;
  placeUnit(sim, unit, mount.x, mount.y);
  if (controlled) {
    // D20-MOUNT-16, D20-MOUNT-19: the controlled mount shares the rider's initiative and may move and act this very turn,
    // unless (Left open) it has already had its own turn this round: then it has nothing left to spend.
    enc.initiative[mount.id] = enc.initiative[unit.id] ?? 0;
    ts.mountBudget = enc.acted.includes(mount.id) ? { ...newTurn(0), full: false, demi: false } : mountTurnBudget(mount);
  }
  return null;
};

/** Dismounts onto a free tile next to the mount, for half the movement value, once a turn (D20-MOUNT-02 to D20-MOUNT-04, D20-MOUNT-06). */
export const dismountStep: D20Handler<"dismount"> = ({ sim, unit, me, ts }, step) => {
  const b = ts.budget;
  const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
  if (!mount || !me.riding) return "not riding";
  if (!canMountNow(me.movement, b.movement, 0, ts.mountedOrDismounted === true)) return "dismounting needs half the movement value, once a turn (D20-MOUNT-02 to D20-MOUNT-04)";
  const spot = { x: step.x, y: step.y };
  if (!dismountSpots(sim, unit, mount).some((p) => p.x === spot.x && p.y === spot.y)) return "dismount onto a free tile next to the mount";
  b.movement -= mountCost(me.movement);
  ts.mountedOrDismounted = true;
  unseat(sim, unit, mount, spot);
  return null;
};

/** A controlled mount's own action: Dash or Disengage, from its own budget (D20-MOUNT-18, Left open D20-ACTION-10). */
export const mountActionStep: D20Handler<"mountAction"> = ({ sim, me, ts }, step) => {
  // D20-MOUNT-18 (Left open): a controlled mount's own action is Dash or Disengage.
  const mount = me.riding && me.riding.controlled ? sim.state.units[me.riding.mountId] : undefined;
  if (!mount) return "no controlled mount";
  if (!(CONTROLLED_MOUNT_ACTIONS as readonly string[]).includes(step.action)) return "a controlled mount can only Dash or Disengage (D20-MOUNT-18)";
  const mb = (ts.mountBudget ??= mountTurnBudget(mount));
  const r = spendAction(mb, step.action);
  const md = d20Of(mount);
  if (r === null && step.action === "dash") mb.movement = dash(mb.movement, md.movement, sheetModeFactor(md, modeOf(md))); // Left open D20-ACTION-10: × the mount's mode factor
  return r;
};

/** Stands up from prone for half the movement value (D20-MOVE-30, D20-MOVE-31). */
export const standUpStep: D20Handler<"standUp"> = ({ me, ts }) => {
  const b = ts.budget;
  if (!hasStatus(me.statuses, "prone")) return "not prone";
  if (!canStandUp(me.movement, b.movement)) return "standing up costs half the movement value (D20-MOVE-30, D20-MOVE-31)";
  b.movement -= standUpCost(me.movement);
  removeStatus(me.statuses, "prone");
  return null;
};

/** Drops prone, free (D20-MOVE-29). */
export const dropProneStep: D20Handler<"dropProne"> = ({ me }) => {
  addStatus(me.statuses, "prone"); // D20-MOVE-29: free
  return null;
};

/** Switches movement mode (D20-MOVE-14, D20-MOVE-15, D20-MOVE-21; routes.ts `switchModeNow`); a rider switches its controlled mount's. */
export const switchModeStep: D20Handler<"switchMode"> = ({ sim, unit, me, ts }, step) => { // D20-MOVE-14, D20-MOVE-15, D20-MOVE-21 (routes.ts switchModeNow); a rider's controlled mount switches
  const b = ts.budget;
  const mount = me.riding?.controlled ? sim.state.units[me.riding.mountId] : undefined;
  return switchModeNow(sim, mount ?? unit, mount ? (ts.mountBudget ??= mountTurnBudget(mount)) : b, step.mode);
};
