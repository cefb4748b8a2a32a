import {
  PARTS, PART_KIND_CODES, PART_PROGRESS_STEP, PART_QUALITY_CODES, PART_ROLE_CODES, partRole, stateCode,
  TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, TICKS_PER_GAME_MINUTE, UNIT_STATE_CODES,
} from "@malignus/shared";
import { Altar, Cable, Settlement, Door, DuelMercy, DuelProposal, Lair, TrapEffect, TrapPart, Unit, type DungeonState } from "@malignus/shared/schema";
import type { CableRecord, PartRecord, Simulation, SimState, UnitRecord } from "../sim/index.ts";
import type { AltarRecord, EffectRecord, LairRecord, SettlementRecord } from "../sim/state.ts";
import type { DoorRecord } from "../sim/doors/types.ts";
import type { DuelMercyRecord, DuelProposalRecord } from "../sim/combat/d100/duels.ts";
// Read-only derived views the simulation computes but does not re-export from sim/index.ts yet.
import { cableNetworks, wiringRevision, type NetworkIndex } from "../sim/traps/network.ts";
import { allUnits } from "../sim/world/units.ts";
import { expiryTick } from "../sim/traps/parts.ts";
import { NO_CHANGES, takeChanges, unitPrint, type ChangeMarks } from "../sim/changes.ts";
import { projectDoor } from "./doorProjection.ts";
import { projectAltar } from "./altarProjection.ts";
import { projectSettlement } from "./settlementProjection.ts";
import { settlementsOf } from "../sim/invasions/settlements.ts";
import { projectLair } from "./lairProjection.ts";
import { projectUnitCombat } from "./combatProjection.ts";
import { indicator } from "../sim/invasions/schedule.ts";
import { projectInvasionExtras } from "./journalProjection.ts";
import { projectTurnOptions } from "./turnProjection.ts";
import { projectDuelMercy, projectDuelProposal } from "./duelProjection.ts";
import { set } from "./schemaWrites.ts";
import { CableShadow, DoorShadow, PartShadow, RootShadow, UnitShadow, sameItems } from "./shadows.ts";

/**
 * Projects the plain simulation state into the `DungeonState` schema clients receive. The map
 * fields are written once ({@link projectMap}); {@link projectState} runs once per room step and
 * only assigns fields whose value changed, so patches carry only real changes. MapSchema entries
 * are added, updated and removed to mirror the simulation's records.
 *
 * Derived fields come from the simulation's own functions: `networkId` from the cable networks
 * (TRAP-26, `cableNetworks`: recomputed only when the wiring revision changed), `expired` (TRAP-49),
 * and the invasion indicator `word` / `hourlyChance` (INV-21, INV-25; "In progress" while a
 * party is in the dungeon, INV-83).
 */

const clamp = (v: number, max: number): number => (v < 0 ? 0 : v > max ? max : Math.floor(v));

/**
 * A site's construction progress as clients see it (TRAP-30): percent of `work` ticks done,
 * rounded down to a whole {@link PART_PROGRESS_STEP} (0, 10 … 90; 100 only when `work` is done,
 * the projection shows 100 for a built part), so a part being built changes the patch ten times.
 */
const partProgress = (workDone: number, work: number): number =>
  clamp(Math.floor((workDone * 100) / work / PART_PROGRESS_STEP) * PART_PROGRESS_STEP, 100);

/** Writes the static map fields (name, ruleset, size, tiles, darkness). Call once at create. */
export function projectMap(target: DungeonState, sim: SimState): void {
  set(target, "mapName", sim.map.name);
  set(target, "ruleset", sim.ruleset);
  set(target, "width", sim.map.width);
  set(target, "height", sim.map.height);
  syncTileRows(target, sim.map.tiles, sim.map.width);
  set(target, "dark", sim.map.dark);
}

/**
 * Writes the map `tiles` (one character per tile, row-major, `width` per row) as `tileRows`, one
 * string per row, touching only the rows that changed: a door built resends one row of the patch,
 * not the map (issue 20 part 4).
 */
