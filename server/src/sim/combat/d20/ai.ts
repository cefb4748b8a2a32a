/**
 * The d20 AI (what a creature does on its turn when no player plans it, or with what is left of
 * a player's open turn): {@link aiTurn}, its target ({@link aiTarget}) and its spell ({@link aiSpell}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { noteReaction } from "../encounters/book.ts";
import { orderedBodyInReach, orderedKillingBlow } from "../unconscious.ts";
import { canTwoWeapon, type Cover } from "./attack.ts";
import { newTurn, spendAction } from "./actions.ts";
import { coverAgainst, mountTurnBudget } from "./reach.ts";
import type { TurnState } from "./plan.ts";
import { approachCost } from "./routes.ts";
import { canStandUp, dash, modeOf, sheetModeFactor, standUpCost } from "./movement.ts";
import { castRefusal, payFor, spellAttack, spellReaches, type D20Spell } from "./spells.ts";
import { canMove, canReact, hasStatus, removeStatus } from "./statuses.ts";
import { canStrike, isUp, unitDistance } from "./resolve.ts";
import { d20Of } from "./sheet.ts";
import { d20FoesOf, flee, moveToward } from "./stepping.ts";
import { offHandStrike, strike, takeAttack } from "./strikes.ts";

/**
 * D20-STATUS-09 (Left open: the effect names the target, by default the nearest other creature):
 * the standing creature an enraged `unit` is driven to attack (its `enraged` status's source), or
 * undefined when it is not enraged or that creature is down. While it is set the rage drives the
 * unit's whole turn, a player's too (turn.ts `ENRAGED_REFUSAL`).
 */
export function rageTarget(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  const rage = d20Of(unit).statuses.find((s) => s.kind === "enraged");
  const forced = rage ? sim.state.units[rage.sourceId] : undefined;
  return forced && isUp(forced) ? forced : undefined;
}

/**
 * The AI's play of what is left of a turn `ts` (all of it, or the rest of a player's open turn):
 * a prone creature stands up if it can (D20-MOVE-30); a terrified one moves away from the source
 * (D20-STATUS-07) and then still attacks it if it can reach or shoot it (D20-STATUS-08); one ordered to attack a unit lying unconscious next to it kills it with its
 * attack (CMB-47); else it picks its target ({@link aiTarget}: the enraging creature, D20-STATUS-09,
 * or the foe it can strike with the least cover, or the nearest); it casts an attack spell when it
 * has one for a foe ({@link aiSpell}); else it attacks its target if in reach, else Dashes when
 * it cannot get there with its movement (D20-ACTION-10; a rider's controlled mount Dashes with its
 * own action instead, D20-MOUNT-18), else moves toward it (a ranged attacker
 * stops as soon as it can shoot it without total cover) and attacks (D20-MOVE-10), then, with two
 * light weapons, attacks it with the off hand too (D20-ATTACK-30, D20-ATTACK-31). It never
 * attacks a target behind total cover (D20-ATTACK-65).
 */
export function aiTurn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): void {
  const me = d20Of(unit);
  const budget = ts.budget;
  if (hasStatus(me.statuses, "prone") && canStandUp(me.movement, budget.movement)) {
    budget.movement -= standUpCost(me.movement);
    removeStatus(me.statuses, "prone");
  }
  const terror = me.statuses.find((s) => s.kind === "terrified");
  const source = terror ? sim.state.units[terror.sourceId] : undefined;
  if (source) {
    flee(sim, enc, unit, source, budget);
    // D20-STATUS-08: terror does not cost the turn: having fled, it still attacks the source if it can reach or shoot it.
    if (isUp(unit) && isUp(source) && canStrike(sim, unit, source) && coverAgainst(sim, enc, unit, source) !== "total" && takeAttack(budget, ts, me.attacksPerAction) === null) {
      strike(sim, enc, unit, source, {});
    }
    return;
  }
  if (orderedBodyInReach(sim, unit) && takeAttack(budget, ts, me.attacksPerAction) === null) {
    orderedKillingBlow(sim, unit); // CMB-47: the keeper's order on an unconscious body next to it, as the turn's attack
    return;
  }
  const forced = rageTarget(sim, unit);
  const target = forced ?? aiTarget(sim, enc, unit);
  const cast = forced ? null : aiSpell(sim, enc, unit, ts);
  if (cast) {
    const r = spendAction(budget, cast.spell.pool === "mana" ? "cast" : "technique");
    if (r === null) {
      payFor(unit, cast.spell);
      spellAttack(sim, unit, cast.target, cast.spell, (id) => noteReaction(enc, id));
      return;
    }
  }
  // A rider moves its controlled mount instead of itself, and stays put on an independent one (D20-MOUNT-17, D20-MOUNT-21).
  const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
  const mover = mount ?? unit;
  const moveBudget = mount ? (me.riding!.controlled ? (ts.mountBudget ??= mountTurnBudget(mount)) : newTurn(0)) : budget;
  if (!target) return;
  const shootable = () => canStrike(sim, unit, target) && coverAgainst(sim, enc, unit, target) !== "total";
  if (!shootable()) {
    // d20move: the cost of the cheapest way into reach (modes, rubble, spaces; routes.ts approachCost), not the bare distance.
    const gap = mount ? unitDistance(sim, unit, target) - me.weapon.reach : approachCost(sim, unit, target, me.weapon.reach);
    if (!mount && !canStrike(sim, unit, target) && gap > budget.movement && spendAction(budget, "dash") === null) budget.movement = dash(budget.movement, me.movement, sheetModeFactor(me, modeOf(me)));
    // d20finish, D20-MOUNT-18: a controlled mount Dashes with its own action (× its mode's factor) when its movement falls short.
    if (mount && me.riding?.controlled && !canStrike(sim, unit, target) && gap > moveBudget.movement && spendAction(moveBudget, "dash") === null) {
      const md = d20Of(mount);
      moveBudget.movement = dash(moveBudget.movement, md.movement, sheetModeFactor(md, modeOf(md)));
    }
    if (moveBudget.movement > 0 && canMove(d20Of(mover).statuses, false)) moveToward(sim, enc, mover, target, moveBudget, me.weapon.ranged ? shootable : undefined);
  }
  if (isUp(unit) && isUp(target) && shootable() && takeAttack(budget, ts, me.attacksPerAction) === null) {
    // D20-ATTACK-30 to D20-ATTACK-32: with two light weapons (and the demi-action and reaction left) the AI fights with
    // both: the off-hand attack follows, and neither weapon adds modifiers to its damage (unless a technique keeps them).
    const twoWeapons = me.offHand !== null && canTwoWeapon(me.weapon, me.offHand, budget.demi && !budget.locked, canReact(me.statuses, false, me.reactionUsed));
    strike(sim, enc, unit, target, { twoWeapons, keepModifiers: me.twoWeaponStyle });
    if (isUp(unit) && isUp(target) && me.offHand) offHandStrike(sim, enc, unit, target, ts);
  }
}

