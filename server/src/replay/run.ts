import { parseMap, replay } from "../sim/index.ts";
import { replayInputs, replaySimOptions, type ReplayFile } from "./format.ts";

/** The first recorded hash a replay run did not reproduce. */
export interface ReplayMismatch {
  /** `checkpoint` (a checkpoint line) or `end` (the end line). */
  what: "checkpoint" | "end";
  /** The tick of that line (ticks since day 1, 00:00). */
  tick: number;
  /** The hash recorded in the file. */
  expected: string;
  /** The hash this run computed there. */
  actual: string;
}

/** What {@link runReplay} found. */
export interface ReplayRunResult {
  /** The final tick (the end line's). */
  tick: number;
  /** The state hash at the final tick (16 hex digits). */
  hash: string;
  /** Recorded hashes compared (checkpoints and end), 0 without `check`. */
  compared: number;
  /** The first recorded hash that differs (lowest tick), when `check` found one. */
  mismatch?: ReplayMismatch;
}

/**
 * Re-runs a replay file headless with the core's `replay()` (sim/inputs/replay.ts) from its
 * header's create options, its map text and its inputs, up to its end tick. With `check`,
 * compares the state hash at every checkpoint line's tick (after that tick's systems ran) and at
 * the end with the recorded ones and reports the first that differs.
 * @throws Error when the log does not replay (an input refused or past, the clock paused before
 *   an input): the file is inconsistent with this server's rules.
 * @example
 * const { tick, hash, mismatch } = runReplay(parseReplay(text), { check: true });
 */
export function runReplay(file: ReplayFile, options: { check?: boolean } = {}): ReplayRunResult {
  const check = options.check ?? false;
  const checkpoints = file.checkpoints;
  let i = 0;
  let compared = 0;
  let mismatch: ReplayMismatch | undefined;
  const sim = replay(replaySimOptions(file.header), parseMap(file.header.map.name, file.header.map.text), replayInputs(file), {
    untilTick: file.end.end,
    onTick: check ? (s) => {
      while (i < checkpoints.length && checkpoints[i]!.checkpoint < s.tick) i++;
      const cp = checkpoints[i];
      if (cp === undefined || cp.checkpoint !== s.tick) return;
      i++;
      compared++;
      const actual = s.hash();
      if (mismatch === undefined && actual !== cp.hash) mismatch = { what: "checkpoint", tick: cp.checkpoint, expected: cp.hash, actual };
    } : undefined,
  });
  const hash = sim.hash();
  if (check) {
    compared++;
    if (mismatch === undefined && hash !== file.end.hash) mismatch = { what: "end", tick: file.end.end, expected: file.end.hash, actual: hash };
  }
  return { tick: sim.tick, hash, compared, ...(mismatch ? { mismatch } : {}) };
}
