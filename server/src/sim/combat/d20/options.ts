import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { findPath, isDifficult, isWalkable } from "../../world/grid.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { dragSlows, grappleRefusal } from "./attack.ts";
import { HELP_RANGE } from "./actions.ts";
import { hasFreeHand } from "./equip.ts";
import { canEnter, canStandUp, diagonalAllowed, gridDistance, stepCost } from "./movement.ts";
import { canStrike, isUp } from "./resolve.ts";
import { d20Of } from "./sheet.ts";
import { mayPassThrough } from "./size.ts";
import { castRefusal } from "./spells.ts";
import { canAct, canMove, hasStatus } from "./statuses.ts";
import type { D20Step, D20TurnPlan } from "./turn.ts";

/**
 * The move of an approach toward `target` when no tile in reach can be got to this turn: along
 * the shortest walk to it (rot-js A*, other creatures' tiles avoided, as the AI's approach), to the
 * farthest tile of that walk reachable this turn (by its cheapest way). No step when none is.
 */
function approach(sim: Simulation, unit: UnitRecord, target: UnitRecord, tiles: readonly ReachableTile[]): D20Step[] {
  const map = sim.state.map;
  const busy = new Set<number>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && u !== target && isActive(u)) busy.add(u.y * map.width + u.x);
  }
  const walk = findPath(map, unit, target, (x, y) => !busy.has(y * map.width + x));
  if (!walk) return [];
  const byTile = new Map(tiles.map((t) => [t.y * map.width + t.x, t]));
  for (let k = walk.length - 1; k >= 0; k--) {
    const t = byTile.get(walk[k]!);
    if (t) return [{ kind: "move", path: t.path }];
  }
  return [];
}

/** A tile the unit can end its move on this turn, the movement it costs and the way there. */
export interface ReachableTile { x: number; y: number; cost: number; path: { x: number; y: number }[] }

/**
 * The tiles `unit` can reach with `movement` left (D20-MOVE-03 to D20-MOVE-08, D20-MOVE-25,
 * D20-MOVE-33, D20-MOVE-36, D20-ATTACK-44), with the same costs and refusals as the turn's
 * `stepTo`: neighbouring walkable tiles, no diagonal past a wall's corner, another creature's tile
 * costs as difficult terrain (as does rubble, D20-MOVE-22, D20-MOVE-24) and may be crossed (not by a hostile one, unless two sizes apart)
 * but not ended on, crawling when prone, dragging a grappled creature. Cheapest way first; ties
 * go to the way found first (neighbours scanned north-west to south-east). Opportunity attacks
 * and traps on the way are not foreseen. Sorted by cost, then y, then x; the start tile is not listed.
 */
export function reachableTiles(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, movement: number): ReachableTile[] {
  const me = d20Of(unit);
  const map = sim.state.map;
  const w = map.width;
  const others = new Map<number, UnitRecord>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && isActive(u)) others.set(u.y * w + u.x, u);
  }
  const dragged = participantsOf(sim, enc).find((u) => d20Of(u).statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id));
  const crawling = hasStatus(me.statuses, "prone");
  const dragging = dragged !== undefined && dragSlows(me.size, d20Of(dragged).size);
  const start = unit.y * w + unit.x;
  const best = new Map<number, { cost: number; from: number }>([[start, { cost: 0, from: -1 }]]);
  const done = new Set<number>();
  for (;;) {
    let at = -1, atCost = Number.POSITIVE_INFINITY;
    for (const [i, v] of best) if (!done.has(i) && (v.cost < atCost || (v.cost === atCost && i < at))) { at = i; atCost = v.cost; }
    if (at < 0) break;
    done.add(at);
    const x = at % w, y = Math.floor(at / w);
    const left = movement - atCost;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const nx = x + dx, ny = y + dy, ni = ny * w + nx;
      if (!isWalkable(map, nx, ny) || done.has(ni)) continue;
      if (!diagonalAllowed((cx, cy) => !isWalkable(map, cx, cy), x, y, dx, dy)) continue;
      const other = others.get(ni);
      if (other && !mayPassThrough(me.size, d20Of(other).size, areEnemies(unit, other))) continue;
      const cost = stepCost({ crawling, occupied: other !== undefined, dragging, difficult: isDifficult(map, nx, ny) });
      if (!canEnter(left, cost)) continue;
      const old = best.get(ni);
      if (!old || atCost + cost < old.cost) best.set(ni, { cost: atCost + cost, from: at });
    }
  }
  const out: ReachableTile[] = [];
  for (const [i, v] of best) {
    if (i === start || others.has(i)) continue;
    const path: { x: number; y: number }[] = [];
    for (let j = i; j !== start; j = (best.get(j) as { from: number }).from) path.unshift({ x: j % w, y: Math.floor(j / w) });
    out.push({ x: i % w, y: Math.floor(i / w), cost: v.cost, path });
  }
  return out.sort((a, b) => a.cost - b.cost || a.y - b.y || a.x - b.x);
}

/** Foes `unit` could attack with its weapon from (x, y) (D20-ATTACK-19), by id. */
function foesInRangeFrom(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, x: number, y: number): UnitRecord[] {
  const from = { ...unit, x, y };
  return participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(unit, u) && isUp(u) && canStrike(from, u))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** What a player may do at the start of its unit's d20 turn (shown to thin clients). */
export interface D20TurnOptions {
  /** Step kinds (`D20Step.kind`) that can be played now, in a fixed order. */
  actions: string[];
  /** Movement the turn starts with (tiles of movement cost). */
  movement: number;
  /** Tiles the unit can move to this turn ({@link reachableTiles}); empty when it cannot move. */
  reachable: ReachableTile[];
  /** Foes it can attack without moving (D20-ATTACK-19), by id. */
  targets: string[];
}

