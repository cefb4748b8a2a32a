import type { Stance } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { Gear, UnitRecord } from "../state.ts";
import { markUnit } from "../changes.ts";

/** Walking speed of an ordinary unit: thousandths of a tile per tick (a tile every 4 ticks = 24 game seconds). */
export const BASE_SPEED = 250;

/** Bare hands: blunt (CMB-29), melee, no armour, no helm. */
export const FISTS: Gear = { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 };

/** The stance new minions and creatures take (open: the seed gives no default; CMB-15). */
export const DEFAULT_STANCE: Stance = "aggression";

/**
 * Creates a unit with sensible defaults, adds it to the state and returns it.
 * @param fields at least `kind`, `x`, `y`; everything else defaults (id is always fresh).
 */
export function addUnit(sim: Simulation, fields: Partial<UnitRecord> & Pick<UnitRecord, "kind" | "x" | "y">): UnitRecord {
  const id = sim.newId();
  const unit: UnitRecord = {
    name: `${fields.kind} ${id}`,
    facing: 0,
    activity: "idle",
    job: "none",
    faction: "dungeon",
    species: "",
    stats: { combat: 2, craft: 2, tracking: 1, block: 0 },
    speed: BASE_SPEED,
    gear: { ...FISTS },
    wounds: [],
    woundPoints: 0,
    partyId: "",
    adventurerClass: "",
    level: 0,
    traits: [],
    walk: null,
    targetId: "",
    nextAttackTick: 0,
    wakeTick: -1,
    taskPartId: "",
    carryingMetal: 0,
    home: { x: fields.x, y: fields.y },
    stance: DEFAULT_STANCE,
    orderTargetId: "",
    knownEnemies: {},
    carriedBy: "",
    carryingId: "",
    diedTick: -1,
    ...fields,
    id,
  };
  sim.state.units[id] = unit;
  unitsChanged(sim);
  markUnit(sim, id);
  sim.ruleset.initUnit(sim, unit);
  return unit;
}

/**
 * Sets `unit`'s activity (what clients show it doing), marking the unit for the projection
 * (sim/changes.ts `markUnit`) only when it changed: an AI that decides "idle" again each tick
 * marks nothing.
 */
export function setActivity(sim: Simulation, unit: UnitRecord, activity: UnitRecord["activity"]): void {
  if (unit.activity === activity) return;
  unit.activity = activity;
  markUnit(sim, unit);
}

/** Sets `unit`'s fight target (`targetId`, "" for none), marking the unit only when it changed. */
export function setTarget(sim: Simulation, unit: UnitRecord, targetId: string): void {
  if (unit.targetId === targetId) return;
  unit.targetId = targetId;
  markUnit(sim, unit);
}

/** True when the unit stands and can act: not unconscious, dead, captured or gone. */
export function isActive(unit: UnitRecord): boolean {
  return unit.activity !== "unconscious" && unit.activity !== "dead" && unit.activity !== "captured" && unit.activity !== "left";
}

/** True for the keeper's side: the Master, minions and dungeon creatures. */
export function isKeeperSide(unit: UnitRecord): boolean {
  return unit.faction === "dungeon";
}

/** Faction of travelling merchants (DOOR-12; merchants/merchants.ts brings them in). */
export const MERCHANT_FACTION = "merchant";

/** True for a travelling merchant (DOOR-12): nobody's enemy, never sets off nor suffers a trap (docs/rules-decisions.md). */
export function isMerchant(unit: UnitRecord): boolean {
  return unit.faction === MERCHANT_FACTION;
}

/**
 * True when `a` and `b` are enemies: adventurers against the keeper's side, and wild creatures
 * against both. A travelling merchant is nobody's enemy (DOOR-12 decision): nobody attacks it,
 * blocks it or is blocked by it.
 */
export function areEnemies(a: UnitRecord, b: UnitRecord): boolean {
  if (a.faction === b.faction || isMerchant(a) || isMerchant(b)) return false;
  return true;
}

/** The cached unit list of a `units` record, built when the state's `nextId` was `nextId`. */
interface UnitListCache { nextId: number; list: readonly UnitRecord[] }

const unitLists = new WeakMap<object, UnitListCache>();

