import type { Altar } from "@malignus/shared/schema";
import type { AltarRecord } from "../sim/state.ts";
import { ALTAR_WORK_TICKS } from "../sim/invasions/altars.ts";
import { set } from "./schemaWrites.ts";

/** Projects one altar record into its `Altar` schema entry (INV-02; see shared/src/state.ts). */
export function projectAltar(a: Altar, r: AltarRecord): void {
  set(a, "id", r.id);
  set(a, "x", r.x);
  set(a, "y", r.y);
  set(a, "damage", Math.min(0xffff, r.damage));
  set(a, "damageToDestroy", ALTAR_WORK_TICKS);
}
