/**
 * Determinism record of the benchmark scenarios (issue 20): steps each scenario headless and
 * prints its state hash every 100 ticks and at the end, with the number of events. Run it on two
 * versions of the simulation: equal lines mean a speed-up changed no rule. Prints; asserts nothing.
 *
 *   npx tsx --conditions=@malignus/source server/bench/determinism-record.ts [--only a,b]
 */
import type { RulesetId } from "@malignus/shared";
import { Simulation } from "../src/sim/index.ts";
import { bigBattleSim, midInvasionSim, scaledSim } from "./scenarios.ts";
import { parseCli, runCli, str } from "../../tools/cli.ts";

/** Stances given round-robin to the minions of the "stances" scenarios (CMB-15). */
const STANCE_CYCLE = ["flight", "keepDistance", "regroup", "aggression"] as const;

/** `sim` with its minions' stances set round-robin from {@link STANCE_CYCLE}, in id order. */
function withStances(sim: Simulation): Simulation {
  let i = 0;
  for (const id in sim.state.units) {
    const u = sim.state.units[id];
    if (u?.kind === "minion") u.stance = STANCE_CYCLE[i++ % STANCE_CYCLE.length] as (typeof STANCE_CYCLE)[number];
  }
  return sim;
}

/** The recorded scenarios: name, how to build it, ticks stepped. */
export const RECORD_SCENARIOS: readonly { name: string; make: () => Simulation; ticks: number }[] = [
  { name: "scaled50", make: () => scaledSim(50).sim, ticks: 400 },
  { name: "scaled250", make: () => scaledSim(250).sim, ticks: 300 },
  { name: "scaled1000", make: () => scaledSim(1000).sim, ticks: 120 },
  { name: "stances250", make: () => withStances(scaledSim(250).sim), ticks: 300 },
  { name: "stances-d20", make: () => withStances(bigBattleSim("d20").sim), ticks: 300 },
  ...(["malignus", "d20", "d100"] as RulesetId[]).flatMap((r) => [
    { name: `battle-${r}`, make: () => bigBattleSim(r).sim, ticks: 300 },
    { name: `mid-${r}`, make: () => midInvasionSim(r).sim, ticks: 300 },
  ]),
];

/** The usage of the determinism record (printed by `--help`, and after an argument error). */
export const RECORD_USAGE = `usage: npx tsx --conditions=@malignus/source server/bench/determinism-record.ts [options]
Prints the state hashes of the benchmark scenarios every 100 ticks (compare two versions' output).
  --only a,b     scenarios, any of ${RECORD_SCENARIOS.map((s) => s.name).join(",")} (default all)
  -h, --help     print this usage and exit`;

function main(): void {
  const only = runCli("determinism-record", RECORD_USAGE, () => {
    const parsed = parseCli(process.argv.slice(2), { only: { type: "string" } });
    if (parsed === "help") return "help";
    const names = str(parsed.values, "only", "").split(",").filter((s) => s !== "");
    for (const n of names) if (!RECORD_SCENARIOS.some((s) => s.name === n)) throw new Error(`--only: unknown scenario "${n}"`);
    return names;
  });
  for (const { name, make, ticks } of RECORD_SCENARIOS) {
    if (only.length > 0 && !only.includes(name)) continue;
    const sim = Simulation.restore(make().snapshot());
    const marks: string[] = [];
    let events = 0;
    for (let i = 1; i <= ticks; i++) {
      if (sim.state.paused) sim.resume("bench");
      events += sim.step().length;
      if (i % 100 === 0 || i === ticks) marks.push(`${i}:${sim.hash()}`);
    }
    console.log(`${name} events=${events} ${marks.join(" ")}`);
  }
}

main();
