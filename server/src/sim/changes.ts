import type { SimState, UnitRecord } from "./state.ts";
import type { Simulation } from "./simulation.ts";
import { spaceSide } from "./combat/d20/movement.ts";

/**
 * Issue 20 part 2, work only on change: the simulation marks which records an input or a tick
 * added, changed or removed, so that the room's projection (rooms/projection.ts) touches only
 * those instead of every record of every collection each step.
 *
 * Marks live outside the state (`Simulation.changes`, a {@link ChangeLog}): never hashed, never
 * in snapshots, so no rule and no determinism hash depends on them. They accumulate, by
 * collection and record id, until their consumer takes them ({@link takeChanges}); a mark
 * names a record that may have changed (marking one that did not is harmless, a little work
 * for the projection), and a change without its mark is a bug: with {@link setChangeChecks}
 * on (every test, server/test/setup.ts) each tick and each input hashes every record of the
 * tracked collections before and after and throws on a record whose content changed unmarked.
 *
 * Marks are made by the small helpers below at each mutation site ({@link markPart},
 * {@link markDoor}, {@link markUnit}, …); a site that adds or removes a record marks its id too.
 * Units are marked at a few narrow points: adding and removing (world/units.ts `addUnit`,
 * invasions/loot.ts), every move (world/unitIndex.ts `placeUnit`), `setActivity` and `setTarget`
 * (world/units.ts, marking only a real change), the shared ruleset wrapper's `attack`, `harm`,
 * `heal` and `initUnit` (combat/rulesets.ts), each encounter round and turn (its participants),
 * the d20/d100 damage and healing functions, and the few other writes of a field that
 * {@link unitPrint} covers; for units the check compares that print, not the whole record.
 */

/**
 * The collections of {@link SimState} whose records are marked. Cables are not: a cable is
 * only ever added, removed or redrawn together with the wiring revision (traps/network.ts
 * `markWiringChanged`), which the projection watches instead. A unit is marked when a field the
 * projection or the views read changes ({@link unitPrint}); its other fields (a walk's progress,
 * the next attack's tick, known enemies, …) change unmarked.
 */
export const TRACKED_COLLECTIONS = ["units", "parts", "effects", "doors", "altars", "lairs", "settlements", "duelProposals", "duelMercies"] as const;

/** A collection of {@link TRACKED_COLLECTIONS}. */
export type TrackedCollection = (typeof TRACKED_COLLECTIONS)[number];

/** Ids marked per collection since the last {@link takeChanges}. */
export type ChangeMarks = { readonly [K in TrackedCollection]: Set<string> };

function newMarks(): ChangeMarks {
  return {
    units: new Set(), parts: new Set(), effects: new Set(), doors: new Set(), altars: new Set(), lairs: new Set(),
    settlements: new Set(), duelProposals: new Set(), duelMercies: new Set(),
  };
}

/** Empties the sets of `written` (the sets of one {@link ChangeMarks} written since it was last emptied) and the list. */
function clearWritten(written: Set<string>[]): void {
  for (let i = 0; i < written.length; i++) written[i]!.clear();
  written.length = 0;
}

/** Adds `id` to `set`, one of the sets of the marks whose written sets are `written`. */
function addMark(set: Set<string>, written: Set<string>[], id: string): void {
  if (set.size === 0) written.push(set); // its first mark since it was emptied
  set.add(id);
}

/**
 * The change marks of one simulation (`Simulation.changes`). Two mark sets are kept and swapped
 * by {@link takeChanges}, so a step allocates nothing.
 */
export class ChangeLog {
  /** Marks made since the last take. */
  marks: ChangeMarks = newMarks();
  /** How many marks were made since the last take (0: the marks are empty, nothing to clear or read). */
  count = 0;
  /**
   * The sets of {@link marks} that hold a mark, each once: a take empties only these (issue 20
   * part 2: most steps mark one or two collections, and the others are not even read).
   */
  written: Set<string>[] = [];
  /** The marks handed out by the last take (cleared and reused by the next). */
  spare: ChangeMarks = newMarks();
  /** The sets of {@link spare} that hold a mark. */
  spareWritten: Set<string>[] = [];
  /**
   * True while the marks are not complete: a new or restored simulation. The next take then
   * answers null (the consumer redoes everything).
   */
  everything = true;
  /** The consumer of the last take: another consumer gets null (it missed earlier marks). */
  consumer: object | undefined = undefined;
}

