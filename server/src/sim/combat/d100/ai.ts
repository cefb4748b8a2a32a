/**
 * The d100 AI (P100-BASE-06 to 14, Left open BASE): what a unit does on its turn when no player
 * plans it, or with what is left of a player's open turn ({@link d100AiTurn}), and the surprise
 * attacks before a fight's first turn ({@link surpriseAttacks}).
 */
import { SWARM_RATIO } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev } from "../../world/grid.ts";
import { areEnemies } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { hasLineOfFire } from "../perception.ts";
import { orderedBodyInReach, orderedKillingBlow } from "../unconscious.ts";
import { changeHeight, ignoresGroundObstacles, takeOff } from "./air.ts";
import { duelOpponent } from "./duels.ts";
import { aloft, attemptRescue, cast, d100FoesOf, healWithSpell, isUp, strike, strikeSwarm, struckBy, swarmOf } from "./fighters.ts";
import { splitSwarm, swarmStrike } from "./mass.ts";
import { d100Attack, d100Options, settle } from "./resolve.ts";
import { d100Of, HEAL_SPELL } from "./sheet.ts";
import { aiSpellTarget } from "./spells.ts";
import { canAct, canCast } from "./statuses.ts";
import { castSpell, moveAllowance, spendAction, type TurnState } from "./turns.ts";
import { riderManoeuvre } from "./companionSteps.ts";
import { moveToward, stepAway } from "./walking.ts";

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
    if (isUp(opponent) && !aiCast(sim, unit, [opponent], ts)) fight(sim, enc, unit, opponent, ts);
    return;
  }
  if (participantsOf(sim, enc).some((u) => d100Of(u).duel !== null)) return; // P100-DUEL-03
  if (care(sim, enc, unit, ts)) return;
  if (aiCast(sim, unit, d100FoesOf(sim, enc, unit).filter((f) => swarmOf(sim, enc, f).length === 0), ts)) return;
  // CMB-47: the keeper's order on an unconscious body next to it, as the turn's main action.
  if (orderedBodyInReach(sim, unit) && spendAction(ts, "main") === null) { orderedKillingBlow(sim, unit); return; }
  const target = d100FoesOf(sim, enc, unit)[0];
  if (target) {
    const theirSwarm = swarmOf(sim, enc, target);
    if (theirSwarm.length > 0) {
      if (chebyshev(unit, target) > 1 && !unit.gear.ranged) moveToward(sim, enc, unit, target, ts, true);
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
  for (const id of [...enc.order]) {
    const u = sim.state.units[id];
    if (!u || !d100Of(u).surprise) continue;
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
  const ranged = me.hasRangedWeapon;
  const apart = aloft(unit) !== aloft(target) || (me.altitude !== "ground" && d100Of(target).altitude !== "ground" && me.altitude !== d100Of(target).altitude);
  const dist = chebyshev(unit, target);
  let moved = 0;
  if (!ts.moved) {
    if (ranged && dist <= 1 && !apart) moved = stepAway(sim, enc, unit, target, ts);
    else if (!ranged && dist > 1) moved = moveToward(sim, enc, unit, target, ts, false);
    else if (ranged && dist > me.range) moved = moveToward(sim, enc, unit, target, ts, false);
  }
  if (!isUp(unit) || !isUp(target)) return;
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
  targets.forEach((t, i) => {
    const strength = groups[i] ?? 0;
    if (strength <= 0 || !isUp(t)) return;
    const before = d100Of(t).hp;
    const r = swarmStrike(sim.rng, strength, d100Of(t), true, d100Options(sim));
    sim.emit({ type: "attack", attackerId: leader.id, targetId: t.id, hit: r.hit, attackRoll: r.attackRoll, defenceRoll: r.defenceRoll });
    if (r.hit) {
      sim.emit({ type: "damaged", targetId: t.id, sourceId: leader.id, amount: before - d100Of(t).hp, damageType: "swarm", hp: d100Of(t).hp, critical: false });
      settle(sim, t, r.outcome);
    }
  });
  for (const m of members) if (m.walk) m.walk = null;
}