function syncTileRows(target: DungeonState, tiles: string, width: number): void {
  const rows = target.tileRows;
  const height = width > 0 ? Math.ceil(tiles.length / width) : 0;
  for (let r = 0; r < height; r++) {
    const row = tiles.slice(r * width, (r + 1) * width);
    if (r >= rows.length) rows.push(row);
    else if (rows[r] !== row) rows[r] = row;
  }
  while (rows.length > height) rows.pop();
}

/** What the per-entry projections of one {@link projectState} call read besides their record. */
interface ProjectionContext {
  simulation: Simulation;
  networks: NetworkIndex;
  width: number;
  /** The simulation's tick. */
  tick: number;
  /**
   * The earliest tick after {@link tick} at which a part projected in this call expires (TRAP-49),
   * lowered by each part projected: from then on its `expired` flag changes without a change mark.
   */
  partsRecheck: number;
}

/** The part of a MapSchema that {@link Mirror} uses. */
interface SchemaMap<V> {
  set(key: string, value: V): unknown;
  delete(key: string): unknown;
}

/** Per synced map: how many times an entry was added or removed (views.ts skips a view sync while none was). */
const structureVersions = new WeakMap<object, number>();

/**
 * How many times {@link projectState} added or removed an entry of `map` (a map it mirrors:
 * units, parts, cables, effects, doors, altars…), or undefined for a map it does not mirror that
 * way. Entries are only ever added or removed there, never replaced, so an unchanged version means
 * the same entries.
 */
export function structureVersion(map: object): number | undefined {
  return structureVersions.get(map);
}

/**
 * How many times the projections of `target` added or removed an entry of any map they mirror
 * (the sum of their {@link structureVersion}s' increments), or undefined before its first
 * {@link projectState}. While it is the same, no mirrored map's version changed: views.ts
 * `ViewSignature.changed` then skips their look-ups (issue 20 part 2, one look-up per step instead
 * of one per map).
 */
export function structureStamp(target: DungeonState): number | undefined {
  return mirrorsOf.get(target)?.stamp.value;
}

/**
 * Mirrors one collection of simulation records (`Record<id, R>`) into a MapSchema of entries `E`,
 * keeping beside each entry a shadow `S` of the values last written to it (rooms/shadows.ts), so
 * that projecting an unchanged record reads no schema accessor and marks nothing dirty.
 */
class Mirror<R, E, S> {
  readonly #items = new Map<string, MirrorItem<R, E, S>>();
  /** The items in the order `for…in` visits `#source`, valid while `#source` and `#key` hold. */
  #list: MirrorItem<R, E, S>[] = [];
  #source: object | undefined = undefined;
  #key: unknown = undefined;
  /** True after the first full walk. */
  #synced = false;
  /** With {@link setProjectionChecks} on: each record's JSON when last projected. */
  #prints: Map<string, string> | undefined = undefined;
  readonly target: SchemaMap<E>;
  readonly make: () => E;
  readonly makeShadow: () => S;
  readonly update: (entry: E, shadow: S, record: R, ctx: ProjectionContext) => void;
  /** With {@link setProjectionChecks} on: what of a record the projection reads, as a string (its JSON by default). */
  readonly print: (record: R, ctx: ProjectionContext) => string;
  /** The room's {@link structureStamp}, shared by its mirrors: counts this mirror's structure changes too. */
  readonly stamp: { value: number };

  constructor(
    stamp: { value: number },
    target: SchemaMap<E>,
    make: () => E,
    makeShadow: () => S,
    update: (entry: E, shadow: S, record: R, ctx: ProjectionContext) => void,
    print: (record: R, ctx: ProjectionContext) => string = (record) => JSON.stringify(record),
  ) {
    this.target = target;
    this.make = make;
    this.makeShadow = makeShadow;
    this.update = update;
    this.print = print;
    this.stamp = stamp;
    structureVersions.set(target, 0);
  }

