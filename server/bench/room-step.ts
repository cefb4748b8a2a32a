/**
 * `npx tsx server/bench/room-step.ts [--rooms N] [--seconds S] [--seed N] [--repeat R] [--thrash-kib K] [--old] [--heroes] [--thread-cpu]`: the
 * JavaScript work of the load test's dungeon rooms, headless (no socket, no Colyseus room), split
 * by phase, to find and measure the server's CPU beyond the bare-room floor (issue 10).
 *
 * Mirrors one room step of server/src/rooms/DungeonRoom.ts under the load of docs/benchmarks.md
 * (timeScale 1: one simulation tick per room step, ten steps per real second; one keeper bot
 * sending one random valid command a second, loadtest/src/bots/keeper.ts `chooseKeeperAction`,
 * chosen from the projected state as the bot reads it): the commands (zod parse of the payload
 * and `sim.apply`), the simulation step, the projection (`projectState`), the shared keeper
 * view (`viewSignature`, `syncView` only when it changed, as the room does) and the patch encode
 * (`encode`, `encodeView`, `discardChanges`, as Colyseus's SchemaSerializer does with one view).
 * Prints the CPU per room step of each phase in µs and the total as % of one core for N rooms.
 * Each phase is timed by the wall clock and scaled by the share of the run the thread spent on a
 * CPU (`process.threadCpuUsage`), so the figures hold on a machine shared with other work.
 * `--thread-cpu` times each phase by the thread's own CPU clock instead (steadier on a loaded
 * machine, where the run's CPU share is far from 1; each reading costs about 1 µs, counted in).
 * `--heroes` starts each room's invasion at once and gives every member of the party an
 * adventurer player's view (rooms/views.ts `ViewSignature` over the projection's unit marks, as
 * roomViews.ts does), synced and encoded each step beside the keeper's (issue 20 part 2).
 * `--thrash-kib K` walks a K KiB buffer before each room step, so that the room's data and code
 * are out of the CPU caches as in a live server (where sockets and the other rooms run between
 * two steps of a room); without it the figures are those of hot caches (much lower).
 *
 * The `views` phase also holds the rest of the room's own per-step work around the projection
 * (roomViews.ts `project`, DungeonRoom `#stepAndPatch`): the controllers check (no seat plays
 * a unit under this load), the listing check (day, hour, open adventurer seats) and
 * `patchCarriesViews`. `--old` runs instead the room's per-step path before issue 10's rework
 * (a string view signature built each step, a fresh `lazyContext`, the controllers map and key
 * string, `sim.clock()` and `openAdventurerSeats().join(",")`, `patchCarriesViews` over a
 * fresh array), to compare both on the same machine.
 */
import os from "node:os";
import { Encoder, StateView } from "@colyseus/schema";
import { COMMANDS, TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, type Command, type CommandType } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { Simulation } from "../src/sim/index.ts";
import { loadMap } from "../src/maps.ts";
import { projectState, structureStamp, structureVersion, unitsMarked, unitsUnchanged } from "../src/rooms/projection.ts";
import { StepViewContext, ViewSignature, initView, lazyContext, patchCarriesViews, syncChangedView, syncView, viewSignature, type Viewer } from "../src/rooms/views.ts";
import { isActive } from "../src/sim/world/units.ts";
import { ROOM_STEPS_PER_SECOND } from "../src/rooms/DungeonRoom.ts";
import { chooseKeeperAction, type KeeperView } from "../../loadtest/src/bots/keeper.ts";
import { BotRandom } from "../../loadtest/src/bots/rand.ts";
import { num, parseCli, runCli } from "../../tools/cli.ts";
import { keeperRoomState } from "./roomState.ts";

/**
 * CPU per room step of each phase, in µs: the phase's wall time scaled by the share of the run's
 * wall time the thread was on a CPU (`cpuShare`), so that a machine shared with other work
 * (time the thread waits for a core) does not count; on an idle machine the share is about 1.
 */
export interface RoomStepCost { commands: number; sim: number; project: number; views: number; encode: number; total: number; cpuShare: number }

