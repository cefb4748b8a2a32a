import type { CombatRuleset } from "../ruleset.ts";
import { CHECK_STAT, TRAP_RESIST_DAMAGE_DIVISOR } from "../ruleset.ts";
import { D20, D20_CHECK_BASE_DC, HEAL_DICE } from "@malignus/shared";
import { parseDice, rollDice } from "./dice.ts";
import { damageTaken, SHARED_TO_D20_DAMAGE } from "./damage.ts";
import { defenceOf, healUnit, hurt, resolveD20Attack } from "./resolve.ts";
import { d20Of, sheetFor } from "./sheet.ts";
import { encounterOf, noteReaction } from "../encounters/book.ts";
import { STATUS_KINDS } from "./statuses.ts";
import { isUnconscious, showsWounds } from "./hp.ts";
import { d20PartyArrived } from "./companions.ts";

/**
 * The `d20` ruleset (../shared/rules/d20.md): hit points, AC, d20 attack rolls, damage types,
 * death saves, and fights in rounds (timing "rounds": the fight system hands over to
 * combat/encounters/). Per-unit data lives on `UnitRecord.d20` ({@link sheetFor}).
 */
export const d20Ruleset: CombatRuleset = {
  id: "d20",
  timing: "rounds",
  /**
   * A check: 1d20 + the stat + bonus against {@link D20_CHECK_BASE_DC} + difficulty; a natural 20
   * always succeeds and a natural 1 always fails (critical, TRAP-36).
   */
  check(sim, unit, kind, difficulty, bonus) {
    const roll = sim.rng.die(D20);
    const total = roll + unit.stats[CHECK_STAT[kind]] + bonus;
    if (roll === 1) return { success: false, critical: "failure", roll, total };
    if (roll === D20) return { success: true, critical: "success", roll, total };
    return { success: total >= D20_CHECK_BASE_DC + difficulty, critical: null, roll, total };
  },
  /**
   * One attack (see `resolveD20Attack`). Inside an encounter the target's defence counts as its
   * reaction for the round; outside encounters nothing is played in rounds, so reactions are not kept.
   */
  attack(sim, attacker, target) {
    const enc = encounterOf(sim, target.id);
    const t = d20Of(target), a = d20Of(attacker);
    const before = { t: t.reactionUsed, a: a.reactionUsed };
    const r = resolveD20Attack(sim, attacker, target, enc ? { onReaction: (id) => noteReaction(enc, id) } : {});
    if (!enc) { t.reactionUsed = before.t; a.reactionUsed = before.a; }
    return { hit: r.hit };
  },
  /**
   * A trap's harm: the trap table's `d20Damage` dice (none → nothing; halved, rounding down, when
   * the victim resisted, KNOW-26), its damage type, through resistance. D20-DAMAGE-04: an effect
   * that damages several creatures at once (a trap firing on every victim in its radius, a
   * lingering cloud's pulse) rolls its dice once: the firing site hands every victim the same
   * `harm.roll`, rolled here for the first victim and read for the others.
   */
  harm(sim, target, sourceId, harm) {
    if (!harm.d20Damage) return;
    const type = SHARED_TO_D20_DAMAGE[harm.damageType];
    const dice = harm.d20Damage;
    const shared = harm.roll;
    const rolled = shared?.total ?? rollDice(sim.rng, parseDice(dice));
    if (shared) shared.total = rolled;
    const amount = damageTaken(harm.resisted ? Math.floor(rolled / TRAP_RESIST_DAMAGE_DIVISOR) : rolled, type, defenceOf(sim, target)); // KNOW-26
    hurt(sim, target, amount, type, sourceId);
  },
  isOutOfFight(unit) {
    if (unit.activity === "unconscious" || unit.activity === "dead" || unit.activity === "captured" || unit.activity === "left") return true;
    const d = d20Of(unit);
    return d.dead || isUnconscious(d);
  },
  initUnit(_sim, unit) {
    unit.d20 = sheetFor(unit);
  },
  describe(unit) {
    const d = d20Of(unit);
    return { model: "hitPoints", value: d.hp, max: d.maxHp };
  },
  heal(sim, healer, target) {
    healUnit(sim, target, rollDice(sim.rng, HEAL_DICE), healer);
  },
  /**
   * d20move: the unit's d20 statuses for clients (prone, squeezing, grappled…), once each, in
   * STATUS_KINDS order; then "wounded" while it shows visible wounds (D20-HP-03, D20-HP-04:
   * HP below half the maximum, `showsWounds`; not when dead).
   */
  statuses(unit) {
    const d = d20Of(unit);
    const on = new Set(d.statuses.map((s) => s.kind));
    const out: string[] = STATUS_KINDS.filter((k) => on.has(k));
    if (!d.dead && showsWounds(d)) out.push("wounded");
    return out;
  },
  /** d20finish: members learn their class spells; a class mount (the Skyrider's griffon) comes ridden (companions.ts). */
  partyArrived(sim, party) {
    d20PartyArrived(sim, party);
  },
};
