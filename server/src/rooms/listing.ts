import { TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR } from "@malignus/shared";
import type { Simulation } from "../sim/index.ts";
import type { DungeonMetadata, DungeonOptions } from "./options.ts";
import type { SeatBook } from "./seats.ts";

/**
 * A room's listing metadata (`GET /rooms`, matchmaking): map, ruleset, game day and hour, seats
 * held and open. Republished when the game hour or the open adventurer seats change, and on every
 * seat change; never mutates what it published.
 */
export class Listing {
  #lastDay = 0;
  #lastHour = -1;
  /** The open adventurer seats last published (never mutated: the metadata holds it). */
  #lastOpenSeats: readonly string[] = [];

  /** True when the game hour or the open adventurer seats differ from the last published (no allocation). */
  due(sim: Simulation, seats: SeatBook): boolean {
    const t = sim.state.tick; // sim.clock()'s day and hour, without its object
    const day = Math.floor(t / TICKS_PER_GAME_DAY) + 1;
    const hour = Math.floor((t % TICKS_PER_GAME_DAY) / TICKS_PER_GAME_HOUR);
    return day !== this.#lastDay || hour !== this.#lastHour || seats.openSeatsDiffer(sim.state, this.#lastOpenSeats);
  }

  /** The metadata to publish now (and remembers it as the last published). */
  metadata(sim: Simulation, seats: SeatBook, options: DungeonOptions): DungeonMetadata {
    const { day, hour } = sim.clock();
    this.#lastDay = day;
    this.#lastHour = hour;
    const open = seats.openAdventurerSeats(sim.state);
    this.#lastOpenSeats = open;
    return {
      map: options.map,
      ruleset: options.ruleset,
      day,
      hour,
      keepers: seats.count("keeper", true),
      spectators: seats.count("spectator", true),
      keeperSeats: options.keeperSeats,
      adventurers: seats.count("adventurer"),
      openAdventurerSeats: open,
    };
  }
}