interface BenchRoom {
  sim: Simulation; state: DungeonState; encoder: Encoder; view: StateView; viewer: Viewer;
  signature: string | undefined; rand: BotRandom; nextCommandStep: number;
  /** The room's own per-step state (DungeonRoom.ts): view list, context, signature, checks. */
  views: { view: StateView }[]; ctx: StepViewContext; sig: ViewSignature;
  controllersKey: string; controllersVersion: number | undefined; lastDay: number; lastHour: number;
  lastOpen: string; lastOpenList: readonly string[]; published: number;
  /** With `--heroes`: an adventurer player's view per member of the party. */
  heroes: { view: StateView; viewer: Viewer; sig: ViewSignature }[];
}

function makeRoom(seed: number, heroes = false): BenchRoom {
  const sim = Simulation.create({ seed, ruleset: "malignus", map: loadMap("default"), pauseOnSpot: true });
  if (heroes) { sim.state.tick = sim.state.invasion.dueTick - 1; sim.step(); } // the party enters at once
  const { state, encoder, view, viewer } = keeperRoomState(sim);
  const rand = new BotRandom(seed * 7 + 1);
  const party = sim.state.parties[sim.state.invasion.partyId];
  const heroViews = heroes && party ? party.memberIds.map((unitId) => {
    const hero: Viewer = { kind: "adventurer", unitId };
    const v = new StateView();
    initView(v, state, hero);
    syncView(v, state, lazyContext(sim), hero);
    v.changes.clear();
    return { view: v, viewer: hero, sig: new ViewSignature() };
  }) : [];
  return {
    sim, state, encoder, view, viewer, signature: undefined, rand, nextCommandStep: rand.int(5, 15),
    views: [{ view }, ...heroViews], ctx: new StepViewContext(sim), sig: new ViewSignature(),
    controllersKey: "", controllersVersion: -1, lastDay: 0, lastHour: -1, lastOpen: "", lastOpenList: [], published: 0,
    heroes: heroViews,
  };
}

/** DungeonRoom.openAdventurerSeats with no seat holding a unit (the load's keeper and spectators). */
function openSeats(sim: Simulation): string[] {
  const s = sim.state;
  const party = s.invasion.partyId ? s.parties[s.invasion.partyId] : undefined;
  if (!party) return [];
  const claimed = new Set<string>();
  return party.memberIds.filter((id) => { const u = s.units[id]; return !!u && isActive(u) && !claimed.has(id); });
}

/** The room's per-step work around the projection before issue 10 (string signature and keys). */
function oldRoomStep(room: BenchRoom): void {
  const { sim, state } = room;
  const controllers = new Map<string, string>();
  let controllersKey = `${structureVersion(state.units)}`;
  for (const [unitId, seatId] of controllers) controllersKey += `|${unitId}:${seatId}`;
  if (controllersKey !== room.controllersKey) {
    room.controllersKey = controllersKey;
    state.units.forEach((u, id) => { const c = controllers.get(id) ?? ""; if (u.controller !== c) u.controller = c; });
  }
  const ctx = lazyContext(sim);
  const signature = viewSignature(state, ctx, room.viewer, structureVersion);
  if (signature === undefined || signature !== room.signature) {
    syncView(room.view, state, ctx, room.viewer);
    room.signature = signature;
  }
  const { day, hour } = sim.clock();
  const open = openSeats(sim).join(",");
  if (day !== room.lastDay || hour !== room.lastHour || open !== room.lastOpen) {
    room.lastDay = day; room.lastHour = hour; room.lastOpen = openSeats(sim).join(","); room.published++;
  }
  patchCarriesViews(state, [room.view].map((view) => ({ view })));
}

/** The room's per-step work around the projection now (DungeonRoom.ts `#project`, `#stepAndPatch`). */
function newRoomStep(room: BenchRoom, projected: boolean): void {
  const { sim, state } = room;
  const version = structureVersion(state.units);
  if (version === undefined || version !== room.controllersVersion) {
    room.controllersVersion = version;
    state.units.forEach((u) => { if (u.controller !== "") u.controller = ""; });
  }
  // An idle step (projectState false: no tick, no input, nothing marked) asks no view (roomViews.ts).
  if (projected) {
    room.ctx.invalidateUnlessSame(unitsUnchanged(state));
    const marked = unitsMarked(state);
    const stamp = structureStamp(state);
    if (room.sig.changed(state, room.ctx, room.viewer, structureVersion, marked, stamp)) syncChangedView(room.view, state, room.ctx, room.viewer, room.sig);
    for (const h of room.heroes) if (h.sig.changed(state, room.ctx, h.viewer, structureVersion, marked, stamp)) syncChangedView(h.view, state, room.ctx, h.viewer, h.sig);
  }
  const t = sim.state.tick;
  const day = Math.floor(t / TICKS_PER_GAME_DAY) + 1;
  const hour = Math.floor((t % TICKS_PER_GAME_DAY) / TICKS_PER_GAME_HOUR);
  if (day !== room.lastDay || hour !== room.lastHour || openSeatsChanged(sim, room.lastOpenList)) {
    room.lastDay = day; room.lastHour = hour; room.lastOpenList = openSeats(sim); room.published++;
  }
  patchCarriesViews(state, room.views);
}

