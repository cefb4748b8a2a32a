/**
 * The d100 AI (P100-BASE-06 to 14, Left open BASE): what a unit does on its turn when no player
 * plans it, or with what is left of a player's open turn ({@link d100AiTurn}), and the surprise
 * attacks before a fight's first turn ({@link surpriseAttacks}).
 */
import { healWithSpell } from "./healing.ts";
import { OFFENSIVE_SPELLS, SWARM_RATIO } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev, isWalkable } from "../../world/grid.ts";
import { areEnemies, setActivity } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { hasLineOfFire } from "../perception.ts";
import { orderedBodyInReach, orderedKillingBlow } from "../unconscious.ts";
import { changeHeight, ignoresGroundObstacles, takeOff } from "./air.ts";
import { duelOpponent } from "./duels.ts";
import { aloft, attemptRescue, cast, castAtSwarm, d100FoesOf, isUp, strike, strikeSwarm, struckBy, swarmOf } from "./fighters.ts";
import { splitSwarm, swarmStrike } from "./mass.ts";
import { d100Attack, d100Options, settle } from "./resolve.ts";
import { d100Of, HEAL_SPELL } from "./sheet.ts";
import { aiSpellTarget, offensiveSpellOf } from "./spells.ts";
import { canAct, canAttack, canCast, hasStatus } from "./statuses.ts";
import { castSpell, moveAllowance, spendAction, surpriseOrder, type TurnState } from "./turns.ts";
import { riderManoeuvre } from "./companionSteps.ts";
import { moveToward, stepAway, walk, walkOrGuard } from "./walking.ts";
import { aiWard, pickUp } from "./abilities.ts";
import { reachableTiles } from "./options.ts";
import { canFleeSwarm } from "./mass.ts";
import { canIntervene } from "./duel.ts";
import { badlyHurt } from "../../invasions/fleeing.ts";

/**
 * The AI's play of a d100 turn (steps 3 to 7 of encounter.ts `takeD100Turn`; the skeleton ends
 * the turn afterwards): a swarm acts once a round (P100-MASS-11 to 15); a duellist fights its
 * opponent (P100-DUEL-09 to 18) and others in a duel's encounter pass (P100-DUEL-03); a trained
 * rescuer cares for its side ({@link care}); a charged offensive spell is cast ({@link aiCast});
 * an ordered killing blow is struck (CMB-47); else it attacks the nearest foe (a swarm with a
 * kill roll, P100-MASS-06 to 10; anyone else by {@link fight}).
 */
export function d100AiTurn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): void {
  const mySwarm = swarmOf(sim, enc, unit);
  if (mySwarm.length > 0) {
    if (!mySwarm.some((m) => d100Of(m).swarmRound === enc.round)) {
      for (const m of mySwarm) d100Of(m).swarmRound = enc.round;
      swarmTurn(sim, enc, mySwarm, unit);
    }
    return;
  }
  const opponent = duelOpponent(sim, unit);
  if (opponent) {
    if (isUp(opponent) && !duelSelfHeal(sim, unit, ts) && !aiCast(sim, unit, [opponent], ts)) fight(sim, enc, unit, opponent, ts);
    return;
  }
  const duel = participantsOf(sim, enc).find((u) => d100Of(u).duel !== null);
  if (duel && !canIntervene(unit.id, [duel.id, d100Of(duel).duel?.opponentId ?? ""])) return; // P100-DUEL-03
  if (care(sim, enc, unit, ts)) return;
  if (rearm(sim, enc, unit, ts)) return; // P100-STATUS-15
  if (aiWard(sim, enc, unit, ts)) return; // P100-STATUS-11/12
  if (aiCast(sim, unit, d100FoesOf(sim, enc, unit).filter((f) => swarmOf(sim, enc, f).length === 0), ts)) return;
  // CMB-47: the keeper's order on an unconscious body next to it, as the turn's main action.
  if (orderedBodyInReach(sim, unit) && spendAction(ts, "main") === null) { orderedKillingBlow(sim, unit); return; }
  const target = d100FoesOf(sim, enc, unit)[0];
  if (target) {
    const theirSwarm = swarmOf(sim, enc, target);
    if (theirSwarm.length > 0) {
      if (fleeSwarm(sim, enc, unit, theirSwarm, ts)) return; // P100-MASS-17
      if (swarmAbility(sim, unit, target, theirSwarm, ts)) return; // P100-MASS-19 to 26
      if (chebyshev(unit, target) > 1 && !unit.gear.ranged) moveToward(sim, enc, unit, target, ts, true);
      if (isUp(unit) && !ts.mainDone && swarmAbility(sim, unit, target, theirSwarm, ts)) return;
      if (isUp(unit) && (unit.gear.ranged || chebyshev(unit, target) <= 1)) strikeSwarm(sim, unit, target, theirSwarm, ts);
    } else {
      fight(sim, enc, unit, target, ts);
    }
  }
}

