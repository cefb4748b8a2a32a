import type { Unit } from "@malignus/shared/schema";
import type { UnitRecord } from "../sim/state.ts";
import type { RoomRuleset } from "../sim/combat/ruleset.ts";
import { spaceSide } from "../sim/combat/d20/movement.ts";
import { sameItems, type UnitShadow } from "./shadows.ts";

/**
 * Projects a unit's fight-related fields (shared/src/state.ts `Unit`): faction, species, weapon,
 * stance (CMB-15), attack order, who carries it (CMB-44), and its harm as the room's ruleset reads
 * it (`describe`: wound points, or hit points of a maximum) and its statuses. `s` holds the values
 * last written to `u` (rooms/shadows.ts): a field is assigned only when its value changed.
 */
export function projectUnitCombat(u: Unit, s: UnitShadow, r: UnitRecord, ruleset: RoomRuleset): void {
  let v: string | number;
  if (s.faction !== (v = r.faction)) u.faction = s.faction = v;
  if (s.species !== (v = r.species)) u.species = s.species = v;
  if (s.weapon !== (v = r.gear.weapon)) u.weapon = s.weapon = v;
  if (s.stance !== (v = r.stance ?? "aggression")) u.stance = s.stance = v;
  if (s.orderTargetId !== (v = r.orderTargetId ?? "")) u.orderTargetId = s.orderTargetId = v;
  if (s.carriedBy !== (v = r.carriedBy ?? "")) u.carriedBy = s.carriedBy = v;
  if (s.altitude !== (v = r.d100?.altitude ?? "ground")) u.altitude = s.altitude = v;
  if (s.moveMode !== (v = r.d20?.mode ?? "walk")) u.moveMode = s.moveMode = v; // D20-MOVE-13
  if (s.space !== (v = r.d20 ? spaceSide(r) : 1)) u.space = s.space = v; // D20-SIZE-01, D20-SIZE-08
  if (s.size !== (v = r.d20?.size ?? "medium")) u.size = s.size = v; // D20-SIZE-01
  if (s.companionOf !== (v = r.companionOf ?? "")) u.companionOf = s.companionOf = v;
  if (s.riding !== (v = r.d100?.mountId ?? r.d20?.riding?.mountId ?? "")) u.riding = s.riding = v; // P100-AIR-20, D20-MOUNT-14
  const harm = ruleset.describe(r);
  if (s.harmModel !== (v = harm.model)) u.harmModel = s.harmModel = v;
  if (s.hp !== (v = harm.model === "hitPoints" ? Math.max(-32768, Math.min(32767, Math.round(harm.value))) : 0)) u.hp = s.hp = v;
  if (s.maxHp !== (v = Math.max(0, Math.min(0xffff, Math.round(harm.max))))) u.maxHp = s.maxHp = v;
  const statuses = ruleset.statuses(r);
  if (!sameItems(s.statuses, statuses)) {
    const list = u.statuses;
    if (list.length !== statuses.length || statuses.some((st, i) => list[i] !== st)) {
      list.clear();
      for (const st of statuses) list.push(st);
    }
    s.statuses = statuses.slice();
  }
}
