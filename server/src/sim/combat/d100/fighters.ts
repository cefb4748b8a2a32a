/**
 * Who fights in a d100 encounter and how one blow lands: standing units ({@link isUp}), swarms
 * ({@link swarmOf}, P100-MASS), foes ({@link d100FoesOf}, the shared encounters/tactics.ts
 * `foesOf`), one weapon attack ({@link strike}, over the shared `strike`), a kill roll on a swarm
 * ({@link strikeSwarm}) and an offensive spell ({@link cast}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev } from "../../world/grid.ts";
import { areEnemies, isActive, setActivity, setTarget } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { encounterOf, participantsOf } from "../encounters/book.ts";
import { foesOf, strike as strikeWith, struckBy as shotOrTarget, type FoeRules } from "../encounters/tactics.ts";
import { attackRefusal } from "./attack.ts";
import { canChargeAt, ignoresGroundObstacles } from "./air.ts";
import { checkDuelOver } from "./duels.ts";
import { areaAbility, attackSwarm, isSwarmCandidate, makeSwarm, multiTargetAbility, singleTargetAbility, swarmCap } from "./mass.ts";
import { d100Attack, settle } from "./resolve.ts";
import { MASS_ABILITY_THRESHOLD, OFFENSIVE_SPELLS, SWARM_RATIO } from "@malignus/shared";
import { d100Of } from "./sheet.ts";
import { rescue } from "./hp.ts";
import { castAbility } from "./abilities.ts";
import { isDown } from "./statuses.ts";
import { castSpell, spendAction, type TurnState } from "./turns.ts";

/** True when the unit stands in the fight (conscious, not dying, dead or gravely wounded). */
export function isUp(unit: UnitRecord): boolean {
  return isActive(unit) && !isDown(d100Of(unit));
}

/** The key swarm members share: species for creatures, class for adventurers (Peasants). */
function swarmKey(u: UnitRecord): string {
  return `${u.faction}/${u.species || u.adventurerClass || u.kind}`;
}

/**
 * P100-MASS-01 (Left open MASS): the standing members of `unit`'s swarm in this encounter, lowest
 * id first, or [] when it fights as an individual. A group becomes a swarm when 6 or more of one
 * kind with max HP ≤ 25 stand together in the encounter, and stays one until destroyed
 * (members carry the swarm's id). Only the lowest-id members up to the swarm's cap engage
 * (P100-MASS-28, mass.ts `swarmCap`: 50 strength per standing foe, 100 when one holds a charged
 * area spell); the list is those engaged.
 */
export function swarmOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord[] {
  const id = `${enc.id}/${swarmKey(unit)}`;
  const me = d100Of(unit);
  const all = participantsOf(sim, enc);
  if (me.swarm !== id) {
    const group = all.filter((u) => swarmKey(u) === swarmKey(unit) && isUp(u));
    if (!isSwarmCandidate(group.map((u) => ({ species: "swarm", maxHp: d100Of(u).maxHp })))) return [];
    for (const u of group) { d100Of(u).swarm = id; d100Of(u).swarmRound = 0; }
  }
  const members = all.filter((u) => d100Of(u).swarm === id && isUp(u)).sort((a, b) => Number(a.id) - Number(b.id));
  // P100-MASS-28 (Left open MASS): the swarm engages at most 50 strength per standing foe of it (100
  // when one has an area spell, `swarmCap`); its other members (the highest ids) hold back until
  // members fall.
  // Issue 20: enmity depends on the sides only (units.ts `areEnemies`), so one member per side
  // answers for the swarm instead of every member for every participant.
  const sides = new Map<string, UnitRecord>();
  for (const m of members) if (!sides.has(m.faction)) sides.set(m.faction, m);
  const prefix = `${enc.id}/`;
  const party = all.filter((u) => {
    if (!isUp(u) || d100Of(u).swarm.startsWith(prefix)) return false;
    for (const m of sides.values()) if (areEnemies(m, u)) return true;
    return false;
  });
  if (party.length === 0) return members;
  const area = party.some((u) => d100Of(u).spells.some((s) => s.charges > 0 && OFFENSIVE_SPELLS[s.id]?.radius !== undefined));
  return members.slice(0, Math.max(1, swarmCap(party.length, area) / SWARM_RATIO));
}

/** Who counts as a foe in d100: standing ({@link isUp}), at its distance in tiles (Chebyshev). */
const D100_FOES: FoeRules = { isUp, distance: (_sim, a, b) => chebyshev(a, b) };

/** Standing foes of `unit` in the encounter, nearest first, then by id. */
export function d100FoesOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord[] {
  return foesOf(sim, enc, unit, D100_FOES);
}

/** True when `unit` fights in mass combat (it or one of its foes belongs to a swarm, P100-MASS-16). */
export function inMassCombat(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): boolean {
  return swarmOf(sim, enc, unit).length > 0 || d100FoesOf(sim, enc, unit).some((f) => swarmOf(sim, enc, f).length > 0);
}

