import type { Simulation } from "../simulation.ts";
import type { AltarRecord, PartyRecord, Pos, UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { stopWalking } from "../world/movement.ts";
import { walkKnowing } from "../knowledge/routing.ts";
import { guideAtDoors } from "../doors/routing.ts";
import { markAltar } from "../changes.ts";
import { setActivity } from "../world/units.ts";

/**
 * The keeper's altars and the "destroy an altar" goal (INV-02, INV-03, INV-06). Decisions:
 * - a keeper builds an altar on a floor tile with `buildAltar`, at once and free (like a guard
 *   post or the scrying pool; the seed gives no cost); it does not block walking, so it never
 *   touches the walking path (DOOR-49);
 * - a party whose goal is to destroy an altar walks to the nearest standing altar (Chebyshev
 *   distance from each member, then the lowest id) and every member next to it works on it:
 *   one point of damage per member per tick, destroyed at {@link ALTAR_WORK_TICKS};
 * - once it is destroyed the party loots what it can carry and leaves (INV-03): it goes for the
 *   treasure like a party whose Master is dead (INV-89);
 * - no altar before arrival turns the goal into killing the Master (INV-06, `goalExists`); an
 *   altar it cannot reach makes it scatter for treasure, like a Master out of reach (INV-89).
 */

/** Work, in adventurer-ticks, that destroys an altar (10 game minutes for one adventurer). */
export const ALTAR_WORK_TICKS = 100;

/** The keeper's standing altars. */
export function altarsOf(sim: Simulation): AltarRecord[] {
  return Object.values(sim.state.altars ?? {});
}

/** The standing altar at (x, y), if any. */
export function altarAt(sim: Simulation, x: number, y: number): AltarRecord | undefined {
  return altarsOf(sim).find((a) => a.x === x && a.y === y);
}

/** The altar nearest to `from` (Chebyshev tiles), ties to the lowest id; undefined when there is none. */
export function nearestAltar(sim: Simulation, from: Pos): AltarRecord | undefined {
  let best: AltarRecord | undefined;
  for (const a of altarsOf(sim)) {
    if (!best || chebyshev(from, a) < chebyshev(from, best) || (chebyshev(from, a) === chebyshev(from, best) && a.id < best.id)) best = a;
  }
  return best;
}

/**
 * Builds an altar at (x, y) (no checks: the `buildAltar` command makes them). Emits `altarBuilt`.
 * @returns the new altar.
 */
export function addAltar(sim: Simulation, x: number, y: number): AltarRecord {
  const id = sim.newId();
  const altar: AltarRecord = { id, x, y, damage: 0 };
  (sim.state.altars ??= {})[id] = altar;
  markAltar(sim, id);
  sim.emit({ type: "altarBuilt", altarId: id, x, y, unitId: "", partyId: "" });
  return altar;
}

/**
 * What `unit` of a party whose goal is to destroy an altar does this tick (INV-02): walk next to
 * the nearest altar, or work on it when next to it; the last point of damage destroys it
 * (`altarDestroyed`) and sends the party looting (INV-03).
 * @returns false when the unit has nothing to do here (no altar left: the caller turns the goal
 *   into killing the Master); true when it was handled.
 */
export function pursueAltar(sim: Simulation, party: PartyRecord, unit: UnitRecord): boolean {
  const altar = nearestAltar(sim, unit);
  if (!altar) return false;
  if (chebyshev(unit, altar) <= 1) {
    stopWalking(unit);
    setActivity(sim, unit, "working");
    altar.damage++;
    markAltar(sim, altar.id);
    if (altar.damage >= ALTAR_WORK_TICKS) {
      delete sim.state.altars?.[altar.id];
      party.scattering = true; // INV-03: the goal is done; loot what can be carried, then leave
      sim.emit({ type: "altarDestroyed", altarId: altar.id, x: altar.x, y: altar.y, unitId: unit.id, partyId: party.id });
    }
    return true;
  }
  if (guideAtDoors(sim, party, unit, altar)) return true; // doors on the way (DOOR rules)
  setActivity(sim, unit, "walking");
  if (!walkKnowing(sim, unit, altar, true)) {
    party.scattering = true; // out of reach: like a Master out of reach (INV-89)
    setActivity(sim, unit, "idle");
  }
  return true;
}