/**
 * The options of `unit` at the start of its turn in `enc`: the step kinds it may play (an
 * incapacitated or surprised creature gets none: D20-STATUS-03, D20-FLOW-12), the movement it
 * has (D20-MOVE-01), the tiles it can reach and the foes in reach or range now. `wait`
 * (D20-FLOW-29, doing nothing) is always listed for a creature that can act.
 */
export function d20TurnOptions(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): D20TurnOptions {
  const me = d20Of(unit);
  if (!isUp(unit) || !canAct(me.statuses, false)) return { actions: [], movement: 0, reachable: [], targets: [] };
  const movable = canMove(me.statuses, false) && !me.riding;
  const reachable = movable ? reachableTiles(sim, enc, unit, me.movement) : [];
  const targets = foesInRangeFrom(sim, enc, unit, unit.x, unit.y).map((u) => u.id);
  const others = participantsOf(sim, enc).filter((u) => u !== unit);
  const allies = others.filter((u) => !areEnemies(unit, u) && isUp(u));
  const foes = others.filter((u) => areEnemies(unit, u) && isUp(u));
  const prone = hasStatus(me.statuses, "prone");
  const actions: string[] = ["wait", "say"];
  if (reachable.length > 0) actions.push("move");
  if (targets.length > 0) actions.push("attack");
  actions.push("attackTile", "dash", "disengage", "hide", "search", "ready", "reload", "useObject");
  if (allies.length > 0 && foes.some((f) => gridDistance(unit, f) <= HELP_RANGE)) actions.push("help");
  if (others.some((u) => !areEnemies(unit, u) && !d20Of(u).dead && d20Of(u).hp === 0 && !d20Of(u).stable && gridDistance(unit, u) <= 1)) actions.push("firstAid");
  if (foes.some((f) => grappleRefusal(me.size, d20Of(f).size, gridDistance(unit, f), me.weapon.reach, hasFreeHand(me.equipment)) === null)) actions.push("grapple");
  if (others.some((u) => d20Of(u).statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id))) actions.push("release");
  if (hasStatus(me.statuses, "grappled")) actions.push("escape");
  if (prone && canStandUp(me.movement, me.movement)) actions.push("standUp");
  if (!prone) actions.push("dropProne");
  if (me.spells.some((s) => castRefusal(unit, s) === null)) actions.push("cast");
  return { actions, movement: me.movement, reachable, targets };
}

/** Step kinds a one-word plan (`{ action }`, shared/protocol.ts `TurnPlan`) plays as a single step. */
export const ONE_STEP_ACTIONS = ["dash", "disengage", "hide", "search", "ready", "reload", "standUp", "dropProne", "escape", "release"] as const;

/**
 * Turns a player's stored plan (shared/protocol.ts `TurnPlan`, or a plan already in steps) into
 * the d20 steps its turn plays:
 * - `steps` given: those steps as sent (an undescribed kind is refused when played, D20-ACTION-02;
 *   a `move` without a path moves nowhere);
 * - `wait`: no step (D20-FLOW-29);
 * - `attack` `targetId`: attack it, first moving by the cheapest way to the nearest tile (cost, then
 *   y, then x) it can be attacked from when it is out of reach (D20-MOVE-10); when no such tile
 *   is reachable, approach it along the shortest walk as far as the movement allows, no attack;
 * - `move` to (`x`, `y`): the cheapest way there ({@link reachableTiles});
 * - `firstAid` / `grapple` `targetId` and {@link ONE_STEP_ACTIONS}: that one step.
 * @returns null when the plan names an unknown action, a foe not in the encounter or an
 * unreachable tile: the AI then plays the turn (as in d100).
 */
export function toD20Plan(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown): D20TurnPlan | null {
  if (typeof plan !== "object" || plan === null) return null;
  const p = plan as { action?: unknown; targetId?: unknown; x?: unknown; y?: unknown; steps?: unknown };
  if (Array.isArray(p.steps)) {
    return { steps: p.steps.map((s) => (s && typeof s === "object" && (s as { kind?: unknown }).kind === "move" && !Array.isArray((s as { path?: unknown }).path) ? { ...(s as object), path: [] } : s) as D20Step) };
  }
  const me = d20Of(unit);
  switch (p.action) {
    case "wait": return { steps: [] };
    case "attack": {
      const target = typeof p.targetId === "string" && enc.participants.includes(p.targetId) ? sim.state.units[p.targetId] : undefined;
      if (!target || !areEnemies(unit, target) || !isUp(target)) return null;
      const attack: D20Step = { kind: "attack", targetId: target.id };
      if (canStrike(unit, target)) return { steps: [attack] };
      const tiles = canMove(me.statuses, false) ? reachableTiles(sim, enc, unit, me.movement) : [];
      const from = tiles.find((t) => canStrike({ ...unit, x: t.x, y: t.y }, target));
      if (from) return { steps: [{ kind: "move", path: from.path }, attack] };
      return { steps: approach(sim, unit, target, tiles) };
    }
    case "move": {
      if (typeof p.x !== "number" || typeof p.y !== "number") return null;
      const tile = reachableTiles(sim, enc, unit, me.movement).find((t) => t.x === p.x && t.y === p.y);
      return tile ? { steps: [{ kind: "move", path: tile.path }] } : null;
    }
    case "firstAid":
    case "grapple":
      return typeof p.targetId === "string" ? { steps: [{ kind: p.action, targetId: p.targetId }] } : null;
    default:
      return (ONE_STEP_ACTIONS as readonly unknown[]).includes(p.action) ? { steps: [{ kind: p.action } as D20Step] } : null;
  }
}
