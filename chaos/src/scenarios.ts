import fc from "fast-check";
import { ServiceUnavailableError, connect, type DungeonConnection } from "@malignus/client-sdk";
import { MalignusCloseCode, type Command } from "@malignus/shared";
import { LEASE_TTL_MS } from "../../server/src/rooms/durable.ts";
import { MAX_MALFORMED_FRAMES } from "../../server/src/rooms/abuse.ts";
import { logLines, sleep, until } from "../../server/test/crash/processes.ts";
import type { ChaosEnv, ChaosServer } from "./env.ts";
import {
  KEEPER_COMMANDS, Tally, createOn, hostPort, quietly, give, health, inputsLost, keptGoing, leaveAll, listRooms, openStore, restoredHash, roomsAlive,
  watch, type ScenarioResult, type Watch,
} from "./probes.ts";
import { type FrameSpec, encodeFrame, frameArbitrary } from "./frames.ts";

/**
 * The chaos scenarios (issue 18 part 5). Each takes the running {@link ChaosEnv} and
 * {@link ScenarioOptions}, does its harm, and returns a {@link ScenarioResult}: the figures every
 * scenario reports (rooms before/after, rooms that kept ticking, clients that kept patches, hashes
 * unchanged, inputs lost, crashes) plus its own, and each check with why it held or not. The CLI
 * (run.ts) runs them with full durations; server/test/chaos/ runs them with `short: true`.
 */

/** Options shared by every scenario. */
export interface ScenarioOptions {
  /** Shorter durations and counts (the test suite); default false (the full `npm run chaos`). */
  short: boolean;
  /** Seed of the dungeons and of the fuzzer (fast-check's seed). */
  seed: number;
  /** Progress lines; default silent. */
  log?: (line: string) => void;
}

/** How long Redis stays down, in real ms: full run, short run. */
export const REDIS_DOWN_MS = { full: 30_000, short: 3_000 } as const;
/** Create-and-leave cycles: full run, short run. */
export const CREATE_LEAVE_CYCLES = { full: 1000, short: 40 } as const;
/**
 * Cycles run before the memory baseline is read, alternating the servers: full run, short run. A
 * process's first rooms grow its resident memory by up to some 50 MB that stays (glibc's malloc
 * arenas, docs/reliability.md, "Memory after rooms are disposed"); the warm-up covers most of it.
 */
export const WARMUP_CYCLES = { full: 50, short: 30 } as const;
/** fast-check runs of the protocol fuzzer (each up to {@link FUZZ_MAX_FRAMES_PER_RUN} frames): full run, short run. */
export const FUZZ_RUNS = { full: 400, short: 30 } as const;
/** The fuzzed room's `kickCooldownSeconds`: 0, so the kicked fuzzer joins again at once. */
export const FUZZ_KICK_COOLDOWN_SECONDS = 0;
/** Most frames one fuzzer run sends. */
export const FUZZ_MAX_FRAMES_PER_RUN = 20;
/** Dungeons on the killed process: full run, short run. */
export const KILLED_DUNGEONS = { full: 4, short: 2 } as const;
/** Quiet real ms before each burst of the flood scenario: longer than the one-second frame window. */
export const FLOOD_QUIET_MS = 1_200;
/** The flood scenario's room `maxMessagesPerSecond`. */
export const FLOOD_LIMIT_PER_SECOND = 20;
/** Real ms the malformed scenario waits after the refused frames before it sends the one that kicks. */
export const MALFORMED_SETTLE_MS = 500;
/**
 * Most growth of one server's RSS over the create-and-leave cycles, in MB, each read right after
 * the server's idle memory release (server/src/lifecycle/memoryRelease.ts) that follows the
 * warm-up and the cycles (docs/reliability.md, "Memory after rooms are disposed"). What may still
 * grow after the release is glibc's malloc arenas: a process gets new ones when its threads
 * contend, which timing decides, up to about 50 MB in all, and then keeps them (measured: +0.5 to
 * +34.5 MB); the pooled heap pages the release gives back were 135–173 MB.
 */
export const RSS_GROWTH_LIMIT_MB = 64;
/** Most growth of one server's V8 heap in use over the cycles, in MB, read as {@link RSS_GROWTH_LIMIT_MB}. */
export const HEAP_GROWTH_LIMIT_MB = 8;
/** How long the cycles scenario waits for a server's idle memory release, in real ms (the chaos env's `IDLE_MEMORY_RELEASE_SECONDS` plus a margin for a loaded machine). */
export const RELEASE_WAIT_MS = 30_000;
/** Within how long the survivor's listing must drop a killed process's rooms, in real ms. */
export const GHOST_LISTING_LIMIT_MS = 8_000;
/** Within how long `/rooms` must answer during a Redis outage ("at once"), in real ms. */
export const OUTAGE_ANSWER_LIMIT_MS = 1_000;
/** Within how long everything must work again after Redis returns, in real ms. */
export const REDIS_RECOVERY_LIMIT_MS = 20_000;

/** Create options of the scenarios' dungeons: a running clock, no pause on a spotting. */
const running = (seed: number, extra: Record<string, unknown> = {}) => ({ seed, timeScale: 60, pauseOnSpot: false, ...extra });

/** A scenario: its name (`--scenario NAME`), what it does, and its body. */
export interface Scenario {
  name: string;
  title: string;
  run(env: ChaosEnv, o: ScenarioOptions, t: Tally): Promise<void>;
}