/** Left open MASS: a swarm member killed by a kill roll dies outright (no dying phase for mob members). */
function killMember(sim: Simulation, victim: UnitRecord): void {
  const d = d100Of(victim);
  d.dead = true;
  d.dying = false;
  settle(sim, victim, "dead");
}

/**
 * P100-MASS-06 to 10: `unit` attacks the swarm `members` (of which `target` is one) as a whole
 * with a kill roll, as its main action, killing the members nearest to it.
 * @returns false when the main action was already spent.
 */
export function strikeSwarm(sim: Simulation, unit: UnitRecord, target: UnitRecord, members: UnitRecord[], ts: TurnState): boolean {
  if (spendAction(ts, "main") !== null) return false;
  setActivity(sim, unit, "fighting");
  const swarm = makeSwarm(members.length);
  const r = attackSwarm(sim.rng, d100Of(unit), swarm);
  const nearest = [...members].sort((a, b) => chebyshev(unit, a) - chebyshev(unit, b) || Number(a.id) - Number(b.id));
  sim.emit({ type: "attack", attackerId: unit.id, targetId: target.id, hit: r.kills > 0, attackRoll: r.roll, defenceRoll: 0 });
  for (const victim of nearest.slice(0, r.kills)) killMember(sim, victim);
  return true;
}

/**
 * Casts the offensive spell or ability `spellId` (allowed: spells.ts `castRefusal`) as the main
 * action; emits `spellCast`, then abilities.ts `castAbility` resolves it (a counterspell, area and
 * extra targets, statuses, P100-STATUS, P100-CRIT-03/04). In a duel, checks whether it ended.
 */
export function cast(sim: Simulation, unit: UnitRecord, target: UnitRecord, spellId: string, ts: TurnState): void {
  spendAction(ts, "main");
  setActivity(sim, unit, "fighting");
  setTarget(sim, unit, target.id);
  const spell = d100Of(unit).spells.find((s) => s.id === spellId);
  sim.emit({ type: "spellCast", unitId: unit.id, spellId, targetId: target.id, chargesLeft: Math.max(0, (spell?.charges ?? 1) - 1) });
  const enc = encounterOf(sim, unit.id);
  const r = castAbility(sim, enc, unit, target, spellId, (v) => canStrikeBack(v, unit));
  if (r.turnEnds) ts.over = true;
  if (d100Of(unit).duel) checkDuelOver(sim, unit);
}

/**
 * P100-MASS-18 to 26: `unit` uses its offensive spell or ability `spellId` on the swarm `members`
 * (of which `target` is one) as its main action, its charge spent: a certain-to-hit single-target
 * ability kills exactly one (P100-MASS-19, mass.ts `singleTargetAbility`); an area spell rolls a
 * d100 per targeted enemy (its `maxTargets`, P100-MASS-20 to 24, `areaAbility`) and a
 * multi-target one a d100 for its primary target (P100-MASS-25/26, `multiTargetAbility`), above
 * 50 killing; any other single-target ability cannot be used ("singleTarget", nothing spent,
 * P100-MASS-18). The targeted members are `target` first, then the others nearest to `unit` (ties:
 * lower id first); P100-MASS-21/23: an area spell's i-th d100 is the i-th targeted member's own
 * roll, and exactly the members whose roll is above 50 die. Emits `spellCast`, then per targeted
 * member an `attack` (targetId that member, attackRoll its own d100, hit whether it dies; 0 for a
 * certain hit and for a multi-target ability's additional targets, killed with their primary)
 * followed by its death.
 * @returns null when used, else the refusal.
 */
export function castAtSwarm(sim: Simulation, unit: UnitRecord, target: UnitRecord, members: UnitRecord[], spellId: string, ts: TurnState): "singleTarget" | null {
  const data = OFFENSIVE_SPELLS[spellId];
  if (!data) return "singleTarget";
  const area = data.radius !== undefined, multi = (data.extraTargets ?? 0) > 0;
  if (!area && !multi && !data.autoHit) return "singleTarget"; // P100-MASS-18: the rule's only check
  spendAction(ts, "main");
  setActivity(sim, unit, "fighting");
  const me = d100Of(unit);
  castSpell(me, spellId, true);
  const spell = me.spells.find((s) => s.id === spellId);
  sim.emit({ type: "spellCast", unitId: unit.id, spellId, targetId: target.id, chargesLeft: spell?.charges ?? 0 });
  const swarm = makeSwarm(members.length);
  const r = area ? areaAbility(sim.rng, swarm, data.maxTargets) : multi ? multiTargetAbility(sim.rng, swarm, data.extraTargets ?? 0)
    : singleTargetAbility(swarm);
  const others = members.filter((m) => m !== target).sort((a, b) => chebyshev(unit, a) - chebyshev(unit, b) || Number(a.id) - Number(b.id));
  const targeted = [target, ...others];
  // Each targeted member's own roll (0: no roll, killed outright) and whether it dies.
  const fates: [UnitRecord, number, boolean][] = !("rolls" in r) ? targeted.slice(0, r.kills).map((m) => [m, 0, true])
    : area ? r.rolls.map((roll, i) => [targeted[i]!, roll, roll > MASS_ABILITY_THRESHOLD])
    : [[target, r.rolls[0]!, r.kills > 0], ...targeted.slice(1, r.kills).map((m): [UnitRecord, number, boolean] => [m, 0, true])];
  for (const [member, roll, dies] of fates) {
    sim.emit({ type: "attack", attackerId: unit.id, targetId: member.id, hit: dies, attackRoll: roll, defenceRoll: 0 });
    if (dies) killMember(sim, member);
  }
  return null;
}

