import type { Settlement } from "@malignus/shared/schema";
import type { SettlementRecord } from "../sim/state.ts";
import { set } from "./schemaWrites.ts";

/** Projects one settlement record into its `Settlement` schema entry (INV-32, INV-33; sim/invasions/settlements.ts). */
export function projectSettlement(s: Settlement, r: SettlementRecord): void {
  set(s, "id", r.id);
  set(s, "name", r.name);
  set(s, "kind", r.kind);
  set(s, "hostile", r.hostile);
  set(s, "raidedTick", r.raidedTick);
}