/** A progress line of a scenario (the CLI prints them). */
const step = (o: ScenarioOptions, line: string) => o.log?.(`  · ${line}`);
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 160);
/** The first close code `conn`'s socket gets (a drop the SDK then resumes included). */
const closeCode = (conn: DungeonConnection) => new Promise<number>((resolve) => {
  conn.onLeave((code) => resolve(code));
  conn.onDrop((code) => resolve(code));
  conn.room.onDrop((code: number) => resolve(code));
  conn.room.onLeave((code: number) => resolve(code));
});
const within = <T>(p: Promise<T>, ms: number): Promise<T | "timeout"> => Promise.race([p, sleep(ms).then(() => "timeout" as const)]);

/** kill -9 of server A while it runs stored dungeons. */
const kill9: Scenario = {
  name: "kill9",
  title: "kill -9 of a server",
  async run(env, o, t) {
    const store = openStore(env);
    const conns: DungeonConnection[] = [];
    try {
      const n = o.short ? KILLED_DUNGEONS.short : KILLED_DUNGEONS.full;
      const victims: { conn: DungeonConnection; id: string; acked: Command[] }[] = [];
      // The process to kill (A) is the one the matchmaker put the first dungeon on.
      const first = await connect(env.servers[0].proc.url).createDungeon(running(o.seed), { name: "Chaos" });
      conns.push(first);
      const A = env.servers.find((s) => s.port === hostPort(first)) ?? env.servers[0];
      const B = env.servers.find((s) => s !== A)!;
      t.figures.extra["killed"] = A.name;
      for (let i = 0; i < n; i++) {
        const conn = i === 0 ? first : await createOn(A, running(o.seed + i));
        if (i > 0) conns.push(conn);
        victims.push({ conn, id: conn.dungeonId!, acked: await give(conn, KEEPER_COMMANDS.slice(0, 3)) });
      }
      const survivor = await createOn(B, running(o.seed + 100));
      conns.push(survivor);
      const survivorAcked = await give(survivor, KEEPER_COMMANDS.slice(0, 1));
      const watcher = await connect(B.proc.url).spectate(survivor.roomId);
      conns.push(watcher);
      const watches = [watch(survivor), watch(watcher)];
      t.figures.inputsAcked = victims.reduce((s, v) => s + v.acked.length, 0) + survivorAcked.length;
      t.figures.roomsBefore = await roomsAlive(env);
      for (const v of victims) v.conn.room.reconnection.enabled = false;

      await env.kill9(A);
      const killedAt = Date.now();
      const survivorGoing = await keptGoing(watches, 5_000);
      const ids = new Set(victims.map((v) => v.id));
      const gone = await until("A's rooms gone from B's listing", async () => {
        const l = await listRooms(B);
        return l.rooms && !l.rooms.some((r) => ids.has(r.roomId)) ? Date.now() - killedAt : undefined;
      }, GHOST_LISTING_LIMIT_MS + 4_000).catch(() => undefined);
      t.figures.extra["ghosts gone (ms)"] = gone ?? "never";
      t.check(`A's rooms gone from B's listing within ${GHOST_LISTING_LIMIT_MS} ms`, gone !== undefined && gone <= GHOST_LISTING_LIMIT_MS, gone ?? "still listed");

      // What the store holds right after the kill: a hash a restore reproduces.
      let lost = 0;
      let sameHash = 0;
      for (const v of victims) {
        const h = await restoredHash(store, v.id);
        if (!h.error && h.stored === h.restored && h.stored !== "") sameHash++;
        else t.check(`dungeon ${v.id} restores headless with its stored hash`, false, h.error ?? `${h.restored} ≠ ${h.stored}`);
      }

      // Restore: the short run restarts A (same lease holder: it takes its dungeons back at once);
      // the full run reopens each dungeon through the survivor once A's lease expired.
      const reopened: Watch[] = [];
      let restoredOk = 0;
      const restoreStarted = Date.now();
      if (o.short) {
        await env.restart(A);
        const after = await until("A's restore at start", () => logLines(A.proc, "live dungeons after start")[0], 20_000).catch(() => undefined);
        for (const line of logLines(A.proc, "live dungeon restored at start")) {
          if (ids.has(String(line.dungeonId)) && line.hash === line.storedHash) restoredOk++;
        }
        t.figures.extra["restored at restart"] = `${Number(after?.restored ?? 0)}/${n}`;
      }
      for (const v of victims) {
        const conn = await until(`dungeon ${v.id} reopened through B`, async () => {
          try {
            return await connect(B.proc.url).openDungeon(v.id);
          } catch (err) {
            if ((err as { code?: string }).code === "DUNGEON_BUSY") return undefined; // A's lease still runs
            throw err;
          }
        }, LEASE_TTL_MS + 10_000).catch((err: unknown) => { t.check(`dungeon ${v.id} reopens`, false, errText(err)); return undefined; });
        if (!conn) continue;
        conns.push(conn);
        reopened.push(watch(conn));
        if (!o.short) restoredOk++; // the room restores it and checks the stored hash itself (DUNGEON_DAMAGED otherwise)
      }
      t.figures.extra["restore (ms)"] = Date.now() - restoreStarted;
      const going = await keptGoing(reopened, 5_000);
      // After the restore: every acknowledged input is in the stored log.
      for (const v of victims) lost += await inputsLost(store, v.id, v.acked);
      lost += await inputsLost(store, survivor.dungeonId!, survivorAcked);
      t.figures.inputsLost = lost;
      t.figures.hashesUnchanged = [Math.min(sameHash, restoredOk), n];
      t.figures.roomsTicking = [survivorGoing.ticking + going.ticking, watches.length + reopened.length];
      t.figures.clientsWithPatches = [survivorGoing.patched + going.patched, watches.length + reopened.length];
      t.check("survivor's rooms kept ticking and patching through the kill", survivorGoing.ticking === 2 && survivorGoing.patched === 2, `${survivorGoing.ticking}/2 ticking`);
      t.check("killed process's dungeons restored with their stored hash", restoredOk === n && sameHash === n, `${Math.min(sameHash, restoredOk)}/${n}`);
      t.check("restored dungeons tick and patch", going.ticking === n && going.patched === n, `${going.ticking}/${n}`);
      t.check("no acknowledged input lost", lost === 0, lost);
      await leaveAll(conns);
      await env.ensureServers();
      t.figures.roomsAfter = await roomsAlive(env);
    } finally {
      await leaveAll(conns);
      await store.close();
    }
  },
};

