/**
 * Memory per dungeon room (`npm run bench:room-memory`), issue 20 part 3: where does a dungeon
 * room's memory go with the loadtest's shape, 1 keeper + 4 spectators a room? Starts the server in
 * this process (ws transport on a free loopback port, a SQLite dungeon store in a scratch folder
 * unless `--no-store`), forks a child process that holds the clients (so their memory is not in
 * the figures), creates `--rooms` dungeons (keeper creates, 4 spectators join), waits `--settle`
 * seconds of play, forces full GCs (`--expose-gc`; the npm script passes it) and prints the growth
 * per room of the RSS and of the V8 heap (KiB), then, from two heap snapshots (before the rooms and
 * after), the growth of the heap's self size by constructor (top `--top`), per room. `--bots`
 * runs the loadtest's keeper bot in every room (a command a second); `--alloc N` samples what was
 * allocated during the window, garbage included (V8's sampling heap profiler), by function; the
 * server's CPU time from the first join to the end of the window is printed too, and (Linux) the
 * growth of the RSS by kind of mapping (/proc/self/smaps): the main thread's malloc arena, the
 * anonymous mappings (V8's heap pages, the other threads' malloc arenas) and files.
 * Asserts nothing; exit 1 only on a failure.
 */
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Session } from "node:inspector/promises";
import { getHeapSnapshot, getHeapSpaceStatistics } from "node:v8";
import { setTimeout as sleep } from "node:timers/promises";
import { parseCli, runCli, num } from "../../tools/cli.ts";

/** Usage text of `npm run bench:room-memory`. */
export const ROOM_MEMORY_USAGE = [
  "usage: npm run bench:room-memory -- [options]",
  "  --rooms N       dungeon rooms, each with 1 keeper + 4 spectators (default 30)",
  "  --spectators N  spectators a room (default 4)",
  "  --settle S      seconds of play before the measure (default 5)",
  "  --top N         constructors listed (default 40)",
  "  --no-store      ephemeral rooms (no SQLite store)",
  "  --bots          each keeper runs the loadtest's keeper bot (a command a second)",
  "  --no-snapshot   RSS and heap figures only (no heap snapshots)",
  "  --alloc N       sample the allocations of the window (garbage included) and list the top N functions",
  "  -h, --help      this text",
].join("\n");

/** Parsed options of the room memory benchmark. */
export interface RoomMemoryArgs { rooms: number; spectators: number; settle: number; top: number; store: boolean; bots: boolean; alloc: number; snapshot: boolean }

/**
 * Parses the options (see {@link ROOM_MEMORY_USAGE}).
 * @returns the options, or `"help"`.
 * @throws Error naming an unknown option or a bad number.
 */
export function parseRoomMemoryArgs(argv: readonly string[]): RoomMemoryArgs | "help" {
  const parsed = parseCli(argv, {
    rooms: { type: "string" }, spectators: { type: "string" }, settle: { type: "string" }, top: { type: "string" },
    "no-store": { type: "boolean" }, bots: { type: "boolean" }, alloc: { type: "string" }, "no-snapshot": { type: "boolean" },
  });
  if (parsed === "help") return "help";
  const v = parsed.values;
  return {
    rooms: num(v, "rooms", 30, 1, 2000), spectators: num(v, "spectators", 4, 0, 50), settle: num(v, "settle", 5, 0, 600),
    top: num(v, "top", 40, 1, 1000), store: !v["no-store"], bots: v.bots === true, alloc: num(v, "alloc", 0, 0, 1000), snapshot: !v["no-snapshot"],
  };
}

async function fullGc(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("no global.gc: run with --expose-gc (npm run bench:room-memory does)");
  for (let i = 0; i < 4; i++) {
    gc();
    await sleep(50);
  }
}

/** Resident memory (bytes) of this process by kind of mapping, from /proc/self/smaps (Linux). */
interface RssParts {
  /** The main thread's malloc arena (`[heap]`, grown by brk): native allocations of the main thread. */
  brk: number;
  /** Anonymous mappings: V8's heap pages, other threads' malloc arenas, large mallocs, stacks. */
  anon: number;
  /** File-backed mappings (the node binary, libraries, SQLite's files). */
  file: number;
}

/**
 * This process's resident memory by kind of mapping ({@link RssParts}), or undefined where
 * /proc/self/smaps cannot be read (not Linux).
 */
