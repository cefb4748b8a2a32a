import {
  Cable, Door, PARTS, TrapPart, Unit, partRole, TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, TICKS_PER_GAME_MINUTE,
  type DungeonState,
} from "@malignus/shared";
import type { CableRecord, PartRecord, Simulation, SimState, UnitRecord } from "../sim/index.ts";
import { TrapEffect } from "@malignus/shared";
import type { EffectRecord } from "../sim/state.ts";
// Read-only derived views the simulation computes but does not re-export from sim/index.ts yet.
import { computeNetworks, type NetworkIndex } from "../sim/traps/network.ts";
import { isExpired } from "../sim/traps/parts.ts";
import { projectDoor } from "./doorProjection.ts";
import { projectAltar } from "./altarProjection.ts";
import { projectLair } from "./lairProjection.ts";
import { Lair } from "@malignus/shared";
import { Altar } from "@malignus/shared";
import { projectUnitCombat } from "./combatProjection.ts";
import { indicator } from "../sim/invasions/schedule.ts";
import { projectInvasionExtras } from "./journalProjection.ts";
import { projectTurnOptions } from "./turnProjection.ts";
import { projectDuelMercy, projectDuelProposal } from "./duelProjection.ts";
import { DuelMercy, DuelProposal } from "@malignus/shared";
import { set } from "./schemaWrites.ts";

/**
 * Projects the plain simulation state into the `DungeonState` schema clients receive. The map
 * fields are written once ({@link projectMap}); {@link projectState} runs once per room step and
 * only assigns fields whose value changed, so patches carry only real changes. MapSchema entries
 * are added, updated and removed to mirror the simulation's records.
 *
 * Derived fields come from the simulation's own functions: `networkId` from the cable networks
 * (TRAP-26, recomputed only when parts or cables were added or removed), `expired` (TRAP-49),
 * and the invasion indicator `word` / `hourlyChance` (INV-21, INV-25; "In progress" while a
 * party is in the dungeon, INV-83).
 */

type Settable = Record<string, unknown>;

const clamp = (v: number, max: number): number => (v < 0 ? 0 : v > max ? max : Math.floor(v));

/**
 * The values last written to each unit, part and cable entry, by field slot: comparing a new value
 * with these plain arrays is far cheaper than reading the schema field back through its getter,
 * and it is the only writer of those fields, so they stay equal to the entry's.
 */
const shadows = new WeakMap<object, unknown[]>();

function shadowOf(entry: object): unknown[] {
  let s = shadows.get(entry);
  if (s === undefined) { s = []; shadows.set(entry, s); }
  return s;
}

/** Writes `value` to `entry[key]` when it differs from the last value written to slot `i`. */
function put<T extends object, K extends keyof T>(entry: T, s: unknown[], i: number, key: K, value: T[K]): void {
  if (s[i] === value) return;
  s[i] = value;
  if (entry[key] !== value) (entry as Settable)[key as string] = value;
}

/** Writes the static map fields (name, ruleset, size, tiles, darkness). Call once at create. */
export function projectMap(target: DungeonState, sim: SimState): void {
  set(target, "mapName", sim.map.name);
  set(target, "ruleset", sim.ruleset);
  set(target, "width", sim.map.width);
  set(target, "height", sim.map.height);
  set(target, "tiles", sim.map.tiles);
  set(target, "dark", sim.map.dark);
}

/**
 * Mirrors the dynamic part of the simulation state: clock (with the room's `timeScale`), metal,
 * units, parts, cables and the invasion. Tiles may change (doors, digging), so they are
 * compared too (one string comparison per step).
 */
