/**
 * Determinism soak record (issue 10, sim CPU work): runs the simulation on the default map for
 * each ruleset and seed with the load test's keeper bot (loadtest/src/bots/keeper.ts
 * `chooseKeeperAction`, reading the projected state as the bench does, one command about every
 * 10 ticks), through the first invasion(s), and records every 100 ticks the state hash and a
 * digest (FNV-1a 64 of the JSON) of the events of those 100 ticks.
 *
 * `npx tsx server/test/sim/soak/record.ts OUT.json [--ticks N] [--seeds a,b,c]` writes the record;
 * running it on two versions of server/src/sim and comparing both files byte for byte checks that
 * a change kept events and state identical. `soak.test.ts` runs a short version against itself.
 */
import { writeFileSync } from "node:fs";
import { COMMANDS, type Command, type CommandType, type RulesetId } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { Simulation } from "../../../src/sim/index.ts";
import { fnv1a64 } from "../../../src/sim/hash.ts";
import { loadMap } from "../../../src/maps.ts";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import { chooseKeeperAction, type KeeperView } from "../../../../loadtest/src/bots/keeper.ts";
import { num, parseCli, runCli, str } from "../../../../tools/cli.ts";
import { BotRandom } from "../../../../loadtest/src/bots/rand.ts";

/** One run's record: `hashes[i]` and `events[i]` after tick 100·(i+1). */
export interface SoakRun { ruleset: RulesetId; seed: number; hashes: string[]; events: string[]; eventCount: number; commands: number; refused: number }

/**
 * Runs `ticks` ticks of one dungeon driven by the keeper bot and records it (see the module doc).
 * The game clock's pauses (spotting) are resumed at once, as the bench does.
 */
export function soakRun(ruleset: RulesetId, seed: number, ticks: number): SoakRun {
  const sim = Simulation.create({ seed, ruleset, map: loadMap("default"), pauseOnSpot: true });
  const view = new DungeonState();
  projectMap(view, sim.state);
  const rand = new BotRandom(seed * 7 + 1);
  let next = rand.int(5, 15);
  const out: SoakRun = { ruleset, seed, hashes: [], events: [], eventCount: 0, commands: 0, refused: 0 };
  let chunk: unknown[] = [];
  for (let s = 0; s < ticks; s++) {
    if (s >= next) {
      next = s + Math.max(1, Math.round(rand.jitter(1000) / 100));
      projectState(view, sim, 1);
      const action = chooseKeeperAction(view as unknown as KeeperView, rand);
      const parsed = COMMANDS[action.type as CommandType].safeParse(action.payload);
      if (parsed.success) {
        const r = sim.apply({ type: action.type, ...(parsed.data as object) } as Command);
        out.commands++;
        if (!r.ok) out.refused++;
        chunk.push({ cmd: action.type, r });
      }
    }
    const ev = sim.step();
    if (sim.state.paused) sim.resume("soak");
    for (const e of ev) chunk.push(e);
    out.eventCount += ev.length;
    if ((s + 1) % 100 === 0) {
      out.hashes.push(sim.hash());
      out.events.push(fnv1a64(JSON.stringify(chunk)));
      chunk = [];
    }
  }
  return out;
}

/** The usage of the soak recorder (printed by `--help`, and after an argument error). */
export const RECORD_USAGE = `usage: npx tsx server/test/sim/soak/record.ts OUT.json [options]
Runs the soak of every ruleset and seed and writes its hashes (the soak test's golden file) to OUT.json.
  --ticks N      ticks per run (1..10000000, default 32000)
  --seeds a,b    dungeon seeds (default 1,2,3)
  -h, --help     print this usage and exit`;

if (process.argv[1]?.endsWith("record.ts")) {
  const parsed = runCli("record", RECORD_USAGE, () => {
    const p = parseCli(process.argv.slice(2), { ticks: { type: "string" }, seeds: { type: "string" } }, true);
    if (p === "help") return p;
    if (p.positionals.length !== 1) throw new Error(`expected one OUT.json, got ${p.positionals.length}`);
    return {
      positionals: p.positionals,
      ticks: num(p.values, "ticks", 32000, 1, 10_000_000),
      seeds: str(p.values, "seeds", "1,2,3").split(",").map((x) => num({ seeds: x }, "seeds", 0, 0, 2 ** 31 - 1)),
    };
  });
  const { ticks, seeds, positionals: argv } = parsed;
  const runs: SoakRun[] = [];
  for (const ruleset of ["malignus", "d20", "d100"] as const) {
    for (const seed of seeds) {
      const t0 = performance.now();
      const r = soakRun(ruleset, seed, ticks);
      runs.push(r);
      console.log(`${ruleset} seed ${seed}: ${r.eventCount} events, ${r.commands} commands (${r.refused} refused), hash ${r.hashes.at(-1)}, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
  writeFileSync(argv[0]!, JSON.stringify(runs, null, 1));
}