/** rooms/seats.ts `SeatBook.openSeatsDiffer` with no seat holding a unit. */
function openSeatsChanged(sim: Simulation, last: readonly string[]): boolean {
  const s = sim.state;
  const party = s.invasion.partyId ? s.parties[s.invasion.partyId] : undefined;
  if (!party) return last.length !== 0;
  let n = 0;
  for (let i = 0; i < party.memberIds.length; i++) {
    const id = party.memberIds[i]!;
    const u = s.units[id];
    if (!u || !isActive(u)) continue;
    if (last[n] !== id) return true;
    n++;
  }
  return n !== last.length;
}

/**
 * Runs `rooms` rooms for `seconds` real seconds of room steps (as fast as it can) and returns
 * the mean CPU per room step of each phase.
 */
export function measureRoomSteps(rooms = 40, seconds = 20, seed = 1, thrashKiB = 0, old = false, heroes = false, threadCpu = false): RoomStepCost {
  // --thread-cpu: each phase timed by the thread's own CPU clock (µs), not the wall clock.
  const now = threadCpu ? () => { const c = process.threadCpuUsage(); return (c.user + c.system) / 1000; } : () => performance.now();
  const thrash = new Uint32Array((thrashKiB * 1024) / 4);
  let sink = 0;
  const all: BenchRoom[] = [];
  for (let r = 0; r < rooms; r++) all.push(makeRoom(seed + r, heroes));
  const acc = { commands: 0, sim: 0, project: 0, views: 0, encode: 0 };
  const steps = Math.round(seconds * ROOM_STEPS_PER_SECOND);
  const cpu0 = process.threadCpuUsage();
  const wall0 = performance.now();
  for (let s = 0; s < steps; s++) {
    for (const room of all) {
      const { sim, state } = room;
      // Between two steps of a room a server runs everything else (sockets, other rooms): cold caches.
      for (let i = 0; i < thrash.length; i += 16) sink += thrash[i]! += 1;
      let t0 = now();
      if (s >= room.nextCommandStep) {
        room.nextCommandStep = s + Math.round(room.rand.jitter(1000) / (1000 / ROOM_STEPS_PER_SECOND));
        const action = chooseKeeperAction(state as unknown as KeeperView, room.rand);
        t0 = now(); // the bot's choice runs on the load generator, not the server: not counted
        const parsed = COMMANDS[action.type as CommandType].safeParse(action.payload);
        if (parsed.success) sim.apply({ type: action.type, ...(parsed.data as object) } as Command);
        if (sim.state.paused) sim.resume("bench");
      }
      let t1 = now();
      acc.commands += t1 - t0;
      t0 = t1;
      sim.step();
      if (sim.state.paused) sim.resume("bench");
      t1 = now();
      acc.sim += t1 - t0;
      t0 = t1;
      const projected = projectState(state, sim, 1);
      t1 = now();
      acc.project += t1 - t0;
      t0 = t1;
      if (old) oldRoomStep(room);
      else newRoomStep(room, projected);
      t1 = now();
      acc.views += t1 - t0;
      t0 = t1;
      if (room.encoder.hasChanges) {
        const it = { offset: 1 };
        room.encoder.encode(it);
        room.encoder.encodeView(room.view, it.offset, it);
        for (const h of room.heroes) room.encoder.encodeView(h.view, it.offset, { offset: it.offset });
        room.encoder.discardChanges();
      }
      t1 = now();
      acc.encode += t1 - t0;
    }
  }
  const cpu = process.threadCpuUsage(cpu0);
  const wall = performance.now() - wall0;
  // The thread's CPU time over the run's wall time: the phases waited for a core in the same
  // proportion (a shared machine preempts at random), so their wall times are scaled by it.
  const cpuShare = threadCpu ? 1 : Math.min(1, (cpu.user + cpu.system) / 1000 / wall);
  if (sink === -1) console.log(sink);
  const n = steps * rooms;
  const per = (v: number) => (v * 1000 * cpuShare) / n;
  const out = { commands: per(acc.commands), sim: per(acc.sim), project: per(acc.project), views: per(acc.views), encode: per(acc.encode), total: 0, cpuShare };
  out.total = out.commands + out.sim + out.project + out.views + out.encode;
  return out;
}

