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

/**
 * Issue 17 follow-up: why a player's plan for `unit` can never be played because the unit is off
 * the board alive, whatever the ruleset: `captured` (taken prisoner, INV-92, CMB-46) or `departed`
 * (left the map through its portal, INV-03); else null. Read by the rulesets' `lostPlan`
 * (d20/turn.ts `lostD20Plan`, d100/encounter.ts `lostD100Plan`) after their own `dead`.
 */
export function offBoardPlanReason(unit: UnitRecord): "captured" | "departed" | null {
  return unit.activity === "captured" ? "captured" : unit.activity === "left" ? "departed" : null;
}
