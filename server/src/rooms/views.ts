import { $changes, type StateView } from "@colyseus/schema";
import { KEEPER_VIEW_TAG, type DungeonState } from "@malignus/shared/schema";
import {
  VIEW_RULES, eventAudience, seesKeeperFields, type ViewContext, type Viewer,
} from "../sim/views/index.ts";
import { allUnits } from "../sim/world/units.ts";
import { lazyContext } from "../sim/views/index.ts";
import type { UnitRecord } from "../sim/state.ts";
import type { ViewRule } from "../sim/views/index.ts";

/**
 * The Colyseus adapter of the core's views (server/src/sim/views/): the core decides WHAT each
 * viewer may see and hear over the simulation's records ({@link VIEW_RULES}, `eventAudience`);
 * this maps that onto a `StateView` per viewer. Every client of a dungeon room holds one; the
 * `units`, `parts`, `cables`, `parties`, `journals` and `turnOptions` maps of the state are
 * `.view()` fields, so a client receives exactly the entries its view holds, and the keeper-only
 * root fields (`metal`, `invasion`) and entry fields only with {@link KEEPER_VIEW_TAG}, given to
 * viewers the core lets see keeper-only fields (`seesKeeperFields`). {@link syncView} reconciles a
 * view with the rules once per room step; {@link ViewSignature} skips that while nothing changed.
 */

// The core's view API, re-exported for the room, benches and tests that import it from here.
export {
  VIEW_RULES, StepViewContext, adventurerKnowsPart, keeperSeesUnit, lazyContext, revealedToKeeper, seatViewer,
  type ViewContext, type ViewRule, type Viewer,
} from "../sim/views/index.ts";

/**
 * The key of a viewer: clients whose viewers have the same key see exactly the same things, so
 * the room gives them one shared StateView (`keeper`, `all`, or `adventurer:<unitId>`). An
 * adventurer's key is built once per viewer object and remembered.
 */
export function viewerKey(viewer: Viewer): string {
  if (viewer.kind !== "adventurer") return viewer.kind;
  const known = adventurerKeys.get(viewer);
  if (known !== undefined && known.unitId === viewer.unitId) return known.key;
  const key = `adventurer:${viewer.unitId}`;
  adventurerKeys.set(viewer, { unitId: viewer.unitId, key });
  return key;
}
const adventurerKeys = new WeakMap<Viewer, { unitId: string; key: string }>();

/**
 * Makes sure the next patch carries the pending changes of shared views. Colyseus encodes a
 * shared view once per patch and reuses the bytes for every client holding it, except in a patch
 * where the state itself has no change: there it encodes the view once per client, and the
 * first encode clears the view's changes, so the other clients would miss them. When a view
 * has pending changes and the state has none, this marks the clock's `tick` as changed (the
 * same value is re-sent, a few bytes), so the patch takes the shared path.
 * @param views the room's views (any objects with a `view`), read by index: no allocation.
 */
export function patchCarriesViews(state: DungeonState, views: ArrayLike<{ readonly view: StateView }>): void {
  const clockTree = (state.clock as unknown as { [$changes]: { root?: { changes: { next?: unknown } }; markDirty(index: number): void } })[$changes];
  if (clockTree.root?.changes.next !== undefined) return; // the state has changes: shared path
  for (let i = 0; i < views.length; i++) {
    if (views[i]!.view.changes.size > 0) { clockTree.markDirty(0); return; } // GameClock field 0 = tick
  }
}

/**
 * A string that changes whenever what `viewer` may see in `state` may have changed, or undefined
 * when that cannot be told cheaply (an adventurer's view follows its line of sight: always synced).
 * For `keeper` and `all` viewers: the structure of every filtered or tagged map (its syncMap
 * version, or its keys), the adventurers the keeper sees now, how many units have no party, and
 * the spotted parties. While it is
 * the same as at a view's last {@link syncView}, syncing that view again would change nothing.
 * The room uses {@link ViewSignature}, which compares the same things without building a string;
 * this one is kept for tools and tests that want the signature as a value.
 */