/** The usage of `npx tsx server/bench/room-step.ts` (printed by `--help`, and after an argument error). */
export const ROOM_STEP_USAGE = `usage: npx tsx server/bench/room-step.ts [options]
Times one room step (commands, sim, projection, views, encode) headless and prints µs of CPU per step.
  --rooms N          rooms stepped together (1..1000, default 40)
  --seconds S        game seconds at timeScale 1 (1..3600, default 20)
  --repeat R         runs; the median is printed (1..50, default 3)
  --seed N           first dungeon seed (default 1)
  --thrash-kib K     clear the caches with K KiB of writes before each step (0..1048576, default 0)
  --old              the room's path before issue 10
  --heroes           start each invasion at once; an adventurer player's view per party member
  --thread-cpu       time each phase by the thread's CPU clock (process.threadCpuUsage, two calls per
                     phase, about 1 µs each, counted in) instead of the wall clock scaled by the run's
                     CPU share: steadier on a loaded machine, for before/after comparisons
  -h, --help         print this usage and exit`;

if (process.argv[1]?.endsWith("room-step.ts")) {
  const s = { type: "string" } as const;
  const { rooms, seconds, repeat, seed, thrashKib, old, heroes, threadCpu } = runCli("room-step", ROOM_STEP_USAGE, () => {
    const p = parseCli(process.argv.slice(2), { rooms: s, seconds: s, repeat: s, seed: s, "thrash-kib": s, old: { type: "boolean" }, heroes: { type: "boolean" }, "thread-cpu": { type: "boolean" } });
    if (p === "help") return p;
    const v = p.values;
    return {
      rooms: num(v, "rooms", 40, 1, 1000), seconds: num(v, "seconds", 20, 1, 3600), repeat: num(v, "repeat", 3, 1, 50),
      seed: num(v, "seed", 1, 0, 2 ** 31 - 1), thrashKib: num(v, "thrash-kib", 0, 0, 1 << 20), old: v.old === true, heroes: v.heroes === true,
      threadCpu: v["thread-cpu"] === true,
    };
  });
  const runs: RoomStepCost[] = [];
  for (let i = 0; i < repeat; i++) runs.push(measureRoomSteps(rooms, seconds, seed, thrashKib, old, heroes, threadCpu));
  const median = (k: keyof RoomStepCost) => { const v = runs.map((r) => r[k]).sort((a, b) => a - b); return v[Math.floor(v.length / 2)]!; };
  const keys: (keyof RoomStepCost)[] = ["commands", "sim", "project", "views", "encode", "total"];
  console.log(`${rooms} rooms × ${seconds} s at timeScale 1${thrashKib ? `, caches cleared by ${thrashKib} KiB before each step` : ""}, median of ${repeat} runs${old ? ", the room's path before issue 10 (--old)" : ""}${heroes ? ", invaded at once, a view per hero (--heroes)" : ""}${threadCpu ? ", phases timed by the thread's CPU clock (--thread-cpu)" : ""}: µs of CPU per room step`);
  for (const k of keys) console.log(`  ${k.padEnd(9)} ${median(k).toFixed(1).padStart(7)}   runs: ${runs.map((r) => r[k].toFixed(1)).join(" ")}`);
  console.log(`  (each run's wall times scaled by the share of the run the thread was on a CPU: ${runs.map((r) => r.cpuShare.toFixed(2)).join(" ")}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})`);
  console.log(`  = ${((median("total") * rooms * ROOM_STEPS_PER_SECOND) / 1e4).toFixed(2)} % of one core for ${rooms} rooms at ${ROOM_STEPS_PER_SECOND} steps/s`);
}