/**
 * P100-BASE-01 to 03 (Left open BASE): before the first turn, every participant owed a surprise
 * attack makes it, in initiative order, against its nearest standing foe in reach (adjacent, or
 * within its ranged weapon's range and line of fire): an ordinary attack roll, the target's dodge at −20, outside
 * the attacker's turn.
 */
export function surpriseAttacks(sim: Simulation, enc: EncounterRecord): void {
  const owed = new Set(enc.order.filter((id) => sim.state.units[id]?.d100?.surprise === true));
  for (const id of surpriseOrder(enc.order, owed)) {
    const u = sim.state.units[id];
    if (!u) continue;
    d100Of(u).surprise = false;
    const me = d100Of(u);
    if (!isUp(u) || !canAct(me)) continue;
    const target = d100FoesOf(sim, enc, u).find((f) => chebyshev(u, f) <= 1 || (me.hasRangedWeapon && chebyshev(u, f) <= me.range
      && (ignoresGroundObstacles(me, "ranged") || hasLineOfFire(sim.state.map, u, f))));
    if (!target) continue;
    const mode = chebyshev(u, target) <= 1 ? "melee" : "ranged";
    d100Attack(sim, u, struckBy(sim, u, target, mode), { mode, surprise: true, outOfTurn: true });
  }
}

/**
 * P100-SPELL-01 to 05 (AI, Left open SPELL): a unit with a charged offensive spell casts it, as
 * its main action and without moving, at the best target among `foes` it can strike from where it
 * stands (spells.ts `aiSpellTarget`: most HP left, then nearest, then lowest id). Emits
 * `spellCast` then the attack's events; in a duel, checks whether it ended.
 * @returns true when it cast.
 */
function aiCast(sim: Simulation, unit: UnitRecord, foes: readonly UnitRecord[], ts: TurnState): boolean {
  if (ts.mainDone) return false;
  const pick = aiSpellTarget(sim, unit, foes);
  if (!pick) return false;
  cast(sim, unit, pick.target, pick.spell.id, ts);
  return true;
}

/** P100-DUEL-13 (server choice): the share of its duel maximum HP at or below which a healer duellist heals itself. */
const DUEL_SELF_HEAL_SHARE = 0.5;

/**
 * P100-DUEL-13 (AI): a healer duellist at or below {@link DUEL_SELF_HEAL_SHARE} of its duel maximum
 * HP, its healing spell charged and able to cast, heals itself as its main action (its only ally
 * in the duel; halved there, healing.ts `healWithSpell`). Emits `healed`.
 * @returns true when it healed.
 */
function duelSelfHeal(sim: Simulation, unit: UnitRecord, ts: TurnState): boolean {
  const me = d100Of(unit);
  if (ts.mainDone || me.role !== "healer" || !me.duel || !canCast(me) || me.hp > DUEL_SELF_HEAL_SHARE * me.maxHp) return false;
  if (typeof castSpell(me, HEAL_SPELL, true) === "string") return false; // no healing spell, or no charge (P100-SPELL-05)
  spendAction(ts, "main");
  healWithSpell(sim, unit, unit);
  return true;
}

/**
 * A trained rescuer's care for its side (AI; P100-DEATH-03 to 08, 13): a healer with its healing
 * spell charged heals an adjacent stabilised ally (P100-SPELL-05; halved in a duel, P100-DUEL-13),
 * bringing it back above 0 HP; otherwise a trained rescuer (healer role or first aid) goes to the
 * nearest dying, unstabilised ally within its move and attempts the rescue as its main action
 * (d100 above 50, P100-DEATH-07). Emits `rescue`, `healed` and `woke`.
 * @returns true when the turn went to care.
 */
function care(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): boolean {
  const me = d100Of(unit);
  if (!me.firstAider) return false;
  const allies = Object.values(sim.state.units).filter((u) => u !== unit && !areEnemies(u, unit) && d100Of(u).dying && !d100Of(u).dead)
    .sort((a, b) => chebyshev(unit, a) - chebyshev(unit, b) || Number(a.id) - Number(b.id));
  const healable = allies.find((u) => d100Of(u).stabilised && chebyshev(unit, u) <= 1);
  if (healable && me.spells.some((s) => s.id === HEAL_SPELL && s.charges > 0) && canCast(me)) {
    castSpell(me, HEAL_SPELL, true);
    spendAction(ts, "main");
    healWithSpell(sim, unit, healable);
    return true;
  }
  const patient = allies.find((u) => !d100Of(u).stabilised && chebyshev(unit, u) <= 1 + moveAllowance(me, false));
  if (!patient) return false;
  if (chebyshev(unit, patient) > 1) moveToward(sim, enc, unit, patient, ts, false);
  if (!isUp(unit) || chebyshev(unit, patient) > 1 || spendAction(ts, "main") !== null) return true;
  attemptRescue(sim, unit, patient);
  return true;
}