export function viewSignature(state: DungeonState, ctx: ViewContext, viewer: Viewer, versionOf: (map: object) => number | undefined): string | undefined {
  if (viewer.kind === "adventurer") return undefined;
  const parts: string[] = [];
  for (const collection of signatureCollections()) {
    const map = (state as unknown as Record<string, (ViewMap & { keys(): IterableIterator<string> }) | undefined>)[collection];
    if (!map) continue;
    const version = versionOf(map);
    parts.push(version !== undefined ? `${version}` : [...map.keys()].join(","));
  }
  if (viewer.kind === "keeper") {
    parts.push([...ctx.revealed].join(","));
    let partyless = 0; // a unit leaving its party (partyId becoming "") becomes visible
    for (const id in ctx.sim.state.units) if (ctx.sim.state.units[id]!.partyId === "") partyless++;
    parts.push(`${partyless}`);
    const spotted: string[] = [];
    for (const id in ctx.sim.state.parties) if (ctx.sim.state.parties[id]?.spotted) spotted.push(id);
    parts.push(spotted.join(","));
  }
  return parts.join("|");
}

/**
 * What a view's entries depended on at its last sync, kept as numbers and id lists and compared
 * in place: the same things as {@link viewSignature} (each filtered or tagged map's structure
 * version, or its keys in order where it has none; for a `keeper`, the revealed adventurers in
 * order, the count of units with no party and the spotted parties in order), so it tells a
 * change exactly when the string would, without allocating anything while nothing changed.
 * One per view.
 *
 * An `adventurer` view (issue 20 part 2) follows what its rules read (sim/views/playerView.ts,
 * perception.ts): besides the structures above, its own unit (the record, its tile, activity,
 * Tracking and party: CMB-02 to CMB-04, INV-05), the map's tiles (line of sight), the trap parts
 * its unit knows (KNOW-03, KNOW-04) and the units the room's projection found marked
 * (`unitsMarked`, sim/changes.ts). Whether it sees another unit depends only on its own unit,
 * that unit (tile, activity) and the tiles, so while its own unit and the tiles are the same,
 * only the marked units are decided again ({@link ViewSignature.units}); when they changed, all
 * the units are; its party when its party changed; the parts when what it knows changed; the
 * whole view on a first sync, another record for its unit, or marks not complete. Doors and
 * light play no part (sight stops at walls only, darkness does not matter: CMB-02, CMB-04).
 * {@link setViewChecks} (tests) compares every view with a full recomputation after each step.
 */
export class ViewSignature {
  #synced = false;
  /**
   * After {@link ViewSignature.changed}: true when the whole view must be synced (the first call,
   * a keeper's revealed adventurers, party-less units or spotted parties moved, an adventurer's
   * unit is another record, or the unit marks were not complete); otherwise only the
   * collections in {@link ViewSignature.dirty} changed, and for an adventurer the units in
   * {@link ViewSignature.units}.
   */
  everything = true;
  /** After {@link ViewSignature.changed}: the collections whose structure (version or keys, presence) changed. */
  readonly dirty = new Set<string>();
  /**
   * After {@link ViewSignature.changed} for an `adventurer` (not `everything`): the units marked
   * this step, whose visibility is decided again (the projection's set: read it before the next
   * projection); undefined otherwise.
   */
  units: ReadonlySet<string> | undefined = undefined;
  /** Per signature collection: its version, or undefined when its keys are kept instead. */
  readonly #versions: (number | undefined)[] = [];
  /** Per signature collection without a version: its keys in order. */
  readonly #keys: (string[] | undefined)[] = [];
  /** Per signature collection: whether the state had that map. */
  readonly #present: boolean[] = [];
  /** Per signature collection: the map its version was last looked up for. */
  readonly #maps: (object | undefined)[] = [];
  /** The structure stamp of the last call (`changed`'s `stamp`). */
  #stamp: number | undefined = undefined;
  readonly #revealed: string[] = [];
  #partyless = -1;
  readonly #spotted: string[] = [];
  /** An adventurer's own unit at the last call: the record, its tile, activity, Tracking, party. */
  #me: UnitRecord | undefined = undefined;
  #meX = 0;
  #meY = 0;
  #meActivity = "";
  #meTracking = 0;
  #meParty = "";
  /** The map's tiles at an adventurer's last call. */
  #tiles = "";
  /** The trap parts an adventurer's unit knew at the last call (KNOW-03), in order. */
  readonly #known: string[] = [];