/** Marks the record `id` of `collection` as added, changed or removed. */
export function markChanged(sim: Simulation, collection: TrackedCollection, id: string): void {
  const log = sim.changes;
  addMark(log.marks[collection], log.written, id);
  log.count++;
}

/**
 * Marks `unit` (or the unit of that id): a field of it that the projection or the views read
 * ({@link unitPrint}) changed, or it was added or removed. Movement marks through
 * world/unitIndex.ts `placeUnit`, adding through world/units.ts `addUnit`.
 */
export function markUnit(sim: Simulation, unit: UnitRecord | string): void {
  markChanged(sim, "units", typeof unit === "string" ? unit : unit.id);
}

/**
 * Marks every unit of `ids` that exists ({@link markUnit}): the participants of an encounter
 * round, the members of a party.
 */
export function markUnits(sim: Simulation, ids: readonly string[]): void {
  for (let i = 0; i < ids.length; i++) markChanged(sim, "units", ids[i]!);
}

/** The names of the values of a {@link unitPrint}, in order. */
const UNIT_PRINT_FIELDS = [
  "id", "kind", "name", "x", "y", "facing", "activity", "job", "woundPoints", "partyId", "adventurerClass", "level",
  "targetId", "faction", "species", "gear.weapon", "stance", "orderTargetId", "carriedBy", "d100.altitude", "d20.mode",
  "space", "d20.size", "companionOf", "riding", "harm", "statuses", "stats.tracking",
] as const;

/**
 * What the room's projection (rooms/projection.ts, rooms/combatProjection.ts) and the views
 * (sim/views/: positions, activity, party, target, perception range) read of `unit`, as one
 * string: a change of it without {@link markUnit} is a missed mark. The harm and statuses are the
 * room ruleset's (`describe`, `statuses`), as the projection writes them.
 */
export function unitPrint(sim: Simulation, unit: UnitRecord): string {
  return JSON.stringify(unitPrintValues(sim, unit));
}

function unitPrintValues(sim: Simulation, r: UnitRecord): unknown[] {
  return [
    r.id, r.kind, r.name, r.x, r.y, r.facing, r.activity, r.job, r.woundPoints, r.partyId, r.adventurerClass, r.level,
    r.targetId, r.faction, r.species, r.gear.weapon, r.stance ?? "aggression", r.orderTargetId ?? "", r.carriedBy ?? "",
    r.d100?.altitude ?? "ground", r.d20?.mode ?? "walk", r.d20 ? spaceSide(r) : 1, r.d20?.size ?? "medium", r.companionOf ?? "",
    r.d100?.mountId ?? r.d20?.riding?.mountId ?? "", sim.ruleset.describe(r), sim.ruleset.statuses(r), r.stats.tracking,
  ];
}

/** The fields of {@link unitPrint} that differ between two prints (for the check's error). */
function unitPrintDiff(a: string, b: string): string {
  const x = JSON.parse(a) as unknown[], y = JSON.parse(b) as unknown[];
  const out: string[] = [];
  for (let i = 0; i < UNIT_PRINT_FIELDS.length; i++) {
    if (JSON.stringify(x[i]) !== JSON.stringify(y[i])) out.push(`${UNIT_PRINT_FIELDS[i]} ${JSON.stringify(x[i])}→${JSON.stringify(y[i])}`);
  }
  return out.join(", ");
}

/** Marks trap part `id` (TRAP rules: building, rearming, firing, levers, timers). */
export function markPart(sim: Simulation, id: string): void {
  markChanged(sim, "parts", id);
}

/** Marks door `id` (DOOR rules: opening, padlocks, triggers, forcing). */
export function markDoor(sim: Simulation, id: string): void {
  markChanged(sim, "doors", id);
}

/** Marks lingering trap effect `id` (traps/effects.ts). */
export function markEffect(sim: Simulation, id: string): void {
  markChanged(sim, "effects", id);
}

/** Marks lair `id` (TRAP-61, traps/lairs.ts). */
export function markLair(sim: Simulation, id: string): void {
  markChanged(sim, "lairs", id);
}

/** Marks altar `id` (INV-02, invasions/altars.ts). */
export function markAltar(sim: Simulation, id: string): void {
  markChanged(sim, "altars", id);
}

/** Marks settlement `id` (INV-32, INV-33, invasions/settlements.ts). */
export function markSettlement(sim: Simulation, id: string): void {
  markChanged(sim, "settlements", id);
}

/** The answer of {@link takeChanges} when nothing was marked: empty sets, never written. */
export const NO_CHANGES: ChangeMarks = newMarks();