function rssParts(): RssParts | undefined {
  let text: string;
  try { text = readFileSync("/proc/self/smaps", "utf8"); } catch { return undefined; }
  const parts: RssParts = { brk: 0, anon: 0, file: 0 };
  let kind: keyof RssParts = "anon";
  for (const line of text.split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1]!.trim();
      kind = name === "[heap]" ? "brk" : name === "" || name.startsWith("[") ? "anon" : "file";
    } else if (line.startsWith("Rss:")) {
      parts[kind] += Number(/\d+/.exec(line)![0]) * 1024;
    }
  }
  return parts;
}

/** A node of V8's sampling heap profile. */
interface SamplingNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: SamplingNode[] }

/** Self size (bytes) and count of the heap's objects by constructor (node name of objects, type otherwise). */
type ByConstructor = Map<string, { size: number; count: number }>;

async function heapByConstructor(): Promise<ByConstructor> {
  const chunks: string[] = [];
  for await (const c of getHeapSnapshot()) chunks.push(typeof c === "string" ? c : String(c));
  const snap = JSON.parse(chunks.join("")) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const iType = fields.indexOf("type"), iName = fields.indexOf("name"), iSize = fields.indexOf("self_size");
  const out: ByConstructor = new Map();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + iType]!]!;
    const key = type === "object" || type === "native" || type === "closure" ? `${type}:${snap.strings[snap.nodes[i + iName]!]}` : `(${type})`;
    const e = out.get(key) ?? { size: 0, count: 0 };
    e.size += snap.nodes[i + iSize]!;
    e.count++;
    out.set(key, e);
  }
  return out;
}

/** The child: opens the clients and holds them until told to stop. */
async function clientsMain(base: string, rooms: number, spectators: number, bots: boolean): Promise<void> {
  const { connect } = await import("@malignus/client-sdk");
  const { runKeeperBot } = await import("../../loadtest/src/bots/keeper.ts");
  const { BotRandom } = await import("../../loadtest/src/bots/rand.ts");
  const held: { leave(): Promise<unknown> }[] = [];
  const rec = { answered: () => {}, failed: () => {} };
  for (let r = 0; r < rooms; r++) {
    const keeper = await connect(base).createDungeon({ seed: 1000 + r, pauseOnSpot: false }, { name: `keeper ${r}` });
    held.push(keeper);
    if (bots) runKeeperBot(keeper, new BotRandom(r), 1000, rec);
    for (let s = 0; s < spectators; s++) held.push(await connect(base).spectate(keeper.roomId, `spectator ${r}.${s}`));
  }
  process.send?.({ ready: held.length });
  process.on("message", () => process.exit(0));
}

