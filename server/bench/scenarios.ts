/**
 * Benchmark scenarios: simulations built directly through the simulation API (`Simulation.create`,
 * `sim.apply`, `addUnit`), never through a room. Parts are placed and wired with ordinary keeper
 * commands (so every placement is legal) and then marked built, as if the minions had finished.
 */
import { TICKS_PER_GAME_DAY, type RulesetId, type PartKind } from "@malignus/shared";
import { Simulation, parseMap, type MapDefinition, type UnitRecord, type PartyRecord } from "../src/sim/index.ts";
import { addUnit } from "../src/sim/world/units.ts";
import { PEASANT } from "../src/sim/invasions/party.ts";
import { loadMap } from "../src/maps.ts";

/** The rulesets benchmarked one by one. */
export const BENCH_RULESETS: readonly RulesetId[] = ["malignus", "d20", "d100"];

/** What a mid-invasion dungeon holds (issue 10): adventurers, minions, and traps (trigger + mechanism, wired). */
export interface InvasionShape {
  adventurers: number;
  minions: number;
  /** Traps: each is one trigger and one mechanism joined by a cable (2 parts). */
  traps: number;
}

/** The mid-invasion dungeon: 5 adventurers, 10 minions, 20 traps. */
export const MID_INVASION: InvasionShape = { adventurers: 5, minions: 10, traps: 20 };

/** What a scenario actually got (placement can fall short on a small map). */
export interface BuiltScenario {
  sim: Simulation;
  adventurers: number;
  minions: number;
  traps: number;
  /** Units + parts in the state. */
  entities: number;
}

/** Deterministic 32-bit PRNG (mulberry32) for benchmark layout only; the simulation uses `sim.rng`. */
export function layoutRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh simulation on the shipped default map with no invasion yet (day 1, 00:00). */
export function idleSim(ruleset: RulesetId, seed = 1): Simulation {
  return Simulation.create({ seed, ruleset, map: loadMap("default"), pauseOnSpot: false });
}

/**
 * An open arena map for `entities` entities: walls around, a portal in the middle of the west
 * edge, the stockpile in the north-west corner and a 3-tile-wide sanctum along the east wall with
 * the Master in its middle. Its side grows with the square root of the entity count so that
 * traps (spaced 4 tiles apart, TRAP-09) fit.
 * @returns the parsed map.
 */
export function arenaMap(entities: number): MapDefinition {
  const side = Math.max(16, Math.ceil(Math.sqrt(entities * 9)) + 8);
  const w = side, h = side;
  const rows: string[] = [];
  for (let y = 0; y < h; y++) {
    let row = "";
    for (let x = 0; x < w; x++) {
      const edge = x === 0 || y === 0 || x === w - 1 || y === h - 1;
      if (x === 0 && y === Math.floor(h / 2)) row += "P";
      else if (edge) row += "#";
      else if (x === w - 3 && y === Math.floor(h / 2)) row += "M";
      else if (x >= w - 4) row += "S";
      else if (x === 1 && y === 1) row += "K";
      else row += ".";
    }
    rows.push(row);
  }
  return parseMap(`arena${side}`, rows.join("\n"));
}

/**
 * Places and wires up to `count` traps (a trigger and a mechanism on the tile east of it, joined
 * by a 2-tile cable) on buildable floor, scanning rows from `from`, then marks every part built.
 * Triggers alternate pressure plates and tripwires; mechanisms alternate spinning blades and
 * flame jets. Refused placements are skipped.
 * @returns the number of traps placed.
 */
export function placeTraps(sim: Simulation, count: number, from: { x: number; y: number } = { x: 1, y: 1 }, step = 4): number {
  const triggers: PartKind[] = ["pressurePlate", "tripwire"];
  const mechanisms: PartKind[] = ["spinningBlades", "flameJet"];
  const { width, height } = sim.state.map;
  let placed = 0;
  for (let y = from.y; y < height - 1 && placed < count; y += 1) {
    for (let x = from.x; x < width - 2 && placed < count; x += 1) {
      const trigger = sim.apply({ type: "placePart", kind: triggers[placed % 2] as PartKind, x, y });
      if (!trigger.ok) continue;
      const mechanism = sim.apply({ type: "placePart", kind: mechanisms[placed % 2] as PartKind, x: x + 1, y });
      if (!mechanism.ok) { sim.apply({ type: "removePart", partId: trigger.id as string }); continue; }
      const cable = sim.apply({ type: "wire", path: [{ x, y }, { x: x + 1, y }] });
      if (!cable.ok) {
        sim.apply({ type: "removePart", partId: trigger.id as string });
        sim.apply({ type: "removePart", partId: mechanism.id as string });
        continue;
      }
      placed++;
      x += step - 1;
    }
  }
  for (const id in sim.state.parts) {
    const part = sim.state.parts[id];
    if (part) { part.built = true; part.rearmedTick = sim.state.tick; }
  }
  sim.drainEvents();
  return placed;
}

/** Adds a party of `n` peasant adventurers (INV-47 stats) at random walkable tiles, walking to the Master. */
export function addParty(sim: Simulation, n: number, rand: () => number, near?: { x: number; y: number }): PartyRecord {
  const portal = sim.state.map.portals[0] as { x: number; y: number };
  const id = sim.newId();
  const party: PartyRecord = {
    id, invasionNumber: sim.state.invasion.count + 1, goal: "killMaster", memberIds: [], portal: { ...portal },
    spotted: true, startTick: sim.state.tick, ended: false,
  };
  sim.state.invasion.count++;
  sim.state.invasion.partyId = id;
  sim.state.invasion.dueTick = -1;
  sim.state.parties[id] = party;
  for (let i = 0; i < n; i++) {
    const at = near ?? randomFloor(sim, rand);
    const u = addUnit(sim, {
      kind: "adventurer", name: `Bench adventurer ${i + 1}`, x: at.x, y: at.y, faction: "village",
      partyId: id, activity: "walking", ...structuredClone(PEASANT),
    });
    party.memberIds.push(u.id);
  }
  return party;
}