/**
 * Hands `consumer` (the room's projection target) the marks made since its last take and starts
 * new ones. Null when the marks are not complete for it: the first take (a new or restored
 * simulation), or when another consumer took them last; it must then redo everything.
 * {@link NO_CHANGES} when nothing was marked (most steps of an idle dungeon: nothing is cleared
 * or swapped then). The sets returned stay valid until the next take; read them only.
 */
export function takeChanges(sim: Simulation, consumer: object): ChangeMarks | null {
  const log = sim.changes;
  const complete = !log.everything && log.consumer === consumer;
  log.everything = false;
  log.consumer = consumer;
  if (log.count === 0) return complete ? NO_CHANGES : null;
  log.count = 0;
  const taken = log.marks;
  const takenWritten = log.written;
  clearWritten(log.spareWritten);
  log.marks = log.spare;
  log.written = log.spareWritten;
  log.spare = taken;
  log.spareWritten = takenWritten;
  return complete ? taken : null;
}

let checks = false;

/**
 * Turns on (tests: server/test/setup.ts) or off the check of every tick and every input that each
 * record of {@link TRACKED_COLLECTIONS} whose content changed (added, changed, removed) was
 * marked. Off by default: it serialises every tracked record twice per tick.
 */
export function setChangeChecks(on: boolean): void {
  checks = on;
}

/** What {@link beginChangeCheck} saw: the records' serialisations and the marks made before. */
export interface ChangeProbe {
  readonly before: Map<TrackedCollection, Map<string, string>>;
  readonly earlier: ChangeMarks;
  readonly earlierWritten: Set<string>[];
  readonly earlierCount: number;
}

function collectionOf(state: SimState, k: TrackedCollection): Readonly<Record<string, unknown>> | undefined {
  return state[k] as Readonly<Record<string, unknown>> | undefined;
}

function serialise(sim: Simulation): Map<TrackedCollection, Map<string, string>> {
  const state = sim.state;
  const out = new Map<TrackedCollection, Map<string, string>>();
  for (const k of TRACKED_COLLECTIONS) {
    const records = new Map<string, string>();
    const source = collectionOf(state, k);
    if (source) for (const id in source) records.set(id, k === "units" ? unitPrint(sim, source[id] as UnitRecord) : JSON.stringify(source[id]));
    out.set(k, records);
  }
  return out;
}

/**
 * Starts a checked change (a tick or an input) when {@link setChangeChecks} is on: serialises
 * every tracked record and sets the earlier marks aside, so that only this change's marks count.
 * Undefined when the checks are off (costs one test).
 */
export function beginChangeCheck(sim: Simulation): ChangeProbe | undefined {
  if (!checks) return undefined;
  const log = sim.changes;
  const earlier = log.marks;
  const earlierWritten = log.written;
  const earlierCount = log.count;
  log.marks = newMarks();
  log.written = [];
  log.count = 0;
  return { before: serialise(sim), earlier, earlierWritten, earlierCount };
}

/**
 * Ends a checked change begun by {@link beginChangeCheck}: every record added, removed or whose
 * serialisation changed must have been marked meanwhile; the earlier marks are put back beside
 * this change's.
 * @param what names the change in the error ("tick 42", "input placePart").
 * @throws Error listing the records that changed unmarked (a missed mark at a mutation site).
 */
export function endChangeCheck(sim: Simulation, probe: ChangeProbe | undefined, what: string): void {
  if (probe === undefined) return;
  const log = sim.changes;
  const made = log.marks;
  const after = serialise(sim);
  const missed: string[] = [];
  for (const k of TRACKED_COLLECTIONS) {
    const was = probe.before.get(k)!;
    const now = after.get(k)!;
    for (const [id, json] of now) if (was.get(id) !== json && !made[k].has(id)) {
      const before = was.get(id);
      missed.push(`${k} ${id} ${before === undefined ? "added" : k === "units" ? `changed (${unitPrintDiff(before, json)})` : "changed"}`);
    }
    for (const id of was.keys()) if (!now.has(id) && !made[k].has(id)) missed.push(`${k} ${id} removed`);
  }
  // The earlier marks are put back into the earlier sets (which the next take will empty), this
  // change's beside them.
  for (const k of TRACKED_COLLECTIONS) for (const id of made[k]) addMark(probe.earlier[k], probe.earlierWritten, id);
  log.marks = probe.earlier;
  log.written = probe.earlierWritten;
  log.count += probe.earlierCount;
  if (missed.length > 0) throw new Error(`change marks: ${what} changed records without marking them (sim/changes.ts): ${missed.join("; ")}`);
}
