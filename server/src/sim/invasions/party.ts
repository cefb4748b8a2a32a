import {
  ADVENTURER_CLASSES, EARLY_MOB_SIZE_WEIGHTS, GOAL_WEIGHTS, MAX_STRONGER_MEMBERS, MOB_EARLY_UNTIL_DAY,
  MOB_FROM_INVASION, MOB_FULL_DAY, MOB_FULL_SIZE, MOB_PERMILLE, STRENGTH_FROM_INVASION, STRONGER_PERMILLE,
  WEAKER_PERMILLE, maxLevelOnDay, partyCurveRow, type PartyGoal,
} from "@malignus/shared";
import type { Rng } from "../rng.ts";
import type { Simulation } from "../simulation.ts";
import type { PartyRecord, PendingInvasion, Pos, UnitRecord } from "../state.ts";
import { addUnit, BASE_SPEED } from "../world/units.ts";
import { findPath, isWalkable } from "../world/grid.ts";
import { altarsOf } from "./altars.ts";

/**
 * Party generation (INV-38 to INV-63) from the data tables in shared/src/data/invasions.ts.
 * The generator functions take only an `Rng`, the invasion number and the game day, so they can
 * be tested over thousands of draws without stepping ticks, and so treasure, rooms and raids
 * cannot change a party (INV-63).
 */

/** What kind of party comes (INV-54, INV-57, INV-58, INV-32 to INV-37, INV-51). */
export type PartyKind = "normal" | "mob" | "weaker" | "stronger" | "punitive" | "camp" | "pursuers";

/** One member to create: its class and level (0 = peasant, INV-47 proposal). */
export interface MemberPlan { adventurerClass: string; level: number }

/** A party to create. */
export interface PartyPlan { kind: PartyKind; goal: PartyGoal; members: MemberPlan[] }

/** Portal choice: ‰ of parties that take a portal with a walking path when both kinds exist (INV-08, INV-09 proposal 80/20). */
export const WALKING_PORTAL_PERMILLE = 800;

/** Draws a key of `weights` with probability proportional to its weight. */
export function weighted<K extends string | number>(rng: Rng, weights: Readonly<Record<K, number>>): K {
  const keys = Object.keys(weights) as K[];
  let total = 0;
  for (const k of keys) total += weights[k];
  let r = rng.int(1, total);
  for (const k of keys) {
    r -= weights[k];
    if (r <= 0) return k;
  }
  return keys[keys.length - 1] as K;
}

/** A party goal: 70% the Master, 10% each other goal (INV-01, INV-02). */
export function drawGoal(rng: Rng): PartyGoal {
  return weighted(rng, GOAL_WEIGHTS);
}

/** A member level on `day` from the party curve (INV-41, INV-43 to INV-46, INV-48). */
export function drawLevel(rng: Rng, day: number): number {
  const w = partyCurveRow(day).levelWeights;
  const weights: Record<number, number> = {};
  w.forEach((v, l) => { if (v > 0) weights[l] = v; });
  return Number(weighted(rng, weights));
}

/** A class for a member of `level`: Peasant at level 0, else a class by its weight. */
export function drawClass(rng: Rng, level: number): string {
  if (level === 0) return "Peasant";
  const weights: Record<string, number> = {};
  for (const [name, c] of Object.entries(ADVENTURER_CLASSES)) if (c.weight > 0) weights[name] = c.weight;
  return weighted(rng, weights);
}

/**
 * A scenario room's first party (the d100 room option `firstParty`): those classes at level 1,
 * the goal drawn as usual; undefined for any other invasion or room.
 */
export function scenarioParty(sim: Simulation, n: number): PartyPlan | undefined {
  const classes = sim.state.d100Options?.firstParty;
  if (n !== 1 || !classes || classes.length === 0) return undefined;
  return { kind: "normal", goal: drawGoal(sim.rng), members: classes.map((adventurerClass) => ({ adventurerClass, level: 1 })) };
}

/** Usual party size for invasion `n` on `day`: 1, then 1 or 2 at 50/50, then the curve (INV-38 to INV-42). */
export function usualSize(rng: Rng, n: number, day: number): number {
  if (n === 1) return 1;
  if (n === 2) return rng.int(1, 2);
  return Math.max(2, partyCurveRow(day).members);
}

