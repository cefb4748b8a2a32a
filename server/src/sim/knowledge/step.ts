import { TRAP_DETECTION } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartRecord, PartyRecord, UnitRecord } from "../state.ts";
import { chebyshev, isDark, isWalkable, tileAt } from "../world/grid.ts";
import { hasLineOfSight } from "../combat/perception.ts";
import {
  SPREAD_TILES, TRAP_DETECTION_TILES, adventurersWithin, cautionBonus, forgetOnLeaving, gainCaution,
  isConsciousAdventurer, isLearnableTrigger, knows, learn, learnedSpotBonus, loseCaution,
} from "./knowledge.ts";
import { cautionFromTraces, recordBlood } from "./traces.ts";
import { presentUnits } from "../world/units.ts";
import { unitsNear } from "../world/unitIndex.ts";
import { openParties } from "../invasions/openParties.ts";

/**
 * The knowledge system, once per tick: forgetting (KNOW-47), Caution from corridors and its end
 * at the next combat (KNOW-21, KNOW-28, KNOW-30), the Rogue's Trap Detection (KNOW-08,
 * KNOW-09) and spotting rolls (KNOW-10 to KNOW-16, KNOW-29, KNOW-43).
 *
 * Spotting (catalogue proposals): a party member sees a trigger within 6 tiles (Chebyshev) with
 * a line of sight, no light needed; the first to see it is the one with the highest Tracking,
 * then the lowest id; it rolls the ruleset's "spot" check (Tracking) against
 * {@link TRIGGER_CONCEALMENT} with its learned spotting bonus, the Caution bonus, +2 for a Shoddy
 * trigger and −2 for a trigger in the dark. A party rolls once per trigger, success or not.
 */

/** Chebyshev tiles from which a party may roll to spot a trigger (KNOW-11). */
export const SPOT_TILES = 6;
/** Difficulty of spotting a trigger, on the stat scale (KNOW-11 proposal). */
export const TRIGGER_CONCEALMENT = 3;
/** Bonus to spot a Shoddy trigger (KNOW-13). */
export const SHODDY_SPOT_BONUS = 2;
/** Penalty to spot a trigger in the dark (KNOW-14). */
export const DARK_SPOT_PENALTY = 2;

/** The bonus `unit` adds to spot `trigger` (KNOW-12 to KNOW-14, KNOW-24, KNOW-34, KNOW-44). */
export function spotBonus(sim: Simulation, unit: UnitRecord, trigger: PartRecord): number {
  let bonus = learnedSpotBonus(sim, unit, trigger.kind) + cautionBonus(sim, unit);
  if (trigger.quality === "shoddy") bonus += SHODDY_SPOT_BONUS;
  if (isDark(sim.state.map, trigger.x, trigger.y)) bonus -= DARK_SPOT_PENALTY;
  return bonus;
}

/**
 * KNOW-21 (open "corridor 1 tile wide"): the fewest tiles in a row, along the passage, a 1-wide
 * stretch needs to be a corridor. A lone floor tile between unwalkable ones, a gap in a wall
 * between two rooms or an alcove off a room, is a doorway, not a corridor.
 */
const CORRIDOR_MIN_TILES = 2;

/**
 * True when (x, y) is in a corridor 1 tile wide (KNOW-21): a floor tile with unwalkable tiles on
 * both sides (north and south for a passage running east–west, east and west for one running
 * north–south) that, with such tiles next to it along the passage, makes a run of at least
 * {@link CORRIDOR_MIN_TILES} tiles.
 */
export function isNarrowCorridor(sim: Simulation, x: number, y: number): boolean {
  const map = sim.state.map;
  /** (px, py) is floor shut in across the passage running along (ax, ay). */
  const narrow = (px: number, py: number, ax: number, ay: number): boolean => {
    const c = tileAt(map, px, py);
    return (c === "." || c === ",") && !isWalkable(map, px + ay, py + ax) && !isWalkable(map, px - ay, py - ax);
  };
  const run = (ax: number, ay: number): number => {
    if (!narrow(x, y, ax, ay)) return 0;
    let n = 1;
    for (let k = 1; n < CORRIDOR_MIN_TILES && narrow(x + k * ax, y + k * ay, ax, ay); k++) n++;
    for (let k = 1; n < CORRIDOR_MIN_TILES && narrow(x - k * ax, y - k * ay, ax, ay); k++) n++;
    return n;
  };
  return run(1, 0) >= CORRIDOR_MIN_TILES || run(0, 1) >= CORRIDOR_MIN_TILES;
}

function livingMembers(sim: Simulation, party: PartyRecord): UnitRecord[] {
  const out: UnitRecord[] = [];
  for (const id of party.memberIds) {
    const u = sim.state.units[id];
    if (u && isConsciousAdventurer(u)) out.push(u);
  }
  return out;
}

