import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { loadavg } from "node:os";
import { killAll } from "../../server/test/crash/processes.ts";
import { startChaosEnv } from "./env.ts";
import { SCENARIOS, SCENARIO_NAMES, runScenario } from "./scenarios.ts";
import { markdownTable, textTable, writeTableInto } from "./report.ts";
import type { ScenarioResult } from "./probes.ts";

/**
 * `npm run chaos` (issue 18 part 5): starts its own Redis, PostgreSQL and two servers on free
 * ports, runs the chaos scenarios and prints what held. Exit 0 when every scenario held, 1 when
 * one did not, 2 on bad arguments or when the processes could not start.
 */

const USAGE = `Usage: npm run chaos -- [options]

Starts its own redis-server, PostgreSQL (a throwaway initdb cluster, else a fresh database on
127.0.0.1:5432) and two Malignus servers on free ports, runs the chaos scenarios, prints a table.

Options:
  --scenario NAME   run only this scenario (repeatable): ${SCENARIO_NAMES.join(", ")}
  --short           short durations and counts (what the test suite runs)
  --seed N          seed of the dungeons and of the fuzzer (default 1818)
  --markdown        also print the table as Markdown
  --write-doc       write the Markdown table into docs/reliability.md between its markers
  -h, --help        this text

Exit code: 0 every scenario held, 1 one did not, 2 bad arguments or a process did not start.`;

const DOC = fileURLToPath(new URL("../../docs/reliability.md", import.meta.url));

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        scenario: { type: "string", multiple: true },
        short: { type: "boolean", default: false },
        seed: { type: "string", default: "1818" },
        markdown: { type: "boolean", default: false },
        "write-doc": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const seed = Number(args.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    console.error(`--seed must be an integer 0–4294967295, got ${args.seed}\n\n${USAGE}`);
    return 2;
  }
  const unknown = (args.scenario ?? []).filter((n) => !SCENARIO_NAMES.includes(n));
  if (unknown.length > 0) {
    console.error(`unknown scenario ${unknown.join(", ")}; known: ${SCENARIO_NAMES.join(", ")}`);
    return 2;
  }
  const chosen = args.scenario ? SCENARIOS.filter((s) => args.scenario!.includes(s.name)) : SCENARIOS;
  const log = (line: string) => console.log(line);
  const startedAt = new Date();
  const loadAtStart = loadavg()[0]!;
  let env;
  try {
    env = await startChaosEnv({ log });
  } catch (err) {
    console.error(`could not start the chaos processes: ${(err as Error).message}`);
    killAll();
    return 2;
  }
  const results: ScenarioResult[] = [];
  const started = env;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the chaos processes`);
      void started.close().finally(() => { killAll(); process.exit(130); });
    });
  }
  try {
    for (const scenario of chosen) {
      log(`\n== ${scenario.name}: ${scenario.title}`);
      const r = await runScenario(env, scenario, { short: args.short, seed, log });
      results.push(r);
      log(`${r.held ? "✓ held" : "✗ did not hold"} in ${(r.durationMs / 1000).toFixed(1)} s: ${r.reason}`);
    }
  } finally {
    await env.close();
    killAll();
  }
  const info = { startedAt: startedAt.toISOString().replace(/\.\d+Z$/, "Z"), short: args.short, seed, postgres: env.postgresKind, seconds: Math.round((Date.now() - startedAt.getTime()) / 1000), load: [loadAtStart, loadavg()[0]!] as [number, number] };
  console.log(`\n${textTable(results)}`);
  if (args.markdown || args["write-doc"]) {
    const md = markdownTable(results, info);
    if (args.markdown) console.log(`\n${md}`);
    if (args["write-doc"]) {
      writeTableInto(DOC, md);
      console.log(`\nwrote the table into ${DOC}`);
    }
  }
  return results.every((r) => r.held) ? 0 : 1;
}

process.exitCode = await main();
// Sockets of clients the scenarios abandoned (a killed server's) may hold the loop open.
setTimeout(() => process.exit(), 500).unref();
