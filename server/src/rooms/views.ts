import { $changes, type StateView } from "@colyseus/schema";
import { TILE } from "@malignus/shared";
import { KEEPER_VIEW_TAG, type DungeonState } from "@malignus/shared/schema";
import type { PartRecord, Simulation, UnitRecord } from "../sim/index.ts";
import { canSee, hasLineOfSight } from "../sim/combat/perception.ts";
import { isActive, isKeeperSide } from "../sim/world/units.ts";
import { chebyshev, tileAt } from "../sim/world/grid.ts";
import { knows } from "../sim/knowledge/knowledge.ts";
import { SPECTRAL_EYE_TILES, spectralEyePosition } from "../sim/invasions/spotting.ts";

/**
 * Who may see what (fog, INV-69 to INV-77; KNOW rules). Every client of a dungeon room holds a
 * `StateView`; the `units`, `parts` and `cables` maps of the state are `.view()` fields, so a
 * client receives exactly the entries its view holds, and the keeper-only root fields (`metal`,
 * `invasion`) only with {@link KEEPER_VIEW_TAG}. {@link syncView} reconciles a view with the
 * rules below once per room step.
 *
 * - `keeper` (and a spectator of a room without `spectatorsSeeAll`): its whole dungeon, and only
 *   the intruders currently revealed ({@link keeperSeesUnit}).
 * - `all` (a spectator of a room with `spectatorsSeeAll`): everything.
 * - `adventurer`: its own unit, the units it perceives (CMB-02 to CMB-04), the trap parts it
 *   knows ({@link adventurerKnowsPart}), its own party (INV-05) and its own Journal (KNOW-50);
 *   never a cable, never the keeper's stock or indicator, never a keeper-only field
 *   ({@link KEEPER_TAGGED_COLLECTIONS}).
 *
 * To show a new collection of the state to some viewers, add one line to {@link VIEW_RULES}.
 */

/** Whose eyes a view follows. */
export type Viewer =
  | { kind: "keeper" }
  | { kind: "all" }
  | { kind: "adventurer"; unitId: string };

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
 * One per view; an `adventurer` view is always reported changed (it follows line of sight).
 */
export class ViewSignature {
  #synced = false;
  /** Per signature collection: its version, or undefined when its keys are kept instead. */
  readonly #versions: (number | undefined)[] = [];
  /** Per signature collection without a version: its keys in order. */
  readonly #keys: (string[] | undefined)[] = [];
  /** Per signature collection: whether the state had that map. */
  readonly #present: boolean[] = [];
  readonly #revealed: string[] = [];
  #partyless = -1;
  readonly #spotted: string[] = [];

