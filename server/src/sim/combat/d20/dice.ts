import { D20 } from "@malignus/shared";
import type { Dice } from "../malignus/wounds.ts";

export type { Dice };


/** A parsed dice expression: `count` dice of `sides` faces plus a flat `bonus` ("2d6+1"). */
export interface DiceExpr { count: number; sides: number; bonus: number }

/**
 * Parses "NdS", "NdS+B", "NdS-B" or a bare number "B".
 * @throws Error on anything else (e.g. "d6", "2x6", "").
 */
export function parseDice(text: string): DiceExpr {
  const t = text.trim();
  const flat = /^(-?\d+)$/.exec(t);
  if (flat) return { count: 0, sides: 0, bonus: Number(flat[1]) };
  const m = /^(\d+)d(\d+)(?:([+-])(\d+))?$/.exec(t);
  if (!m) throw new Error(`bad dice expression "${text}"`);
  const count = Number(m[1]), sides = Number(m[2]);
  if (count < 1 || sides < 1) throw new Error(`bad dice expression "${text}"`);
  const bonus = m[3] === undefined ? 0 : (m[3] === "-" ? -1 : 1) * Number(m[4]);
  return { count, sides, bonus };
}

/** Rolls a dice expression: the sum of its dice plus its bonus. */
export function rollDice(dice: Dice, expr: DiceExpr | string): number {
  const e = typeof expr === "string" ? parseDice(expr) : expr;
  let total = e.bonus;
  for (let i = 0; i < e.count; i++) total += dice.die(e.sides);
  return total;
}

/** D20-DAMAGE-05: the highest total of a dice expression, every die at its maximum. */
export function maxDice(expr: DiceExpr | string): number {
  const e = typeof expr === "string" ? parseDice(expr) : expr;
  return e.count * e.sides + e.bonus;
}

/** Advantage state of one d20 roll after sources cancel. */
export type Edge = "advantage" | "disadvantage" | "none";

/**
 * Left open (D20-ATTACK, advantage): any number of advantage sources and any number of
 * disadvantage sources cancel out; several sources of one kind do not stack.
 */
export function combineEdge(advantages: number, disadvantages: number): Edge {
  if (advantages > 0 && disadvantages === 0) return "advantage";
  if (disadvantages > 0 && advantages === 0) return "disadvantage";
  return "none";
}

/** One d20 roll: `natural` is the kept face, `rolls` every face drawn. */
export interface D20Roll { natural: number; rolls: number[] }

/**
 * Rolls a d20, twice with advantage (keeps the higher) or disadvantage (keeps the lower);
 * the kept die is the one checked for a natural 1 or 20 (Left open D20-ATTACK, advantage).
 */
export function rollD20(dice: Dice, edge: Edge = "none"): D20Roll {
  const a = dice.die(D20);
  if (edge === "none") return { natural: a, rolls: [a] };
  const b = dice.die(D20);
  return { natural: edge === "advantage" ? Math.max(a, b) : Math.min(a, b), rolls: [a, b] };
}
