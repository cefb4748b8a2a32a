/**
 * Dungeon store benchmark (`npm run bench:store`): what saving costs, for both stores.
 *
 * - appends: inputs written in batches of 1, 10 and 100 inputs of one dungeon, and 400 dungeons ×
 *   1 input per batch (the writer's flush after one step of 400 rooms): µs per input, ms per batch;
 * - the step's path: µs a room spends in `StoreWriter.append` (queueing only), and ms until a
 *   400-room step's inputs are durable;
 * - snapshots: a mid-invasion d20 dungeon's `Simulation.snapshot()`: size in bytes, ms to take and
 *   serialize it, ms to save it, and that cost spread over the ticks between snapshots.
 *
 * Options: `--quick` (fewer repetitions), `--no-pg` (SQLite only), `--pg URL` (the PostgreSQL
 * server where a scratch database `malignus_bench_<random>` is created and dropped; default
 * `TEST_DATABASE_URL` or postgres://postgres@127.0.0.1:5432/postgres). Prints tables; asserts
 * nothing. Takes a few seconds.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { Input } from "../src/sim/inputs/types.ts";
import { PostgresDungeonStore } from "../src/store/postgres.ts";
import { SqliteDungeonStore } from "../src/store/sqlite.ts";
import { SNAPSHOT_EVERY_TICKS, type DungeonStore, type StoreWrite } from "../src/store/types.ts";
import { StoreWriter } from "../src/store/writer.ts";
import { midInvasionSim } from "./scenarios.ts";
import { parseCli, runCli, str } from "../../tools/cli.ts";
import { fmt, fmtInt, mean, table } from "./stats.ts";

/** Parsed options of the store benchmark. */
export interface StoreBenchArgs {
  quick: boolean;
  /** PostgreSQL server URL, or null for SQLite only. */
  pg: string | null;
}

/** Usage text of `npm run bench:store`. */
export const STORE_BENCH_USAGE = [
  "usage: npm run bench:store -- [options]",
  "  --quick      fewer repetitions",
  "  --no-pg      SQLite only",
  "  --pg URL     PostgreSQL server to create a scratch database on (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)",
].join("\n");

/**
 * Parses the options (see {@link STORE_BENCH_USAGE}).
 * @returns the options, or `"help"` for `--help`/`-h`.
 * @throws Error naming an unknown option or a missing value.
 */