/** True when the unit flies at moderate or high height (out of melee reach of the ground, P100-AIR-04). */
export function aloft(u: UnitRecord): boolean {
  const a = d100Of(u).altitude;
  return a === "moderate" || a === "high";
}

/**
 * One weapon attack of `unit` on `target` as the turn's main action (P100-BASE-07 to 13): the shot
 * may strike a body in the way (CMB-14); a flyer's charge after `moved` tiles (P100-AIR-14/15); a
 * fall is reported (P100-AIR-16); a mishap ends the turn (P100-FUMBLE-04/05); in a duel, checks
 * whether it ended (P100-DUEL-18). Nothing when the main action is spent.
 */
export function strike(sim: Simulation, unit: UnitRecord, target: UnitRecord, ts: TurnState, mode: "melee" | "ranged", moved: number): void {
  const me = d100Of(unit);
  const duel = me.duel !== null;
  if (spendAction(ts, "main") !== null) return;
  setTarget(sim, unit, target.id);
  const charge = mode === "melee" && canChargeAt(me, d100Of(target), moved);
  strikeWith(sim, unit, target, shoots(unit, mode), (struck) => {
    const r = d100Attack(sim, unit, struck, { mode, duel, charge, targetCanReach: canStrikeBack(struck, unit) });
    if (r.refused === null && r.result.fell) {
      sim.emit({ type: "altitudeChanged", unitId: struck.id, altitude: d100Of(struck).altitude, cause: "fall" });
    }
    if (r.refused === null && r.result.turnEnds) ts.over = true;
  });
  if (duel) checkDuelOver(sim, unit);
}

/**
 * Left open FUMBLE (the counter-attack needs a target reaching the attacker): whether `target` could
 * attack `attacker` right now: in melee when adjacent and at the same reach (not between the ground
 * and moderate or high height, P100-AIR-04; flyers at one height, P100-AIR-13), else with a ranged
 * weapon within its range.
 */
export function canStrikeBack(target: UnitRecord, attacker: UnitRecord): boolean {
  const t = d100Of(target), a = d100Of(attacker);
  const apart = aloft(target) !== aloft(attacker) || (t.altitude !== "ground" && a.altitude !== "ground" && t.altitude !== a.altitude);
  const d = chebyshev(target, attacker);
  const mode = d <= 1 && !apart ? "melee" : "ranged";
  if (mode === "ranged" && d > t.range) return false;
  return attackRefusal(t, a, mode) === null;
}

/**
 * CMB-14 (always on): who a `mode` attack of `unit` on `target` strikes. A ranged shot may strike a
 * standing body on its path instead (the shared `shotTaker`, drawn before the attack roll),
 * except a shot from moderate or high height, which passes over the ground like its line of fire
 * (P100-AIR-24, server choice). A melee blow strikes its target.
 */
export function struckBy(sim: Simulation, unit: UnitRecord, target: UnitRecord, mode: "melee" | "ranged"): UnitRecord {
  return shotOrTarget(sim, unit, target, shoots(unit, mode));
}

/** True when a `mode` attack of `unit` is a shot along the ground (a ranged one not from moderate or high height, P100-AIR-24). */
function shoots(unit: UnitRecord, mode: "melee" | "ranged"): boolean {
  return mode === "ranged" && !ignoresGroundObstacles(d100Of(unit), mode);
}

/** P100-DEATH-03 to 08 (the rescuer's action spent): `rescuer` attempts to rescue the dying `patient`; emits `rescue` with the roll. */
export function attemptRescue(sim: Simulation, rescuer: UnitRecord, patient: UnitRecord): void {
  const r = rescue(sim.rng, d100Of(rescuer), d100Of(patient), true);
  if (typeof r !== "string") sim.emit({ type: "rescue", unitId: patient.id, byUnitId: rescuer.id, roll: r.roll, needed: r.needed, success: r.success });
}