/**
 * Every unit of the state, in the order `for (const id in sim.state.units)` visits them (ids are
 * integer strings: ascending id). The list is built again after {@link unitsChanged} (which
 * {@link addUnit} and body recovery call) or when an id handed out since names a unit of the
 * state (checked by {@link checkUnitList} in tests); otherwise iterating
 * it is much cheaper than a `for…in` over a record of hundreds of units (past parties stay in
 * the state). A list already handed out is never mutated: a loop that adds a unit keeps
 * iterating the units that existed when it started, as `for…in` does.
 * Code that removes units without recoverBody must call {@link unitsChanged}.
 */
export function allUnits(sim: Simulation): readonly UnitRecord[] {
  const units = sim.state.units;
  const cached = unitLists.get(units);
  if (cached) {
    const nextId = sim.state.nextId;
    if (cached.nextId === nextId) return cached.list;
    // Issue 20: ids handed out since (effects, doors, duels, cables…) that name no unit leave
    // the list as it is (and the unit index built on it); rebuilding it for each trap effect
    // of a tick cost every unit again.
    let added = false;
    for (let id = cached.nextId; id < nextId && !added; id++) if (units[String(id)] !== undefined) added = true;
    if (!added) { cached.nextId = nextId; return cached.list; }
  }
  const list: UnitRecord[] = [];
  for (const id in units) list.push(units[id] as UnitRecord);
  unitLists.set(units, { nextId: sim.state.nextId, list });
  return list;
}

/**
 * Debug check (tests, through world/unitIndex.ts `endTick`): throws when the cached
 * {@link allUnits} list does not hold exactly the units of the state (a unit added or removed
 * without {@link unitsChanged}).
 * @throws Error naming the counts.
 */
export function checkUnitList(sim: Simulation): void {
  const cached = unitLists.get(sim.state.units);
  if (cached === undefined) return;
  const ids = Object.keys(sim.state.units);
  if (ids.length !== cached.list.length || ids.some((id, i) => cached.list[i] !== sim.state.units[id])) {
    throw new Error(`unit list out of date: the state has ${ids.length} units, the cached list ${cached.list.length}; call unitsChanged (world/units.ts) after adding or removing a unit`);
  }
}

/** Bumped by {@link unitsChanged}: a cache of an {@link allUnits} answer made at another generation may be out of date. */
let listGeneration = 0;

/**
 * The count of {@link unitsChanged} calls so far (any simulation). Issue 20: while it, the state's
 * `units` record and `nextId` stay the same, {@link allUnits} gives the same list.
 */
export function unitListGeneration(): number {
  return listGeneration;
}

/** Drops the cached {@link allUnits} list after a unit was added to or removed from the state. */
export function unitsChanged(sim: Simulation): void {
  listGeneration++;
  unitLists.delete(sim.state.units);
}

/** The cached {@link presentUnits} list: filtered from `all` on `tick`. */
interface PresentListCache { all: readonly UnitRecord[]; tick: number; list: readonly UnitRecord[] }

const presentLists = new WeakMap<object, PresentListCache>();

/**
 * {@link allUnits} without the units that had left the map (activity `left`) when the list was
 * made, in the same order. Leaving is final, so a per-tick loop whose body does nothing for a
 * `left` unit may iterate this shorter list instead (past parties pile up in the state). The list
 * is filtered again once per tick (from the previous list) and rebuilt whenever
 * {@link allUnits} is; a unit that leaves during a tick stays in it until the next tick.
 */
export function presentUnits(sim: Simulation): readonly UnitRecord[] {
  const all = allUnits(sim);
  const tick = sim.state.tick;
  const cached = presentLists.get(sim.state.units);
  if (cached && cached.all === all && cached.tick === tick) return cached.list;
  const from = cached && cached.all === all ? cached.list : all;
  const list: UnitRecord[] = [];
  for (const u of from) if (u.activity !== "left") list.push(u);
  presentLists.set(sim.state.units, { all, tick, list });
  return list;
}

/** The cached {@link presentMinions} list: filtered from the {@link presentUnits} list `present`. */
const minionLists = new WeakMap<readonly UnitRecord[], readonly UnitRecord[]>();

/**
 * The units of {@link presentUnits} whose kind is `minion`, in the same order (a unit's kind never
 * changes): a loop that only looks at minions skips the adventurers, creatures and past parties.
 * Filtered again whenever {@link presentUnits} gives a new list.
 */
export function presentMinions(sim: Simulation): readonly UnitRecord[] {
  const present = presentUnits(sim);
  let list = minionLists.get(present);
  if (list === undefined) {
    list = present.filter((u) => u.kind === "minion");
    minionLists.set(present, list);
  }
  return list;
}
