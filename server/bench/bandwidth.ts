/**
 * Where a spectator's bytes go mid-fight, by schema field and by event type (issue 10's bandwidth
 * target): one dungeon, headless (no room, no socket), run to its first invasion, then stepped at
 * timeScale 1 (one tick per room step, ten steps per real second) through the same projection
 * (rooms/projection.ts) and views (rooms/views.ts) as a room, with a keeper-side StateView
 * (what a spectator of a room without `spectatorsSeeAll` receives). Each step's patch is encoded
 * exactly as Colyseus does (`encode` then `encodeView`); its bytes are attributed to the fields
 * that changed, in proportion to an estimate of each change's size (field tag + value), and the
 * events the keeper side may see and a spectator seat is sent (not those that only repeat a state
 * change, `spectatorsHear`) are encoded as the room sends them (`event` messages).
 *
 * Run: `npx tsx server/bench/bandwidth.ts [--seed N] [--seconds S]`; bench:doc runs it too.
 */
import { $changes } from "@colyseus/schema";
import { Protocol, getMessageBytes } from "@colyseus/core";
import { EVENT_MESSAGE } from "@malignus/shared";
import { Simulation } from "../src/sim/index.ts";
import { loadMap } from "../src/maps.ts";
import { projectState } from "../src/rooms/projection.ts";
import { spectatorsHear } from "../src/sim/views/index.ts";
import { eventVisible, lazyContext, syncView } from "../src/rooms/views.ts";
import { ROOM_STEPS_PER_SECOND } from "../src/rooms/DungeonRoom.ts";
import { num, parseCli, runCli } from "../../tools/cli.ts";
import { keeperRoomState } from "./roomState.ts";

/** One line of the attribution: a schema field (`Unit.x`, `DungeonState.units[]` for map entries) or an event type. */
export interface BandwidthLine { what: string; changes: number; bytesPerSecond: number }

/** The result of {@link measureBandwidth}. */
export interface BandwidthReport {
  seed: number;
  /** Real seconds simulated at timeScale 1 (steps / 10): until the invasion ended, or the asked limit. */
  seconds: number;
  /** Tick the invasion started at, and whether it was still on at the end. */
  invasionTick: number;
  invasionOnAtEnd: boolean;
  /** Patch bytes per second (one patch frame per step with changes, header byte included). */
  patchBytesPerSecond: number;
  patchesPerSecond: number;
  /** Event message bytes per second the keeper side receives. */
  eventBytesPerSecond: number;
  /** Patch bytes by field, largest first. */
  fields: BandwidthLine[];
  /** Event bytes by type, largest first. */
  events: BandwidthLine[];
}

/** Bytes a number takes in @colyseus/schema's `number` encoding (msgpack-like). */
function numberSize(v: number): number {
  if (!Number.isInteger(v)) return 9;
  const a = v < 0 ? -v : v;
  return a < 128 ? 1 : a < 256 ? 2 : a < 65536 ? 3 : 5;
}

/** Estimated bytes of one encoded value. */
function valueSize(v: unknown): number {
  if (typeof v === "number") return numberSize(v);
  if (typeof v === "boolean") return 1;
  if (typeof v === "string") { const n = Buffer.byteLength(v); return n + (n < 32 ? 1 : n < 256 ? 2 : 3); }
  return 2; // a child reference (its refId)
}

interface TreeLike {
  ref: Record<string, unknown> & { constructor: { name: string } };
  metadata?: Record<number, { name: string }>;
  parentRef?: { constructor: { name: string }; [k: symbol]: unknown };
  _parentIndex?: number;
  forEach(cb: (index: number, op: number) => void): void;
}

function typeName(ref: { constructor: { name: string } }): string {
  return ref.constructor.name.replace(/^_+/, "") || "?";
}

/**
 * A keeper building during the measurement (`--build-every S`): every `everySteps` room steps it
 * places one part, pressure plates and spinning blades in turn, on the next floor tile the rules
 * accept, scanning rows from the top left (refused tiles are skipped; at most
 * {@link BUILD_SCAN_LIMIT} tried per placement). Like the load test's keeper bots, whose building
 * adds to a spectator's bytes.
 */