export function projectState(target: DungeonState, simulation: Simulation, timeScale: number): void {
  const sim = simulation.state;
  set(target, "tiles", sim.map.tiles);
  set(target, "dark", sim.map.dark);

  const clock = target.clock;
  const t = sim.tick;
  set(clock, "tick", t);
  set(clock, "day", Math.floor(t / TICKS_PER_GAME_DAY) + 1);
  set(clock, "hour", Math.floor((t % TICKS_PER_GAME_DAY) / TICKS_PER_GAME_HOUR));
  set(clock, "minute", Math.floor((t % TICKS_PER_GAME_HOUR) / TICKS_PER_GAME_MINUTE));
  set(clock, "timeScale", timeScale);
  set(clock, "paused", sim.paused);

  set(target, "metal", clamp(sim.metal, 0xffff));

  syncMap(target.units, sim.units, () => new Unit(), (u, r) => { projectUnit(u, r); projectUnitCombat(u, r, simulation.ruleset); });
  const networks = networksOf(simulation);
  syncMap(target.parts, sim.parts, () => new TrapPart(), (p, r) => {
    projectPart(p, r, networks.byPart.get(r.id)?.id ?? "", isExpired(simulation, r));
  });
  const width = sim.map.width;
  projectInvasionExtras(target, simulation); // INV-05, KNOW-50 (rooms/journalProjection.ts)
  syncMap(target.cables, sim.cables, () => new Cable(), (c, r) => {
    projectCable(c, r, width);
    set(c, "networkId", networks.byCable.get(r.id)?.id ?? "");
  });
  syncMap(target.effects, sim.effects ?? {}, () => new TrapEffect(), (e, r) => projectEffect(e, r, width)); // traps/effects.ts
  syncMap(target.doors, sim.doors ?? {}, () => new Door(), projectDoor); // DOOR rules (rooms/doorProjection.ts)
  syncMap(target.altars, sim.altars ?? {}, () => new Altar(), projectAltar); // INV-02 (rooms/altarProjection.ts)
  syncMap(target.lairs, sim.lairs ?? {}, () => new Lair(), projectLair); // TRAP-61 (rooms/lairProjection.ts)
  projectTurnOptions(target, simulation); // issue 7 "Who decides" (rooms/turnProjection.ts)
  syncMap(target.duelProposals, sim.duelProposals ?? {}, () => new DuelProposal(), projectDuelProposal); // P100-DUEL-01 (rooms/duelProjection.ts)
  syncMap(target.duelMercies, sim.duelMercies ?? {}, () => new DuelMercy(), projectDuelMercy); // P100-DUEL-20 (rooms/duelProjection.ts)

  const inv = target.invasion;
  const party = sim.invasion.partyId ? sim.parties[sim.invasion.partyId] : undefined;
  set(inv, "count", clamp(sim.invasion.count, 0xffff));
  set(inv, "partyId", sim.invasion.partyId);
  set(inv, "spotted", party?.spotted ?? false);
  const shown = indicator(simulation); // INV-20 to INV-25, INV-83
  set(inv, "hourlyChance", clamp(shown.chance, 100));
  set(inv, "word", shown.word);
}

const networkCache = new WeakMap<Simulation, { key: string; index: NetworkIndex }>();

/**
 * The cable networks, recomputed only when a part or cable was added (new ids come from
 * `nextId`) or removed (the counts change); wiring never changes otherwise.
 */
function networksOf(simulation: Simulation): NetworkIndex {
  const s = simulation.state;
  let moved = 0; // movePart changes where a part stands without adding or removing anything
  for (const id in s.parts) { const p = s.parts[id]!; moved = (moved * 31 + p.y * s.map.width + p.x) % 1_000_000_007; }
  const key = `${s.nextId}:${Object.keys(s.parts).length}:${Object.keys(s.cables).length}:${moved}`;
  const hit = networkCache.get(simulation);
  if (hit && hit.key === key) return hit.index;
  const index = computeNetworks(s);
  networkCache.set(simulation, { key, index });
  return index;
}

interface SchemaMap<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): unknown;
  delete(key: string): unknown;
  keys(): IterableIterator<string>;
  readonly size: number;
}

/** Per synced map: how many times an entry was added or removed (views.ts skips a view sync while none was). */
const structureVersions = new WeakMap<object, number>();

/**
 * How many times {@link projectState} added or removed an entry of `map` (a map it mirrors with
 * `syncMap`: units, parts, cables, effects, doors, altars…), or undefined for a map it does not
 * mirror that way. Entries are only ever added or removed there, never replaced, so an unchanged
 * version means the same entries.
 */
export function structureVersion(map: object): number | undefined {
  return structureVersions.get(map);
}

function syncMap<V, R>(
  target: SchemaMap<V>, source: Record<string, R>, make: () => V, update: (v: V, r: R) => void,
): void {
  let changed = 0;
  let count = 0;
  for (const id in source) {
    const record = source[id] as R;
    count++;
    let entry = target.get(id);
    if (entry === undefined) {
      entry = make();
      update(entry, record);
      target.set(id, entry);
      changed++;
    } else {
      update(entry, record);
    }
  }
  // Every source id is in the map now: extra entries are stale ones (skip the walk when none).
  if (target.size > count) {
    const stale: string[] = [];
    for (const id of target.keys()) if (!(id in source)) stale.push(id);
    for (const id of stale) target.delete(id);
    changed += stale.length;
  }
  if (changed > 0 || !structureVersions.has(target)) structureVersions.set(target, (structureVersions.get(target) ?? 0) + changed);
}

