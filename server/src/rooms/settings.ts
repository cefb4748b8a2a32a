/**
 * Server settings a room reads when it is created, from the environment:
 * - `CHECKPOINT_EVERY_TICKS`: the room's simulation records its state hash every this many ticks
 *   (`Simulation.checkpointEvery`; ticks, whole number ≥ 0; default 0 = none). Tests set it to
 *   compare a live game's hashes with its replay's (sim/inputs/replay.ts); hashing walks the
 *   whole state, so production leaves it off.
 * @throws Error when the value is not a whole number ≥ 0.
 */
export function checkpointEveryTicks(env: Record<string, string | undefined> = process.env): number {
  const raw = env.CHECKPOINT_EVERY_TICKS?.trim();
  if (raw === undefined || raw === "") return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`invalid environment: CHECKPOINT_EVERY_TICKS: expected a whole number >= 0, got "${raw}"`);
  return n;
}