export function parseStoreBenchArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): StoreBenchArgs | "help" {
  const parsed = parseCli(argv, { quick: { type: "boolean" }, "no-pg": { type: "boolean" }, pg: { type: "string" } });
  if (parsed === "help") return "help";
  const v = parsed.values;
  const pgUrl = str(v, "pg", env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  return { quick: v.quick === true, pg: v["no-pg"] === true ? null : pgUrl };
}

/** Rooms of the 400-room step (the load test's size). */
const ROOMS = 400;

const input = (tick: number): Input => ({ tick, actor: { kind: "keeper", seatId: "k1" }, command: { type: "placePart", kind: "pressurePlate", x: 5 + (tick % 30), y: 15 } });

async function createDungeons(store: DungeonStore, prefix: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  for (const id of ids) {
    await store.create({ dungeonId: id, options: { seed: 1 }, map: "default", ruleset: "d20", ownerName: "bench", keeperKeyHash: "x", private: false });
  }
  return ids;
}

/** One row of the appends table. */
interface AppendRow { shape: string; inputs: number; usPerInput: number; msPerBatch: number }

async function benchAppends(store: DungeonStore, quick: boolean): Promise<AppendRow[]> {
  const rows: AppendRow[] = [];
  for (const size of [1, 10, 100]) {
    const [id] = await createDungeons(store, `one-${size}-`, 1);
    const batches = Math.max(quick ? 10 : 30, Math.ceil((quick ? 300 : 1500) / size));
    let seq = 0;
    const t0 = performance.now();
    for (let b = 0; b < batches; b++) {
      const inputs = Array.from({ length: size }, (_, k) => input(seq + k));
      await store.write([{ kind: "inputs", dungeonId: id!, firstSeq: seq, inputs }]);
      seq += size;
    }
    const ms = performance.now() - t0;
    rows.push({ shape: `1 dungeon × ${size}`, inputs: seq, usPerInput: (ms * 1000) / seq, msPerBatch: ms / batches });
  }
  const ids = await createDungeons(store, "many-", ROOMS);
  const steps = quick ? 5 : 20;
  const t0 = performance.now();
  for (let s = 0; s < steps; s++) {
    await store.write(ids.map((id): StoreWrite => ({ kind: "inputs", dungeonId: id, firstSeq: s, inputs: [input(s)] })));
  }
  const ms = performance.now() - t0;
  rows.push({ shape: `${ROOMS} dungeons × 1`, inputs: steps * ROOMS, usPerInput: (ms * 1000) / (steps * ROOMS), msPerBatch: ms / steps });
  return rows;
}

/** The writer: µs per `append` call (the step's path) and ms until a 400-room step is durable. */
async function benchWriter(store: DungeonStore, quick: boolean): Promise<{ usPerAppend: number; msDurable: number }> {
  const ids = await createDungeons(store, "writer-", ROOMS);
  const writer = new StoreWriter(store, { log: () => {} });
  const appendTimes: number[] = [];
  const durable: number[] = [];
  for (let s = 0; s < (quick ? 5 : 20); s++) {
    const t0 = performance.now();
    const acks = ids.map((id) => writer.append(id, input(s), s));
    appendTimes.push((performance.now() - t0) / ids.length);
    await Promise.all(acks);
    durable.push(performance.now() - t0);
  }
  await writer.close();
  return { usPerAppend: mean(appendTimes) * 1000, msDurable: mean(durable) };
}

/** One snapshot's figures. */
interface SnapshotFigures { bytes: number; msTake: number; msSerialize: number; msSave: number; usPerTick: number }

async function benchSnapshot(store: DungeonStore, quick: boolean): Promise<SnapshotFigures> {
  const { sim } = midInvasionSim("d20");
  for (let i = 0; i < 50; i++) sim.step();
  const [id] = await createDungeons(store, "snap-", 1);
  const reps = quick ? 5 : 20;
  const take: number[] = [];
  const ser: number[] = [];
  const save: number[] = [];
  let bytes = 0;
  for (let r = 0; r < reps; r++) {
    let t0 = performance.now();
    const state = sim.snapshot();
    const hash = sim.hash();
    take.push(performance.now() - t0);
    t0 = performance.now();
    bytes = Buffer.byteLength(JSON.stringify(state));
    ser.push(performance.now() - t0);
    t0 = performance.now();
    await store.saveSnapshot(id!, { nextSeq: 0, tick: sim.tick, hash, state }, { day: 2 });
    save.push(performance.now() - t0);
  }
  const msTake = mean(take);
  const msSave = mean(save);
  return { bytes, msTake, msSerialize: mean(ser), msSave, usPerTick: ((msTake + msSave) * 1000) / SNAPSHOT_EVERY_TICKS };
}

async function benchStore(name: string, store: DungeonStore, quick: boolean): Promise<void> {
  await store.init();
  const appends = await benchAppends(store, quick);
  const writer = await benchWriter(store, quick);
  const snap = await benchSnapshot(store, quick);
  console.log(`\n## ${name}\n`);
  console.log(table(["batch (dungeons × inputs)", "inputs", "µs per input", "ms per batch"],
    appends.map((r) => [r.shape, fmtInt(r.inputs), fmt(r.usPerInput), fmt(r.msPerBatch, 2)]), true));
  console.log(`\nStoreWriter, ${ROOMS} rooms × 1 input per step: ${fmt(writer.usPerAppend, 2)} µs per append on the step's path; `
    + `${fmt(writer.msDurable, 2)} ms until the step's ${ROOMS} inputs are durable (one transaction).`);
  console.log(`\nSnapshot of a mid-invasion d20 dungeon: ${fmtInt(snap.bytes)} bytes of JSON; take (snapshot + hash) ${fmt(snap.msTake, 2)} ms, `
    + `serialize ${fmt(snap.msSerialize, 2)} ms, save ${fmt(snap.msSave, 2)} ms; every ${SNAPSHOT_EVERY_TICKS} ticks that is `
    + `${fmt(snap.usPerTick, 2)} µs per room step.`);
  await store.close();
}

async function main(): Promise<void> {
  const args = runCli("bench:store", STORE_BENCH_USAGE, () => parseStoreBenchArgs(process.argv.slice(2)));
  console.log(`# Dungeon store benchmark (${args.quick ? "quick" : "full"}, Node ${process.version})`);
  const dir = mkdtempSync(join(tmpdir(), "malignus-bench-"));
  try {
    await benchStore("SQLite (node:sqlite, WAL, synchronous=FULL)", new SqliteDungeonStore({ file: join(dir, "bench.sqlite") }), args.quick);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (args.pg === null) return;
  const name = `malignus_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: args.pg });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`\n## PostgreSQL\n\nskipped: ${args.pg} does not answer (${(err as Error).message})`);
    return;
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(args.pg);
    url.pathname = `/${name}`;
    await benchStore(`PostgreSQL (pg, ${url.host})`, new PostgresDungeonStore({ connectionString: url.toString() }), args.quick);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("bench/store.ts")) await main();