function projectUnit(u: Unit, r: UnitRecord): void {
  const s = shadowOf(u);
  put(u, s, 0, "id", r.id);
  put(u, s, 1, "kind", r.kind);
  put(u, s, 2, "name", r.name);
  put(u, s, 3, "x", clamp(r.x, 0xffff));
  put(u, s, 4, "y", clamp(r.y, 0xffff));
  put(u, s, 5, "facing", clamp(r.facing, 7));
  put(u, s, 6, "state", r.activity);
  put(u, s, 7, "job", r.job);
  put(u, s, 8, "woundPoints", clamp(r.woundPoints, 0xff));
  put(u, s, 9, "partyId", r.partyId);
  put(u, s, 10, "adventurerClass", r.adventurerClass);
  put(u, s, 11, "level", clamp(r.level, 0xff));
  put(u, s, 12, "targetId", r.targetId);
}

function projectPart(p: TrapPart, r: PartRecord, networkId: string, expired: boolean): void {
  const data = PARTS[r.kind];
  const s = shadowOf(p);
  put(p, s, 0, "id", r.id);
  put(p, s, 1, "kind", r.kind);
  put(p, s, 2, "role", data ? partRole(r.kind) : "");
  put(p, s, 3, "x", clamp(r.x, 0xffff));
  put(p, s, 4, "y", clamp(r.y, 0xffff));
  put(p, s, 5, "built", r.built);
  put(p, s, 6, "metalDelivered", clamp(r.metalDelivered, 0xff));
  put(p, s, 7, "metalNeeded", clamp(data?.metal ?? 0, 0xff));
  const work = data?.buildWorkTicks ?? 0;
  put(p, s, 8, "progress", r.built ? 100 : work > 0 ? clamp((r.workDone * 100) / work, 100) : 0);
  put(p, s, 9, "needsRearm", r.needsRearm);
  put(p, s, 10, "rigged", r.riggedBy !== "");
  put(p, s, 11, "delayMinutes", clamp(r.delayMinutes, 0xffff));
  put(p, s, 12, "active", r.active);
  put(p, s, 13, "quality", r.quality ?? "normal");
  put(p, s, 14, "networkId", networkId);
  put(p, s, 15, "expired", expired);
}

function projectEffect(e: TrapEffect, r: EffectRecord, width: number): void {
  set(e, "id", r.id);
  set(e, "kind", r.kind);
  set(e, "sourceId", r.sourceId);
  set(e, "unitId", r.unitId);
  set(e, "untilTick", clamp(r.untilTick, 0xffffffff));
  syncTiles(e.tiles, r.tiles, width);
}

function projectCable(c: Cable, r: CableRecord, width: number): void {
  const s = shadowOf(c);
  put(c, s, 0, "id", r.id);
  // The tile lists are compared as plain copies; the schema arrays are touched only on a change.
  if (!sameNumbers(s[1] as number[] | undefined, r.path)) { syncTiles(c.path, r.path, width); s[1] = r.path.slice(); }
  if (!sameNumbers(s[2] as number[] | undefined, r.hops)) { syncTiles(c.hops, r.hops, width); s[2] = r.hops.slice(); }
}

function sameNumbers(a: readonly number[] | undefined, b: readonly number[]): boolean {
  if (a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface NumberArray {
  readonly length: number;
  at(i: number): number | undefined;
  push(...v: number[]): number;
  clear(): void;
}

/** Writes tile indices as flattened [x, y, …] pairs, rewriting only when they differ. */
function syncTiles(target: NumberArray, indices: readonly number[], width: number): void {
  let same = target.length === indices.length * 2;
  for (let i = 0; same && i < indices.length; i++) {
    const idx = indices[i] as number;
    same = target.at(2 * i) === idx % width && target.at(2 * i + 1) === Math.floor(idx / width);
  }
  if (same) return;
  target.clear();
  const flat: number[] = [];
  for (const idx of indices) flat.push(idx % width, Math.floor(idx / width));
  if (flat.length) target.push(...flat);
}
