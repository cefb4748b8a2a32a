import type { Simulation } from "../simulation.ts";
import type { Gear, UnitRecord } from "../state.ts";

/** Walking speed of an ordinary unit: thousandths of a tile per tick (a tile every 4 ticks = 24 game seconds). */
export const BASE_SPEED = 250;

/** Bare hands: blunt (CMB-29), melee, no armour, no helm. */
export const FISTS: Gear = { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 };

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
    stance: "aggression",
    orderTargetId: "",
    knownEnemies: {},
    carriedBy: "",
    carryingId: "",
    diedTick: -1,
    ...fields,
    id,
  };
  sim.state.units[id] = unit;
  sim.ruleset.initUnit(sim, unit);
  return unit;
}

/** True when the unit stands and can act: not unconscious, dead, captured or gone. */
export function isActive(unit: UnitRecord): boolean {
  return unit.activity !== "unconscious" && unit.activity !== "dead" && unit.activity !== "captured" && unit.activity !== "left";
}

/** True for the keeper's side: the Master, minions and dungeon creatures. */
export function isKeeperSide(unit: UnitRecord): boolean {
  return unit.faction === "dungeon";
}

/** True when `a` and `b` are enemies: adventurers against the keeper's side, and wild creatures against both. */
export function areEnemies(a: UnitRecord, b: UnitRecord): boolean {
  if (a.faction === b.faction) return false;
  return true;
}
