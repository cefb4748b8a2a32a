import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GOLDEN_SCENARIOS } from "../replay/golden.ts";
import { buildReplay } from "../../src/replay/build.ts";
import { formatReplay, parseReplay, replayInputs, replaySimOptions } from "../../src/replay/format.ts";
import { runReplay } from "../../src/replay/run.ts";
import { Playback } from "../../src/replay/playback.ts";

/**
 * The replay file and the playback against the pinned golden hashes (server/test/replay/): each
 * golden scenario (keeper games of every ruleset, a d20 and a d100 game with an adventurer
 * player's moves, plans, duel and mercy) written as a replay file, read back, re-run with
 * `--check`'s `runReplay`, and played by the replay room's `Playback` to its end, then sought back
 * halfway and forward again: every path ends on the pinned hash. The 100,800-tick `d20-long` is
 * left to the golden test itself.
 */

const GOLDEN = JSON.parse(readFileSync(new URL("../replay/golden.json", import.meta.url), "utf8")) as Record<string, { tick: number; hash: string }>;

describe("replay files of the golden scenarios", () => {
  for (const scenario of GOLDEN_SCENARIOS.filter((s) => s.name !== "d20-long")) {
    it(`${scenario.name}: the file, runReplay and the playback (with a seek back) all end on the pinned hash`, async () => {
      const golden = GOLDEN[scenario.name]!;
      const built = await buildReplay({
        options: { ...scenario.options }, createdAt: 0,
        inputs: scenario.inputs.map((input, seq) => ({ seq, input })),
        recorded: { tick: scenario.untilTick, hash: golden.hash },
      });
      const file = parseReplay(formatReplay(built).join(""));
      expect(file.end).toEqual({ end: golden.tick, hash: golden.hash });
      const run = runReplay(file, { check: true });
      expect(run).toEqual({ tick: golden.tick, hash: golden.hash, compared: file.checkpoints.length + 1 });

      const playback = new Playback({ options: replaySimOptions(file.header), map: file.header.map, inputs: replayInputs(file), endTick: file.end.end });
      while (!playback.ended) playback.step();
      expect([playback.tick, playback.sim.hash()]).toEqual([golden.tick, golden.hash]);
      // Halfway, as a fresh playback reaches it going forward (the recorded checkpoint when there is one there).
      const half = Math.floor((playback.startTick + golden.tick) / 2);
      const fresh = new Playback({ options: replaySimOptions(file.header), map: file.header.map, inputs: replayInputs(file), endTick: file.end.end });
      fresh.seek(half);
      const halfHash = fresh.sim.hash();
      const recorded = file.checkpoints.find((c) => c.checkpoint === half);
      if (recorded) expect(halfHash).toBe(recorded.hash);
      expect(playback.seek(half)).toBe(true);
      expect([playback.tick, playback.sim.hash()]).toEqual([half, halfHash]);
      playback.seek(golden.tick);
      expect([playback.tick, playback.sim.hash(), playback.ended]).toEqual([golden.tick, golden.hash, true]);
    }, 60_000);
  }
});