/** Redis killed for a while, then started again on the same port. */
const redisDown: Scenario = {
  name: "redis-down",
  title: "Redis down and back",
  async run(env, o, t) {
    const [A, B] = env.servers;
    const store = openStore(env);
    const conns: DungeonConnection[] = [];
    try {
      const keepers = [await createOn(A, running(o.seed + 200)), await createOn(B, running(o.seed + 201))];
      conns.push(...keepers);
      const acked = await Promise.all(keepers.map((k) => give(k, KEEPER_COMMANDS.slice(0, 1))));
      const watches = keepers.map(watch);
      t.figures.roomsBefore = await roomsAlive(env);
      const pids = env.servers.map((s) => s.proc.child.pid);
      const downMs = o.short ? REDIS_DOWN_MS.short : REDIS_DOWN_MS.full;

      await env.stopRedis();
      const downAt = Date.now();
      let answers = 0, unavailable = 0, otherStatus = 0, slowest = 0, degraded = 0, healthChecks = 0;
      const poll = async () => {
        for (const s of env.servers) {
          const l = await listRooms(s);
          answers++;
          slowest = Math.max(slowest, l.ms);
          if (l.status === 503 && l.error === "REDIS_UNAVAILABLE") unavailable++;
          else otherStatus++;
          const h = await health(s);
          healthChecks++;
          if (h?.status === "degraded") degraded++;
        }
      };
      await poll();
      // The SDK while Redis is away: listing and matchmaking raise a typed error at once.
      const sdkList = await within(connect(A.proc.url).listDungeons().then(() => "answered", (e: unknown) => e), 5_000);
      const createStarted = Date.now();
      const sdkCreate = await within(connect(A.proc.url).createDungeon(running(o.seed + 202)).then((c) => { conns.push(c); return "created"; }, (e: unknown) => e), 10_000);
      const createMs = Date.now() - createStarted;
      // The SDK's documented error for an HTTP 503 (client-sdk/src/errors.ts): a ServiceUnavailableError, status 503, reason REDIS_UNAVAILABLE.
      const typed = (e: unknown) => e instanceof ServiceUnavailableError && e.status === 503 && e.reason === "REDIS_UNAVAILABLE";
      t.figures.extra["SDK list / create"] = `${typed(sdkList) ? "typed" : String(sdkList instanceof Error ? sdkList.name : sdkList)} / ${typed(sdkCreate) ? "typed" : String(sdkCreate instanceof Error ? sdkCreate.name : sdkCreate)} (${createMs} ms)`;
      // Local rooms go on; their keepers' commands still apply.
      const during = await keptGoing(watches, 3_000);
      const ackedDuring = await Promise.all(keepers.map((k) => give(k, KEEPER_COMMANDS.slice(1, 2))));
      while (Date.now() - downAt < downMs) {
        await poll();
        await sleep(500);
      }
      await env.startRedis();
      const upAt = Date.now();
      const recovered = await until("listing and matchmaking back on both servers", async () => {
        for (const s of env.servers) if ((await listRooms(s)).status !== 200) return undefined;
        return Date.now() - upAt;
      }, REDIS_RECOVERY_LIMIT_MS).catch(() => undefined);
      const creates = await Promise.all(env.servers.map(async (s) => {
        try { const c = await connect(s.proc.url).createDungeon(running(o.seed + 203)); conns.push(c); return true; } catch { return false; }
      }));
      const after = await keptGoing(watches, 3_000);
      const healthAfter = await Promise.all(env.servers.map(health));

      const allAcked = keepers.map((_, i) => [...acked[i]!, ...ackedDuring[i]!]);
      t.figures.inputsAcked = allAcked.flat().length;
      let lost = 0;
      for (let i = 0; i < keepers.length; i++) lost += await inputsLost(store, keepers[i]!.dungeonId!, allAcked[i]!);
      t.figures.inputsLost = lost;
      t.figures.roomsTicking = [Math.min(during.ticking, after.ticking), watches.length];
      t.figures.clientsWithPatches = [Math.min(during.patched, after.patched), watches.length];
      t.figures.extra["503 REDIS_UNAVAILABLE"] = `${unavailable}/${answers}`;
      t.figures.extra["slowest /rooms (ms)"] = slowest;
      t.figures.extra["degraded /health"] = `${degraded}/${healthChecks}`;
      t.figures.extra["back after (ms)"] = recovered ?? "never";
      t.check("/rooms answers 503 REDIS_UNAVAILABLE while Redis is away", unavailable === answers && answers > 0, `${unavailable}/${answers}, ${otherStatus} other`);
      t.check(`and at once (under ${OUTAGE_ANSWER_LIMIT_MS} ms)`, slowest < OUTAGE_ANSWER_LIMIT_MS, `${slowest} ms`);
      t.check("the SDK raises a typed error for listing and matchmaking", typed(sdkList) && typed(sdkCreate), String(t.figures.extra["SDK list / create"]));
      t.check("/health says degraded while Redis is away", degraded === healthChecks && healthChecks > 0, `${degraded}/${healthChecks}`);
      t.check("local rooms kept ticking and patching during the outage", during.ticking === 2 && during.patched === 2, `${during.ticking}/2`);
      t.check(`listing and matchmaking back within ${REDIS_RECOVERY_LIMIT_MS} ms, no restart`, recovered !== undefined && creates.every(Boolean) && env.servers.every((s, i) => s.proc.child.pid === pids[i]), `creates ${creates.filter(Boolean).length}/2`);
      t.check("/health ok after", healthAfter.every((h) => h?.status === "ok"), healthAfter.map((h) => h?.status ?? "no answer").join(","));
      t.check("no acknowledged input lost", lost === 0, lost);
      await leaveAll(conns);
      t.figures.roomsAfter = await roomsAlive(env);
    } finally {
      await env.startRedis().catch(() => {});
      await leaveAll(conns);
      await store.close();
    }
  },
};

