import { D100_WOUND_EVENT_DIVISORS, HEAL_RANGE, type WoundSeverity } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev } from "../../world/grid.ts";
import { attackRefusal, flatModifier, resolveD100Attack, type AttackRefusal, type AttackSituation, type D100AttackResult } from "./attack.ts";
import { hpPool, isAerialFight } from "./air.ts";
import { DEFAULT_D100_OPTIONS, type D100Options } from "./constants.ts";
import { applyDamage, heal, type HpOutcome } from "./hp.ts";
import { d100Of } from "./sheet.ts";
import type { AttackMode, D100Unit } from "./types.ts";
import { standsInCover } from "./cover.ts";
import { isDown } from "./statuses.ts";
import { revealAttacker } from "../awareness.ts";
import { facingToward } from "../../world/movement.ts";
import { setActivity, setTarget } from "../../world/units.ts";
import { markUnit } from "../../changes.ts";

/** The room's d100 options (`SimState.d100Options`, set from the room's `d100` create option), or the defaults. */
export function d100Options(sim: Simulation): D100Options {
  return sim.state.d100Options ?? DEFAULT_D100_OPTIONS;
}

/** The malignus-style severity the `wound` event shows for d100 damage: a quarter / half of the maximum (`D100_WOUND_EVENT_DIVISORS`). */
export function severityOf(amount: number, maxHp: number): WoundSeverity {
  if (D100_WOUND_EVENT_DIVISORS.critical * amount >= maxHp) return "critical";
  if (D100_WOUND_EVENT_DIVISORS.serious * amount >= maxHp) return "serious";
  return "light";
}

/** The unit record whose d100 data is `d`, among `candidates`. */
function recordOf(d: D100Unit, candidates: readonly UnitRecord[]): UnitRecord | undefined {
  return candidates.find((u) => u.d100 === d);
}

/**
 * Keeps the shared fields in step with a d100 outcome and emits `knockedOut` (cause "hitPoints"):
 * a coma (P100-DEATH-01) or a grave wound (P100-DEATH-10) makes the unit "unconscious" (never
 * waking by the clock), a death or banishment (P100-FAMILIAR-10) "dead". Target and walk are cleared.
 * A grave wound then emits `gravelyWounded` as well, also for a dying unit already unconscious
 * (no `knockedOut` then), so a client tells it apart from the dying (P100-DEATH-10 to 12).
 */
export function settle(sim: Simulation, unit: UnitRecord, outcome: HpOutcome): void {
  if (!outcome) return;
  markUnit(sim, unit);
  const dead = outcome === "dead" || outcome === "banished";
  if (dead || unit.activity !== "unconscious") {
    setActivity(sim, unit, dead ? "dead" : "unconscious");
    unit.wakeTick = -1;
    setTarget(sim, unit, "");
    unit.walk = null;
    sim.emit({ type: "knockedOut", unitId: unit.id, outcome: dead ? "dead" : "unconscious", cause: "hitPoints" });
  }
  if (outcome === "traumatised") sim.emit({ type: "gravelyWounded", unitId: unit.id });
}

/** Emits `damaged` and `wound` for HP lost by `unit` (when any) from `sourceId`. */
export function reportDamage(sim: Simulation, unit: UnitRecord, amount: number, sourceId: string, damageType: string, critical: boolean): void {
  if (amount <= 0) return;
  const d = d100Of(unit);
  sim.emit({ type: "damaged", targetId: unit.id, sourceId, amount, damageType, hp: d.hp, critical });
  sim.emit({ type: "wound", targetId: unit.id, sourceId, severity: severityOf(amount, d.maxHp), location: "torso", woundPoints: unit.woundPoints });
}

/**
 * Harm from anything but an attack (a trap, the dying loss, a fall): removes `amount` HP through
 * {@link applyDamage} (immunity, coma, death; 0 HP at moderate or high height kills, P100-AIR-26)
 * and reports it. Harm to a mount comes out of its rider's HP, reported on the rider (P100-AIR-22).
 */
