import { TICKS_PER_GAME_DAY, type RulesetId } from "@malignus/shared";
import { Simulation } from "../simulation.ts";
import type { MapDefinition } from "../world/map.ts";
import { setFirstMerchantDay } from "../merchants/merchants.ts";

/** Most game days `skipToInvasion` steps before giving up on a party (then the dungeon opens as it is). */
export const SKIP_TO_INVASION_MAX_DAYS = 10;

/**
 * What defines a dungeon at its creation (with its map): the options a room is created with that
 * the simulation sees. JSON-safe, so a replay file can hold it.
 */
export interface DungeonSimOptions {
  /** The map's name (for logs and replay files; the map itself is passed beside the options). */
  map: string;
  /** 32-bit seed of every random draw. */
  seed: number;
  ruleset: RulesetId;
  /** Pause the clock when the keeper spots a party (INV-79). */
  pauseOnSpot: boolean;
  /** Step until the first party is in the dungeon (at most {@link SKIP_TO_INVASION_MAX_DAYS} game days). */
  skipToInvasion: boolean;
  /** Open paused, waiting for a keeper's `resume` (emits `paused`). */
  startPaused: boolean;
  /**
   * The first game day (from 1) a travelling merchant comes (DOOR-12, merchants/merchants.ts);
   * absent: `MERCHANT_FIRST_DAY` (day 3).
   */
  firstMerchantDay?: number | undefined;
  /** d100 rooms: the ruleset's room options (absent fields take their defaults). */
  d100?: { traumaticInsteadOfDeath?: boolean; rechargeBetweenFights?: boolean; firstParty?: readonly string[] } | undefined;
}

/**
 * A new dungeon exactly as a room opens it, and as a replay starts it: `Simulation.create` from
 * the options and `map`, then `firstMerchantDay` (DOOR-12), then `skipToInvasion` (steps until a party is in the dungeon, resuming
 * any spotting pause on the way, at most {@link SKIP_TO_INVASION_MAX_DAYS} game days), then
 * `startPaused` (pauses with "waiting for a keeper to resume"). Pure: the same options and map
 * give the same state hash. The events of these steps are drained (nobody hears them).
 *
 * @example
 * const sim = createDungeonSimulation({ map: "default", seed: 7, ruleset: "d20", pauseOnSpot: true, skipToInvasion: true, startPaused: false }, loadMap("default"));
 */
export function createDungeonSimulation(options: DungeonSimOptions, map: MapDefinition): Simulation {
  const d100 = options.d100;
  const sim = Simulation.create({
    seed: options.seed, ruleset: options.ruleset, map, pauseOnSpot: options.pauseOnSpot,
    ...(d100 ? { d100: { traumaticInsteadOfDeath: d100.traumaticInsteadOfDeath ?? false, rechargeBetweenFights: d100.rechargeBetweenFights ?? false, ...(d100.firstParty ? { firstParty: [...d100.firstParty] } : {}) } } : {}),
  });
  if (options.firstMerchantDay !== undefined) setFirstMerchantDay(sim, options.firstMerchantDay);
  if (options.skipToInvasion) {
    const last = sim.state.tick + SKIP_TO_INVASION_MAX_DAYS * TICKS_PER_GAME_DAY;
    while (sim.state.invasion.partyId === "" && sim.state.tick < last) {
      sim.step();
      if (sim.state.paused) sim.resume("skipping to the first invasion");
    }
  }
  if (options.startPaused) sim.pause("waiting for a keeper to resume");
  sim.drainEvents();
  return sim;
}
