import type { Unit } from "@malignus/shared";
import type { UnitRecord } from "../sim/state.ts";
import type { RoomRuleset } from "../sim/combat/ruleset.ts";
import { spaceSide } from "../sim/combat/d20/movement.ts";
import { set } from "./schemaWrites.ts";

/**
 * Projects a unit's fight-related fields (shared/src/state.ts `Unit`): faction, species, weapon,
 * stance (CMB-15), attack order, who carries it (CMB-44), and its harm as the room's ruleset reads
 * it (`describe`: wound points, or hit points of a maximum) and its statuses.
 */
export function projectUnitCombat(u: Unit, r: UnitRecord, ruleset: RoomRuleset): void {
  set(u, "faction", r.faction);
  set(u, "species", r.species);
  set(u, "weapon", r.gear.weapon);
  set(u, "stance", r.stance ?? "aggression");
  set(u, "orderTargetId", r.orderTargetId ?? "");
  set(u, "carriedBy", r.carriedBy ?? "");
  set(u, "altitude", r.d100?.altitude ?? "ground");
  set(u, "moveMode", r.d20?.mode ?? "walk"); // D20-MOVE-13
  set(u, "space", r.d20 ? spaceSide(r) : 1); // D20-SIZE-01, D20-SIZE-08
  set(u, "size", r.d20?.size ?? "medium"); // D20-SIZE-01
  set(u, "companionOf", r.companionOf ?? "");
  set(u, "riding", r.d100?.mountId ?? r.d20?.riding?.mountId ?? ""); // P100-AIR-20, D20-MOUNT-14
  const harm = ruleset.describe(r);
  set(u, "harmModel", harm.model);
  set(u, "hp", harm.model === "hitPoints" ? Math.max(-32768, Math.min(32767, Math.round(harm.value))) : 0);
  set(u, "maxHp", Math.max(0, Math.min(0xffff, Math.round(harm.max))));
  const statuses = ruleset.statuses(r);
  const list = u.statuses;
  if (list.length !== statuses.length || statuses.some((st, i) => list[i] !== st)) {
    list.clear();
    for (const st of statuses) list.push(st);
  }
}