export function hurt(sim: Simulation, unit: UnitRecord, amount: number, sourceId: string, damageType: string): HpOutcome {
  const riderId = unit.d100?.riderId;
  const pool = (riderId && unit.companionOf === riderId ? sim.state.units[riderId] : undefined) ?? unit;
  const d = d100Of(pool);
  const before = d.hp;
  const airborne = d100Of(unit).altitude === "moderate" || d100Of(unit).altitude === "high";
  const r = applyDamage(d, amount, { options: d100Options(sim), airborne, noDyingPhase: d.duel !== null });
  markUnit(sim, pool);
  reportDamage(sim, pool, before - d.hp, sourceId, damageType, false);
  settle(sim, pool, r.outcome);
  linkLives(sim, unit); // P100-AIR-22: a rider and its mount share HP and falls
  return r.outcome;
}

/** How `attacker` would strike `target` now: melee when adjacent, ranged with a ranged weapon at range. */
export function modeFor(attacker: UnitRecord, target: UnitRecord): AttackMode {
  return chebyshev(attacker, target) <= 1 ? "melee" : "ranged";
}

/** What {@link d100Attack} did: the refusal, or the result. */
export type SimAttack = { refused: AttackRefusal } | { refused: null; result: D100AttackResult };

/**
 * One d100 attack in the simulation ({@link resolveD100Attack} with `sim.rng`): refuses (nothing
 * drawn, no event) when {@link attackRefusal} does; otherwise emits `attack` (the attack total and
 * the defence total; in an aerial attack also the natural roll, the flat aerial modifier and the
 * damage roll, P100-AIR-03 to 17), then `damaged`/`wound` and `knockedOut` for the target (or the rider whose
 * HP it shares, P100-AIR-22) and, on a critical failure's counter-attack, for the attacker. The attacker turns
 * to face the target (CMB-10); a hit tells the one struck where its striker is (CMB-05, awareness.ts
 * `revealAttacker`).
 */
export function d100Attack(sim: Simulation, attacker: UnitRecord, target: UnitRecord, sit: Partial<AttackSituation> = {}): SimAttack {
  const a = d100Of(attacker), t = d100Of(target);
  const mode = sit.mode ?? modeFor(attacker, target);
  const refused = attackRefusal(a, t, mode);
  if (refused) return { refused };
  attacker.facing = facingToward(attacker, target, attacker.facing); // CMB-10: the attacker turns to face its target
  const units = Object.values(sim.state.units);
  const pool = hpPool(t, (id) => sim.state.units[id]?.d100);
  const poolUnit = recordOf(pool, units) ?? target;
  const before = pool.hp;
  // P100-PLACE-13/14 (Left open PLACE): a unit on the ground standing on a cover tile is in cover.
  t.inCover = standsInCover(sim, target);
  // Before the attack: a fall changes the target's height.
  const aerial = isAerialFight([a, t]); // P100-AIR-01
  const air = flatModifier(a, t, { ...sit, mode });
  const r = resolveD100Attack(sim.rng, a, t, { ...sit, mode }, d100Options(sim), pool);
  sim.emit({
    type: "attack", attackerId: attacker.id, targetId: target.id, hit: r.hit, attackRoll: r.attackTotal, defenceRoll: r.defenceTotal,
    ...(aerial || t.inCover ? { natural: r.natural, airModifier: air, damageRoll: r.damageRoll } : {}),
    ...(t.inCover ? { cover: true } : {}),
  });
  if (r.hit) reportDamage(sim, poolUnit, before - pool.hp, attacker.id, mode, r.kind === "critical" || r.kind === "heroic");
  // CMB-05: whoever is hit knows where its attacker is, seen or not (encounter turns call this
  // function directly, not through the shared wrapper of rulesets.ts); so does an attacker struck
  // by the counter-attack of a critical failure.
  if (r.hit) revealAttacker(sim, target, attacker);
  settle(sim, poolUnit, r.targetOutcome);
  // The mount shares its rider's fall; only the rider is announced gravely wounded (linkLives).
  if (poolUnit !== target) settle(sim, target, r.targetOutcome === "traumatised" ? "coma" : r.targetOutcome);
  if (r.counterDamage > 0) {
    reportDamage(sim, attacker, r.counterDamage, target.id, "counterAttack", false);
    revealAttacker(sim, attacker, target);
    settle(sim, attacker, r.attackerOutcome);
  }
  // P100-AIR-22: a rider and its mount share their HP and their fall (linkLives below).
  linkLives(sim, target);
  linkLives(sim, attacker);
  return { refused: null, result: r };
}