/** A co-op keeper sending far more than the room's maxMessagesPerSecond. */
const flood: Scenario = {
  name: "flood",
  title: "a client flooding",
  async run(env, o, t) {
    const [A] = env.servers;
    const store = openStore(env);
    const conns: DungeonConnection[] = [];
    try {
      const keeper = await createOn(A, running(o.seed + 300, { keeperSeats: 2, maxMessagesPerSecond: FLOOD_LIMIT_PER_SECOND }));
      conns.push(keeper);
      const bystander = await connect(A.proc.url).spectate(keeper.roomId);
      const flooder = await connect(A.proc.url).joinAsKeeper(keeper.roomId, "Flooder", keeper.keeperKey);
      conns.push(bystander, flooder);
      await until("the flooder's seat", () => flooder.seat);
      const token = flooder.reconnectionToken;
      step(o, "flooding");
      const watches = [watch(keeper), watch(bystander)];
      t.figures.roomsBefore = await roomsAlive(env);
      const closed = closeCode(flooder);
      let sent = 0;
      // Every frame counts (abuse.ts ClientAbuse: a one-second window opened by the first frame
      // after the last one closed). A quiet second first, then exactly the limit in one burst:
      // allowed; another quiet second, then the limit and one more: kicked with 4102.
      const burst = (n: number) => { for (let i = 0; i < n && flooder.room.connection.isOpen; i++) { flooder.room.send("resume", {}); sent++; } };
      await sleep(FLOOD_QUIET_MS);
      burst(FLOOD_LIMIT_PER_SECOND);
      await sleep(FLOOD_QUIET_MS);
      const openAtLimit = flooder.room.connection.isOpen;
      burst(FLOOD_LIMIT_PER_SECOND + 1);
      const code = await within(closed, 5_000);
      step(o, `flooder closed: ${code}; resuming with its token`);
      const resumed = await within(connect(A.proc.url).reconnect(token, "keeper").then((c) => { conns.push(c); return "resumed"; }, (e: unknown) => errText(e)), 10_000);
      step(o, `resume: ${String(resumed)}`);
      const going = await keptGoing(watches, 3_000);
      const acked = await give(keeper, KEEPER_COMMANDS.slice(0, 1));
      step(o, "checking the store");
      t.figures.inputsAcked = acked.length;
      t.figures.inputsLost = await inputsLost(store, keeper.dungeonId!, acked);
      t.figures.roomsTicking = [going.ticking > 0 ? 1 : 0, 1];
      t.figures.clientsWithPatches = [going.patched, watches.length];
      t.figures.extra["frames sent / close code"] = `${sent} / ${code}`;
      t.figures.extra["resume with token"] = resumed === "resumed" ? "resumed" : "refused";
      t.check(`${FLOOD_LIMIT_PER_SECOND} frames in a second pass`, openAtLimit, openAtLimit ? "" : `closed with ${code}`);
      t.check(`the ${FLOOD_LIMIT_PER_SECOND + 1}th frame in a second closes the flooder with 4102 KICKED_FLOOD`, openAtLimit && code === MalignusCloseCode.KICKED_FLOOD, code);
      t.check("its token cannot resume during the cool-down", resumed !== "resumed", String(resumed));
      t.check("the room and the other clients are unaffected", going.ticking === 2 && going.patched === 2 && acked.length === 1, `${going.patched}/2 patched, command ${acked.length ? "ok" : "refused"}`);
      t.check("no acknowledged input lost", t.figures.inputsLost === 0, t.figures.inputsLost);
      await leaveAll(conns);
      t.figures.roomsAfter = await roomsAlive(env);
    } finally {
      await leaveAll(conns);
      await store.close();
    }
  },
};