  /**
   * True when syncing the view of `viewer` may change it: the first call, or when anything the
   * signature follows differs from the previous call (the signature then takes the new values).
   * Reads `ctx.revealed` only for a `keeper` and only when some unit has a party (with none, no
   * adventurer can be revealed).
   * @param versionOf a map's structure version (projection.ts `structureVersion`), or undefined.
   * @param marked for an `adventurer`: the units added, removed or changed since the previous
   *   call (projection.ts `unitsMarked`); null or left out when not known (the whole view is then
   *   synced). Unused for other viewers.
   * @param stamp the structure stamp of `state` (projection.ts `structureStamp`), or undefined:
   *   while it is the one of the previous call, a map that is the same object has the same
   *   version (or still none) as then, and `versionOf` is not called for it (issue 20 part 2).
   */
  changed(state: DungeonState, ctx: ViewContext, viewer: Viewer, versionOf: (map: object) => number | undefined, marked?: ReadonlySet<string> | null, stamp?: number): boolean {
    const dirty = this.dirty;
    if (dirty.size > 0) dirty.clear();
    this.units = undefined;
    let changed = !this.#synced;
    this.everything = changed;
    this.#synced = true;
    const collections = signatureCollections();
    const sameStamp = stamp !== undefined && stamp === this.#stamp;
    this.#stamp = stamp;
    for (let c = 0; c < collections.length; c++) {
      const name = collections[c]!;
      const map = (state as unknown as Record<string, (ViewMap & { keys(): IterableIterator<string>; readonly size: number }) | undefined>)[name];
      const present = map !== undefined;
      if (this.#present[c] !== present) { this.#present[c] = present; dirty.add(name); }
      if (!map) continue;
      // The same map and no mirrored map's structure changed since the last call: the same version
      // (or still none: a map is mirrored from the room's first projection on, before any stamp).
      let version: number | undefined;
      if (sameStamp && this.#maps[c] === map) version = this.#versions[c];
      else { this.#maps[c] = map; version = versionOf(map); }
      if (version !== undefined) {
        if (this.#versions[c] !== version) { this.#versions[c] = version; dirty.add(name); }
        this.#keys[c] = undefined;
        continue;
      }
      if (this.#versions[c] !== undefined) { this.#versions[c] = undefined; dirty.add(name); }
      let keys = this.#keys[c];
      if (keys === undefined) { keys = []; this.#keys[c] = keys; dirty.add(name); }
      if (sameKeys(keys, map)) continue;
      keys.length = 0;
      for (const k of map.keys()) keys.push(k);
      dirty.add(name);
    }
    if (dirty.size > 0) changed = true;
    if (viewer.kind === "adventurer") return this.#adventurerChanged(ctx, viewer.unitId, marked) || changed;
    if (viewer.kind !== "keeper") return changed;
    const before = changed;
    changed = false; // from here on: what a keeper's units, parties and Journals depend on (everything)
    const sim = ctx.sim.state;
    let partyless = 0; // a unit leaving its party (partyId becoming "") becomes visible
    let withParty = 0;
    // The simulation's cached unit list (world/units.ts), not a `for…in` over integer-keyed records.
    const units = allUnits(ctx.sim);
    for (let i = 0; i < units.length; i++) { if (units[i]!.partyId === "") partyless++; else withParty++; }
    if (partyless !== this.#partyless) { this.#partyless = partyless; changed = true; }
    // revealedToKeeper only ever holds units with a party.
    if (withParty === 0) {
      if (this.#revealed.length > 0) { this.#revealed.length = 0; changed = true; }
    } else if (!sameIds(this.#revealed, ctx.revealed)) {
      this.#revealed.length = 0;
      for (const id of ctx.revealed) this.#revealed.push(id);
      changed = true;
    }
    let n = 0;
    let spottedSame = true;
    for (const id in sim.parties) {
      if (!sim.parties[id]?.spotted) continue;
      if (spottedSame && this.#spotted[n] !== id) spottedSame = false;
      n++;
    }
    if (!spottedSame || n !== this.#spotted.length) {
      this.#spotted.length = 0;
      for (const id in sim.parties) if (sim.parties[id]?.spotted) this.#spotted.push(id);
      changed = true;
    }
    if (changed) this.everything = true;
    return before || changed;
  }

  /**
   * The adventurer part of {@link ViewSignature.changed}: sets `everything` on the first call,
   * when its own unit's record is another (or gone) or the marks are not complete; adds `units`
   * to `dirty` when its unit's tile, activity or Tracking or the tiles changed, `parties` when its
   * party did, `parts` when the parts its unit knows did; names the marked units otherwise.
   * (Its `cables`, `journals` and `turnOptions` depend on nothing but their structure.)
   * @returns true when something it follows changed (the caller adds the structures').
   */
  #adventurerChanged(ctx: ViewContext, unitId: string, marked: ReadonlySet<string> | null | undefined): boolean {
    const sim = ctx.sim.state;
    const me = Object.hasOwn(sim.units, unitId) ? sim.units[unitId] : undefined;
    let all = this.everything || marked === null || marked === undefined;
    if (me !== this.#me) { this.#me = me; all = true; }
    const dirty = this.dirty;
    if (me !== undefined) {
      // What it sees of the units follows its tile, activity and Tracking (CMB-02 to CMB-04)…
      if (me.x !== this.#meX || me.y !== this.#meY || me.activity !== this.#meActivity || me.stats.tracking !== this.#meTracking) {
        this.#meX = me.x; this.#meY = me.y; this.#meActivity = me.activity; this.#meTracking = me.stats.tracking;
        dirty.add("units");
      }
      // …and its party the party it belongs to (INV-05).
      if (me.partyId !== this.#meParty) { this.#meParty = me.partyId; dirty.add("parties"); }
    }
    if (sim.map.tiles !== this.#tiles) { this.#tiles = sim.map.tiles; dirty.add("units"); } // line of sight
    const known = sim.knowledge?.[unitId]?.known;
    if (!sameList(this.#known, known)) {
      this.#known.length = 0;
      if (known !== undefined) for (let i = 0; i < known.length; i++) this.#known.push(known[i]!);
      this.dirty.add("parts");
    }
    if (all) { this.everything = true; return true; }
    if (marked!.size > 0 && !dirty.has("units")) { this.units = marked!; return true; }
    return dirty.size > 0;
  }
}

/** True when `list` holds the items of `now` in the same order (`now` undefined: an empty list). */
function sameList(list: readonly string[], now: readonly string[] | undefined): boolean {
  const n = now === undefined ? 0 : now.length;
  if (list.length !== n) return false;
  for (let i = 0; i < n; i++) if (list[i] !== now![i]) return false;
  return true;
}

/** True when `map`'s keys are `keys`, in the same order. */
function sameKeys(keys: readonly string[], map: { keys(): IterableIterator<string>; readonly size: number }): boolean {
  if (map.size !== keys.length) return false;
  if (keys.length === 0) return true;
  let i = 0;
  for (const k of map.keys()) if (keys[i++] !== k) return false;
  return true;
}

/** True when `set` holds `ids`, in the same order. */
function sameIds(ids: readonly string[], set: ReadonlySet<string>): boolean {
  if (set.size !== ids.length) return false;
  if (ids.length === 0) return true;
  let i = 0;
  for (const id of set) if (ids[i++] !== id) return false;
  return true;
}

let signatureList: { rules: number; list: readonly string[] } | undefined;
/** The collections of {@link VIEW_RULES} then {@link KEEPER_TAGGED_COLLECTIONS}, each once (listed again only when a rule is added). */
function signatureCollections(): readonly string[] {
  if (signatureList?.rules !== VIEW_RULES.length) {
    signatureList = { rules: VIEW_RULES.length, list: [...new Set<string>([...VIEW_RULES.map((r) => r.collection as string), ...KEEPER_TAGGED_COLLECTIONS])] };
  }
  return signatureList.list;
}

/**
 * True when `viewer` may receive `event` (the events a room broadcasts follow the same fog as
 * its state): the core's `eventAudience` over the event type's declared audience
 * (shared/src/events.ts `EVENT_AUDIENCE`). `all` hears every event; nothing undeclared reaches a
 * keeper or an adventurer player.
 */
export function eventVisible(ctx: ViewContext, viewer: Viewer, event: { type: string } & Record<string, unknown>): boolean {
  return eventAudience(ctx, event, viewer);
}

interface ViewMap { forEach(cb: (value: object, key: string) => void): void }

/**
 * Gives a fresh view its root fields: keepers and spectators get the keeper-only root fields
 * ({@link KEEPER_VIEW_TAG}); adding the root also adds every current map entry, which the
 * {@link syncView} that must follow removes where the rules say no.
 */
export function initView(view: StateView, state: DungeonState, viewer: Viewer): void {
  if (seesKeeperFields(viewer)) view.add(state, KEEPER_VIEW_TAG);
}

/**
 * Entries of these maps carry keeper-only fields tagged {@link KEEPER_VIEW_TAG}: the keeper's
 * hidden state (`Door.padlockArmed`, `triggerId`, `triggered`, `heldOpen`; `TrapEffect.sourceId`;
 * `Unit.stance`, `orderTargetId`; a `TrapPart`'s building, wiring and arming fields). Keepers and
 * spectators get each entry they see with the tag; an adventurer player never does, so it sees
 * the door, the cloud, the minion or the known part, not the orders, wiring or arming behind it.
 * `doors` and `effects` are sent to everyone; `units` and `parts` get the tag only on entries the
 * view already holds (the fog decides those, {@link VIEW_RULES}).
 */
export const KEEPER_TAGGED_COLLECTIONS = ["doors", "effects", "units", "parts"] as const;

/** The collections of {@link KEEPER_TAGGED_COLLECTIONS} whose entries are filtered per view. */
const FILTERED_COLLECTIONS: ReadonlySet<string> = new Set(["units", "parts"]);

/** Adds to and removes from `view` the map entries `viewer` may see now. */
export function syncView(view: StateView, state: DungeonState, ctx: ViewContext, viewer: Viewer): void {
  syncCollections(view, state, ctx, viewer, undefined);
}

/**
 * What the room runs after `signature.changed(…)` answered true (issue 20 part 2, views work only
 * on change): {@link syncView} when the signature says everything may have changed (a first sync,
 * an `adventurer`, a keeper's revealed adventurers, party-less units or spotted parties moved),
 * else the same reconciliation over only the collections whose structure changed
 * (`signature.dirty`). For a `keeper` or `all` viewer, what it may see of a collection whose
 * entries were neither added nor removed depends only on what the signature follows, so the
 * collections left out would have been left unchanged: the view ends the same, with the same
 * calls in the same order.
 */
export function syncChangedView(view: StateView, state: DungeonState, ctx: ViewContext, viewer: Viewer, signature: ViewSignature): void {
  if (signature.everything) { syncView(view, state, ctx, viewer); return; }
  syncCollections(view, state, ctx, viewer, signature.dirty);
  const units = signature.units;
  if (units !== undefined && !signature.dirty.has("units")) syncUnits(view, state, ctx, viewer, units);
}

/**
 * Decides again, for the units of `ids` the schema holds, whether `viewer` sees them (an
 * adventurer whose own unit stood still: the units marked this step), in the order of `ids`.
 */
function syncUnits(view: StateView, state: DungeonState, ctx: ViewContext, viewer: Viewer, ids: ReadonlySet<string>): void {
  const rule = unitsRule();
  for (const id of ids) {
    const entry = state.units.get(id);
    if (entry === undefined) continue;
    const want = rule.visible(ctx, viewer, id);
    const has = view.has(entry);
    if (want && !has) view.add(entry);
    else if (!want && has) view.remove(entry);
  }
}

let unitsRuleCache: ViewRule | undefined;
/** The `units` rule of {@link VIEW_RULES}. */
function unitsRule(): ViewRule {
  if (unitsRuleCache === undefined || !VIEW_RULES.includes(unitsRuleCache)) unitsRuleCache = VIEW_RULES.find((r) => r.collection === "units")!;
  return unitsRuleCache;
}

let viewChecks = false;

/**
 * Turns on (tests: server/test/setup.ts) or off the check that every view a room keeps holds, after
 * each room step, exactly what a full recomputation gives ({@link checkView}): a view skipped or
 * partly synced on a change its signature missed fails it. Off by default (it decides every entry
 * for every view each step, the work the signatures save).
 */
export function setViewChecks(on: boolean): void {
  viewChecks = on;
}

/** True when {@link setViewChecks} is on. */
export function viewChecksOn(): boolean {
  return viewChecks;
}

/**
 * Throws when `view` does not hold exactly the entries `viewer` may see of `sim` now, decided
 * afresh ({@link VIEW_RULES} over a new context, `lazyContext`), or lacks the keeper tag on an
 * entry it should carry it on ({@link KEEPER_TAGGED_COLLECTIONS}).
 * @param what names the view in the error.
 * @throws Error listing the entries that differ (a change its {@link ViewSignature} missed).
 */
export function checkView(view: StateView, state: DungeonState, sim: ViewContext["sim"], viewer: Viewer, what: string): void {
  const ctx = lazyContext(sim);
  const wrong: string[] = [];
  for (const rule of VIEW_RULES) {
    (state as unknown as Record<string, ViewMap | undefined>)[rule.collection]?.forEach((entry, id) => {
      const want = rule.visible(ctx, viewer, id);
      if (want !== view.has(entry as never)) wrong.push(`${rule.collection} ${id} ${want ? "missing" : "extra"}`);
    });
  }
  if (seesKeeperFields(viewer)) {
    for (const collection of KEEPER_TAGGED_COLLECTIONS) {
      const filtered = FILTERED_COLLECTIONS.has(collection);
      (state as unknown as Record<string, ViewMap | undefined>)[collection]?.forEach((entry, id) => {
        if (filtered && !view.has(entry as never)) return;
        if (!view.hasTag(entry as never, KEEPER_VIEW_TAG)) wrong.push(`${collection} ${id} without the keeper tag`);
      });
    }
  }
  if (wrong.length > 0) throw new Error(`views: the ${what} view differs from a full recomputation (a change its ViewSignature missed, rooms/views.ts): ${wrong.join("; ")}`);
}

/** {@link syncView} over `only` the collections named (all when undefined). */
function syncCollections(view: StateView, state: DungeonState, ctx: ViewContext, viewer: Viewer, only: ReadonlySet<string> | undefined): void {
  for (const rule of VIEW_RULES) {
    if (only !== undefined && !only.has(rule.collection)) continue;
    const map = (state as unknown as Record<string, ViewMap>)[rule.collection];
    map?.forEach((entry, id) => {
      const want = rule.visible(ctx, viewer, id);
      const has = view.has(entry as never);
      if (want && !has) view.add(entry as never);
      else if (!want && has) view.remove(entry as never);
    });
  }
  if (!seesKeeperFields(viewer)) return;
  for (const collection of KEEPER_TAGGED_COLLECTIONS) {
    if (only !== undefined && !only.has(collection)) continue;
    const filtered = FILTERED_COLLECTIONS.has(collection);
    (state as unknown as Record<string, ViewMap>)[collection]?.forEach((entry) => {
      if (filtered && !view.has(entry as never)) return;
      if (!view.hasTag(entry as never, KEEPER_VIEW_TAG)) view.add(entry as never, KEEPER_VIEW_TAG);
    });
  }
}