  /**
   * Adds, updates and removes entries so the map holds one entry per record of `source`.
   * `structureKey`, when given, is a value the simulation changes whenever a record of `source`
   * is added, removed or replaced by another object (the wiring revision for parts, cables and
   * doors; the `allUnits` list for units): while it and `source` are the same as at the last
   * call, the records are the same objects in the same order, so they are updated from the
   * list kept then, without a `for…in` over `source` (which, its keys being integer strings,
   * builds and converts its key list every time) and without a look-up per record.
   *
   * `marks`, when given, are the ids of the records the simulation marked since the last call
   * (sim/changes.ts, issue 20 part 2): while `source` and `structureKey` are unchanged, only those
   * records are updated (none when empty), and a marked id added or removed makes a full walk.
   * Null means the marks are not complete (a first projection, a restored simulation): a full
   * walk. Undefined: the collection is not marked, so every record is compared.
   * @throws Error only with {@link setProjectionChecks} on, when the key was unchanged but the
   *   records were not (a missed change mark in the simulation, a bug).
   */
  sync(source: Readonly<Record<string, R>> | undefined, ctx: ProjectionContext, structureKey?: unknown, marks?: ReadonlySet<string> | null): void {
    const update = this.update;
    if (marks && this.#synced && source === this.#source && structureKey === this.#key) {
      if (marks.size === 0) {
        if (projectionChecks && source !== undefined) { checkSameRecords(source, this.#list); this.#checkUnmarked(marks, ctx); }
        return;
      }
      if (this.#updateMarked(source, ctx, marks)) return;
    } else if (structureKey !== undefined && structureKey === this.#key && source === this.#source && source !== undefined) {
      const list = this.#list;
      if (projectionChecks) checkSameRecords(source, list);
      for (let i = 0; i < list.length; i++) {
        const item = list[i]!;
        update(item.entry, item.shadow, item.record, ctx);
      }
      // Every record was projected again: what the next check compares with is what they are now.
      if (projectionChecks) this.#prints = new Map(list.map((item) => [item.id, this.print(item.record, ctx)]));
      return;
    }
    const items = this.#items;
    const list: MirrorItem<R, E, S>[] = [];
    let changed = 0;
    if (source !== undefined) {
      for (const id in source) {
        const record = source[id] as R;
        let item = items.get(id);
        if (item === undefined) {
          item = { id, entry: this.make(), shadow: this.makeShadow(), record };
          update(item.entry, item.shadow, record, ctx);
          items.set(id, item);
          this.target.set(id, item.entry);
          changed++;
        } else {
          item.record = record;
          update(item.entry, item.shadow, record, ctx);
        }
        list.push(item);
      }
    }
    // Every source id is mirrored now: extra items are stale ones (skip the walk when none).
    if (items.size > list.length) {
      for (const id of [...items.keys()]) {
        if (source !== undefined && id in source) continue;
        items.delete(id);
        this.target.delete(id);
        changed++;
      }
    }
    this.#list = list;
    this.#source = source;
    this.#key = structureKey;
    this.#synced = true;
    if (projectionChecks) this.#prints = new Map(list.map((item) => [item.id, this.print(item.record, ctx)]));
    if (changed > 0) { structureVersions.set(this.target, (structureVersions.get(this.target) ?? 0) + changed); this.stamp.value += changed; }
  }

  /**
   * Updates the entries of the marked records only. Returns false, having changed nothing, when a
   * marked id was added or removed (the caller then walks the whole collection).
   */
  #updateMarked(source: Readonly<Record<string, R>> | undefined, ctx: ProjectionContext, marks: ReadonlySet<string>): boolean {
    const items = this.#items;
    for (const id of marks) {
      const there = source !== undefined && Object.hasOwn(source, id);
      if (there !== items.has(id)) return false;
    }
    if (projectionChecks && source !== undefined) { checkSameRecords(source, this.#list, marks); this.#checkUnmarked(marks, ctx); }
    if (source === undefined) return true;
    const update = this.update;
    for (const id of marks) {
      const item = items.get(id);
      if (item === undefined) continue; // marked, yet neither there nor mirrored: added and removed since
      item.record = source[id] as R;
      update(item.entry, item.shadow, item.record, ctx);
      this.#prints?.set(id, this.print(item.record, ctx));
    }
    return true;
  }

  /**
   * With {@link setProjectionChecks} on: throws when a record not in `marks` differs from when it
   * was last projected (written without a change mark, e.g. outside a tick or an input: call
   * sim/changes.ts `markChanged` there).
   */
  #checkUnmarked(marks: ReadonlySet<string>, ctx: ProjectionContext): void {
    const prints = this.#prints;
    if (prints === undefined) return;
    for (const item of this.#list) {
      if (marks.has(item.id)) continue;
      if (prints.get(item.id) !== this.print(item.record, ctx)) {
        throw new Error(`projection: record ${item.id} changed since it was last projected but was not marked (sim/changes.ts: a write outside a tick or an input needs its mark, e.g. markDoor, markUnit): was ${prints.get(item.id) ?? "?"}, is ${this.print(item.record, ctx)}`);
      }
    }
  }
}

/** One mirrored record: its id, schema entry, shadow, and the record object last seen. */
interface MirrorItem<R, E, S> { readonly id: string; readonly entry: E; readonly shadow: S; record: R }

let projectionChecks = false;

/**
 * Turns on (tests) or off the check that a {@link projectState} which reuses a collection's record
 * list (its structure key unchanged) finds the same records as a `for…in` would. Off by default:
 * it costs the walk the list saves.
 */
export function setProjectionChecks(on: boolean): void {
  projectionChecks = on;
}

function checkSameRecords<R>(source: Readonly<Record<string, R>>, list: readonly { id: string; record: R }[], replaced?: ReadonlySet<string>): void {
  let i = 0;
  for (const id in source) {
    const item = list[i++];
    if (item === undefined || item.id !== id || (item.record !== source[id] && !replaced?.has(id))) {
      throw new Error(`projection: record ${id} was added, removed or replaced without a change of its collection's structure key (a missed change mark)`);
    }
  }
  if (i !== list.length) throw new Error(`projection: ${list.length - i} record(s) removed without a change of their collection's structure key (a missed change mark)`);
}

/** The mirrors of one room's state, made on its first {@link projectState}. */
interface Mirrors {
  root: RootShadow;
  /** The tick from which a part's `expired` flag may change unmarked (TRAP-49): all parts are projected again then. */
  partsRecheck: number;
  /** The wiring revision of the last projection of the marked collections (traps/network.ts). */
  wiring: number;
  /** The settlements table as projected before the first raid (sim `settlementsOf`, one object kept). */
  settlementTable: Record<string, SettlementRecord> | undefined;
  /** The simulation's tick at the last projection (-1 before the first). */
  tick: number;
  /** The simulation's accepted inputs (`inputLog.length`) at the last projection. */
  inputs: number;
  /** The simulation object of the last projection. */
  simulation: Simulation | undefined;
  /** True when the last projection's marks were complete and named no unit (no unit added, removed or changed since the one before). */
  unitsSame: boolean;
  /** The units the last projection's marks named (read only; valid until the next one), null when they were not complete. */
  unitsMarked: ReadonlySet<string> | null;
  /** The structure changes of all its mirrors ({@link structureStamp}). */
  stamp: { value: number };
  units: Mirror<UnitRecord, Unit, UnitShadow>;
  parts: Mirror<PartRecord, TrapPart, PartShadow>;
  cables: Mirror<CableRecord, Cable, CableShadow>;
  effects: Mirror<EffectRecord, TrapEffect, null>;
  doors: Mirror<DoorRecord, Door, DoorShadow>;
  altars: Mirror<AltarRecord, Altar, null>;
  settlements: Mirror<SettlementRecord, Settlement, null>;
  lairs: Mirror<LairRecord, Lair, null>;
  duelProposals: Mirror<DuelProposalRecord, DuelProposal, null>;
  duelMercies: Mirror<DuelMercyRecord, DuelMercy, null>;
}

const mirrorsOf = new WeakMap<DungeonState, Mirrors>();
/** No record marked (cables: see {@link projectState}). */
const NO_MARKS: ReadonlySet<string> = new Set();
const noShadow = (): null => null;

function makeMirrors(target: DungeonState): Mirrors {
  const stamp = { value: 0 };
  return {
    stamp,
    root: new RootShadow(),
    partsRecheck: Infinity,
    wiring: -1,
    settlementTable: undefined,
    tick: -1,
    inputs: -1,
    simulation: undefined,
    unitsSame: false,
    unitsMarked: null,
    units: new Mirror(stamp, target.units, () => new Unit(), () => new UnitShadow(), (u, s, r, ctx) => {
      projectUnit(u, s, r);
      projectUnitCombat(u, s, r, ctx.simulation.ruleset);
    }, (r, ctx) => unitPrint(ctx.simulation, r)), // what the marks cover (sim/changes.ts)
    parts: new Mirror(stamp, target.parts, () => new TrapPart(), () => new PartShadow(), (p, s, r, ctx) => {
      const expires = expiryTick(r); // TRAP-49
      if (expires > ctx.tick && expires < ctx.partsRecheck) ctx.partsRecheck = expires;
      projectPart(p, s, r, ctx.networks.byPart.get(r.id)?.id ?? "", ctx.tick >= expires);
    }),
    cables: new Mirror(stamp, target.cables, () => new Cable(), () => new CableShadow(), (c, s, r, ctx) => {
      projectCable(c, s, r, ctx.width, ctx.networks.byCable.get(r.id)?.id ?? "");
    }),
    effects: new Mirror(stamp, target.effects, () => new TrapEffect(), noShadow, (e, _s, r, ctx) => projectEffect(e, r, ctx.width)), // traps/effects.ts
    doors: new Mirror(stamp, target.doors, () => new Door(), () => new DoorShadow(), (d, s, r) => projectDoor(d, s, r)), // DOOR rules (rooms/doorProjection.ts)
    altars: new Mirror(stamp, target.altars, () => new Altar(), noShadow, (a, _s, r) => projectAltar(a, r)), // INV-02 (rooms/altarProjection.ts)
    settlements: new Mirror(stamp, target.settlements, () => new Settlement(), noShadow, (s, _s, r) => projectSettlement(s, r)), // INV-32, INV-33 (rooms/settlementProjection.ts)
    lairs: new Mirror(stamp, target.lairs, () => new Lair(), noShadow, (l, _s, r) => projectLair(l, r)), // TRAP-61 (rooms/lairProjection.ts)
    duelProposals: new Mirror(stamp, target.duelProposals, () => new DuelProposal(), noShadow, (p, _s, r) => projectDuelProposal(p, r)), // P100-DUEL-01
    duelMercies: new Mirror(stamp, target.duelMercies, () => new DuelMercy(), noShadow, (m, _s, r) => projectDuelMercy(m, r)), // P100-DUEL-20
  };
}

/**
 * Ticks between two syncs of `GameClock.tick` while the clock runs one tick a step (issue 20
 * part 4): one game minute ({@link TICKS_PER_GAME_MINUTE} ticks), so a spectator at timeScale 1
 * gets the tick once a real second instead of in every patch (it was two thirds of a spectator's
 * bytes). Clients derive the ticks in between from the clock (client-sdk `estimateTick`).
 */
export const CLOCK_TICK_SYNC_TICKS = TICKS_PER_GAME_MINUTE;

/**
 * True when the schema's clock tick (`synced`, the last tick written; undefined before the first)
 * must be set to the simulation's tick `t`: the first time, whenever the clock is paused (clients
 * then see the exact tick), when it went back (a replay seek), and when `t` crossed a multiple of
 * {@link CLOCK_TICK_SYNC_TICKS} since the last sync (so every step when a step runs that many
 * ticks or more, e.g. timeScale 50). Otherwise the tick stays as last synced.
 */
export function tickNeedsSync(synced: number | undefined, t: number, paused: boolean): boolean {
  if (synced === t) return false;
  if (synced === undefined || paused || t < synced) return true;
  return Math.floor(t / CLOCK_TICK_SYNC_TICKS) !== Math.floor(synced / CLOCK_TICK_SYNC_TICKS);
}

/**
 * Mirrors the dynamic part of the simulation state: clock (with the room's `timeScale`), metal,
 * units, parts, cables, doors, effects, altars, lairs, duels and the invasion. Tiles may change
 * (doors, digging), so they are compared too. Each entry keeps a shadow of what was last written
 * (rooms/shadows.ts): an unchanged value costs one plain comparison and writes nothing. `target`
 * must only be written by this function and {@link projectMap} (besides the units' `controller`,
 * the room's).
 *
 * Issue 20 part 2, an idle room step does no projection work: when no tick ran and no input was
 * accepted since the last projection of `target` (the same simulation, the same tick, the same
 * `inputLog` length) and nothing was marked, the simulation's records are as they were (only a
 * tick or an input changes them; the room writes none), so only the root fields are compared:
 * the units, the parties, the Journals and the turn options are not even read. A paused room, or
 * a room whose `timeScale` runs no tick this step, does that. With {@link setProjectionChecks} on
 * (tests, which may write records directly between two projections) everything is projected
 * anyway, as before.
 * @returns false when the step was such an idle one and skipped (no record can have changed, so
 *   the views need no sync), true otherwise (always with the checks on).
 * @throws Error only with {@link setProjectionChecks} on, on a record of a marked collection
 *   changed without its change mark (see `Mirror.sync`).
 */
export function projectState(target: DungeonState, simulation: Simulation, timeScale: number): boolean {
  const sim = simulation.state;
  let m = mirrorsOf.get(target);
  if (m === undefined) { m = makeMirrors(target); mirrorsOf.set(target, m); }
  const root = m.root;
  let v: string | number | boolean;
  if (root.tiles !== (v = sim.map.tiles)) { syncTileRows(target, v, sim.map.width); root.tiles = v; }
  if (root.dark !== (v = sim.map.dark)) target.dark = root.dark = v;

  const clock = target.clock;
  const t = sim.tick;
  if (tickNeedsSync(root.tick, t, sim.paused)) clock.tick = root.tick = t; // issue 20 part 4: not every tick
  if (root.day !== (v = Math.floor(t / TICKS_PER_GAME_DAY) + 1)) clock.day = root.day = v;
  if (root.hour !== (v = Math.floor((t % TICKS_PER_GAME_DAY) / TICKS_PER_GAME_HOUR))) clock.hour = root.hour = v;
  if (root.minute !== (v = Math.floor((t % TICKS_PER_GAME_HOUR) / TICKS_PER_GAME_MINUTE))) clock.minute = root.minute = v;
  if (root.timeScale !== timeScale) clock.timeScale = root.timeScale = timeScale;
  if (root.paused !== (v = sim.paused)) clock.paused = root.paused = v;

  if (root.metal !== (v = clamp(sim.metal, 0xffff))) target.metal = root.metal = v;

  // Issue 20 part 2: the records marked since the last projection of `target` (sim/changes.ts);
  // null on the first one, after a restore, or when another target took the marks: walk all.
  const marks: ChangeMarks | null = takeChanges(simulation, target);
  const partsDue = marks === null || t >= m.partsRecheck; // a part's 2 days ran out (TRAP-49): look at all parts
  const ctx: ProjectionContext = {
    simulation, networks: cableNetworks(simulation), width: sim.map.width, tick: t, partsRecheck: partsDue ? Infinity : m.partsRecheck,
  };
  const wiring = wiringRevision(simulation); // parts, cables, doors added, removed or moved (traps/network.ts)
  const inputs = simulation.inputLog.length;
  m.unitsSame = marks !== null && marks.units.size === 0;
  m.unitsMarked = marks === null ? null : marks.units;
  const idle = marks === NO_CHANGES && wiring === m.wiring && !partsDue && t === m.tick && inputs === m.inputs && simulation === m.simulation;
  m.tick = t;
  m.inputs = inputs;
  m.simulation = simulation;
  if (idle && !projectionChecks) {
    projectInvasion(target, simulation, root);
    return false;
  }
  // A new list whenever a unit was added or removed (world/units.ts); only the marked units are
  // projected again (issue 20 part 2: a unit is marked when a field projected here changes).
  m.units.sync(sim.units, ctx, allUnits(simulation), marks?.units ?? null);
  projectInvasionExtras(target, simulation); // INV-05, KNOW-50 (rooms/journalProjection.ts)
  projectTurnOptions(target, simulation); // issue 7 "Who decides" (rooms/turnProjection.ts)
  // Nothing marked, the same wiring, no part expiring: no marked collection has anything to
  // project (the idle dungeon's most steps), so their mirrors are not even read. The checks
  // (tests) look at them anyway.
  if (marks === NO_CHANGES && wiring === m.wiring && !partsDue && !projectionChecks) {
    projectInvasion(target, simulation, root);
    return true;
  }
  m.wiring = wiring;
  m.parts.sync(sim.parts, ctx, wiring, partsDue ? null : marks.parts);
  m.partsRecheck = ctx.partsRecheck;
  // A cable's record changes only with the wiring revision (traps/network.ts): with complete
  // marks and the same revision there is nothing to look at.
  m.cables.sync(sim.cables, ctx, wiring, marks === null ? null : NO_MARKS);
  m.effects.sync(sim.effects, ctx, undefined, marks?.effects ?? null);
  m.doors.sync(sim.doors, ctx, wiring, marks?.doors ?? null);
  m.altars.sync(sim.altars, ctx, undefined, marks?.altars ?? null);
  // Before the first raid the settlements are the table's, untouched (one object kept, so that
  // the mirror sees the same source); the first raid stores them in the state.
  const settlements = sim.settlements ?? (m.settlementTable ??= settlementsOf(sim));
  m.settlements.sync(settlements, ctx, undefined, marks?.settlements ?? null);
  m.lairs.sync(sim.lairs, ctx, undefined, marks?.lairs ?? null);
  m.duelProposals.sync(sim.duelProposals, ctx, undefined, marks?.duelProposals ?? null); // P100-DUEL-01 (rooms/duelProjection.ts)
  m.duelMercies.sync(sim.duelMercies, ctx, undefined, marks?.duelMercies ?? null); // P100-DUEL-20 (rooms/duelProjection.ts)
  projectInvasion(target, simulation, root);
  return true;
}

/**
 * True when the last {@link projectState} of `target` found no unit added, removed or changed
 * since the one before (its change marks complete and naming no unit, issue 20 part 2): what the
 * keeper sees of the units (sim/views/fog.ts) may then be kept (roomViews.ts). False before the
 * first projection.
 */
export function unitsUnchanged(target: DungeonState): boolean {
  return mirrorsOf.get(target)?.unitsSame ?? false;
}

/**
 * The ids of the units the last {@link projectState} of `target` found marked (added, removed or
 * changed since the one before, sim/changes.ts; issue 20 part 2), or null when its marks were not
 * complete (a first projection, a restored simulation) or before the first: then any unit may
 * have changed. An adventurer's view re-decides only these units while it stands still
 * (views.ts `ViewSignature`). The set is the simulation's own: read it, do not keep it (the next
 * projection reuses it).
 */
export function unitsMarked(target: DungeonState): ReadonlySet<string> | null {
  return mirrorsOf.get(target)?.unitsMarked ?? null;
}

/** The invasion fields: count, party, spotted, and the indicator (INV-20 to INV-25, INV-83). */
function projectInvasion(target: DungeonState, simulation: Simulation, root: RootShadow): void {
  const sim = simulation.state;
  let v: string | number | boolean;
  const inv = target.invasion;
  const party = sim.invasion.partyId ? sim.parties[sim.invasion.partyId] : undefined;
  if (root.count !== (v = clamp(sim.invasion.count, 0xffff))) inv.count = root.count = v;
  if (root.partyId !== (v = sim.invasion.partyId)) inv.partyId = root.partyId = v;
  if (root.spotted !== (v = party?.spotted ?? false)) inv.spotted = root.spotted = v;
  const shown = indicator(simulation); // INV-20 to INV-25, INV-83
  if (root.hourlyChance !== (v = clamp(shown.chance, 100))) inv.hourlyChance = root.hourlyChance = v;
  if (root.word !== (v = shown.word)) inv.word = root.word = v;
}

function projectUnit(u: Unit, s: UnitShadow, r: UnitRecord): void {
  let v: string | number;
  if (s.id !== (v = r.id)) u.id = s.id = v;
  if (s.kind !== (v = r.kind)) u.kind = s.kind = v;
  if (s.name !== (v = r.name)) u.name = s.name = v;
  if (s.x !== (v = clamp(r.x, 0xffff))) u.x = s.x = v;
  if (s.y !== (v = clamp(r.y, 0xffff))) u.y = s.y = v;
  if (s.facing !== (v = clamp(r.facing, 7))) u.facing = s.facing = v;
  if (s.state !== (v = r.activity)) { s.state = v; u.stateCode = stateCode(UNIT_STATE_CODES, v); } // a code on the wire
  if (s.job !== (v = r.job)) u.job = s.job = v;
  if (s.woundPoints !== (v = clamp(r.woundPoints, 0xff))) u.woundPoints = s.woundPoints = v;
  if (s.partyId !== (v = r.partyId)) u.partyId = s.partyId = v;
  if (s.adventurerClass !== (v = r.adventurerClass)) u.adventurerClass = s.adventurerClass = v;
  if (s.level !== (v = clamp(r.level, 0xff))) u.level = s.level = v;
  if (s.targetId !== (v = r.targetId)) u.targetId = s.targetId = v;
}

function projectPart(p: TrapPart, s: PartShadow, r: PartRecord, networkId: string, expired: boolean): void {
  const data = PARTS[r.kind];
  let v: string | number | boolean;
  if (s.id !== (v = r.id)) p.id = s.id = v;
  // kind, role and quality travel as codes (shared/src/stateCodes.ts); the shadow keeps the names.
  if (s.kind !== (v = r.kind)) { s.kind = v; p.kindCode = stateCode(PART_KIND_CODES, v); }
  if (s.role !== (v = data ? partRole(r.kind) : "")) { s.role = v; p.roleCode = stateCode(PART_ROLE_CODES, v); }
  if (s.x !== (v = clamp(r.x, 0xffff))) p.x = s.x = v;
  if (s.y !== (v = clamp(r.y, 0xffff))) p.y = s.y = v;
  if (s.built !== (v = r.built)) p.built = s.built = v;
  if (s.metalDelivered !== (v = clamp(r.metalDelivered, 0xff))) p.metalDelivered = s.metalDelivered = v;
  if (s.metalNeeded !== (v = clamp(data?.metal ?? 0, 0xff))) p.metalNeeded = s.metalNeeded = v;
  const work = data?.buildWorkTicks ?? 0;
  if (s.progress !== (v = r.built ? 100 : work > 0 ? partProgress(r.workDone, work) : 0)) p.progress = s.progress = v;
  if (s.needsRearm !== (v = r.needsRearm)) p.needsRearm = s.needsRearm = v;
  if (s.rigged !== (v = r.riggedBy !== "")) p.rigged = s.rigged = v;
  if (s.delayMinutes !== (v = clamp(r.delayMinutes, 0xffff))) p.delayMinutes = s.delayMinutes = v;
  if (s.active !== (v = r.active)) p.active = s.active = v;
  if (s.quality !== (v = r.quality ?? "normal")) { s.quality = v; p.qualityCode = stateCode(PART_QUALITY_CODES, v); }
  if (s.networkId !== networkId) p.networkId = s.networkId = networkId;
  if (s.expired !== expired) p.expired = s.expired = expired;
}

function projectEffect(e: TrapEffect, r: EffectRecord, width: number): void {
  set(e, "id", r.id);
  set(e, "kind", r.kind);
  set(e, "sourceId", r.sourceId);
  set(e, "unitId", r.unitId);
  set(e, "untilTick", clamp(r.untilTick, 0xffffffff));
  syncTiles(e.tiles, r.tiles, width);
}

function projectCable(c: Cable, s: CableShadow, r: CableRecord, width: number, networkId: string): void {
  if (s.id !== r.id) c.id = s.id = r.id;
  if (s.networkId !== networkId) c.networkId = s.networkId = networkId;
  // The tile lists are compared as plain copies; the schema arrays are touched only on a change.
  if (!sameItems(s.path, r.path)) { syncTiles(c.path, r.path, width); s.path = r.path.slice(); }
  if (!sameItems(s.hops, r.hops)) { syncTiles(c.hops, r.hops, width); s.hops = r.hops.slice(); }
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
