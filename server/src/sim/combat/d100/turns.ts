import type { D100Dice } from "./attack.ts";
import { attackRefusal } from "./attack.ts";
import { GUARDED_MOVE_DIVISOR } from "@malignus/shared";
import { canCast, canMove, canReact } from "./statuses.ts";
import type { D100Spell, D100Unit } from "./types.ts";

/** One initiative roll (P100-BASE-04). */
export interface InitiativeRoll { id: string; roll: number; reroll: number | null }

/**
 * P100-BASE-04, P100-BASE-05, P100-DUEL-08: orders initiative totals (each a d100 the encounter
 * rolled per participant, d100/encounter.ts `orderOf`), highest first. Left open BASE: tied participants re-roll
 * a d100 once among themselves (in the order of `totals`); still tied, the lower entity id
 * (numerically) acts first.
 */
export function orderTotals(dice: D100Dice, totals: readonly { id: string; total: number }[]): { order: string[]; rolls: InitiativeRoll[] } {
  const rolls: InitiativeRoll[] = totals.map((t) => ({ id: t.id, roll: t.total, reroll: null }));
  const byRoll = new Map<number, InitiativeRoll[]>();
  for (const r of rolls) byRoll.set(r.roll, [...(byRoll.get(r.roll) ?? []), r]);
  for (const tied of byRoll.values()) if (tied.length > 1) for (const r of tied) r.reroll = dice.d100();
  const order = [...rolls].sort((x, y) =>
    y.roll - x.roll || (y.reroll ?? 0) - (x.reroll ?? 0) || Number(x.id) - Number(y.id) || x.id.localeCompare(y.id));
  return { order: order.map((r) => r.id), rolls };
}

/**
 * P100-BASE-01, Left open BASE: the surprise attacks resolve after initiative is rolled, in
 * initiative order, before round 1; each surprising combatant gets exactly one.
 */
export function surpriseOrder(order: readonly string[], surprising: ReadonlySet<string>): string[] {
  return order.filter((id) => surprising.has(id));
}

/**
 * What a combatant did so far in its own turn (Left open BASE, Contradiction 7); `familiarDone`
 * once its familiar acted this turn (P100-FAMILIAR-02 to 04; absent = not yet); `walked` the tiles
 * its move covered (a flyer's charge, P100-AIR-14; absent = 0).
 */
export interface TurnState { moved: boolean; mainDone: boolean; over: boolean; familiarDone?: boolean; walked?: number }

/** A fresh turn. */
export function newTurn(): TurnState { return { moved: false, mainDone: false, over: false }; }

/**
 * The kinds of actions in a turn: an optional `move` and one `main` action (attack, cast, rescue,
 * pick up), any number of `free` actions, or a `fullTurn` action (P100-AIR-20 mount, land,…;
 * P100-FAMILIAR-13 the hunter's heal) that needs the whole turn.
 */
export type ActionKind = "move" | "main" | "free" | "fullTurn";

/** Why an action is refused in this turn. */
export type TurnRefusal = "turnOver" | "moveAfterAction" | "alreadyMoved" | "actionSpent" | "needsFullTurn";

/**
 * P100-BASE-06: one main action a turn: "actionSpent" once `ts` has spent it, else null. The rule's
 * one check: {@link spendAction} and a player's step list (encounter.ts, the step context's `spent`,
 * refused before any target check) both go through it (issue 17).
 */
export function mainActionRefusal(ts: TurnState): "actionSpent" | null {
  return ts.mainDone ? "actionSpent" : null;
}

/**
 * Spends an action of the turn (P100-BASE-06 to 09, Contradiction 7): a turn is an optional move,
 * then one main action (attack, cast or another), plus free actions at any moment of the turn;
 * no move is allowed after the main action (P100-BASE-08); a full-turn action needs an untouched turn.
 * @returns null when allowed (the turn state is updated), else a refusal (nothing changed).
 */
export function spendAction(ts: TurnState, kind: ActionKind): TurnRefusal | null {
  if (ts.over) return "turnOver";
  switch (kind) {
    case "free": return null;
    case "move":
      if (ts.mainDone) return "moveAfterAction";
      if (ts.moved) return "alreadyMoved";
      ts.moved = true;
      return null;
    case "main": {
      const spent = mainActionRefusal(ts);
      if (spent) return spent;
      ts.mainDone = true;
      return null;
    }
    case "fullTurn":
      if (ts.moved || ts.mainDone) return "needsFullTurn";
      ts.moved = true;
      ts.mainDone = true;
      ts.over = true;
      return null;
  }
}

/**
 * Tiles a move may cover (P100-MOVE-01, 02, 05, 06; Left open MOVE): the unit's `moveTiles`
 * (6 by default); a guarded move floor(moveTiles / 4), at least 1; 0 when the unit cannot move
 * (P100-STATUS-05, P100-STATUS-17).
 */
export function moveAllowance(u: D100Unit, guarded: boolean): number {
  if (!canMove(u)) return 0;
  return guarded ? Math.max(1, Math.floor(u.moveTiles / GUARDED_MOVE_DIVISOR)) : u.moveTiles;
}

/** A unit on the map, for movement rules. */
export interface Placed { id: string; x: number; y: number; unit: D100Unit }

/** How a move is made. */
export interface MoveContext {
  /** P100-MOVE-05: a guarded move. */
  guarded?: boolean;
  /** P100-MASS-16: mass combat. */
  swarm?: boolean;
  /** P100-DUEL-14/15: the mover is a duellist; only this opponent may strike, and only at its back. */
  duelOpponentId?: string;
}