  /**
   * True when syncing the view of `viewer` may change it: the first call, any call for an
   * `adventurer`, or when anything the signature follows differs from the previous call (the
   * signature then takes the new values). Reads `ctx.revealed` only for a `keeper` and only
   * when some unit has a party (with none, no adventurer can be revealed).
   * @param versionOf a map's structure version (projection.ts `structureVersion`), or undefined.
   */
  changed(state: DungeonState, ctx: ViewContext, viewer: Viewer, versionOf: (map: object) => number | undefined): boolean {
    if (viewer.kind === "adventurer") return true;
    let changed = !this.#synced;
    this.#synced = true;
    const collections = signatureCollections();
    for (let c = 0; c < collections.length; c++) {
      const map = (state as unknown as Record<string, (ViewMap & { keys(): IterableIterator<string>; readonly size: number }) | undefined>)[collections[c]!];
      const present = map !== undefined;
      if (this.#present[c] !== present) { this.#present[c] = present; changed = true; }
      if (!map) continue;
      const version = versionOf(map);
      if (version !== undefined) {
        if (this.#versions[c] !== version) { this.#versions[c] = version; changed = true; }
        this.#keys[c] = undefined;
        continue;
      }
      if (this.#versions[c] !== undefined) { this.#versions[c] = undefined; changed = true; }
      let keys = this.#keys[c];
      if (keys === undefined) { keys = []; this.#keys[c] = keys; changed = true; }
      if (sameKeys(keys, map)) continue;
      keys.length = 0;
      for (const k of map.keys()) keys.push(k);
      changed = true;
    }
    if (viewer.kind !== "keeper") return changed;
    const sim = ctx.sim.state;
    let partyless = 0; // a unit leaving its party (partyId becoming "") becomes visible
    let withParty = 0;
    for (const id in sim.units) { if (sim.units[id]!.partyId === "") partyless++; else withParty++; }
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
    return changed;
  }
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

/** Everything a rule may need, computed once per step for all viewers. */
export interface ViewContext {
  sim: Simulation;
  /** Adventurer unit ids the keeper currently sees (see {@link keeperSeesUnit}). */
  revealed: ReadonlySet<string>;
}

/** A visibility rule for one `.view()` map of the state, by entry id. */
export interface ViewRule {
  collection: "units" | "parts" | "cables" | "parties" | "journals" | "turnOptions";
  visible(ctx: ViewContext, viewer: Viewer, id: string): boolean;
}

/**
 * INV-69 to INV-76 (the fog lifts where the keeper's side looks): true when the keeper currently
 * sees adventurer `unit`: an active Master, minion or dungeon creature sees it (INV-71, with
 * CMB-02 to CMB-04), it is fighting one of them or being fought (INV-73), it stands in the
 * Sanctum (INV-75), a lit guard-post torch shows its party (`party.shown`, INV-76), the spectral
 * eye sees it (INV-72), or it is the keeper's prisoner. An alarm trap (INV-74) spots the party
 * (the letter) but shows its members only while one of the above holds. Non-adventurers (no
 * `partyId`) are always visible.
 */
export function keeperSeesUnit(sim: Simulation, unit: UnitRecord, watchers: readonly UnitRecord[]): boolean {
  if (unit.partyId === "") return true;
  if (unit.activity === "left") return false;
  if (unit.activity === "captured") return true;
  if (sim.state.parties[unit.partyId]?.shown === true) return true;
  if (tileAt(sim.state.map, unit.x, unit.y) === TILE.sanctum) return true;
  const eye = spectralEyePosition(sim);
  if (eye && chebyshev(unit, eye) <= SPECTRAL_EYE_TILES && hasLineOfSight(sim.state.map, eye, unit)) return true;
  if (unit.targetId !== "" && sim.state.units[unit.targetId]?.faction === "dungeon") return true;
  for (const w of watchers) {
    if (w.targetId === unit.id) return true;
    if (canSee(sim, w, unit)) return true;
  }
  return false;
}

/** The adventurer ids the keeper sees this step ({@link keeperSeesUnit}). */
export function revealedToKeeper(sim: Simulation): Set<string> {
  return fillRevealed(sim, new Set<string>(), []);
}

/**
 * Fills `out` (cleared first) with the adventurer ids the keeper sees this step, in the order of
 * `sim.state.units` ({@link revealedToKeeper} into reused containers); `watchers` is scratch.
 * @returns `out`.
 */
function fillRevealed(sim: Simulation, out: Set<string>, watchers: UnitRecord[]): Set<string> {
  out.clear();
  watchers.length = 0;
  let withParty = 0;
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (isKeeperSide(u) && isActive(u)) watchers.push(u);
    if (u.partyId !== "") withParty++;
  }
  if (withParty > 0) {
    for (const id in sim.state.units) {
      const u = sim.state.units[id] as UnitRecord;
      if (u.partyId !== "" && keeperSeesUnit(sim, u, watchers)) out.add(id);
    }
  }
  watchers.length = 0;
  return out;
}

/**
 * KNOW-03, KNOW-04: true when adventurer `unit` knows where trap part `part` is (the knowledge
 * module's `knows`): a player never receives a trap its adventurer does not know.
 */
export function adventurerKnowsPart(sim: Simulation, unit: UnitRecord, part: PartRecord): boolean {
  return knows(sim, unit, part.id);
}

/** True when adventurer `viewerId` perceives unit `id`: itself, or in sight while it is active. */
function adventurerSeesUnit(sim: Simulation, viewerId: string, id: string): boolean {
  if (id === viewerId) return true;
  const me = sim.state.units[viewerId];
  const other = sim.state.units[id];
  if (!me || !other || !isActive(me) || other.activity === "left") return false;
  return canSee(sim, me, other);
}

/** The rules, one per `.view()` map. Other collections (doors, clouds…) add a line here. */
export const VIEW_RULES: ViewRule[] = [
  {
    collection: "units",
    visible: (ctx, viewer, id) => {
      if (viewer.kind === "all") return true;
      if (viewer.kind === "keeper") return ctx.sim.state.units[id]?.partyId === "" || ctx.revealed.has(id);
      return adventurerSeesUnit(ctx.sim, viewer.unitId, id);
    },
  },
  {
    collection: "parts",
    visible: (ctx, viewer, id) => {
      if (viewer.kind !== "adventurer") return true;
      const me = ctx.sim.state.units[viewer.unitId];
      const part = ctx.sim.state.parts[id];
      return !!me && !!part && adventurerKnowsPart(ctx.sim, me, part);
    },
  },
  { collection: "cables", visible: (_ctx, viewer) => viewer.kind !== "adventurer" },
  {
    // INV-05: keepers see a party once spotted; an adventurer player sees its own party's goal.
    collection: "parties",
    visible: (ctx, viewer, id) => {
      if (viewer.kind === "all") return true;
      if (viewer.kind === "keeper") return ctx.sim.state.parties[id]?.spotted === true;
      return ctx.sim.state.units[viewer.unitId]?.partyId === id;
    },
  },
  {
    // KNOW-50: keepers read the Journals of spotted parties; an adventurer player only its own.
    collection: "journals",
    visible: (ctx, viewer, id) => {
      if (viewer.kind === "all") return true;
      if (viewer.kind === "keeper") {
        const partyId = ctx.sim.state.units[id]?.partyId ?? "";
        return partyId !== "" && ctx.sim.state.parties[partyId]?.spotted === true;
      }
      return id === viewer.unitId;
    },
  },
  // Issue 7 "Who decides": a waiting turn's options go to its player only (spectators who see all too).
  { collection: "turnOptions", visible: (_ctx, viewer, id) => viewer.kind === "all" || (viewer.kind === "adventurer" && id === viewer.unitId) },
];

/**
 * A {@link ViewContext} whose `revealed` set is computed on first use only (events come every
 * tick; most ticks need no visibility at all).
 */
export function lazyContext(sim: Simulation): ViewContext {
  let revealed: Set<string> | undefined;
  return {
    sim,
    get revealed() { return (revealed ??= revealedToKeeper(sim)); },
  };
}

/**
 * A {@link ViewContext} a room keeps for its whole life: like {@link lazyContext}, its `revealed`
 * set is computed on first use only, into the same Set each time; {@link StepViewContext.invalidate}
 * must be called whenever the simulation may have changed (after each simulation step or command),
 * so the next use computes it afresh. A `revealed` read earlier is then stale (the same Set object
 * is refilled): read it, do not keep it.
 */
export class StepViewContext implements ViewContext {
  readonly sim: Simulation;
  readonly #revealed = new Set<string>();
  readonly #watchers: UnitRecord[] = [];
  #fresh = false;

  constructor(sim: Simulation) { this.sim = sim; }

  get revealed(): ReadonlySet<string> {
    if (!this.#fresh) { fillRevealed(this.sim, this.#revealed, this.#watchers); this.#fresh = true; }
    return this.#revealed;
  }

  /** Forgets the `revealed` set: the next read computes it from the simulation as it is then. */
  invalidate(): void { this.#fresh = false; }
}

/**
 * Events only the keeper's side hears of: building, wiring, its creatures, its letters and
 * orders. Never sent to adventurer players.
 */
export const KEEPER_PRIVATE_EVENTS: ReadonlySet<string> = new Set([
  "partPlaced", "partBuilt", "partRemoved", "cableRemoved", "cableLaid", "partRearmed", "partMoved",
  "padlockBuilt", "doorRepaired", "creatureJoined", "stanceChanged", "attackOrdered", "partySpotted",
  "partyShown", "fugitiveAsks", "specialInvasionQueued",
]);

/** Events the keeper always receives, whatever the fog: the invasion's start and end, its letters, the clock. */
export const KEEPER_ALWAYS_EVENTS: ReadonlySet<string> = new Set([
  "invasionStarted", "invasionEnded", "partySpotted", "partyShown", "paused", "resumed", "hour",
  "altarDestroyed",
]);

/** Keys of event fields holding lists of entity ids. */
const ID_LIST_KEYS = new Set(["victims", "heardBy", "revealed", "order", "surprised", "joined"]);

/** Every entity id an event names: `…Id` fields, `id`, id lists, `members[].unitId`, `fates` and `initiative` keys. */
export function idsOfEvent(event: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const [key, value] of Object.entries(event)) {
    if (typeof value === "string" && (key === "id" || key.endsWith("Id")) && value !== "") ids.push(value);
    else if (Array.isArray(value) && ID_LIST_KEYS.has(key)) for (const v of value) { if (typeof v === "string") ids.push(v); }
    else if (key === "members" && Array.isArray(value)) for (const m of value) { const u = (m as { unitId?: unknown }).unitId; if (typeof u === "string") ids.push(u); }
    else if ((key === "fates" || key === "initiative") && value && typeof value === "object") ids.push(...Object.keys(value));
  }
  return ids;
}

/**
 * True when `viewer` may receive `event` (the events a room broadcasts follow the same fog as
 * its state):
 * - `all`: every event.
 * - `keeper`: every event, except those naming only adventurers the keeper does not see now and
 *   none of its trap parts or cables (INV-69); {@link KEEPER_ALWAYS_EVENTS} always.
 * - `adventurer`: never a {@link KEEPER_PRIVATE_EVENTS} event, never one naming a cable or a part
 *   it does not know (a `trapFired` that it set off or that struck it excepted: it felt it,
 *   KNOW), and, when the event names units, only if it perceives at least one of them.
 */
export function eventVisible(ctx: ViewContext, viewer: Viewer, event: { type: string } & Record<string, unknown>): boolean {
  if (viewer.kind === "all") return true;
  const s = ctx.sim.state;
  const ids = idsOfEvent(event);
  if (viewer.kind === "keeper") {
    if (KEEPER_ALWAYS_EVENTS.has(event.type)) return true;
    let units = 0;
    for (const id of ids) {
      if (id in s.parts || id in s.cables) return true;
      const u = s.units[id];
      if (!u) continue;
      units++;
      if (u.partyId === "" || ctx.revealed.has(id)) return true;
    }
    return units === 0;
  }
  if (KEEPER_PRIVATE_EVENTS.has(event.type)) return false;
  const me = s.units[viewer.unitId];
  if (!me) return false;
  const felt = event.type === "trapFired"
    && (event.byUnitId === me.id || (Array.isArray(event.victims) && event.victims.includes(me.id)));
  let units = 0;
  let seen = false;
  for (const id of ids) {
    if (id in s.cables) return false;
    const part = s.parts[id];
    if (part && !felt && !adventurerKnowsPart(ctx.sim, me, part)) return false;
    if (id in s.units) {
      units++;
      if (!seen && adventurerSeesUnit(ctx.sim, me.id, id)) seen = true;
    }
  }
  return units === 0 || seen;
}

interface ViewMap { forEach(cb: (value: object, key: string) => void): void }

/**
 * Gives a fresh view its root fields: keepers and spectators get the keeper-only root fields
 * ({@link KEEPER_VIEW_TAG}); adding the root also adds every current map entry, which the
 * {@link syncView} that must follow removes where the rules say no.
 */
export function initView(view: StateView, state: DungeonState, viewer: Viewer): void {
  if (viewer.kind !== "adventurer") view.add(state, KEEPER_VIEW_TAG);
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
  for (const rule of VIEW_RULES) {
    const map = (state as unknown as Record<string, ViewMap>)[rule.collection];
    map?.forEach((entry, id) => {
      const want = rule.visible(ctx, viewer, id);
      const has = view.has(entry as never);
      if (want && !has) view.add(entry as never);
      else if (!want && has) view.remove(entry as never);
    });
  }
  if (viewer.kind === "adventurer") return;
  for (const collection of KEEPER_TAGGED_COLLECTIONS) {
    const filtered = FILTERED_COLLECTIONS.has(collection);
    (state as unknown as Record<string, ViewMap>)[collection]?.forEach((entry) => {
      if (filtered && !view.has(entry as never)) return;
      if (!view.hasTag(entry as never, KEEPER_VIEW_TAG)) view.add(entry as never, KEEPER_VIEW_TAG);
    });
  }
}