/**
 * The AI's target (D20-ATTACK-57 to D20-ATTACK-67 read for the AI): among the standing foes it
 * can perceive ({@link d20FoesOf}), those it can strike from where it stands and that are not behind
 * total cover, by cover (none, half, three-quarters), then distance, then id; when there is none,
 * the nearest foe not behind total cover, else the nearest foe (to walk toward). Undefined when
 * no foe is left.
 */
export function aiTarget(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord | undefined {
  const foes = d20FoesOf(sim, enc, unit);
  // Issue 20: cover (a line through every participant) is worked out only for the foes it can
  // decide: those in reach first, then, when none is, foes in order until one is not behind total
  // cover. Same answer as rating every foe (cover and reach are pure).
  const covers = new Map<UnitRecord, number>();
  const coverOf = (f: UnitRecord): number => {
    let c = covers.get(f);
    if (c === undefined) { c = COVER_RANK[coverAgainst(sim, enc, unit, f)]; covers.set(f, c); }
    return c;
  };
  let best: { f: UnitRecord; cover: number; d: number } | undefined;
  for (const f of foes) {
    if (!canStrike(sim, unit, f)) continue;
    const r = { f, cover: coverOf(f), d: unitDistance(sim, unit, f) };
    if (r.cover >= COVER_RANK.total) continue;
    if (!best || (r.cover - best.cover || r.d - best.d || Number(r.f.id) - Number(best.f.id)) < 0) best = r;
  }
  if (best) return best.f;
  for (const f of foes) if (coverOf(f) < COVER_RANK.total) return f;
  return foes[0];
}

/**
 * The AI's spell (Left open D20-ACTION, AI casting): the first attack spell or technique it knows,
 * can pay for ({@link castRefusal}) and has a foe for within the spell's band and not behind total
 * cover (D20-ATTACK-48, D20-ATTACK-65) and, for a spell that inflicts a status, not holding it already, on that foe with the least cover, then the nearest, then
 * the lowest id; only when its full action is free and its turn not locked. The AI casts no area
 * spell (they hit friends too). Null when there is none.
 */
export function aiSpell(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): { spell: D20Spell; target: UnitRecord } | null {
  const me = d20Of(unit);
  if (!ts.budget.full || ts.budget.locked || ts.attacksLeft > 0) return null;
  const foes = d20FoesOf(sim, enc, unit);
  for (const spell of me.spells) {
    if (spell.kind !== "attack" || castRefusal(unit, spell) !== null) continue;
    // A spell that inflicts a status is not cast on a foe that has it already (D20-STATUS-01: it would only refresh).
    const best = foes.filter((f) => spellReaches(sim, unit, spell, f) && !(spell.inflicts && hasStatus(d20Of(f).statuses, spell.inflicts.status)))
      .map((f) => ({ f, cover: COVER_RANK[coverAgainst(sim, enc, unit, f)], d: unitDistance(sim, unit, f) }))
      .filter((r) => r.cover < COVER_RANK.total)
      .sort((a, b) => a.cover - b.cover || a.d - b.d || Number(a.f.id) - Number(b.f.id))[0];
    if (best) return { spell, target: best.f };
  }
  return null;
}

/** Cover degrees in order, for sorting (D20-ATTACK-59). */
export const COVER_RANK: Readonly<Record<Cover, number>> = { none: 0, half: 1, threeQuarters: 2, total: 3 };