/** One opportunity attack a move gives: who strikes, and the index of the path tile the mover is leaving. */
export interface OpportunityAttack { attackerId: string; step: number }

function cheb(ax: number, ay: number, bx: number, by: number): number {
  return Math.max(Math.abs(ax - bx), Math.abs(ay - by));
}

/**
 * The opportunity attacks of a move along `path` (tiles, start first): P100-MOVE-03/04 each
 * hostile the mover leaves an adjacent tile of (8-neighbourhood, starting tile included) strikes
 * once, before the step (Left open MOVE); ending next to an enemy gives nothing. Only hostiles
 * able to strike in melee right now take one (conscious, not stunned, polymorphed or disoriented,
 * and allowed a melee attack). None for a guarded move (P100-MOVE-05), in mass combat
 * (P100-MASS-16), or between two flyers (P100-AIR-11). In a duel only the opponent, and only when
 * the mover steps from a tile adjacent to it to a tile farther from it (P100-DUEL-14, 15).
 */
export function opportunityAttacks(path: readonly { x: number; y: number }[], mover: D100Unit, hostiles: readonly Placed[], ctx: MoveContext = {}): OpportunityAttack[] {
  if (ctx.guarded || ctx.swarm) return [];
  const out: OpportunityAttack[] = [];
  const done = new Set<string>();
  for (let i = 0; i + 1 < path.length; i++) {
    const from = path[i] as { x: number; y: number };
    const to = path[i + 1] as { x: number; y: number };
    for (const h of hostiles) {
      if (done.has(h.id) || cheb(from.x, from.y, h.x, h.y) !== 1) continue;
      if (mover.altitude !== "ground" && h.unit.altitude !== "ground") continue;
      if (!canReact(h.unit) || attackRefusal(h.unit, mover, "melee") !== null) continue;
      if (ctx.duelOpponentId !== undefined) {
        if (h.id !== ctx.duelOpponentId || cheb(to.x, to.y, h.x, h.y) <= 1) continue;
      }
      done.add(h.id);
      out.push({ attackerId: h.id, step: i });
    }
  }
  return out;
}

/** Why a spell cannot be cast. */
export type SpellRefusal = "notInLoadout" | "passive" | "silenced" | "notYourTurn" | "interrupted" | "noCharge";

/**
 * Casts a spell from the loadout (P100-SPELL-01 to 05): only spells chosen beforehand; on the
 * caster's own turn unless the spell is a reaction (P100-SPELL-02/03); not while silenced
 * (P100-STATUS-03) nor again before the next turn after an interruption (P100-STATUS-08); it
 * spends one charge (P100-SPELL-05). Passive spells are always on and never cast (Left open SPELL).
 * @returns the spell, or a refusal (nothing changed).
 */
export function castSpell(u: D100Unit, spellId: string, ownTurn: boolean): D100Spell | SpellRefusal {
  const spell = u.spells.find((s) => s.id === spellId);
  if (!spell) return "notInLoadout";
  if (spell.passive) return "passive";
  if (!canCast(u)) return "silenced";
  if (!ownTurn && !spell.reaction) return "notYourTurn";
  if (u.lockedSpells.includes(spellId)) return "interrupted";
  if (spell.charges <= 0) return "noCharge";
  spell.charges -= 1;
  return spell;
}

/**
 * Interrupts a spell being cast (P100-STATUS-06 to 09): the casting has no effect, the charge is
 * given back, and the caster cannot cast it again before its next turn. Passive spells cannot be
 * interrupted, nor can an immune caster (P100-STATUS-12).
 * @returns whether the spell was interrupted.
 */
export function interruptSpell(u: D100Unit, spellId: string): boolean {
  const spell = u.spells.find((s) => s.id === spellId);
  if (!spell || spell.passive || u.statuses.some((s) => s.kind === "immune")) return false;
  spell.charges = Math.min(spell.maxCharges, spell.charges + 1);
  if (!u.lockedSpells.includes(spellId)) u.lockedSpells.push(spellId);
  return true;
}

/** Left open FUMBLE: a botched incantation has no effect and keeps its charge. */
export function refundSpell(u: D100Unit, spellId: string): void {
  const spell = u.spells.find((s) => s.id === spellId);
  if (spell && !spell.passive) spell.charges = Math.min(spell.maxCharges, spell.charges + 1);
}

/** The start of the unit's own turn: interrupted spells are castable again (P100-STATUS-08). */
export function startOwnTurn(u: D100Unit): void {
  u.lockedSpells = [];
}

/** Every spell back to full charge (P100-SPELL-06, P100-DUEL-04). */
export function rechargeSpells(u: D100Unit): void {
  for (const s of u.spells) s.charges = s.maxCharges;
  u.lockedSpells = [];
}

/**
 * When a fight starts, before initiative (Left open SPELL): spells recharge at each boss
 * (P100-SPELL-06) and not between ordinary fights (P100-SPELL-07), unless the room grants it
 * (`rechargeBetweenFights`, P100-SPELL-08).
 * @returns whether spells were recharged.
 */
export function fightStartRecharge(units: readonly D100Unit[], boss: boolean, rechargeBetweenFights: boolean): boolean {
  if (!boss && !rechargeBetweenFights) return false;
  for (const u of units) rechargeSpells(u);
  return true;
}
