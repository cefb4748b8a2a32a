import { HOURS_PER_DAY, TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, TICKS_PER_GAME_MINUTE } from "@malignus/shared";

/** A game time: `day` counts from 1, `hour` 0–23, `minute` 0–59. */
export interface GameTime { day: number; hour: number; minute: number }

/**
 * The game time of a tick, as the server's clock computes it (tick 0 is day 1, 00:00).
 * Every {@link SimEvent} carries its `tick`, so this dates events without reading the state.
 *
 * @param tick A simulation tick (`1 / TICKS_PER_GAME_MINUTE` game minutes each), ≥ 0.
 * @throws RangeError when `tick` is negative or not an integer.
 *
 * @example
 * gameTimeOfTick(0);     // { day: 1, hour: 0, minute: 0 }
 * gameTimeOfTick(15_000); // { day: 2, hour: 1, minute: 0 } (10 ticks per game minute)
 */
export function gameTimeOfTick(tick: number): GameTime {
  if (!Number.isInteger(tick) || tick < 0) throw new RangeError(`tick must be a non-negative integer, got ${tick}`);
  return {
    day: Math.floor(tick / TICKS_PER_GAME_DAY) + 1,
    hour: Math.floor((tick % TICKS_PER_GAME_DAY) / TICKS_PER_GAME_HOUR),
    minute: Math.floor((tick % TICKS_PER_GAME_HOUR) / TICKS_PER_GAME_MINUTE),
  };
}

/**
 * Formats a game time as `day D HH:MM`.
 *
 * @example
 * formatGameTime({ day: 2, hour: 7, minute: 5 }); // "day 2 07:05"
 */
export function formatGameTime(time: GameTime): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `day ${time.day} ${pad(time.hour % HOURS_PER_DAY)}:${pad(time.minute)}`;
}