/** Frames the server cannot decode (rooms/abuse.ts `inspectFrame` says `malformed` for each: test server/test/chaos/report.test.ts). */
export const MALFORMED: readonly Uint8Array[] = [
  Uint8Array.of(13, 0xc1), // ROOM_DATA with a never-used msgpack byte as its type
  Uint8Array.of(21, 0xcf, 0xff), // ROOM_REQUEST with a truncated uint64 request id (0xff 0xff… would read as -1, -1: decodable)
  Uint8Array.of(13, 0xa5, 0x61), // a type string longer than the frame
  Uint8Array.of(21, 0xce, 0, 0, 0, 1, 0xd9), // a request id, then a truncated str8
  Uint8Array.of(13, 0xa6, ...new TextEncoder().encode("resume"), 0xdf, 0xff, 0xff, 0xff, 0xff), // a map of 4 billion entries
  Uint8Array.of(31, 1, 2, 3), // an unknown protocol code
];

const malformed: Scenario = {
  name: "malformed",
  title: "malformed-frame flood",
  async run(env, o, t) {
    const [A] = env.servers;
    const store = openStore(env);
    const conns: DungeonConnection[] = [];
    try {
      const keeper = await createOn(A, running(o.seed + 400, { maxMessagesPerSecond: 100_000 }));
      const bystander = await connect(A.proc.url).spectate(keeper.roomId);
      const attacker = await connect(A.proc.url).spectate(keeper.roomId);
      conns.push(keeper, bystander, attacker);
      const watches = [watch(keeper), watch(bystander)];
      t.figures.roomsBefore = await roomsAlive(env);
      const marks = env.servers.map((s) => s.proc.output.length);
      const closed = closeCode(attacker);
      const started = Date.now();
      let sent = 0;
      // MAX_MALFORMED_FRAMES are refused and the sender stays; the next one kicks it with 4103.
      const send = (n: number) => { for (let i = 0; i < n && attacker.room.connection.isOpen; i++) attacker.room.connection.send(MALFORMED[sent++ % MALFORMED.length]!); };
      send(MAX_MALFORMED_FRAMES);
      await sleep(MALFORMED_SETTLE_MS);
      const openAtMax = attacker.room.connection.isOpen;
      send(1);
      const code = await within(closed, 3_000);
      const seconds = Math.max(1, Math.ceil((Date.now() - started) / 1000));
      const going = await keptGoing(watches, 3_000);
      const acked = await give(keeper, KEEPER_COMMANDS.slice(0, 1));
      const lines = env.servers.flatMap((s, i) => s.proc.output.slice(marks[i]).join("").split("\n").filter((l) => l.trim() !== ""));
      const parsed = lines.map((l) => { try { return JSON.parse(l) as { level?: number; msg?: string; err?: { stack?: string } }; } catch { return { level: 60, msg: l }; } });
      const warns = parsed.filter((l) => l.level === 40);
      const errors = parsed.filter((l) => (l.level ?? 0) >= 50);
      const stacks = lines.filter((l) => l.includes("\\n    at ") || l.includes("\"stack\""));
      t.figures.inputsAcked = acked.length;
      t.figures.inputsLost = await inputsLost(store, keeper.dungeonId!, acked);
      t.figures.roomsTicking = [going.ticking > 0 ? 1 : 0, 1];
      t.figures.clientsWithPatches = [going.patched, watches.length];
      t.figures.extra["frames sent / close code"] = `${sent} / ${code}`;
      t.figures.extra["warn / error lines / stacks"] = `${warns.length} / ${errors.length} / ${stacks.length}`;
      t.check(`${MAX_MALFORMED_FRAMES} malformed frames are refused, the sender stays`, openAtMax, openAtMax ? "" : `closed with ${code}`);
      t.check(`the ${MAX_MALFORMED_FRAMES + 1}th closes it with 4103 KICKED_MALFORMED`, openAtMax && code === MalignusCloseCode.KICKED_MALFORMED, `${code} after ${sent} frames`);
      t.check("rate-limited warn lines, no error line, no stack", warns.length <= seconds + 1 && errors.length === 0 && stacks.length === 0, `${warns.length} warn in ${seconds} s, ${errors.length} error, ${stacks.length} stack`);
      t.check("the room and the other clients are unaffected", going.ticking === 2 && going.patched === 2 && acked.length === 1, `${going.patched}/2 patched`);
      t.check("no acknowledged input lost", t.figures.inputsLost === 0, t.figures.inputsLost);
      await leaveAll(conns);
      t.figures.roomsAfter = await roomsAlive(env);
    } finally {
      await leaveAll(conns);
      await store.close();
    }
  },
};

