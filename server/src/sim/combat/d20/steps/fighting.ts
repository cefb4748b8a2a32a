/** d20 steps that fight: attacks and grapples. */
import { areEnemies } from "../../../world/units.ts";
import { participantsOf } from "../../encounters/book.ts";
import { grappleRefusal, strengthContest } from "../attack.ts";
import { spendAction } from "../actions.ts";
import { hasFreeHand } from "../equip.ts";
import { addStatus, hasStatus, removeStatus } from "../statuses.ts";
import { canStrike, canStrikeTile, isUp, unitDistance } from "../resolve.ts";
import { d20Of } from "../sheet.ts";
import { strike, attackTile, takeAttack, inThrowRange, offHandStrike, canStrikeWith } from "../strikes.ts";
import { D20_WEAPONS } from "@malignus/shared";
import { unitIn, type D20Handler } from "../plan.ts";

/**
 * One weapon attack (D20-ACTION-05, D20-ACTION-06, D20-ATTACK-19, D20-ATTACK-51), unarmed instead (`unarmed`, D20-ATTACK-24), thrown (D20-ATTACK-33) or with the off hand after the Attack action (D20-ATTACK-30 to D20-ATTACK-32, D20-ATTACK-34).
 * The target is a foe of the encounter that is not dead: one at 0 HP may be struck too (D20-HP-26,
 * D20-HP-27 damage at 0 HP counts failures, two from a critical hit; D20-HP-28; D20-HP-33).
 */
export const attackStep: D20Handler<"attack"> = ({ sim, enc, unit, me, ts }, step) => {
  const b = ts.budget;
  const target = unitIn(sim, enc, step.targetId);
  if (!target || d20Of(target).dead || !areEnemies(unit, target)) return "no such foe in the encounter";
  const thrown = step.thrown === true;
  // D20-ATTACK-24: instead of its weapon the attacker may strike unarmed: one melee attack within reach 1, 1 bludgeoning + its weapon skill (Left open).
  if (step.unarmed === true) {
    if (thrown || step.offHand) return "an unarmed blow is a melee attack of the main action (D20-ATTACK-24)";
    if (!canStrikeWith(sim, unit, target, D20_WEAPONS.unarmed)) return "the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)";
    const r = takeAttack(b, ts, me.attacksPerAction);
    if (r !== null) return r;
    strike(sim, enc, unit, target, { weapon: D20_WEAPONS.unarmed, twoWeapons: ts.twoWeapons === true, keepModifiers: me.twoWeaponStyle });
    return null;
  }
  const weapon = step.offHand ? me.offHand : me.weapon;
  if (thrown && !weapon?.thrown) return "only a weapon with the thrown property can be thrown (D20-ATTACK-33)";
  if (step.offHand) return offHandStrike(sim, enc, unit, target, ts, thrown); // D20-ATTACK-30 to D20-ATTACK-32, D20-ATTACK-34
  if (thrown ? !inThrowRange(sim, unit, target) : !canStrike(sim, unit, target)) return "the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)";
  const r = takeAttack(b, ts, me.attacksPerAction);
  if (r !== null) return r;
  // D20-ATTACK-32, D20-ATTACK-34: in a turn fighting with two weapons the main hand adds no damage modifiers either, unless a technique keeps them.
  strike(sim, enc, unit, target, { thrown, twoWeapons: ts.twoWeapons === true, keepModifiers: me.twoWeaponStyle });
  return null;
};

/**
 * An attack on a tile, as one attack of the Attack action (D20-ATTACK-68, D20-ATTACK-70, D20-ATTACK-71),
 * within the weapon's reach or range of the tile (D20-ATTACK-19, D20-MOVE-09: resolve.ts `canStrikeTile`).
 */
export const attackTileStep: D20Handler<"attackTile"> = ({ sim, enc, unit, me, ts }, step) => {
  if (!canStrikeTile(sim, unit, step)) return "the tile is out of reach or range (D20-ATTACK-19, D20-MOVE-09)";
  const b = ts.budget;
  const r = takeAttack(b, ts, me.attacksPerAction);
  if (r !== null) return r;
  attackTile(sim, enc, unit, step.x, step.y);
  return null;
};

/** A grapple, made with one attack of the Attack action: a Strength contest (D20-ATTACK-35 and the grapple rules in attack.ts `grappleRefusal`). */
export const grappleStep: D20Handler<"grapple"> = ({ sim, enc, unit, me, ts }, step) => {
  const b = ts.budget;
  const target = unitIn(sim, enc, step.targetId);
  if (!target || !areEnemies(unit, target) || d20Of(target).dead) return "no such foe in the encounter";
  const t = d20Of(target);
  const refusal = grappleRefusal(me.size, t.size, unitDistance(sim, unit, target), me.weapon.reach, hasFreeHand(me.equipment));
  if (refusal) return refusal;
  const r = takeAttack(b, ts, me.attacksPerAction); // D20-ATTACK-35: made with the Attack action
  if (r !== null) return r;
  const contest = strengthContest(sim.rng, me.abilities.strength, t.abilities.strength, !isUp(target),
    hasStatus(t.statuses, "squeezing") ? "disadvantage" : "none");
  if (contest.success) addStatus(t.statuses, "grappled", unit.id, -1);
  return null;
};

/** Releases the creatures it grapples, at any time, no action (D20-ATTACK-42). */
export const releaseStep: D20Handler<"release"> = ({ sim, enc, unit }) => { // D20-ATTACK-42: at any time, no action
  for (const u of participantsOf(sim, enc)) {
    const g = d20Of(u).statuses.find((s) => s.kind === "grappled" && s.sourceId === unit.id);
    if (g) removeStatus(d20Of(u).statuses, "grappled");
  }
  return null;
};

/** The action to escape a grapple: a Strength contest against the grappler (D20-ATTACK-43), which resists with disadvantage while it squeezes (D20-SIZE-11). */
export const escapeStep: D20Handler<"escape"> = ({ sim, me, ts }) => {
  const b = ts.budget;
  const g = me.statuses.find((s) => s.kind === "grappled");
  if (!g) return "not grappled";
  const r = spendAction(b, "escape");
  if (r !== null) return r;
  const grappler = sim.state.units[g.sourceId];
  // Left open D20-SIZE-11: a squeezing grappler resists the escape with disadvantage, as it resists a grapple.
  const squeezed = grappler !== undefined && hasStatus(d20Of(grappler).statuses, "squeezing");
  const contest = strengthContest(sim.rng, me.abilities.strength, grappler ? d20Of(grappler).abilities.strength : 0, false, squeezed ? "disadvantage" : "none");
  if (contest.success) removeStatus(me.statuses, "grappled");
  return null;
};