/**
 * CMB-45 in a d100 room: a dying unit is first stabilised (out of the fight nobody rolls for it,
 * server default), then healed {@link HEAL_RANGE} HP; one brought above 0 HP wakes
 * (P100-DEATH-13). A gravely wounded unit is not healed (P100-DEATH-12). Emits `healed` (and `woke`).
 */
export function healUnit(sim: Simulation, unit: UnitRecord, healerId: string): void {
  // P100-AIR-22: healing a mount heals the HP it shares, its rider's (companions.ts).
  const rider = unit.d100?.riderId && unit.companionOf === unit.d100.riderId ? sim.state.units[unit.d100.riderId] : undefined;
  if (rider) { healUnit(sim, rider, healerId); linkLives(sim, unit); return; }
  const d = d100Of(unit);
  if (d.dead || d.traumatised) return;
  if (d.dying) d.stabilised = true;
  const amount = sim.rng.int(HEAL_RANGE[0], HEAL_RANGE[1]);
  heal(d, amount);
  markUnit(sim, unit);
  sim.emit({ type: "healed", unitId: unit.id, byUnitId: healerId, woundPoints: unit.woundPoints, hp: d.hp });
  if (!d.dying && unit.activity === "unconscious") {
    setActivity(sim, unit, "idle");
    sim.emit({ type: "woke", unitId: unit.id });
  }
}

/**
 * P100-AIR-22 (Left open AIR, linked lives): after a blow on `unit` or its partner, the mount
 * shows the shared pool (the rider's HP and maximum) and shares its rider's state: out of action
 * with it (kept as gravely wounded, so it is never rescued or healed itself) or dead with it,
 * `knockedOut` emitted, and back up when the rider is (`woke`). While mounted, a
 * fall of either brings both to the ground (P100-AIR-16, Left open AIR: one loss, applied to the
 * pool): `altitudeChanged` "fall" for the partner that did not take the blow.
 */
export function linkLives(sim: Simulation, unit: UnitRecord): void {
  const d = unit.d100;
  if (!d) return;
  const rider = d.riderId ? sim.state.units[d.riderId] : d.mountId ? unit : undefined;
  const m = d.riderId ? unit : d.mountId ? sim.state.units[d.mountId] : undefined;
  if (!rider?.d100 || !m?.d100 || m.d100.riderId !== rider.id) return;
  const r = rider.d100, md = m.d100;
  markUnit(sim, rider);
  markUnit(sim, m);
  md.hp = r.hp; md.maxHp = r.maxHp;
  if (r.mountId === m.id && (r.altitude === "ground") !== (md.altitude === "ground")) {
    const partner = unit === m ? rider : m;
    r.altitude = "ground"; md.altitude = "ground";
    sim.emit({ type: "altitudeChanged", unitId: partner.id, altitude: "ground", cause: "fall" });
  }
  // Out with its rider: dead with it, else "gravely wounded" (so nobody tries to rescue or heal the
  // mount itself, and it never loses HP of its own); back up when the rider is.
  const wasDown = isDown(md);
  md.dead = r.dead; md.traumatised = !r.dead && isDown(r); md.dying = false; md.stabilised = false;
  if (!wasDown && isDown(md)) settle(sim, m, md.dead ? "dead" : "coma");
  else if (wasDown && !isDown(md) && m.activity === "unconscious") { setActivity(sim, m, "idle"); sim.emit({ type: "woke", unitId: m.id }); }
}
