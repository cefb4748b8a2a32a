import { HEAL_SPELL_RANGE } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { setActivity } from "../../world/units.ts";
import { duelHealing } from "./duel.ts";
import { heal } from "./hp.ts";
import { d100Of } from "./sheet.ts";

/**
 * P100-SPELL-05 (the caster has paid the spell and spent its action): `healer`'s healing spell on
 * `patient`, a roll in HEAL_SPELL_RANGE (halved in a duel, P100-DUEL-13); emits `healed`, and
 * `woke` when it brings an unconscious patient back.
 */
export function healWithSpell(sim: Simulation, healer: UnitRecord, patient: UnitRecord): void {
  const d = d100Of(patient);
  heal(d, duelHealing(sim.rng.int(HEAL_SPELL_RANGE[0], HEAL_SPELL_RANGE[1]), d100Of(healer)));
  sim.emit({ type: "healed", unitId: patient.id, byUnitId: healer.id, woundPoints: patient.woundPoints, hp: d.hp });
  if (!d.dying && patient.activity === "unconscious") { setActivity(sim, patient, "idle"); sim.emit({ type: "woke", unitId: patient.id }); }
}