async function main(): Promise<void> {
  const args = runCli("bench:room-memory", ROOM_MEMORY_USAGE, () => parseRoomMemoryArgs(process.argv.slice(2)));
  process.env.LOG_LEVEL ??= "silent";
  const { pino } = await import("pino");
  const { createServer } = await import("../src/app.ts");
  const { SqliteDungeonStore } = await import("../src/store/sqlite.ts");
  const dir = args.store ? mkdtempSync(join(tmpdir(), "malignus-room-memory-")) : undefined;
  const app = await createServer({ transport: "ws", logger: pino({ level: "silent" }), ...(dir ? { store: new SqliteDungeonStore({ file: join(dir, "malignus.sqlite") }) } : {}) });
  const base = `http://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
  try {
    // Warm-up: one room, so that lazily loaded modules and process-wide tables are in the baseline.
    await runClients(base, 1, args.spectators, 1);
    await sleep(2000);
    await fullGc();
    const before = process.memoryUsage();
    const snapBefore = args.snapshot ? await heapByConstructor() : undefined;
    await fullGc();
    const before2 = process.memoryUsage();
    const partsBefore = rssParts();
    const session = args.alloc > 0 ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    }
    const cpu0 = process.cpuUsage();
    const child = await runClients(base, args.rooms, args.spectators, args.settle, true, args.bots);
    const window = process.memoryUsage();
    const cpu = process.cpuUsage(cpu0);
    const profile = session ? ((await session.post("HeapProfiler.stopSampling")) as { profile: { head: SamplingNode } }).profile : undefined;
    const spaces = getHeapSpaceStatistics();
    await fullGc();
    const after = process.memoryUsage();
    const partsAfter = rssParts();
    const snapAfter = args.snapshot ? await heapByConstructor() : undefined;
    child?.send("stop");
    const kib = (b: number) => (b / 1024 / args.rooms).toFixed(1);
    console.log(`room memory: ${args.rooms} rooms × (1 keeper + ${args.spectators} spectators), ${args.store ? "SQLite store" : "no store"}, ${args.settle} s of play; GLIBC_TUNABLES ${process.env.GLIBC_TUNABLES ?? "unset"}; load average ${loadavg()[0]!.toFixed(1)}`);
    console.log("| KiB per room | RSS | heap used | heap total | external | array buffers |\n|---|---:|---:|---:|---:|---:|");
    console.log(`| after − before | ${kib(after.rss - before2.rss)} | ${kib(after.heapUsed - before2.heapUsed)} | ${kib(after.heapTotal - before2.heapTotal)} | ${kib(after.external - before2.external)} | ${kib(after.arrayBuffers - before2.arrayBuffers)} |`);
    console.log(`| end of the window (before GC) − before | ${kib(window.rss - before2.rss)} | ${kib(window.heapUsed - before2.heapUsed)} | ${kib(window.heapTotal - before2.heapTotal)} | ${kib(window.external - before2.external)} | ${kib(window.arrayBuffers - before2.arrayBuffers)} |`);
    if (partsBefore && partsAfter) {
      console.log(`\nRSS by mapping, after − before, KiB per room: main-thread malloc ([heap]) ${kib(partsAfter.brk - partsBefore.brk)}, ` +
        `anonymous (V8 heap pages, thread arenas, large mallocs) ${kib(partsAfter.anon - partsBefore.anon)}, files ${kib(partsAfter.file - partsBefore.file)}`);
    }
    console.log(`server CPU from the first join to the end of the window: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`);
    console.log(`heap spaces at the end of the window (MiB, size / used): ${spaces.map((s) => `${s.space_name} ${(s.space_size / 1048576).toFixed(1)}/${(s.space_used_size / 1048576).toFixed(1)}`).join(", ")}`);
    void before;
    if (profile) {
      const by = new Map<string, number>();
      const name = (f: SamplingNode["callFrame"]) => `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(node_modules|server|shared)\//, "$1/")}:${f.lineNumber + 1}`;
      // A built-in (no URL: Map, next, push…) is named with its caller.
      const walk = (n: SamplingNode, caller: string): void => {
        const here = name(n.callFrame);
        const k = n.callFrame.url === "" ? `${here} ← ${caller}` : here;
        if (n.selfSize > 0) by.set(k, (by.get(k) ?? 0) + n.selfSize);
        for (const c of n.children) walk(c, n.callFrame.url === "" ? caller : here);
      };
      walk(profile.head, "(root)");
      const rows = [...by].sort((x, y) => y[1] - x[1]);
      const total = rows.reduce((s, r) => s + r[1], 0);
      console.log(`\nallocated during the window (sampled, garbage included), per room: ${kib(total)} KiB\n| function | KiB per room |\n|---|---:|`);
      for (const [k, b] of rows.slice(0, args.alloc)) console.log(`| ${k} | ${kib(b)} |`);
    }
    if (snapBefore && snapAfter) {
      const rows = [...snapAfter].map(([k, a]) => {
        const b = snapBefore.get(k) ?? { size: 0, count: 0 };
        return { k, size: a.size - b.size, count: a.count - b.count };
      }).sort((x, y) => y.size - x.size);
      const total = rows.reduce((s, r) => s + r.size, 0);
      console.log(`\nheap self size growth by constructor, per room (total ${kib(total)} KiB):\n| constructor | KiB per room | objects per room |\n|---|---:|---:|`);
      for (const r of rows.slice(0, args.top)) console.log(`| ${r.k} | ${kib(r.size)} | ${(r.count / args.rooms).toFixed(1)} |`);
    }
  } finally {
    await app.shutdown();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** Forks the clients' process; waits for its clients, then `settle` seconds; kills it unless `keep`. */
async function runClients(base: string, rooms: number, spectators: number, settle: number, keep = false, bots = false): Promise<ReturnType<typeof fork> | undefined> {
  const child = fork(process.argv[1]!, ["--clients-child", base, String(rooms), String(spectators), bots ? "bots" : "idle"], { execArgv: process.execArgv.filter((a) => a !== "--expose-gc") });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`clients' process exited (${code})`)));
  });
  await sleep(settle * 1000);
  if (keep) return child;
  child.send("stop");
  await new Promise((r) => child.once("exit", r));
  return undefined;
}

if (process.argv[2] === "--clients-child") {
  clientsMain(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]), process.argv[6] === "bots").catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("bench/room-memory.ts")) {
  main().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
