import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import type { EncounterRecord } from "./types.ts";

/** The encounters of a simulation (created on first use; the field is optional in older snapshots). */
export function encountersOf(sim: Simulation): Record<string, EncounterRecord> {
  if (!sim.state.encounters) sim.state.encounters = {};
  return sim.state.encounters;
}

/** The encounter `unitId` takes part in, if any. */
export function encounterOf(sim: Simulation, unitId: string): EncounterRecord | undefined {
  const all = sim.state.encounters;
  if (!all) return undefined;
  for (const id in all) if ((all[id] as EncounterRecord).participants.includes(unitId)) return all[id];
  return undefined;
}

/** The participants' records (missing units skipped), in joining order. */
export function participantsOf(sim: Simulation, enc: EncounterRecord): UnitRecord[] {
  const out: UnitRecord[] = [];
  for (const id of enc.participants) { const u = sim.state.units[id]; if (u) out.push(u); }
  return out;
}

/** Records a reaction used this round by `unitId` (D20-FLOW-38 bookkeeping, checked by the invariants). */
export function noteReaction(enc: EncounterRecord, unitId: string): void {
  enc.reactions[unitId] = (enc.reactions[unitId] ?? 0) + 1;
}