export const BUILD_SCAN_LIMIT = 400;

/**
 * Runs the measurement. Deterministic for a seed (no wall clock in what it counts).
 * @param seconds most real seconds at timeScale 1 to step after the invasion started; it stops
 *   earlier when the invasion ends (the report's `seconds` is what was stepped).
 * @param buildEverySteps 0: no building; N: the keeper places a part every N room steps (10 steps = 1 s).
 */
export function measureBandwidth(seed = 1000, seconds = 60, buildEverySteps = 0): BandwidthReport {
  const sim = Simulation.create({ seed, ruleset: "malignus", map: loadMap("default"), pauseOnSpot: false });
  while (sim.state.invasion.partyId === "" && sim.state.tick < 14_400 * 10) sim.step();
  const invasionTick = sim.state.tick;
  const { state, encoder, view, viewer } = keeperRoomState(sim);

  const fieldBytes = new Map<string, { changes: number; bytes: number }>();
  const eventBytes = new Map<string, { changes: number; bytes: number }>();
  let patchBytes = 0, patches = 0;
  const steps = Math.round(seconds * ROOM_STEPS_PER_SECOND);
  const ticksPerStep = 1; // timeScale 1: TICKS_PER_GAME_MINUTE (10) ticks per real second, 10 steps per second
  let stepped = 0;
  let scan = 0, built = 0;
  const place = () => {
    const { width, height } = sim.state.map;
    for (let tries = 0; tries < BUILD_SCAN_LIMIT; tries++, scan++) {
      const x = 1 + (scan % (width - 2)), y = 1 + Math.floor(scan / (width - 2)) % (height - 2);
      if (sim.apply({ type: "placePart", kind: built % 2 === 0 ? "pressurePlate" : "spinningBlades", x, y }).ok) { built++; scan++; return; }
    }
  };
  for (let s = 0; s < steps && sim.state.invasion.partyId !== ""; s++) {
    stepped++;
    if (buildEverySteps > 0 && s % buildEverySteps === 0) place();
    for (let t = 0; t < ticksPerStep; t++) {
      const events = sim.step();
      const ctx = lazyContext(sim);
      for (const e of events as unknown as ({ type: string } & Record<string, unknown>)[]) {
        if (!spectatorsHear(e.type) || !eventVisible(ctx, viewer, e)) continue; // a spectator seat, as roomViews.ts sends
        const n = getMessageBytes.raw(Protocol.ROOM_DATA, EVENT_MESSAGE, e).length;
        const acc = eventBytes.get(e.type) ?? { changes: 0, bytes: 0 };
        acc.changes++; acc.bytes += n;
        eventBytes.set(e.type, acc);
      }
    }
    projectState(state, sim, 1);
    syncView(view, state, lazyContext(sim), viewer);
    // Estimate each visible change's size, by field.
    const estimates = new Map<string, { changes: number; bytes: number }>();
    let estimateTotal = 0;
    const add = (what: string, bytes: number) => {
      const acc = estimates.get(what) ?? { changes: 0, bytes: 0 };
      acc.changes++; acc.bytes += bytes; estimateTotal += bytes;
      estimates.set(what, acc);
    };
    const root = (state as unknown as { [$changes]: { root: { changes: { next?: { changeTree?: TreeLike; next?: unknown } } } } })[$changes].root;
    for (let node = root.changes.next as { changeTree?: TreeLike; next?: unknown } | undefined; node; node = node.next as typeof node) {
      const tree = node.changeTree;
      if (!tree || !view.isVisible(tree as never)) continue;
      const meta = tree.metadata;
      let header = 2; // switch to this structure + its refId
      tree.forEach((index, op) => {
        if (index < 0 || !op) return;
        let what: string, bytes: number;
        if (meta && meta[index]) {
          const field = meta[index]!.name;
          what = `${typeName(tree.ref)}.${field}`;
          bytes = 1 + valueSize(tree.ref[field]);
        } else {
          const parent = tree.parentRef;
          const pmeta = parent ? (parent.constructor as unknown as Record<symbol, Record<number, { name: string }>>)[Symbol.metadata] : undefined;
          const pfield = pmeta && tree._parentIndex !== undefined ? pmeta[tree._parentIndex]?.name ?? "?" : "?";
          what = `${parent ? typeName(parent) : "?"}.${pfield}[]`;
          bytes = 4; // op, index or key, child refId
        }
        add(what, bytes + header);
        header = 0;
      });
    }
    const it = { offset: 1 };
    const shared = encoder.encode(it);
    const sharedOffset = it.offset;
    const bytes = encoder.encodeView(view, sharedOffset, it);
    encoder.discardChanges();
    const frame = bytes.length;
    if (frame > 1) {
      patches++;
      patchBytes += frame;
      for (const [what, e] of estimates) {
        const acc = fieldBytes.get(what) ?? { changes: 0, bytes: 0 };
        acc.changes += e.changes;
        acc.bytes += estimateTotal > 0 ? (e.bytes / estimateTotal) * (frame - 1) : 0;
        fieldBytes.set(what, acc);
      }
      const hdr = fieldBytes.get("(frame header)") ?? { changes: 0, bytes: 0 };
      hdr.changes++; hdr.bytes += 1;
      fieldBytes.set("(frame header)", hdr);
    }
    void shared;
  }
  seconds = stepped / ROOM_STEPS_PER_SECOND;
  const lines = (m: Map<string, { changes: number; bytes: number }>): BandwidthLine[] =>
    [...m].map(([what, v]) => ({ what, changes: v.changes, bytesPerSecond: v.bytes / seconds })).sort((a, b) => b.bytesPerSecond - a.bytesPerSecond);
  const eventTotal = [...eventBytes.values()].reduce((a, v) => a + v.bytes, 0);
  view.dispose();
  return {
    seed, seconds, invasionTick, invasionOnAtEnd: sim.state.invasion.partyId !== "",
    patchBytesPerSecond: patchBytes / seconds, patchesPerSecond: patches / seconds, eventBytesPerSecond: eventTotal / seconds,
    fields: lines(fieldBytes), events: lines(eventBytes),
  };
}

