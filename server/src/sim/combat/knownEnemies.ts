import type { Simulation } from "../simulation.ts";
import type { Pos, UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { areEnemies, isActive } from "../world/units.ts";
import { mayHaveEnemies } from "../world/factions.ts";
import { CHUNK_TILES, chunkKey, unitChunks } from "../world/unitIndex.ts";
import { forgetEnemy, KNOWN_ENEMY_MEMORY_TICKS, learnPosition } from "./awareness.ts";
import { canSee, perceptionRange } from "./perception.ts";

/**
 * The enemies a keeper-side unit knows about (CMB-02, CMB-05, CMB-08), nearest first, found
 * through the unit index's chunks (issue 20) for the stance table (stance.ts).
 */

/** How far, in tiles, a fighter goes after an enemy of a spotted party (as minions/minions.ts). */
export const CHASE_RANGE_TILES = 30;

/** An enemy a unit knows about, and where it thinks it is. */
export interface Known { enemy: UnitRecord; at: Pos; seen: boolean }

/** True when `u` belongs to a party the keeper has spotted. */
export function isSpotted(sim: Simulation, u: UnitRecord): boolean {
  const party = u.partyId ? sim.state.parties[u.partyId] : undefined;
  return party !== undefined && party.spotted;
}

/**
 * The enemies `unit` knows about, nearest first (then by id): those it sees (CMB-02), those of a
 * spotted party within {@link CHASE_RANGE_TILES}, and those it remembers (CMB-05, CMB-08) at the
 * position it learned. Seeing an enemy refreshes what it remembers of it.
 */
export function enemiesKnownTo(sim: Simulation, unit: UnitRecord): Known[] {
  return new KnownEnemies(sim, unit).all();
}

/**
 * {@link enemiesKnownTo}, found lazily (issue 20): `at(i)` is the i-th entry of that list, and
 * only the {@link CHUNK_TILES}-square chunks needed to be sure of it are looked through, in rings
 * around the unit's chunk (after ring j every unit within 8·j tiles has been seen, more by the
 * unit's place in its chunk: `#covered`). Creating it
 * has the list's side effects at once: remembered enemies the unit sees are learned again and
 * stale memories dropped (awareness.ts `knownEnemies`), whatever is asked afterwards. Valid until
 * a unit moves or changes activity (callers ask within one decision).
 */
export class KnownEnemies {
  readonly #sim: Simulation;
  readonly #unit: UnitRecord;
  /** How far the seen or spotted enemies are looked for (tiles, Chebyshev). */
  readonly #range: number;
  /** The last chunk ring that can hold one of them. */
  readonly #maxRing: number;
  readonly #cx: number;
  readonly #cy: number;
  /** The next chunk ring to look through. */
  #ring = 0;
  /** Every eligible enemy within this many tiles (seen or spotted or not) is in {@link #pendingUnit} or has been taken out of it. */
  #bound = -1;
  /**
   * Eligible enemies within range found and not yet taken (issue 20: parallel arrays, the entry
   * made only when handed out): the enemy, its distance (tiles) and its id as a number (the
   * tie-break). Whether it is seen or spotted is asked only when it comes first (`#take`): the
   * answers are pure, so the ones never reached need not be asked.
   */
  readonly #pendingUnit: UnitRecord[] = [];
  readonly #pendingD: number[] = [];
  readonly #pendingId: number[] = [];
  /** Remembered enemies not seen or spotted now, nearest first (then by id), from {@link #next}. */
  readonly #remembered: { k: Known; d: number }[] = [];
  #next = 0;
  /** Entries handed out, in order. */
  readonly #out: Known[] = [];

  constructor(sim: Simulation, unit: UnitRecord) {
    this.#sim = sim;
    this.#unit = unit;
    this.#range = Math.max(perceptionRange(unit), CHASE_RANGE_TILES);
    this.#maxRing = Math.ceil(this.#range / CHUNK_TILES);
    this.#cx = Math.floor(unit.x / CHUNK_TILES);
    this.#cy = Math.floor(unit.y / CHUNK_TILES);
    // Issue 20 part 2: every unit of the state on the unit's side (world/factions.ts), so no
    // chunk can hold an eligible enemy (`areEnemies`): the rings are not looked through.
    if (!mayHaveEnemies(sim, unit)) { this.#ring = this.#maxRing + 1; this.#bound = Infinity; }
    if (!hasKeys(unit.knownEnemies)) return;
    // Issue 20: one pass over the memories, with the outcome of two: first seeing a remembered
    // enemy refreshes the memory, then awareness.ts `knownEnemies` drops the stale ones and lists
    // the rest (each entry is refreshed, dropped and listed on its own, so entry by entry gives
    // the same memories and list); canSee is asked once per enemy (nothing moves meanwhile).
    const now = sim.state.tick;
    for (const id of Object.keys(unit.knownEnemies)) {
      const u = sim.state.units[id];
      const eligible = u !== undefined && this.#eligible(u);
      const sees = eligible && canSee(sim, unit, u);
      if (sees) learnPosition(sim, unit, u);
      const memory = unit.knownEnemies[id]!;
      if (u === undefined || !isActive(u) || now - memory.tick > KNOWN_ENEMY_MEMORY_TICKS) { forgetEnemy(unit, id); continue; }
      if (eligible && this.#seenOrSpotted(u, sees) !== undefined) continue; // found with where it stands now
      const at = { x: memory.x, y: memory.y };
      this.#remembered.push({ k: { enemy: u, at, seen: false }, d: chebyshev(unit, at) });
    }
    this.#remembered.sort(byDistanceThenId);
  }

  /** True when `u` could be a seen or spotted enemy of the unit (before sight and range). */
  #eligible(u: UnitRecord): boolean {
    return areEnemies(this.#unit, u) && u !== this.#unit && isActive(u) && u.carriedBy === "";
  }

  /** For an eligible `u` (`sees`: canSee's answer for it when already asked): whether the unit sees it, or undefined when it is neither seen nor a spotted enemy within chase range. */
  #seenOrSpotted(u: UnitRecord, sees?: boolean): boolean | undefined {
    const d = chebyshev(this.#unit, u);
    if (d > this.#range) return undefined;
    const seen = sees ?? canSee(this.#sim, this.#unit, u);
    if (seen || (isSpotted(this.#sim, u) && d <= CHASE_RANGE_TILES)) return seen;
    return undefined;
  }

  /** The i-th known enemy (0: the nearest), or undefined past the last. */
  at(i: number): Known | undefined {
    while (this.#out.length <= i) {
      const k = this.#take();
      if (k === undefined) return undefined;
      this.#out.push(k);
    }
    return this.#out[i];
  }

  /** Every known enemy, nearest first (then by id). */
  all(): Known[] {
    for (let k = this.#take(); k !== undefined; k = this.#take()) this.#out.push(k);
    return this.#out;
  }

  /** Takes the next entry in order (the caller appends it to #out). */
  #take(): Known | undefined {
    const pu = this.#pendingUnit, pd = this.#pendingD, pid = this.#pendingId;
    for (;;) {
      // The pending entry first in byDistanceThenId order (distance, then id).
      let best = -1;
      for (let j = 0; j < pu.length; j++) {
        if (best < 0 || pd[j]! < pd[best]! || (pd[j] === pd[best] && pid[j]! < pid[best]!)) best = j;
      }
      const rem = this.#remembered[this.#next];
      const fromPending = best >= 0 && (rem === undefined || pd[best]! < rem.d || (pd[best] === rem.d && pid[best]! < Number(rem.k.enemy.id)));
      const d = fromPending ? pd[best] : rem?.d;
      if (d !== undefined && d <= this.#bound) {
        let k: Known;
        if (fromPending) {
          const u = pu[best]!;
          const last = pu.length - 1;
          pu[best] = pu[last]!; pd[best] = pd[last]!; pid[best] = pid[last]!;
          pu.pop(); pd.pop(); pid.pop();
          const seen = this.#seenOrSpotted(u); // nobody moved since the scan
          if (seen === undefined) continue; // neither seen nor spotted: not known
          k = { enemy: u, at: { x: u.x, y: u.y }, seen };
        } else {
          k = rem!.k;
          this.#next++;
        }
        return k;
      }
      if (this.#ring > this.#maxRing) return undefined;
      this.#scanRing(this.#ring++);
      this.#bound = this.#ring > this.#maxRing ? Infinity : this.#covered(this.#ring - 1);
    }
  }

  /**
   * Tiles (Chebyshev) around the unit inside the chunks of rings 0 to `r`: every unit that near
   * has been looked at once those rings are scanned. At least {@link CHUNK_TILES}·r; more when
   * the unit stands away from its chunk's edges (issue 20: fewer rings scanned).
   */
  #covered(r: number): number {
    const { x, y } = this.#unit;
    const x0 = (this.#cx - r) * CHUNK_TILES, y0 = (this.#cy - r) * CHUNK_TILES;
    const x1 = (this.#cx + r + 1) * CHUNK_TILES - 1, y1 = (this.#cy + r + 1) * CHUNK_TILES - 1;
    return Math.min(x - x0, x1 - x, y - y0, y1 - y);
  }

  /** Looks through the chunks of ring `r` around the unit's chunk for eligible enemies within range (seen or spotted asked later, by #take). */
  #scanRing(r: number): void {
    const { x: ux, y: uy } = this.#unit;
    const chunks = unitChunks(this.#sim);
    for (let cy = this.#cy - r; cy <= this.#cy + r; cy++) {
      const edge = cy === this.#cy - r || cy === this.#cy + r;
      for (let cx = this.#cx - r; cx <= this.#cx + r; cx += edge || r === 0 ? 1 : 2 * r) {
        const chunk = chunks.get(chunkKey(cx, cy));
        if (chunk === undefined) continue;
        for (const u of chunk) {
          if (!this.#eligible(u)) continue;
          const d = Math.max(Math.abs(u.x - ux), Math.abs(u.y - uy));
          if (d > this.#range) continue; // never seen nor chased (#seenOrSpotted)
          this.#pendingUnit.push(u);
          this.#pendingD.push(d);
          this.#pendingId.push(Number(u.id));
        }
      }
    }
  }
}

/** Order of {@link enemiesKnownTo}: distance (tiles) to where the enemy is thought to be, then id. */
function byDistanceThenId(a: { k: Known; d: number }, b: { k: Known; d: number }): number {
  return a.d - b.d || Number(a.k.enemy.id) - Number(b.k.enemy.id);
}

/** True when `record` has an own enumerable key. */
function hasKeys(record: object): boolean {
  for (const _ in record) return true;
  return false;
}
