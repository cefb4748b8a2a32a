import type { MapState } from "../../state.ts";
import { isTransparent } from "../../world/grid.ts";
import { coverFromLines, type Cover } from "./attack.ts";
import { spaceSide, type SpacedPos } from "./movement.ts";

/**
 * True when the segment from (x0, y0) to (x1, y1) (tile-corner coordinates: tile (x, y) spans
 * x..x+1, y..y+1) passes through the inside of the square of tile (tx, ty). A segment that only
 * runs along the square's edge or touches its corner does not (Liang–Barsky clipping on the open
 * square).
 */
function crossesTile(x0: number, y0: number, x1: number, y1: number, tx: number, ty: number): boolean {
  // The four half-planes of the open square, clipped in turn (no closure: this runs for every line of every cover check).
  let t0 = 0, t1 = 1;
  const dx = x1 - x0, dy = y1 - y0;
  for (let k = 0; k < 4; k++) {
    const p = k === 0 ? -dx : k === 1 ? dx : k === 2 ? -dy : dy;
    const q = k === 0 ? x0 - tx : k === 1 ? tx + 1 - x0 : k === 2 ? y0 - ty : ty + 1 - y0;
    if (p === 0) { if (q > 0) continue; return false; } // parallel to this edge: strictly inside its half-plane
    const r = q / p;
    if (p < 0) { if (r > t0) t0 = r; } else if (r < t1) t1 = r;
    if (t0 >= t1) return false;
  }
  return true;
}

/**
 * True when the segment between two tile corners passes through solid rock: through the inside of
 * a wall tile, or along the edge between two wall tiles (inside the rock mass). Running along the
 * outer face of a wall, or through the point where two walls touch diagonally, does not block.
 */
function lineBlocked(map: MapState, x0: number, y0: number, x1: number, y1: number): boolean {
  if (y0 === y1) {
    for (let tx = Math.min(x0, x1); tx < Math.max(x0, x1); tx++) if (!isTransparent(map, tx, y0 - 1) && !isTransparent(map, tx, y0)) return true;
  }
  if (x0 === x1) {
    for (let ty = Math.min(y0, y1); ty < Math.max(y0, y1); ty++) if (!isTransparent(map, x0 - 1, ty) && !isTransparent(map, x0, ty)) return true;
  }
  const minX = Math.min(x0, x1) - 1, maxX = Math.max(x0, x1), minY = Math.min(y0, y1) - 1, maxY = Math.max(y0, y1);
  for (let ty = minY; ty <= maxY; ty++) for (let tx = minX; tx <= maxX; tx++) {
    if (!isTransparent(map, tx, ty) && crossesTile(x0, y0, x1, y1, tx, ty)) return true;
  }
  return false;
}

const CORNERS: readonly [number, number][] = [[0, 0], [1, 0], [0, 1], [1, 1]];

/**
 * Left open (D20-ATTACK, cover on a grid, DMG-style proposal): how many of the 4 lines from a
 * corner of the attacker's tile to the 4 corners of the target's tile cross a solid (wall) tile,
 * for the attacker's corner that gives the fewest (0 to 4). A line that only grazes a wall's outer
 * face or corner is not blocked. Only walls count; creatures in between are not counted here.
 * d20move (D20-SIZE-01, Left open as in the DMG): a target covering several tiles (a unit with a
 * d20 sheet) is judged by the one tile of its space that gives the fewest; d20finish: so is an
 * attacker covering several tiles, its lines starting from the tile of its space (as it is now,
 * squeezed or not) that gives the fewest.
 */
export function blockedLines(map: MapState, attacker: SpacedPos, target: SpacedPos): number {
  let best = 4;
  const side = spaceSide(target), aside = spaceSide(attacker);
  for (let ay0 = 0; ay0 < aside && best > 0; ay0++) for (let ax0 = 0; ax0 < aside && best > 0; ax0++) {
    const qx = attacker.x + ax0, qy = attacker.y + ay0;
    for (let sy = 0; sy < side && best > 0; sy++) for (let sx = 0; sx < side && best > 0; sx++) {
      const px = target.x + sx, py = target.y + sy;
      for (const [ax, ay] of CORNERS) {
        let n = 0;
        for (const [tx, ty] of CORNERS) if (lineBlocked(map, qx + ax, qy + ay, px + tx, py + ty)) n++;
        if (n < best) best = n;
        if (best === 0) break;
      }
    }
  }
  return best;
}

/**
 * D20-ATTACK-57 to D20-ATTACK-64, D20-ATTACK-67: the cover the map's walls give `target` against
 * an attack from `attacker` ({@link blockedLines} → `coverFromLines`: 1–2 lines half (+1 AC),
 * 3 three-quarters (+3 AC), 4 total), and half cover at least when one of `creatures` (other
 * standing creatures, D20-ATTACK-62) is in the way ({@link creatureInTheWay}); degrees do not
 * stack (D20-ATTACK-60). Walls on the attacker's own side do not count (D20-ATTACK-58): the
 * attacker's best corner sees past them.
 */
export function mapCover(map: MapState, attacker: SpacedPos, target: SpacedPos, creatures: readonly SpacedPos[] = []): Cover {
  return coverFromLines(blockedLines(map, attacker, target), creatures.some((c) => creatureInTheWay(attacker, target, c)));
}

/**
 * Left open (D20-ATTACK-62, a creature as cover on a grid): a creature is in the way when the line
 * between the centres of the attacker's and the target's tiles passes through the inside of its
 * tile (grazing its edge or corner does not count); one on either end's tile never is.
 * d20move (D20-SIZE-01): the line ends at the centre of the target's whole space, and a creature
 * covering several tiles is in the way when the line crosses any of them; d20finish: it starts at
 * the centre of the attacker's whole space.
 */
export function creatureInTheWay(attacker: SpacedPos, target: SpacedPos, creature: SpacedPos): boolean {
  if ((creature.x === attacker.x && creature.y === attacker.y) || (creature.x === target.x && creature.y === target.y)) return false;
  const ts = spaceSide(target), cs = spaceSide(creature), as = spaceSide(attacker);
  for (let dy = 0; dy < cs; dy++) for (let dx = 0; dx < cs; dx++) {
    if (crossesTile(attacker.x + as / 2, attacker.y + as / 2, target.x + ts / 2, target.y + ts / 2, creature.x + dx, creature.y + dy)) return true;
  }
  return false;
}