/** Size of a peasant mob on `day`: 2–4 until day 10, then a straight line to 12 at day 50 (INV-55, INV-56). */
export function mobSize(rng: Rng, day: number): number {
  if (day <= MOB_EARLY_UNTIL_DAY) return Number(weighted(rng, EARLY_MOB_SIZE_WEIGHTS));
  const t = Math.min(1, (day - MOB_EARLY_UNTIL_DAY) / (MOB_FULL_DAY - MOB_EARLY_UNTIL_DAY));
  const centre = Math.round(3 + t * (MOB_FULL_SIZE - 3));
  return Math.min(MOB_FULL_SIZE, Math.max(2, centre + rng.int(-1, 1)));
}

/**
 * Plans invasion number `n` on game day `day` (INV-38 to INV-62):
 * - the 1st is 1 peasant, the 2nd 1 or 2 members, later ones at least 2 from the curve;
 * - from the 3rd, 12.5% are a peasant mob; from the 4th, 20% weaker and 20% stronger (a mob is
 *   neither), weaker = one member fewer (never under 2 from the 3rd on) or every level −1,
 *   stronger = one member more (at most 6) or every level +1 within the day's gate;
 * - `special` parties replace the invasion and are sized like it (INV-59): never a mob; a camp
 *   sends only Warriors of level ≥ 1 (INV-60 to INV-62); pursuers are never weaker or stronger
 *   (INV-52, INV-53).
 */
export function planParty(rng: Rng, n: number, day: number, special?: PendingInvasion["kind"]): PartyPlan {
  const goal = drawGoal(rng);
  if (n === 1 && !special) return { kind: "normal", goal, members: [{ adventurerClass: "Peasant", level: 0 }] };
  if (!special && n >= MOB_FROM_INVASION && rng.int(1, 1000) <= MOB_PERMILLE) {
    const size = mobSize(rng, day);
    return { kind: "mob", goal, members: Array.from({ length: size }, () => ({ adventurerClass: "Peasant", level: 0 })) };
  }
  let size = usualSize(rng, n, day);
  let levels = Array.from({ length: size }, () => (n === 1 ? 0 : drawLevel(rng, day)));
  let kind: PartyKind = special ?? "normal";
  if (special !== "pursuers" && n >= STRENGTH_FROM_INVASION) {
    const r = rng.int(1, 1000);
    const maxLevel = maxLevelOnDay(day);
    if (r <= WEAKER_PERMILLE) {
      if (!special) kind = "weaker";
      if (rng.int(0, 1) === 0 && size > 2) { size--; levels.pop(); }
      else levels = levels.map((l) => Math.max(0, l - 1));
    } else if (r <= WEAKER_PERMILLE + STRONGER_PERMILLE) {
      if (!special) kind = "stronger";
      if (rng.int(0, 1) === 0 && size < MAX_STRONGER_MEMBERS) { size++; levels.push(drawLevel(rng, day)); }
      else levels = levels.map((l) => Math.min(maxLevel, l + 1));
    }
  }
  const members = levels.map((level) => {
    if (special === "camp") return { adventurerClass: "Warrior", level: Math.max(1, level) };
    return { adventurerClass: drawClass(rng, level), level };
  });
  return { kind, goal, members };
}

/** The unit fields of an adventurer of `cls` at `level` (stats grow per level above 1). */
export function adventurerFields(cls: string, level: number): Pick<UnitRecord, "stats" | "gear" | "adventurerClass" | "level" | "traits" | "speed"> {
  const c = ADVENTURER_CLASSES[cls];
  if (!c) throw new Error(`unknown adventurer class ${cls}`);
  const k = Math.max(0, level - 1);
  return {
    adventurerClass: c.name,
    level,
    stats: {
      combat: c.base.combat + k * c.perLevel.combat, craft: c.base.craft + k * c.perLevel.craft,
      tracking: c.base.tracking + k * c.perLevel.tracking, block: c.base.block + k * c.perLevel.block,
    },
    gear: { weapon: c.weapon, blunt: c.blunt, ranged: c.ranged, armour: c.armour, helm: c.helm },
    traits: [...c.traits],
    speed: BASE_SPEED,
  };
}

/** Stats of a peasant (level 0, INV-47): weak, pitchfork, no armour. */
export const PEASANT = adventurerFields("Peasant", 0);

/** True when a walking path links `portal` to the sanctum (or the Master's tile when there is no sanctum). */
export function portalReachesDungeon(sim: Simulation, portal: Pos): boolean {
  const goal = sim.state.map.sanctum[0] ?? sim.state.map.stockpile;
  return findPath(sim.state.map, portal, goal) !== null;
}