/**
 * Aerial manoeuvres before an attack (Left open AIR, AI): a flyer on the ground takes off
 * (the whole turn, P100-AIR-20); a flyer fighting another flyer climbs or drops one level toward
 * it (P100-AIR-13, the move action, P100-AIR-21); a flyer with a ranged weapon climbs from low to
 * moderate height against ground targets (+20 to its attacks, out of their melee, P100-AIR-04/07),
 * and one without drops back to low height to strike in melee.
 * @returns true when the turn is spent.
 */
function manoeuvre(sim: Simulation, unit: UnitRecord, target: UnitRecord, ts: TurnState): boolean {
  const me = d100Of(unit), t = d100Of(target);
  if (me.mountId) return riderManoeuvre(sim, unit, target, ts); // a rider flies its mount (companionSteps.ts)
  if (!me.flyer || me.mountId) return false;
  if (me.altitude === "ground") {
    if (takeOff(me, ts) === null) sim.emit({ type: "altitudeChanged", unitId: unit.id, altitude: me.altitude, cause: "takeOff" });
    return true;
  }
  const level = (a: string) => ["ground", "low", "moderate", "high"].indexOf(a);
  let dir: 1 | -1 | 0 = 0;
  if (t.altitude !== "ground") dir = level(t.altitude) > level(me.altitude) ? 1 : level(t.altitude) < level(me.altitude) ? -1 : 0;
  else if (me.hasRangedWeapon && me.altitude === "low") dir = 1;
  else if (!me.hasRangedWeapon && me.altitude !== "low") dir = -1;
  if (dir !== 0 && changeHeight(me, ts, dir) === null) {
    sim.emit({ type: "altitudeChanged", unitId: unit.id, altitude: me.altitude, cause: dir > 0 ? "climb" : "descend" });
  }
  return false;
}

/** Steps 6 and 7 of encounter.ts `takeD100Turn`: fly into place ({@link manoeuvre}), move (toward, or a shooter away, P100-PLACE-06) before the attack (P100-BASE-08), then one attack if in reach and line of fire (CMB-11 to CMB-13, P100-AIR-24). */
export function fight(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, ts: TurnState): void {
  const me = d100Of(unit);
  if (manoeuvre(sim, unit, target, ts)) return;
  const apart = aloft(unit) !== aloft(target) || (me.altitude !== "ground" && d100Of(target).altitude !== "ground" && me.altitude !== d100Of(target).altitude);
  // P100-STATUS-13: a disarmed archer fights in melee; P100-PLACE-03/04: a melee class throws its sidearm only
  // at a foe its melee cannot reach.
  const ranged = me.hasRangedWeapon && !hasStatus(me, "disarmed") && (me.placement !== "melee" || apart);
  const dist = chebyshev(unit, target);
  let moved = 0;
  if (!ts.moved) {
    if (ranged && dist <= 1 && !apart) moved = stepAway(sim, enc, unit, target, ts);
    else if (!ranged && dist > 1) moved = moveToward(sim, enc, unit, target, ts, false);
    else if (ranged && dist > me.range) moved = moveToward(sim, enc, unit, target, ts, false);
  }
  if (!isUp(unit) || !isUp(target)) return;
  // A melee ability (a troll's maul, a wolf's hamstring…) once next to the target (Left open SPELL).
  if (!ts.mainDone && offensiveSpellOf(unit) && OFFENSIVE_SPELLS[offensiveSpellOf(unit)?.id ?? ""]?.range === 1 && aiCast(sim, unit, [target], ts)) return;
  const d = chebyshev(unit, target);
  const mode = d <= 1 && !apart ? "melee" : "ranged";
  if (mode === "ranged" && (!ranged || d > me.range)) return;
  // CMB-11 to CMB-13 line of fire, except from moderate or high height (P100-AIR-24).
  if (mode === "ranged" && !ignoresGroundObstacles(me, mode) && !hasLineOfFire(sim.state.map, unit, target)) return;
  strike(sim, unit, target, ts, mode, moved);
}

