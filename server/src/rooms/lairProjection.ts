import type { Lair } from "@malignus/shared/schema";
import type { LairRecord } from "../sim/state.ts";
import { LAIR_SETTLE_TICKS } from "../sim/traps/lairs.ts";
import { set } from "./schemaWrites.ts";

/**
 * Projects one lair record into its `Lair` schema entry (TRAP-61; see shared/src/state.ts):
 * `settlesAtTick` is the tick the settling wild creature joins if it stays inside
 * (`settlerSinceTick` + {@link LAIR_SETTLE_TICKS}), 0 when none settles.
 */
export function projectLair(l: Lair, r: LairRecord): void {
  set(l, "id", r.id);
  set(l, "x", r.x);
  set(l, "y", r.y);
  set(l, "width", r.width);
  set(l, "height", r.height);
  set(l, "residentId", r.residentId);
  set(l, "settlerId", r.settlerId);
  set(l, "settlesAtTick", r.settlerId !== "" && r.settlerSinceTick >= 0 ? r.settlerSinceTick + LAIR_SETTLE_TICKS : 0);
}
