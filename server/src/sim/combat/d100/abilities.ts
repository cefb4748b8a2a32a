/**
 * The d100 spells and abilities beyond a plain damaging bolt (Left open SPELL: loadouts from
 * `D100_LOADOUTS`, data/d100.ts): status effects on a hit (P100-STATUS-01 to 17, durations ×1.5 on
 * a critical, P100-CRIT-04), area spells (P100-CRIT-03), multi-target and certain-to-hit
 * abilities, the Priest's ward (immunity, P100-STATUS-11/12), the Warlock's counterspell (a
 * reaction, P100-SPELL-03, interrupting a spell, P100-STATUS-06 to 09) and picking a dropped
 * weapon back up (P100-STATUS-15).
 */
import { D100_COUNTERSPELL, D100_WARD, OFFENSIVE_SPELLS, AREA_DEFAULT_TARGETS, type OffensiveSpellData } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev } from "../../world/grid.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { critScale } from "./attack.ts";
import { d100Attack, hurt, type SimAttack } from "./resolve.ts";
import { d100Of } from "./sheet.ts";
import { addStatus, canCast, CONTROL_EFFECTS, disarm, hasStatus, isDown, pickUpWeapon } from "./statuses.ts";
import { castSpell, interruptSpell, refundSpell, spendAction, type TurnState } from "./turns.ts";
import type { D100StatusKind } from "./types.ts";

/** Left open STATUS: the spells a counterspell answers (spells of magic, not a beast's blow or a thrown dart). */
const COUNTERABLE_SPELLS: readonly string[] = ["shadowBolt", "hex", "heal", "ward"];

function standing(u: UnitRecord): boolean {
  return isActive(u) && !isDown(d100Of(u));
}

/**
 * Puts `status` on `victim` from `by`'s spell `spellId` for `turns` of its own turns (P100-STATUS-01
 * to 17): an immune victim ignores control effects (P100-STATUS-12); a disarm drops the weapon on the
 * victim's tile (P100-STATUS-13 to 15; a unit holding no weapon, or a monk's fists, loses nothing).
 * Emits `statusApplied` when it took hold.
 * @returns whether it took hold.
 */
function inflict(sim: Simulation, by: UnitRecord, victim: UnitRecord, spellId: string, status: D100StatusKind, turns: number): boolean {
  const d = d100Of(victim);
  if (d.dead) return false;
  const took = status === "disarmed" ? disarm(d, victim.x, victim.y, turns) : addStatus(d, status, turns);
  if (took) sim.emit({ type: "statusApplied", unitId: victim.id, byUnitId: by.id, spellId, status, turns, x: victim.x, y: victim.y });
  return took;
}

/**
 * P100-SPELL-03, P100-STATUS-06 to 09: when `caster` declares the non-passive spell `spellId` (one
 * of {@link COUNTERABLE_SPELLS}), the first enemy (lowest id) standing within
 * `D100_COUNTERSPELL.range` tiles that holds a charged counterspell and can cast casts it outside
 * its turn (a reaction, spending its charge): the spell is interrupted (turns.ts `interruptSpell`:
 * no effect, its charge kept, locked until the caster's next turn). An immune caster is not
 * answered (P100-STATUS-12: interruption is a control effect). Emits `spellCast` (the counterspell)
 * and `spellInterrupted`.
 * @returns true when the spell was interrupted (the caster's charge is already given back).
 */