/** The usage of `npx tsx server/bench/bandwidth.ts` (printed by `--help`, and after an argument error). */
export const BANDWIDTH_USAGE = `usage: npx tsx server/bench/bandwidth.ts [options]
Measures the bytes a spectator receives per second in an invasion, per field and per event.
  --seed N       dungeon seed (default 1000)
  --seconds S    game seconds at timeScale 1 (1..3600, default 60)
  --build-every S  a keeper places a part every S real seconds during the invasion (0..60, default 0: none)
  -h, --help     print this usage and exit`;

if (process.argv[1]?.endsWith("bandwidth.ts")) {
  const { seed, seconds, buildEvery } = runCli("bandwidth", BANDWIDTH_USAGE, () => {
    const p = parseCli(process.argv.slice(2), { seed: { type: "string" }, seconds: { type: "string" }, "build-every": { type: "string" } });
    return p === "help" ? p : {
      seed: num(p.values, "seed", 1000, 0, 2 ** 31 - 1), seconds: num(p.values, "seconds", 60, 1, 3600), buildEvery: num(p.values, "build-every", 0, 0, 60, false),
    };
  });
  const r = measureBandwidth(seed, seconds, Math.round(buildEvery * ROOM_STEPS_PER_SECOND));
  console.log(`seed ${r.seed}: invasion from tick ${r.invasionTick}, ${r.seconds} s at timeScale 1 (still on at the end: ${r.invasionOnAtEnd})`);
  console.log(`patches ${r.patchesPerSecond.toFixed(1)}/s, ${r.patchBytesPerSecond.toFixed(1)} B/s; events ${r.eventBytesPerSecond.toFixed(1)} B/s`);
  for (const l of r.fields.slice(0, 20)) console.log(`  ${l.bytesPerSecond.toFixed(1).padStart(7)} B/s  ${String(l.changes).padStart(5)} changes  ${l.what}`);
  console.log("events:");
  for (const l of r.events.slice(0, 15)) console.log(`  ${l.bytesPerSecond.toFixed(1).padStart(7)} B/s  ${String(l.changes).padStart(5)}  ${l.what}`);
}
