/**
 * Memory benchmark (`npm run bench:memory`), issue 18 part 5: does memory come back after rooms
 * are disposed? Starts the server in this process (ws transport on a free loopback port, a
 * SQLite dungeon store in a scratch folder unless `--no-store`), then runs `--cycles`
 * create-and-leave cycles, one at a time: a client creates a dungeon as its keeper, leaves, and
 * the room is disposed (the stored dungeon saved and resting). Prints the resident set size (RSS)
 * and the V8 heap in MB: before the cycles (after a warm-up of `--warmup` cycles and a full GC),
 * right after them, and after a full GC (`global.gc`, so it runs with `--expose-gc`; the npm
 * script passes it). The client runs in the same process, so its share is in the figures too.
 * Asserts nothing; exit 1 only on a failure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseCli, runCli } from "../../tools/cli.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { pino } from "pino";
import { DUNGEON_ROOM, SEAT_MESSAGE, EVENT_MESSAGE } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";

/** Usage text of `npm run bench:memory`. */
export const MEMORY_BENCH_USAGE = [
  "usage: npm run bench:memory -- [options]",
  "  --cycles N    create-and-leave cycles measured (default 1000)",
  "  --warmup N    cycles before the first measure (default 50)",
  "  --no-store    ephemeral rooms (no SQLite store)",
  "  -h, --help    this text",
].join("\n");

/** Parsed options of the memory benchmark. */
export interface MemoryBenchArgs { cycles: number; warmup: number; store: boolean }

/**
 * Parses the options (see {@link MEMORY_BENCH_USAGE}).
 * @returns the options, or `"help"`.
 * @throws Error naming an unknown option or a bad number.
 */
export function parseMemoryBenchArgs(argv: readonly string[]): MemoryBenchArgs | "help" {
  const parsed = parseCli(argv, { cycles: { type: "string" }, warmup: { type: "string" }, "no-store": { type: "boolean" } });
  if (parsed === "help") return "help";
  const values = parsed.values as { cycles?: string; warmup?: string; "no-store"?: boolean };
  const count = (name: string, v: string | undefined, d: number): number => {
    if (v === undefined) return d;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number ≥ 0, got ${v}`);
    return n;
  };
  return { cycles: count("cycles", values.cycles, 1000), warmup: count("warmup", values.warmup, 50), store: !values["no-store"] };
}

/** One memory reading, in MB. */
interface Reading { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number }

function reading(): Reading {
  const m = process.memoryUsage();
  const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;
  return { rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) };
}

async function fullGc(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  for (let i = 0; i < 4; i++) {
    gc();
    await sleep(50);
  }
}

async function main(): Promise<void> {
  const args = runCli("bench:memory", MEMORY_BENCH_USAGE, () => parseMemoryBenchArgs(process.argv.slice(2)));
  // The rooms log through the process logger, which reads LOG_LEVEL when first imported.
  process.env.LOG_LEVEL ??= "silent";
  const { createServer } = await import("../src/app.ts");
  const { SqliteDungeonStore } = await import("../src/store/sqlite.ts");
  const dir = args.store ? mkdtempSync(join(tmpdir(), "malignus-memory-")) : undefined;
  const app = await createServer({ transport: "ws", logger: pino({ level: "silent" }), ...(dir ? { store: new SqliteDungeonStore({ file: join(dir, "malignus.sqlite") }) } : {}) });
  const base = `http://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
  const cycle = async (i: number): Promise<void> => {
    const room = await new Client(base).create(DUNGEON_ROOM, { role: "keeper", seed: i, pauseOnSpot: false }, DungeonState);
    room.onMessage(SEAT_MESSAGE, () => {});
    room.onMessage(EVENT_MESSAGE, () => {});
    await room.leave();
    for (let t = 0; matchMaker.stats.local.roomCount > 0; t++) {
      if (t > 400) throw new Error(`cycle ${i}: the room was not disposed after 4 s`);
      await sleep(10);
    }
  };
  try {
    for (let i = 0; i < args.warmup; i++) await cycle(i);
    await fullGc();
    const release = () => {
      const r = app.memoryRelease.release();
      if (!r) throw new Error("no global.gc: run with --expose-gc (npm run bench:memory does)");
      return r;
    };
    const firstRelease = release();
    const before = reading();
    const started = Date.now();
    for (let i = 0; i < args.cycles; i++) await cycle(args.warmup + i);
    const seconds = (Date.now() - started) / 1000;
    const after = reading();
    await sleep(1000); // timers of the last rooms (seat reservations, auto-dispose) run out
    await fullGc();
    const afterGc = reading();
    const lastRelease = release();
    const afterRelease = reading();
    console.log(`memory: ${args.cycles} create-and-leave cycles (${args.store ? "SQLite store" : "no store"}) in ${seconds.toFixed(1)} s, rooms left ${matchMaker.stats.local.roomCount}`);
    console.log("| MB | RSS | heap used | heap total | external | array buffers |\n|---|---:|---:|---:|---:|---:|");
    for (const [name, r] of [["before (after the idle release)", before], [`after ${args.cycles} cycles`, after], ["after GC", afterGc], ["after the idle release", afterRelease]] as const) {
      console.log(`| ${name} | ${r.rss} | ${r.heapUsed} | ${r.heapTotal} | ${r.external} | ${r.arrayBuffers} |`);
    }
    const perCycle = (mb: number) => `${(mb * 1024 / Math.max(1, args.cycles)).toFixed(1)} KB a cycle`;
    console.log(`heap used after GC − before: ${(afterGc.heapUsed - before.heapUsed).toFixed(1)} MB (${perCycle(afterGc.heapUsed - before.heapUsed)})`);
    console.log(`RSS after the idle release − before: ${(afterRelease.rss - before.rss).toFixed(1)} MB (${perCycle(afterRelease.rss - before.rss)})`);
    const pause = (r: typeof firstRelease) => `${Math.round(r.pauseMs)} ms (CPU ${Math.round(r.cpuMs)} ms)`;
    console.log(`idle release pauses: ${pause(firstRelease)} after the warm-up, ${pause(lastRelease)} after the cycles; load average ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await app.shutdown();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("bench/memory.ts")) {
  main().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