function counterspell(sim: Simulation, caster: UnitRecord, spellId: string): boolean {
  const c = d100Of(caster);
  const spell = c.spells.find((s) => s.id === spellId);
  if (!spell || spell.passive || !COUNTERABLE_SPELLS.includes(spellId) || hasStatus(c, "immune")) return false;
  const answer = Object.values(sim.state.units)
    .filter((u) => u !== caster && areEnemies(u, caster) && standing(u) && chebyshev(u, caster) <= D100_COUNTERSPELL.range)
    .filter((u) => { const s = d100Of(u).spells.find((x) => x.id === D100_COUNTERSPELL.id); return s !== undefined && s.charges > 0 && canCast(d100Of(u)); })
    .sort((a, b) => Number(a.id) - Number(b.id))[0];
  if (!answer) return false;
  const spent = castSpell(d100Of(answer), D100_COUNTERSPELL.id, false); // P100-SPELL-03: a reaction, outside its turn
  if (typeof spent === "string") return false;
  sim.emit({ type: "spellCast", unitId: answer.id, spellId: D100_COUNTERSPELL.id, targetId: caster.id, chargesLeft: spent.charges });
  if (!interruptSpell(c, spellId)) return false;
  sim.emit({ type: "spellInterrupted", unitId: caster.id, byUnitId: answer.id, spellId });
  return true;
}

/**
 * The foes an offensive spell strikes besides `target` (standing enemies of `caster` in the
 * encounter, nearest to `target` first, then by id): an area spell's foes within its `radius` of
 * the target (P100-CRIT-03), at most `maxTargets` in all (5 by default, P100-MASS-24); a
 * multi-target ability's `extraTargets` foes next to the target and within its range of the caster
 * (P100-MASS-25).
 */
function extraTargetsOf(sim: Simulation, enc: EncounterRecord, caster: UnitRecord, target: UnitRecord, data: OffensiveSpellData): UnitRecord[] {
  const near = (r: number, n: number) => participantsOf(sim, enc)
    .filter((u) => u !== target && u !== caster && areEnemies(u, caster) && standing(u) && chebyshev(u, target) <= r
      && (data.radius !== undefined || chebyshev(u, caster) <= data.range))
    .sort((a, b) => chebyshev(a, target) - chebyshev(b, target) || Number(a.id) - Number(b.id)).slice(0, n);
  if (data.radius !== undefined) return near(data.radius, (data.maxTargets ?? AREA_DEFAULT_TARGETS) - 1);
  if (data.extraTargets) return near(1, data.extraTargets);
  return [];
}

/**
 * Casts the offensive spell or ability `spellId` of `caster` at `target` (allowed: spells.ts
 * `castRefusal`), its charge spent (P100-SPELL-05) unless a counterspell interrupts it
 * ({@link counterspell}). Each struck foe (the target, then {@link extraTargetsOf}) takes its own
 * magic attack (spells.ts rules: criticals ×1.5, P100-CRIT-02/03; an area spell's critical failure
 * is a mishap, never a counter-attack); a certain-to-hit ability rolls no attack and deals its
 * damage roll (P100-MASS-19 `auto_hit`). A hit inflicts the spell's status for its turns, ×1.5
 * rounded down on a critical or heroic hit (P100-CRIT-04). A mishap stops the spell.
 * Draw order: per struck foe, as {@link d100Attack} (or the damage roll alone when certain to hit).
 * @returns the first foe's attack (null when interrupted or certain to hit), and whether the turn ends.
 */