/** A second socket resuming a live keeper seat with its token. */
const takeover: Scenario = {
  name: "takeover",
  title: "seat takeover",
  async run(env, o, t) {
    const [A] = env.servers;
    const store = openStore(env);
    const conns: DungeonConnection[] = [];
    try {
      const first = await createOn(A, running(o.seed + 500, { reconnectSeconds: 30 }));
      conns.push(first);
      await until("the keeper's seat", () => first.seat);
      const seatId = first.seat!.seatId;
      const acked = await give(first, KEEPER_COMMANDS.slice(0, 1));
      t.figures.roomsBefore = await roomsAlive(env);
      const closed = closeCode(first);
      const second = await within(connect(A.proc.url).reconnect(first.reconnectionToken, "keeper").then((c) => { conns.push(c); return c; }, (e: unknown) => errText(e)), 10_000);
      const code = await within(closed, 5_000);
      let going = { ticking: 0, patched: 0 };
      if (typeof second !== "string") {
        going = await keptGoing([watch(second)], 3_000);
        acked.push(...await give(second, KEEPER_COMMANDS.slice(1, 2)));
      }
      t.figures.inputsAcked = acked.length;
      t.figures.inputsLost = await inputsLost(store, first.dungeonId!, acked);
      t.figures.roomsTicking = [going.ticking, 1];
      t.figures.clientsWithPatches = [going.patched, 1];
      t.figures.extra["old socket closed with"] = code;
      t.figures.extra["new socket"] = typeof second === "string" ? `refused: ${second}` : `seat ${second.seat?.seatId ?? "?"}`;
      t.check("the old connection is closed with 4101 SEAT_TAKEN_OVER", code === MalignusCloseCode.SEAT_TAKEN_OVER, code);
      t.check("the new one holds the seat, gets patches and commands", typeof second !== "string" && going.patched === 1 && acked.length === 2 && (second.seat === undefined || second.seat.seatId === seatId),
        typeof second === "string" ? second : `${going.patched}/1 patched, ${acked.length}/2 ok`);
      t.check("no acknowledged input lost", t.figures.inputsLost === 0, t.figures.inputsLost);
      await leaveAll(conns);
      t.figures.roomsAfter = await roomsAlive(env);
    } finally {
      await leaveAll(conns);
      await store.close();
    }
  },
};

/**
 * The real ms a `JOIN_RATE_LIMITED` refusal (HTTP 429, `… try again in N s`, rooms/abuse.ts)
 * asks to wait, plus {@link JOIN_RATE_MARGIN_MS}; undefined for any other error.
 */
export function joinRateWait(err: unknown): number | undefined {
  if (!(err instanceof Error) || (err as { code?: unknown }).code !== 429 || !err.message.startsWith("JOIN_RATE_LIMITED")) return undefined;
  const seconds = /try again in (\d+) s/.exec(err.message)?.[1];
  return seconds === undefined ? undefined : Number(seconds) * 1000 + JOIN_RATE_MARGIN_MS;
}

/** Real ms added to the wait a `JOIN_RATE_LIMITED` refusal announces (its seconds are rounded up already; this covers clock skew). */
export const JOIN_RATE_MARGIN_MS = 250;

/** One server's memory as its `/metrics` show it, in MB (rounded to 0.1), and its idle releases. */
export interface ServerMemory {
  /** Resident set size now (`malignus_process_resident_memory_bytes`). */
  rss: number;
  /** Idle memory releases so far (`malignus_idle_memory_releases_total`). */
  releases: number;
  /** RSS right after the last release (`malignus_memory_after_idle_release_bytes{kind="rss"}`), 0 before the first. */
  releasedRss: number;
  /** V8 heap in use right after the last release (`…{kind="heap_used"}`), 0 before the first. */
  releasedHeapUsed: number;
}

/**
 * Reads {@link ServerMemory} from a `/metrics` text (server/src/metrics.ts).
 * @returns undefined when a line is missing.
 */
export function parseServerMemory(text: string): ServerMemory | undefined {
  const value = (name: string): number | undefined => {
    const line = text.split("\n").find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1).trim().split(" ")[0]);
  };
  const mb = (b: number) => Math.round(b / 1e5) / 10;
  const rss = value("malignus_process_resident_memory_bytes");
  const releases = value("malignus_idle_memory_releases_total");
  const releasedRss = value('malignus_memory_after_idle_release_bytes{kind="rss"}');
  const releasedHeapUsed = value('malignus_memory_after_idle_release_bytes{kind="heap_used"}');
  if (rss === undefined || releases === undefined || releasedRss === undefined || releasedHeapUsed === undefined) return undefined;
  return { rss: mb(rss), releases, releasedRss: mb(releasedRss), releasedHeapUsed: mb(releasedHeapUsed) };
}

/** A server's {@link ServerMemory} (undefined when `/metrics` does not answer or lacks a line). */
async function memoryOf(server: ChaosServer): Promise<ServerMemory | undefined> {
  try {
    return parseServerMemory(await (await fetch(`${server.proc.url}/metrics`, { signal: AbortSignal.timeout(3000) })).text());
  } catch {
    return undefined;
  }
}

/**
 * Waits until `server` ran an idle memory release after the `since`-th (it runs one once it had
 * no room for the chaos env's `IDLE_MEMORY_RELEASE_SECONDS`), then reads its memory.
 * @returns the memory after that release, or undefined when none came within {@link RELEASE_WAIT_MS}.
 */
async function afterRelease(server: ChaosServer, since: number): Promise<ServerMemory | undefined> {
  return until(`server ${server.name}'s idle memory release`, async () => {
    const m = await memoryOf(server);
    return m && m.releases > since ? m : undefined;
  }, RELEASE_WAIT_MS).catch(() => undefined);
}

