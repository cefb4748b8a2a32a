import { TILE } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { canSee, hasLineOfSight } from "../combat/perception.ts";
import { isActive, isKeeperSide } from "../world/units.ts";
import { chebyshev, tileAt } from "../world/grid.ts";
import { SPECTRAL_EYE_TILES, spectralEyePosition } from "../invasions/spotting.ts";

/**
 * The keeper's fog (INV-69 to INV-77): which intruders the keeper's side sees now. Everything a
 * view or an audience decision needs of it is computed at most once per simulation step, in a
 * {@link ViewContext}.
 */

/** Everything a visibility decision may need, computed once per step for all viewers. */
export interface ViewContext {
  sim: Simulation;
  /** Adventurer unit ids the keeper currently sees (see {@link keeperSeesUnit}). */
  revealed: ReadonlySet<string>;
}

/**
 * INV-69 to INV-76 (the fog lifts where the keeper's side looks): true when the keeper currently
 * sees adventurer `unit`: an active Master, minion or dungeon creature sees it (INV-71, with
 * CMB-02 to CMB-04), it is fighting one of them or being fought (INV-73), it stands in the
 * Sanctum (INV-75), a lit guard-post torch shows its party (`party.shown`, INV-76), the spectral
 * eye sees it (INV-72), or it is the keeper's prisoner. An alarm trap (INV-74) spots the party
 * (the letter) but shows its members only while one of the above holds. Non-adventurers (no
 * `partyId`) are always visible.
 * @param watchers the keeper's active units (Master, minions, dungeon creatures).
 */
export function keeperSeesUnit(sim: Simulation, unit: UnitRecord, watchers: readonly UnitRecord[]): boolean {
  if (unit.partyId === "") return true;
  if (unit.activity === "left") return false;
  if (unit.activity === "captured") return true;
  if (sim.state.parties[unit.partyId]?.shown === true) return true;
  if (tileAt(sim.state.map, unit.x, unit.y) === TILE.sanctum) return true;
  const eye = spectralEyePosition(sim);
  if (eye && chebyshev(unit, eye) <= SPECTRAL_EYE_TILES && hasLineOfSight(sim.state.map, eye, unit)) return true;
  if (unit.targetId !== "" && sim.state.units[unit.targetId]?.faction === "dungeon") return true;
  for (const w of watchers) {
    if (w.targetId === unit.id) return true;
    if (canSee(sim, w, unit)) return true;
  }
  return false;
}

/** The adventurer ids the keeper sees this step ({@link keeperSeesUnit}), in the order of `sim.state.units`. */
export function revealedToKeeper(sim: Simulation): Set<string> {
  return fillRevealed(sim, new Set<string>(), []);
}

/**
 * Fills `out` (cleared first) with the adventurer ids the keeper sees this step, in the order of
 * `sim.state.units` ({@link revealedToKeeper} into reused containers); `watchers` is scratch.
 * @returns `out`.
 */
export function fillRevealed(sim: Simulation, out: Set<string>, watchers: UnitRecord[]): Set<string> {
  out.clear();
  watchers.length = 0;
  let withParty = 0;
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (isKeeperSide(u) && isActive(u)) watchers.push(u);
    if (u.partyId !== "") withParty++;
  }
  if (withParty > 0) {
    for (const id in sim.state.units) {
      const u = sim.state.units[id] as UnitRecord;
      if (u.partyId !== "" && keeperSeesUnit(sim, u, watchers)) out.add(id);
    }
  }
  watchers.length = 0;
  return out;
}

/**
 * True when the keeper sees unit `id` now: a unit of no party (its own side, wild creatures), or
 * an intruder in `ctx.revealed` (INV-69). False for an id that is no unit.
 */
export function keeperSeesId(ctx: ViewContext, id: string): boolean {
  const u = Object.hasOwn(ctx.sim.state.units, id) ? ctx.sim.state.units[id] : undefined;
  return u !== undefined && (u.partyId === "" || ctx.revealed.has(id));
}

/**
 * A {@link ViewContext} whose `revealed` set is computed on first use only (events come every
 * tick; most ticks need no visibility at all).
 */
export function lazyContext(sim: Simulation): ViewContext {
  let revealed: Set<string> | undefined;
  return {
    sim,
    get revealed() { return (revealed ??= revealedToKeeper(sim)); },
  };
}

/**
 * A {@link ViewContext} a room keeps for its whole life: like {@link lazyContext}, its `revealed`
 * set is computed on first use only, into the same Set each time; {@link StepViewContext.invalidate}
 * must be called whenever the simulation may have changed (after each simulation step or command),
 * so the next use computes it afresh. A `revealed` read earlier is then stale (the same Set object
 * is refilled): read it, do not keep it.
 */
export class StepViewContext implements ViewContext {
  readonly sim: Simulation;
  readonly #revealed = new Set<string>();
  readonly #watchers: UnitRecord[] = [];
  #fresh = false;
  /** What {@link StepViewContext.revealed} was last computed from besides the units: the map's tiles… */
  #tiles = "";
  /** …the spectral eye's tile (INV-72; -1 when none)… */
  #eyeX = -1;
  #eyeY = -1;
  /** …and the parties a lit torch shows (INV-76), in the order of `sim.state.parties`. */
  readonly #shown: string[] = [];

  constructor(sim: Simulation) { this.sim = sim; }

  get revealed(): ReadonlySet<string> {
    if (!this.#fresh) {
      fillRevealed(this.sim, this.#revealed, this.#watchers);
      this.#fresh = true;
      this.#sameInputs(true);
    }
    return this.#revealed;
  }

  /** Forgets the `revealed` set: the next read computes it from the simulation as it is then. */
  invalidate(): void { this.#fresh = false; }

  /**
   * Issue 20 part 2: like {@link StepViewContext.invalidate}, unless `unitsSame` (no unit was
   * added, removed or changed since the set was computed: the room's projection tells it from the
   * change marks, rooms/projection.ts `unitsUnchanged`) and the rest of what {@link keeperSeesUnit}
   * reads is as it was (the map's tiles, the spectral eye's tile, the parties shown by a torch):
   * then the set is still right and kept, so a step where nothing moved computes no line of sight.
   */
  invalidateUnlessSame(unitsSame: boolean): void {
    if (!this.#fresh) return;
    if (!unitsSame || !this.#sameInputs(false)) this.#fresh = false;
  }

  /** True when the inputs remembered are those of now; with `remember`, takes the current ones. */
  #sameInputs(remember: boolean): boolean {
    const state = this.sim.state;
    const eye = spectralEyePosition(this.sim);
    const ex = eye ? eye.x : -1, ey = eye ? eye.y : -1;
    let same = this.#tiles === state.map.tiles && this.#eyeX === ex && this.#eyeY === ey;
    const shown = this.#shown;
    let n = 0;
    for (const id in state.parties) {
      if (state.parties[id]?.shown !== true) continue;
      if (shown[n] !== id) { same = false; if (remember) shown[n] = id; }
      n++;
    }
    if (n !== shown.length) { same = false; if (remember) shown.length = n; }
    if (remember) { this.#tiles = state.map.tiles; this.#eyeX = ex; this.#eyeY = ey; }
    return same;
  }
}