/** Adds `n` minions (the first a Trapping minion) at random walkable tiles. */
export function addMinions(sim: Simulation, n: number, rand: () => number): UnitRecord[] {
  const out: UnitRecord[] = [];
  for (let i = 0; i < n; i++) {
    const at = randomFloor(sim, rand);
    out.push(addUnit(sim, {
      kind: "minion", name: `Bench minion ${i + 1}`, x: at.x, y: at.y, job: i === 0 ? "trapping" : "none",
      stats: { combat: 3, craft: 3, tracking: 2, block: 1 },
      gear: { weapon: "club", blunt: true, ranged: false, armour: "leather", helm: 0 },
    }));
  }
  return out;
}

function randomFloor(sim: Simulation, rand: () => number): { x: number; y: number } {
  const { width, height, tiles } = sim.state.map;
  for (let tries = 0; tries < 100_000; tries++) {
    const x = Math.floor(rand() * width), y = Math.floor(rand() * height);
    const c = tiles[y * width + x];
    if (c === "." || c === ",") return { x, y };
  }
  throw new Error("no floor tile found");
}

function countUnits(sim: Simulation, kind: string): number {
  return Object.values(sim.state.units).filter((u) => u.kind === kind).length;
}

function built(sim: Simulation, traps: number): BuiltScenario {
  return {
    sim, traps,
    adventurers: countUnits(sim, "adventurer"),
    minions: countUnits(sim, "minion"),
    entities: Object.keys(sim.state.units).length + Object.keys(sim.state.parts).length,
  };
}

/**
 * A dungeon mid-invasion on the default map: the map's own minions topped up to `shape.minions`,
 * `shape.traps` traps, and a spotted party of `shape.adventurers` peasants already inside.
 * The clock is on day 2 so the schedule stays quiet.
 */
export function midInvasionSim(ruleset: RulesetId, shape: InvasionShape = MID_INVASION, seed = 7): BuiltScenario {
  const sim = Simulation.create({ seed, ruleset, map: loadMap("default"), pauseOnSpot: false });
  sim.state.tick = TICKS_PER_GAME_DAY;
  const rand = layoutRng(seed);
  const traps = placeTraps(sim, shape.traps, { x: 1, y: 3 }, 2);
  addMinions(sim, Math.max(0, shape.minions - countUnits(sim, "minion")), rand);
  addParty(sim, shape.adventurers, rand);
  return built(sim, traps);
}

/**
 * A mid-invasion arena of about `entities` entities (units + parts): 1/7 adventurers, 2/7
 * minions, 4/7 trap parts (pairs), as in the 5 : 10 : 20-part mix, plus the Master.
 */
export function scaledSim(entities: number, ruleset: RulesetId = "malignus", seed = 11): BuiltScenario {
  const sim = Simulation.create({ seed, ruleset, map: arenaMap(entities), pauseOnSpot: false });
  sim.state.tick = TICKS_PER_GAME_DAY;
  const rand = layoutRng(seed);
  const adventurers = Math.max(1, Math.round(entities / 7));
  const trapCount = Math.floor((entities * 4) / 7 / 2);
  const minions = Math.max(0, entities - adventurers - 2 * trapCount - countUnits(sim, "minion") - countUnits(sim, "master"));
  const traps = placeTraps(sim, trapCount, { x: 2, y: 2 });
  addMinions(sim, minions, rand);
  addParty(sim, adventurers, rand);
  return built(sim, traps);
}

/**
 * A defended dungeon on the default map for the long fast-forward: traps along the entry
 * corridor and the guard room, the map's minions, invasions as scheduled, no pause on spotting.
 */
export function defendedSim(ruleset: RulesetId = "malignus", seed = 20_261_129): BuiltScenario {
  const sim = Simulation.create({ seed, ruleset, map: loadMap("default"), pauseOnSpot: false });
  const traps = placeTraps(sim, 8, { x: 2, y: 11 });
  return built(sim, traps);
}

/** Issue 20's "big battle" per ruleset: adventurers (peasants) against minions, no traps. */
export const BIG_BATTLES: Readonly<Record<RulesetId, { adventurers: number; minions: number }>> = {
  d100: { adventurers: 120, minions: 30 },
  d20: { adventurers: 60, minions: 60 },
  malignus: { adventurers: 60, minions: 60 },
};

/**
 * A big battle ({@link BIG_BATTLES}) on an arena sized for its units: the minions scattered over
 * the floor, a spotted party of peasants already inside, day 2 (the schedule stays quiet).
 */
export function bigBattleSim(ruleset: RulesetId, seed = 13): BuiltScenario {
  const shape = BIG_BATTLES[ruleset];
  const sim = Simulation.create({ seed, ruleset, map: arenaMap(shape.adventurers + shape.minions), pauseOnSpot: false });
  sim.state.tick = TICKS_PER_GAME_DAY;
  const rand = layoutRng(seed);
  addMinions(sim, Math.max(0, shape.minions - countUnits(sim, "minion")), rand);
  addParty(sim, shape.adventurers, rand);
  return built(sim, 0);
}
