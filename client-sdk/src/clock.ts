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

/**
 * Ticks between two syncs of the room's `clock.tick` while it runs one tick per step (issue 20
 * part 4; the server's `CLOCK_TICK_SYNC_TICKS`): one game minute.
 */
export const CLOCK_TICK_SYNC_TICKS = TICKS_PER_GAME_MINUTE;

/** What {@link estimateTick} reads of the room's clock (the schema's `GameClock`). */
export interface ClockLike { tick: number; timeScale: number; paused: boolean }

/**
 * The room's current tick, estimated between two syncs: the server writes `clock.tick` only once
 * every {@link CLOCK_TICK_SYNC_TICKS} ticks (and at once when paused or sought back), so a client
 * adds the ticks the elapsed real time is worth at the clock's `timeScale` (game minutes per real
 * second, {@link TICKS_PER_GAME_MINUTE} ticks each), capped before the next sync point (which the
 * server would have sent). Exact while paused.
 *
 * @param clock The room's clock as last received.
 * @param msSinceSync Real milliseconds since `clock.tick` last changed (≥ 0).
 * @returns A tick (integer) from `clock.tick` to the last tick before the next sync.
 * @throws RangeError when `msSinceSync` is negative or not finite.
 *
 * @example
 * estimateTick({ tick: 120, timeScale: 1, paused: false }, 450); // 124 (4.5 ticks at 10 ticks/s)
 */
export function estimateTick(clock: ClockLike, msSinceSync: number): number {
  if (!Number.isFinite(msSinceSync) || msSinceSync < 0) throw new RangeError(`msSinceSync must be a non-negative number, got ${msSinceSync}`);
  if (clock.paused) return clock.tick;
  const elapsed = Math.floor((msSinceSync / 1000) * clock.timeScale * TICKS_PER_GAME_MINUTE);
  const lastBeforeSync = clock.tick - (clock.tick % CLOCK_TICK_SYNC_TICKS) + CLOCK_TICK_SYNC_TICKS - 1;
  return Math.min(clock.tick + elapsed, lastBeforeSync);
}