/** The swarm's turn (P100-MASS-11 to 15): split among the engaged foes (within 1 tile of a member, else the nearest). */
function swarmTurn(sim: Simulation, enc: EncounterRecord, members: UnitRecord[], leader: UnitRecord): void {
  const foes = d100FoesOf(sim, enc, leader);
  const engaged = foes.filter((f) => members.some((m) => chebyshev(m, f) <= 1));
  const targets = engaged.length > 0 ? engaged : foes.slice(0, 1);
  const groups = splitSwarm({ strength: SWARM_RATIO * members.length }, targets.length);
  // P100-MASS-12: only ground-based melee creatures get in each other's way (the 80 cap): a swarm whose
  // leader flies or carries a ranged weapon is not crowding-capped.
  const lead = d100Of(leader);
  const groundMelee = lead.altitude === "ground" && !lead.flyer && !lead.hasRangedWeapon;
  targets.forEach((t, i) => {
    const strength = groups[i] ?? 0;
    if (strength <= 0 || !isUp(t)) return;
    const before = d100Of(t).hp;
    const r = swarmStrike(sim.rng, strength, d100Of(t), groundMelee, d100Options(sim));
    sim.emit({ type: "attack", attackerId: leader.id, targetId: t.id, hit: r.hit, attackRoll: r.attackRoll, defenceRoll: r.defenceRoll });
    if (r.hit) {
      sim.emit({ type: "damaged", targetId: t.id, sourceId: leader.id, amount: before - d100Of(t).hp, damageType: "swarm", hp: d100Of(t).hp, critical: false });
      settle(sim, t, r.outcome);
    }
  });
  for (const m of members) if (m.walk) m.walk = null;
}

/**
 * P100-STATUS-15 (AI, Left open STATUS): a disarmed unit whose weapon lies within its move walks
 * there (when not on it) and picks it up as its main action (abilities.ts `pickUp`).
 * @returns true when the turn went to it.
 */
function rearm(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): boolean {
  const me = d100Of(unit);
  const spot = me.droppedWeapon;
  if (!spot || ts.mainDone) return false;
  if (spot.x !== unit.x || spot.y !== unit.y) {
    const way = reachableTiles(sim, unit, moveAllowance(me, false)).find((t) => t.x === spot.x && t.y === spot.y);
    if (!way || ts.moved) return false;
    walkOrGuard(sim, enc, unit, way.path, ts, false);
  }
  return isUp(unit) && pickUp(sim, unit, ts);
}

/**
 * P100-MASS-19 to 26 (AI): against a swarm, a unit whose charged offensive spell or ability may be
 * used on it (area, multi-target or certain to hit, fighters.ts `castAtSwarm`) and reaches the
 * targeted member (its range, and able to attack and cast) uses it instead of a kill roll.
 * @returns true when it used it.
 */
function swarmAbility(sim: Simulation, unit: UnitRecord, target: UnitRecord, members: UnitRecord[], ts: TurnState): boolean {
  const me = d100Of(unit);
  if (ts.mainDone || !canAttack(me) || !canCast(me)) return false;
  const spell = me.spells.find((s) => {
    const data = OFFENSIVE_SPELLS[s.id];
    return data && !s.passive && s.charges > 0 && !me.lockedSpells.includes(s.id) && chebyshev(unit, target) <= data.range
      && (data.radius !== undefined || (data.extraTargets ?? 0) > 0 || data.autoHit === true);
  });
  return spell !== undefined && castAtSwarm(sim, unit, target, members, spell.id, ts) === null;
}

/**
 * P100-MASS-17 (AI, Left open MASS "surrounded"): a badly hurt adventurer (invasions/fleeing.ts
 * `badlyHurt`: 60% of its HP lost) fighting a swarm flees, walking up to its move straight away
 * from the swarm's nearest member (no opportunity attacks in mass combat, P100-MASS-16), unless it
 * is surrounded (mass.ts `canFleeSwarm`: all 8 neighbours swarm members or impassable, or engaged
 * by 80 strength or more), when it fights on.
 * @returns true when it fled.
 */
function fleeSwarm(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, members: UnitRecord[], ts: TurnState): boolean {
  if (unit.kind !== "adventurer" || !badlyHurt(sim, unit) || ts.moved || ts.mainDone) return false;
  const map = sim.state.map;
  const swarmAt = new Set(members.map((m) => m.y * map.width + m.x));
  let blocked = 0;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    if (dx === 0 && dy === 0) continue;
    const x = unit.x + dx, y = unit.y + dy;
    if (!isWalkable(map, x, y) || swarmAt.has(y * map.width + x)) blocked += 1;
  }
  const engaged = SWARM_RATIO * members.filter((m) => chebyshev(m, unit) <= 1).length;
  if (!canFleeSwarm(blocked, engaged)) return false;
  const away = (p: { x: number; y: number }) => Math.min(...members.map((m) => chebyshev(m, p)));
  const best = reachableTiles(sim, unit, moveAllowance(d100Of(unit), false))
    .sort((a, b) => away(b) - away(a) || a.steps - b.steps || a.y - b.y || a.x - b.x)[0];
  if (!best || away(best) <= away(unit)) return false;
  setActivity(sim, unit, "fleeing");
  walk(sim, enc, unit, best.path, ts, true);
  return true;
}