/**
 * Chooses the portal: 80% one linked to the dungeon by a walking path when both kinds exist
 * (INV-08), else one from which the party must cross water (INV-09).
 */
export function choosePortal(sim: Simulation): Pos {
  const portals = sim.state.map.portals.filter((p) => isWalkable(sim.state.map, p.x, p.y));
  const all = portals.length > 0 ? portals : sim.state.map.portals;
  const walking = all.filter((p) => portalReachesDungeon(sim, p));
  const water = all.filter((p) => !portalReachesDungeon(sim, p));
  if (walking.length > 0 && water.length > 0) {
    return sim.rng.int(1, 1000) <= WALKING_PORTAL_PERMILLE ? sim.rng.pick(walking) : sim.rng.pick(water);
  }
  return sim.rng.pick(all);
}

/** True when the party's goal still exists in the dungeon (INV-06): treasure, prisoners, altars. */
export function goalExists(sim: Simulation, goal: PartyGoal): boolean {
  switch (goal) {
    case "killMaster": return true;
    case "stealTreasure": return sim.state.treasure.amount > 0;
    case "freePrisoners": return Object.values(sim.state.units).some((u) => u.activity === "captured");
    case "destroyAltar": return altarsOf(sim).length > 0; // no altar: the party goes for the Master (INV-06)
  }
}

/**
 * How many adventurers the dungeon's parties have counted so far: the members of every party
 * record (they are never deleted; a freed prisoner joining a party counts again, so the count
 * only grows). {@link adventurerName} numbers the next party's members after it.
 */
export function adventurersArrived(sim: Simulation): number {
  return Object.values(sim.state.parties).reduce((sum, p) => sum + p.memberIds.length, 0);
}

/**
 * An adventurer's name: its class and its number in the dungeon, counted over every party since
 * the dungeon opened ("Peasant 1", "Peasant 2", then "Rogue 3" in the next invasion), so no two
 * adventurers of a dungeon share a name (docs/rules-decisions.md, "Adventurer names").
 */
function adventurerName(adventurerClass: string, number: number): string {
  return `${adventurerClass} ${number}`;
}

/**
 * Starts the next invasion: a party appears at a portal on the map edge and walks in under fog
 * (INV-07, INV-68, INV-69), planned by {@link planParty}; a goal gone before arrival becomes
 * killing the Master (INV-06). Emits `invasionStarted`.
 * @param special a punitive expedition, camp warriors or fugitive pursuers replacing it (INV-34).
 */
export function startInvasion(sim: Simulation, special?: PendingInvasion): PartyRecord {
  const inv = sim.state.invasion;
  inv.count++;
  const { day } = sim.clock();
  const scenario = scenarioParty(sim, inv.count);
  const plan = scenario ?? planParty(sim.rng, inv.count, day, special?.kind);
  if (!scenario) sim.ruleset.partyPlanned(sim, inv.count, plan, special?.kind); // d100: companion classes, no dice drawn (issue 8)
  const portal = choosePortal(sim);
  const id = sim.newId();
  const goal = goalExists(sim, plan.goal) ? plan.goal : "killMaster";
  const party: PartyRecord = {
    id, invasionNumber: inv.count, goal, memberIds: [], portal: { ...portal },
    spotted: false, startTick: sim.state.tick, ended: false, kind: plan.kind,
    caution: 0, cautionLostBySpotting: false, cautionSectors: [], spotRolls: [], loot: 0, scattering: false,
  };
  // INV-64, INV-65: a raided settlement's party comes from it; every other party from the map's edge.
  if (special && special.kind !== "pursuers") party.homeSettlement = special.source;
  const arrivedBefore = adventurersArrived(sim);
  sim.state.parties[id] = party;
  inv.partyId = id;
  plan.members.forEach((m, i) => {
    const u = addUnit(sim, {
      kind: "adventurer", name: adventurerName(m.adventurerClass, arrivedBefore + i + 1), x: portal.x, y: portal.y,
      faction: special?.kind === "camp" ? "camp" : "village", partyId: id, activity: "walking",
      ...adventurerFields(m.adventurerClass, m.level),
    });
    sim.state.knowledge[u.id] = { known: [], spot: {}, block: {} }; // KNOW-49: a new party knows nothing
    party.memberIds.push(u.id);
  });
  sim.ruleset.partyArrived(sim, party); // d100: familiars and mounts (combat/d100/companions.ts)
  sim.emit({ type: "invasionStarted", invasionNumber: inv.count, partyId: id, size: plan.members.length });
  return party;
}