/** True when a member fights or is attacked: the party's next combat (KNOW-28 proposal). */
function inCombat(sim: Simulation, party: PartyRecord, members: UnitRecord[]): boolean {
  if (members.some((m) => m.targetId !== "")) return true;
  const ids = new Set(party.memberIds);
  for (const u of presentUnits(sim)) {
    if (u.targetId !== "" && ids.has(u.targetId) && u.activity !== "dead") return true;
  }
  return false;
}

/**
 * The Rogue's Trap Detection (KNOW-08, KNOW-09): every built trap part (trigger or mechanism,
 * not levers) within 7 tiles of a conscious Rogue becomes known to every member of its party
 * still in the dungeon. It is not a spotting (no Caution lost).
 */
export function trapDetection(sim: Simulation, party: PartyRecord, members: UnitRecord[]): void {
  for (const rogue of members) {
    if (!rogue.traits.includes(TRAP_DETECTION)) continue;
    for (const pid in sim.state.parts) {
      const part = sim.state.parts[pid] as PartRecord;
      if (!part.built || part.kind === "lever" || chebyshev(rogue, part) > TRAP_DETECTION_TILES) continue;
      for (const mid of party.memberIds) {
        const m = sim.state.units[mid];
        if (m && m.activity !== "dead" && m.activity !== "left") learn(sim, m, part.id);
      }
    }
  }
}

/**
 * The party's spotting rolls this tick (KNOW-10 to KNOW-16): for each built trigger the party has
 * not rolled for, the member who sees it first (highest Tracking, then lowest id) among those who
 * do not know it rolls once. On success it and every conscious adventurer within 10 tiles of it
 * learn the trigger (KNOW-07, no bonus: KNOW-43), and a party with Caution loses it (KNOW-29,
 * KNOW-30). Emits `triggerSpotted` on success.
 */
export function spottingRolls(sim: Simulation, party: PartyRecord, members: UnitRecord[]): void {
  party.spotRolls ??= [];
  // Issue 20: each trigger asks the unit index for the units within SPOT_TILES instead of
  // testing every member against every trigger. KNOW-11 (Left open tie-break): the spotter is the
  // highest Tracking, then the lowest id (as a number), whatever the members' order (a freed
  // prisoner joins its rescuers' party last, INV-91).
  const rolled = new Set(party.spotRolls);
  const isMember = new Set(members);
  for (const pid in sim.state.parts) {
    const part = sim.state.parts[pid] as PartRecord;
    if (!part.built || !isLearnableTrigger(part) || rolled.has(part.id)) continue;
    let spotter: UnitRecord | undefined;
    for (const m of unitsNear(sim, part, SPOT_TILES, false)) {
      if (!isMember.has(m) || knows(sim, m, part.id)) continue;
      if (spotter && (m.stats.tracking < spotter.stats.tracking || (m.stats.tracking === spotter.stats.tracking && Number(m.id) > Number(spotter.id)))) continue;
      if (!hasLineOfSight(sim.state.map, m, part)) continue;
      spotter = m;
    }
    if (!spotter) continue;
    party.spotRolls.push(part.id);
    rolled.add(part.id);
    const result = sim.ruleset.check(sim, spotter, "spot", TRIGGER_CONCEALMENT, spotBonus(sim, spotter, part));
    if (!result.success) continue;
    learn(sim, spotter, part.id);
    for (const u of adventurersWithin(sim, spotter, SPREAD_TILES)) learn(sim, u, part.id);
    if ((party.caution ?? 0) > 0) {
      loseCaution(sim, party);
      party.cautionLostBySpotting = true;
    }
    sim.emit({ type: "triggerSpotted", partyId: party.id, unitId: spotter.id, triggerId: part.id, x: part.x, y: part.y });
  }
}

/** Runs knowledge for one tick (see the module comment). */
export function stepKnowledge(sim: Simulation): void {
  for (const id in sim.state.knowledge ?? {}) forgetOnLeaving(sim, id);
  recordBlood(sim);
  for (const party of openParties(sim)) {
    if (party.ended) continue;
    const members = livingMembers(sim, party);
    if (members.length === 0) continue;
    if ((party.caution ?? 0) > 0 && inCombat(sim, party, members)) loseCaution(sim, party);
    if ((party.caution ?? 0) === 0 && !party.cautionLostBySpotting
      && members.some((m) => isNarrowCorridor(sim, m.x, m.y)) && !inCombat(sim, party, members)) {
      gainCaution(sim, party, 1);
    }
    if (!inCombat(sim, party, members)) cautionFromTraces(sim, party, members);
    trapDetection(sim, party, members);
    spottingRolls(sim, party, members);
  }
}
