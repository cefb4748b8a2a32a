import type { Door } from "@malignus/shared";
import type { DoorRecord } from "../sim/doors/types.ts";
import { isLocked } from "../sim/doors/doors.ts";
import { PADLOCK_METAL, padlockProgress } from "../sim/doors/work.ts";
import { set } from "./schemaWrites.ts";

/** Projects one door record into its `Door` schema entry (DOOR rules; see shared/src/state.ts). */
export function projectDoor(d: Door, r: DoorRecord): void {
  set(d, "id", r.id);
  set(d, "x", r.x);
  set(d, "y", r.y);
  set(d, "open", r.open);
  set(d, "heldOpen", r.heldOpen);
  set(d, "triggered", r.triggered);
  set(d, "hasPadlock", r.padlock !== null);
  set(d, "padlockBuilt", r.padlock?.built ?? false);
  set(d, "padlockArmed", r.padlock?.armed ?? false);
  set(d, "locked", isLocked(r));
  set(d, "padlockMetalDelivered", Math.min(255, r.padlock?.metalDelivered ?? 0));
  set(d, "padlockMetalNeeded", r.padlock ? PADLOCK_METAL : 0);
  set(d, "padlockProgress", r.padlock ? padlockProgress(r.padlock) : 0);
  set(d, "brokenIn", r.brokenIn);
  set(d, "triggerId", r.triggerIds[0] ?? "");
}
