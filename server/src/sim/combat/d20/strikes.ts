/**
 * A d20 creature's weapon attacks in an encounter: the Attack action's attacks
 * ({@link takeAttack}), one attack ({@link strike}, over the shared encounters/tactics.ts
 * `strike`) and an attack on a tile ({@link attackTile}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { noteReaction, participantsOf } from "../encounters/book.ts";
import { strike as strikeWith } from "../encounters/tactics.ts";
import { THROW_RANGE, type D20Weapon } from "@malignus/shared";
import { attackModifier, canTwoWeapon, inReach } from "./attack.ts";
import { spendAction, type TurnBudget } from "./actions.ts";
import { rollD20 } from "./dice.ts";
import type { TurnState } from "./plan.ts";
import { inSpace } from "./spaces.ts";
import { canReact, removeStatus } from "./statuses.ts";
import { isUp, resolveD20Attack, unitDistance } from "./resolve.ts";
import { d20Of } from "./sheet.ts";

/**
 * Spends one weapon attack of the Attack action (D20-ACTION-05, D20-ACTION-06, D20-MOVE-11): one
 * left of the action already taken, else the action itself (`perAction` attacks, one used now).
 * @returns null when spent, else the refusal (nothing spent).
 */
export function takeAttack(b: TurnBudget, ts: TurnState, perAction: number): string | null {
  if (ts.attacksLeft > 0) { ts.attacksLeft -= 1; return null; }
  const r = spendAction(b, "attack");
  if (r !== null) return r;
  ts.attacksLeft = perAction - 1;
  ts.attacked = true;
  return null;
}

/** True when `target` is within `weapon`'s reach (tiles) of `attacker` (d20rider: a rider from its mount's space). */
export function canStrikeWith(sim: Simulation, attacker: UnitRecord, target: UnitRecord, weapon: { reach: number }): boolean {
  return inReach(weapon.reach, unitDistance(sim, attacker, target));
}

/** D20-ATTACK-33 (Left open: thrown weapons reach {@link THROW_RANGE} tiles). */
export function inThrowRange(sim: Simulation, unit: UnitRecord, target: UnitRecord): boolean {
  const d = unitDistance(sim, unit, target);
  return d >= 1 && d <= THROW_RANGE;
}

/**
 * One weapon attack of `unit` on `target` in an encounter. A ranged or thrown attack may strike a
 * standing body on its path instead (CMB-14, always on: the shared `shotTaker`, drawn before
 * the attack roll). Skill bonuses on the sheet (`attackBonus`, D20-ATTACK-04) add to the roll.
 * `extra.offHand` strikes with the off-hand weapon; with `offHand` or `twoWeapons` (the main-hand
 * attack of a turn fighting with two weapons) the damage adds no modifiers unless `keepModifiers`
 * (D20-ATTACK-32, D20-ATTACK-34). `extra.weapon` strikes with that weapon instead of the held one
 * (D20-ATTACK-24: the unarmed blow, `D20_WEAPONS.unarmed`).
 */
export function strike(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, extra: { offHand?: boolean; thrown?: boolean; twoWeapons?: boolean; keepModifiers?: boolean; weapon?: D20Weapon }): void {
  const me = d20Of(unit);
  const weapon = extra.weapon ?? (extra.offHand && me.offHand ? me.offHand : me.weapon);
  strikeWith(sim, unit, target, weapon.ranged || extra.thrown === true, (struck) => {
    resolveD20Attack(sim, unit, struck, { onReaction: (id) => noteReaction(enc, id), bystanders: participantsOf(sim, enc), bonus: me.attackBonus ?? 0, ...extra }); // D20-ATTACK-04
  });
}

/**
 * D20-ATTACK-68, D20-ATTACK-70, D20-ATTACK-71: an attack on a tile. A foe there is attacked with
 * disadvantage (it is unseen); an empty tile draws the same d20 and misses. Both totals add the
 * sheet's skill bonus (`attackBonus`, D20-ATTACK-04) as a strike on a seen foe does. The `attack` event
 * names no target and shows no AC in both cases, so a miss on an empty tile looks like any miss.
 */
export function attackTile(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, x: number, y: number): void {
  const there = participantsOf(sim, enc).find((u) => inSpace(u, x, y) && u !== unit && isUp(u)); // d20move: any tile of its space (D20-SIZE-01)
  if (there) {
    const r = resolveD20Attack(sim, unit, there, { targetUnseen: true, onReaction: (id) => noteReaction(enc, id), bystanders: participantsOf(sim, enc), silent: true, bonus: d20Of(unit).attackBonus ?? 0 }); // D20-ATTACK-04
    sim.emit({ type: "attack", attackerId: unit.id, targetId: "", hit: r.hit, attackRoll: r.total, defenceRoll: 0 });
    return;
  }
  const roll = rollD20(sim.rng, "disadvantage");
  removeStatus(d20Of(unit).statuses, "hidden"); // D20-ATTACK-08, D20-ATTACK-73: any attack roll reveals the attacker
  sim.emit({ type: "attack", attackerId: unit.id, targetId: "", hit: false, attackRoll: roll.natural + attackModifier(d20Of(unit).abilities, d20Of(unit).weapon.ranged ? "ranged" : "melee", d20Of(unit).weapon) + (d20Of(unit).attackBonus ?? 0), defenceRoll: 0 }); // D20-ATTACK-04, D20-ATTACK-71: the same total as on an occupied tile
}

/**
 * The off-hand attack of two-weapon fighting (D20-ATTACK-30 to D20-ATTACK-32, D20-ATTACK-34), by a
 * player's `attack` with `offHand` or by the AI after its Attack action: after the Attack action
 * (`ts.attacked`), with two light weapons, it spends the demi-action and the reaction/reflex, and
 * strikes `target` within the off-hand weapon's reach, or thrown within {@link THROW_RANGE} tiles
 * (D20-ATTACK-33); its damage adds no modifiers unless the sheet's `twoWeaponStyle` keeps them.
 * @returns null when made, else the refusal (nothing spent).
 */
export function offHandStrike(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, ts: TurnState, thrown = false): string | null {
  const me = d20Of(unit);
  const b = ts.budget;
  if (thrown && !me.offHand?.thrown) return "only a weapon with the thrown property can be thrown (D20-ATTACK-33)";
  if (!ts.attacked) return "the off-hand attack follows the Attack action (D20-ATTACK-30)";
  if (!canTwoWeapon(me.weapon, me.offHand, b.demi && !b.locked, canReact(me.statuses, false, me.reactionUsed))) return "two-weapon fighting needs two light weapons, the demi-action and the reaction (D20-ATTACK-30, D20-ATTACK-31)";
  if (thrown ? !inThrowRange(sim, unit, target) : !canStrikeWith(sim, unit, target, me.offHand!)) return "out of reach";
  b.demi = false;
  me.reactionUsed = true;
  noteReaction(enc, unit.id);
  strike(sim, enc, unit, target, { offHand: true, thrown, keepModifiers: me.twoWeaponStyle });
  return null;
}
