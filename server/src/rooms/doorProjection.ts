import type { Door } from "@malignus/shared/schema";
import type { DoorRecord } from "../sim/doors/types.ts";
import { isLocked } from "../sim/doors/doors.ts";
import { PADLOCK_METAL, padlockProgress } from "../sim/doors/work.ts";
import type { DoorShadow } from "./shadows.ts";

/**
 * Projects one door record into its `Door` schema entry (DOOR rules; see shared/src/state.ts).
 * `s` holds the values last written to `d` (rooms/shadows.ts): a field is assigned only when its
 * value changed.
 */
export function projectDoor(d: Door, s: DoorShadow, r: DoorRecord): void {
  let v: string | number | boolean;
  const padlock = r.padlock;
  if (s.id !== (v = r.id)) d.id = s.id = v;
  if (s.x !== (v = r.x)) d.x = s.x = v;
  if (s.y !== (v = r.y)) d.y = s.y = v;
  if (s.open !== (v = r.open)) d.open = s.open = v;
  if (s.heldOpen !== (v = r.heldOpen)) d.heldOpen = s.heldOpen = v;
  if (s.triggered !== (v = r.triggered)) d.triggered = s.triggered = v;
  if (s.hasPadlock !== (v = padlock !== null)) d.hasPadlock = s.hasPadlock = v;
  if (s.padlockBuilt !== (v = padlock?.built ?? false)) d.padlockBuilt = s.padlockBuilt = v;
  if (s.padlockArmed !== (v = padlock?.armed ?? false)) d.padlockArmed = s.padlockArmed = v;
  if (s.locked !== (v = isLocked(r))) d.locked = s.locked = v;
  if (s.padlockMetalDelivered !== (v = Math.min(255, padlock?.metalDelivered ?? 0))) d.padlockMetalDelivered = s.padlockMetalDelivered = v;
  if (s.padlockMetalNeeded !== (v = padlock ? PADLOCK_METAL : 0)) d.padlockMetalNeeded = s.padlockMetalNeeded = v;
  if (s.padlockProgress !== (v = padlock ? padlockProgress(padlock) : 0)) d.padlockProgress = s.padlockProgress = v;
  if (s.brokenIn !== (v = r.brokenIn)) d.brokenIn = s.brokenIn = v;
  if (s.triggerId !== (v = r.triggerIds[0] ?? "")) d.triggerId = s.triggerId = v;
}