export function castAbility(sim: Simulation, enc: EncounterRecord | undefined, caster: UnitRecord, target: UnitRecord, spellId: string, targetCanReach: (t: UnitRecord) => boolean): { first: SimAttack | null; turnEnds: boolean; interrupted: boolean } {
  const me = d100Of(caster);
  const data = OFFENSIVE_SPELLS[spellId] as OffensiveSpellData;
  castSpell(me, spellId, true);
  if (counterspell(sim, caster, spellId)) return { first: null, turnEnds: false, interrupted: true };
  const victims = [target, ...(enc ? extraTargetsOf(sim, enc, caster, target, data) : [])];
  let first: SimAttack | null = null;
  for (const v of victims) {
    if (data.autoHit) {
      const amount = data.damage[1] > 0 ? sim.rng.int(data.damage[0], data.damage[1]) : 0;
      sim.emit({ type: "attack", attackerId: caster.id, targetId: v.id, hit: true, attackRoll: 0, defenceRoll: 0 });
      if (amount > 0) hurt(sim, v, amount, caster.id, "magic");
      if (data.inflicts) inflict(sim, caster, v, spellId, data.inflicts.status, data.inflicts.turns);
      continue;
    }
    const r = d100Attack(sim, caster, v, { mode: "magic", spellDamage: data.damage, duel: me.duel !== null, targetCanReach: targetCanReach(v), noSingleTarget: data.radius !== undefined });
    first ??= r;
    if (r.refused !== null) continue;
    const res = r.result;
    if (res.hit && data.inflicts) {
      const crit = res.kind === "critical" || res.kind === "heroic";
      const turns = data.inflicts.turns > 0 ? critScale(data.inflicts.turns, crit) : data.inflicts.turns;
      inflict(sim, caster, v, spellId, data.inflicts.status, turns);
    }
    if (res.mishap) {
      if (v === target) refundSpell(me, spellId); // Left open FUMBLE: a botched incantation keeps its charge
      return { first, turnEnds: res.turnEnds, interrupted: false };
    }
  }
  return { first, turnEnds: false, interrupted: false };
}

/**
 * The Priest's ward (AI; P100-STATUS-11/12, `D100_WARD`): with its ward charged and able to cast,
 * it wards one ally of the encounter within range (itself included) that is not yet immune and is
 * under a control effect (first) or at half its maximum HP or less (then the lowest HP, then the
 * lowest id): the ally becomes immune for `D100_WARD.turns` of its own turns (no HP loss, control
 * effects suspended). The cast is the main action and may be countered ({@link counterspell}).
 * Emits `spellCast`, then `statusApplied` (or `spellInterrupted`).
 * @returns true when the turn's main action went to it.
 */
export function aiWard(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): boolean {
  const me = d100Of(unit);
  const ward = me.spells.find((s) => s.id === D100_WARD.id);
  if (!ward || ward.charges <= 0 || !canCast(me) || me.lockedSpells.includes(D100_WARD.id) || ts.mainDone) return false;
  const controlled = (u: UnitRecord) => CONTROL_EFFECTS.some((k) => d100Of(u).statuses.some((s) => s.kind === k));
  const ally = participantsOf(sim, enc)
    .filter((u) => !areEnemies(u, unit) && standing(u) && chebyshev(u, unit) <= D100_WARD.range && !hasStatus(d100Of(u), "immune")
      && (controlled(u) || 2 * d100Of(u).hp <= d100Of(u).maxHp))
    .sort((a, b) => Number(controlled(b)) - Number(controlled(a)) || d100Of(a).hp - d100Of(b).hp || Number(a.id) - Number(b.id))[0];
  if (!ally) return false;
  spendAction(ts, "main");
  castSpell(me, D100_WARD.id, true);
  sim.emit({ type: "spellCast", unitId: unit.id, spellId: D100_WARD.id, targetId: ally.id, chargesLeft: ward.charges });
  if (!counterspell(sim, unit, D100_WARD.id)) inflict(sim, unit, ally, D100_WARD.id, "immune", D100_WARD.turns);
  return true;
}

/**
 * P100-STATUS-15 (Left open STATUS: picking the weapon up is a main action on its tile): a unit whose
 * weapon lies on its own tile picks it up, rearmed. Emits `statusApplied` with status "rearmed" (turns 0).
 * @returns true when it picked it up (its main action spent).
 */
export function pickUp(sim: Simulation, unit: UnitRecord, ts: TurnState): boolean {
  const d = d100Of(unit);
  if (!d.droppedWeapon || d.droppedWeapon.x !== unit.x || d.droppedWeapon.y !== unit.y || ts.mainDone) return false;
  spendAction(ts, "main");
  pickUpWeapon(d, unit.x, unit.y);
  sim.emit({ type: "statusApplied", unitId: unit.id, byUnitId: unit.id, spellId: "", status: "rearmed", turns: 0, x: unit.x, y: unit.y });
  return true;
}