/** Many dungeons created and left, one after the other, on both servers. */
const cycles: Scenario = {
  name: "cycles",
  title: "create-and-leave cycles",
  async run(env, o, t) {
    const n = o.short ? CREATE_LEAVE_CYCLES.short : CREATE_LEAVE_CYCLES.full;
    const warmup = o.short ? WARMUP_CYCLES.short : WARMUP_CYCLES.full;
    t.figures.roomsBefore = await roomsAlive(env);
    let failed = 0;
    let firstError = "";
    let rateRefusals = 0, rateWaitedMs = 0;
    let before: (ServerMemory | undefined)[] = [];
    let started = Date.now();
    const roomsGone = () => until("the rooms back to where they were", async () => ((await roomsAlive(env)) <= t.figures.roomsBefore ? true : undefined), 30_000).catch(() => false);
    const releasesNow = async () => Promise.all(env.servers.map(async (s) => (await memoryOf(s))?.releases ?? 0));
    for (let i = -warmup; i < n; i++) {
      if (i === 0) {
        // The baseline: each server's memory right after the idle release that follows the warm-up.
        const counts = await releasesNow();
        await roomsGone();
        before = await Promise.all(env.servers.map((s, k) => afterRelease(s, counts[k]!)));
        started = Date.now();
      }
      const s = env.servers[Math.abs(i) % 2]!;
      for (let attempt = 0; ; attempt++) {
        try {
          const conn = await connect(s.proc.url).createDungeon(running(o.seed + 2000 + i));
          await conn.leave();
        } catch (err) {
          // JOIN_RATE_PER_ADDRESS stays on (docs/reliability.md): a refusal says when to come
          // back; the cycle waits that long and tries again, once.
          const wait = joinRateWait(err);
          if (wait !== undefined && attempt === 0) {
            rateRefusals++;
            rateWaitedMs += wait;
            await sleep(wait);
            continue;
          }
          failed++;
          firstError ||= errText(err);
        }
        break;
      }
      if (o.log && i > 0 && i % 100 === 0) o.log(`  cycles: ${i}/${n}`);
    }
    const perCycle = Math.round((Date.now() - started) / n);
    const counts = await releasesNow();
    const peak = await Promise.all(env.servers.map(memoryOf));
    const settled = await roomsGone();
    const after = await Promise.all(env.servers.map((s, k) => afterRelease(s, counts[k]!)));
    t.figures.roomsAfter = await roomsAlive(env);
    const growth = (pick: (m: ServerMemory) => number) =>
      before.map((b, k) => (b === undefined || after[k] === undefined ? undefined : Math.round((pick(after[k]!) - pick(b)) * 10) / 10));
    const rssGrowth = growth((m) => m.releasedRss);
    const heapGrowth = growth((m) => m.releasedHeapUsed);
    const show = (g: (number | undefined)[]) => g.map((x) => (x === undefined ? "? (no release)" : `${x.toFixed(1)} MB`)).join(", ");
    t.figures.extra["cycles (ms each)"] = `${n} after ${warmup} warm-up (${perCycle})`;
    env.servers.forEach((s, k) => {
      t.figures.extra[`RSS MB ${s.name} released before / at the end / released after`] = `${before[k]?.releasedRss ?? "?"} / ${peak[k]?.rss ?? "?"} / ${after[k]?.releasedRss ?? "?"}`;
      t.figures.extra[`heap used MB ${s.name} released before/after`] = `${before[k]?.releasedHeapUsed ?? "?"}/${after[k]?.releasedHeapUsed ?? "?"}`;
    });
    t.figures.extra["JOIN_RATE_LIMITED refusals (waited s)"] = `${rateRefusals} (${Math.round(rateWaitedMs / 1000)})`;
    t.check("every cycle created and left its dungeon", failed === 0, failed ? `${failed} failed: ${firstError}` : "");
    t.check("rooms back to where they were", settled === true && t.figures.roomsAfter === t.figures.roomsBefore, `${t.figures.roomsBefore} → ${t.figures.roomsAfter}`);
    t.check(`heap in use after the idle release grew at most ${HEAP_GROWTH_LIMIT_MB} MB per server`, heapGrowth.every((g) => g !== undefined && g <= HEAP_GROWTH_LIMIT_MB), show(heapGrowth));
    t.check(`RSS after the idle release grew at most ${RSS_GROWTH_LIMIT_MB} MB per server`, rssGrowth.every((g) => g !== undefined && g <= RSS_GROWTH_LIMIT_MB), show(rssGrowth));
  },
};

/** fast-check over raw protocol frames from a spectator of a live stored dungeon. */
const fuzz: Scenario = {
  name: "fuzz",
  title: "protocol fuzzer (fast-check)",
  async run(env, o, t) {
    const [A] = env.servers;
    const store = openStore(env);
    const conns: DungeonConnection[] = [];
    try {
      // No kick cool-down in this room: the fuzzer is kicked (4103) after its 6th malformed frame
      // and must be able to come back at once to go on fuzzing (with the default 30 s its
      // address would be refused KICKED_COOLDOWN, the documented behaviour the malformed and
      // flood scenarios check).
      const keeper = await createOn(A, running(o.seed + 600, { maxMessagesPerSecond: 100_000, kickCooldownSeconds: FUZZ_KICK_COOLDOWN_SECONDS }));
      conns.push(keeper);
      const id = keeper.dungeonId!;
      const acked = await give(keeper, KEEPER_COMMANDS.slice(0, 3));
      const watches = [watch(keeper)];
      t.figures.roomsBefore = await roomsAlive(env);
      let attacker: DungeonConnection | undefined;
      const closes = new Map<number, number>();
      let sent = 0, joins = 0, joinFailures = 0, firstJoinFailure = "";
      const attack = async (): Promise<DungeonConnection | undefined> => {
        if (attacker?.room.connection.isOpen) return attacker;
        try {
          const a = await connect(A.proc.url).spectate(keeper.roomId);
          a.onLeave((code) => closes.set(code, (closes.get(code) ?? 0) + 1));
          conns.push(a);
          joins++;
          return (attacker = a);
        } catch (err) {
          joinFailures++;
          firstJoinFailure ||= errText(err);
          return undefined;
        }
      };
      const runs = o.short ? FUZZ_RUNS.short : FUZZ_RUNS.full;
      let failure = "";
      try {
        await fc.assert(fc.asyncProperty(fc.array(frameArbitrary(), { minLength: 1, maxLength: FUZZ_MAX_FRAMES_PER_RUN }), async (frames: FrameSpec[]) => {
          const a = await attack();
          if (a) {
            const packr = (a.room as unknown as { packr: { pack(v: unknown): Uint8Array } }).packr;
            for (const f of frames) {
              if (!a.room.connection.isOpen) break;
              a.room.connection.send(encodeFrame(f, (v) => packr.pack(v)));
              sent++;
            }
          }
          await sleep(5);
          return env.servers.every((s) => s.proc.child.exitCode === null && s.proc.child.signalCode === null);
        }), { numRuns: runs, seed: o.seed, endOnFailure: true });
      } catch (err) {
        failure = errText(err);
      }
      const going = await keptGoing(watches, 3_000);
      const answers = await Promise.all(env.servers.map(health));
      acked.push(...await give(keeper, KEEPER_COMMANDS.slice(3, 4)));
      // Control: the stored log holds exactly the keeper's acknowledged commands, and a headless
      // restore of it reproduces the room's stored hash (refused input changed nothing).
      await leaveAll(conns);
      const rested = await until("the fuzzed dungeon resting", async () => ((await store.get(id))?.status === "resting" ? true : undefined), 15_000).catch(() => false);
      const log = (await store.inputs(id)).filter((i) => i.input.actor.kind !== "room").map((i) => i.input.command);
      const onlyLegal = JSON.stringify(log) === JSON.stringify(acked);
      const h = await restoredHash(store, id);
      const sameHash = rested === true && !h.error && h.stored === h.restored && onlyLegal;
      t.figures.inputsAcked = acked.length;
      t.figures.inputsLost = await inputsLost(store, id, acked);
      t.figures.hashesUnchanged = [sameHash ? 1 : 0, 1];
      t.figures.roomsTicking = [going.ticking, 1];
      t.figures.clientsWithPatches = [going.patched, 1];
      t.figures.extra["runs / frames"] = `${runs} / ${sent}`;
      t.figures.extra["attacker joins / closes"] = `${joins} / ${[...closes].map(([c, k]) => `${c}×${k}`).join(" ") || "none"}`;
      t.check("no process crash (fast-check property)", failure === "", failure);
      t.check("the room kept ticking", going.ticking === 1 && going.patched === 1, `${going.ticking}/1`);
      t.check("both servers answer /health after", answers.every((a) => a?.httpStatus === 200), answers.map((a) => a?.status ?? "no answer").join(","));
      t.check("the fuzzer could always join again", joinFailures === 0, joinFailures ? `${joinFailures}: ${firstJoinFailure}` : 0);
      t.check("state unchanged by refused input (stored log = legal commands, hash = control)", sameHash, h.error ?? (onlyLegal ? `${h.restored} vs ${h.stored}` : `log has ${log.length} commands, ${acked.length} legal`));
      t.check("no acknowledged input lost", t.figures.inputsLost === 0, t.figures.inputsLost);
      t.figures.roomsAfter = await roomsAlive(env);
    } finally {
      await leaveAll(conns);
      await store.close();
    }
  },
};

/**
 * Every scenario, in the order the CLI runs them (`--scenario` keeps this order). The cycles run
 * before the kill (a freshly restarted process is still warming up: its RSS climbs to the level
 * of a process that ran a while, which is not a leak). Redis down runs
 * last: Redis comes back empty, so a server that does not register itself again (a bug the
 * scenario reports) would skew the scenarios after it.
 */
export const SCENARIOS: readonly Scenario[] = [flood, malformed, takeover, fuzz, cycles, kill9, redisDown];

/** The scenario names, for `--scenario`. */
export const SCENARIO_NAMES = SCENARIOS.map((s) => s.name);

/**
 * Runs one scenario: never throws; a scenario that throws is a row that did not hold, with the
 * error as its reason. Crashes of either server during it are counted (and fail the row), and a
 * server it left down is started again.
 */
export async function runScenario(env: ChaosEnv, scenario: Scenario, o: ScenarioOptions): Promise<ScenarioResult> {
  const t = new Tally();
  const started = Date.now();
  const crashesBefore = env.servers.reduce((s, x) => s + x.crashes, 0);
  const { lines } = await quietly(async () => {
    try {
      await env.ensureServers();
      await scenario.run(env, o, t);
    } catch (err) {
      t.check("the scenario ran to its end", false, errText(err));
    }
  });
  const reconnectNotes = lines.filter((l) => l.includes("[Colyseus reconnection]")).length;
  const others = lines.filter((l) => !l.includes("[Colyseus reconnection]"));
  if (reconnectNotes > 0) t.figures.extra["SDK reconnection notes"] = reconnectNotes;
  if (others.length > 0) t.figures.extra["other console lines"] = `${others.length}: ${others[0]!.slice(0, 80)}`;
  t.figures.crashes = env.servers.reduce((s, x) => s + x.crashes, 0) - crashesBefore;
  t.check("no process crashed", t.figures.crashes === 0, t.figures.crashes);
  await env.ensureServers().catch((err: unknown) => t.check("servers running after", false, errText(err)));
  return t.result(scenario.name, started);
}
