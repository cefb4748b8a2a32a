import { PICK_CHANCE_PERCENT } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";
import type { DoorRecord, ForcingRecord } from "./types.ts";
import { chebyshev } from "../world/grid.ts";
import { isActive, setActivity } from "../world/units.ts";
import { stopWalking, walkNextTo } from "../world/movement.ts";
import { refreshOpen } from "./doors.ts";

/**
 * Forcing a locked door (DOOR-34 to DOOR-46). A party blocked by a locked door chooses a method
 * (pick 70% of the time, always with a Locksmith, else always bash with a Doorbreaker), sends its
 * best member for it, who rolls through the ruleset's `check` ("pick": Craft against the lock,
 * "bash": Combat against the door) every few game minutes, faster with a higher stat and twice
 * as slow when bashing. After 5 failed rolls the party switches method; after 5 more it gives up
 * on the door. Success breaks the door in: open, padlock disarmed (DOOR-45, DOOR-46). A failed
 * bash makes one noise where the forcer stands (CMB-07; made by the ruleset wrapper's `check`).
 *
 * Decisions (catalogue proposals unless said): ties for "best member" go to the lowest id; a
 * Locksmith or Doorbreaker only fixes the first method; failure counts are kept per party per
 * door; both methods are break-ins.
 */

/** DOOR-43: failed rolls after which the party switches to the other method. */
export const SWITCH_AFTER_FAILURES = 5;
/** DOOR-44: failed rolls of the second method after which the party gives up on the door (proposal: 5). */
export const GIVE_UP_AFTER_FAILURES = 5;
/** DOOR-35: the lock's opposing value in a pick check (on the stat scale; 3 is average). */
export const LOCK_DIFFICULTY = 3;
/** DOOR-36: the door's opposing value in a bash check. */
export const DOOR_DIFFICULTY = 3;
/** DOOR-40: ticks one pick roll takes for a forcer whose stat is {@link AVERAGE_FORCING_STAT} (3 game minutes). */
export const PICK_ROLL_TICKS = 30;
/** DOOR-40: the stat at which a roll takes its base time; time scales as AVERAGE / stat. */
export const AVERAGE_FORCING_STAT = 3;
/** DOOR-37: bashing takes this many times as long as picking. */
export const BASH_TIME_FACTOR = 2;

/** Adventurer traits the door rules read. */
export const TRAIT = { scout: "scout", cartographer: "cartographer", locksmith: "locksmith", doorbreaker: "doorbreaker" } as const;

const statOf = (method: "pick" | "bash") => (method === "pick" ? "craft" : "combat");

/** The party's active members. */
export function activeMembers(sim: Simulation, party: PartyRecord): UnitRecord[] {
  return party.memberIds.map((id) => sim.state.units[id]).filter((u): u is UnitRecord => u !== undefined && isActive(u));
}

/**
 * The method a party opens with (DOOR-38, DOOR-41, DOOR-42): "pick" with a Locksmith, else
 * "bash" with a Doorbreaker, else "pick" `PICK_CHANCE_PERCENT`% of the time (shared/src/data/chances.ts, one draw).
 */
export function chooseMethod(sim: Simulation, members: readonly UnitRecord[]): "pick" | "bash" {
  if (members.some((m) => m.traits.includes(TRAIT.locksmith))) return "pick";
  if (members.some((m) => m.traits.includes(TRAIT.doorbreaker))) return "bash";
  return sim.rng.chance(PICK_CHANCE_PERCENT) ? "pick" : "bash";
}

/** The best member for a method (DOOR-39): the highest Craft (pick) or Combat (bash), ties to the lowest id. */
export function bestMember(members: readonly UnitRecord[], method: "pick" | "bash"): UnitRecord | undefined {
  const stat = statOf(method);
  let best: UnitRecord | undefined;
  for (const m of members) {
    if (!best || m.stats[stat] > best.stats[stat] || (m.stats[stat] === best.stats[stat] && Number(m.id) < Number(best.id))) best = m;
  }
  return best;
}

/**
 * Ticks one roll takes (DOOR-37, DOOR-40): {@link PICK_ROLL_TICKS} × AVERAGE / stat (stat at
 * least 1), rounded up, times {@link BASH_TIME_FACTOR} when bashing.
 */
export function rollTicks(method: "pick" | "bash", unit: UnitRecord): number {
  const stat = Math.max(1, unit.stats[statOf(method)]);
  const base = Math.ceil((PICK_ROLL_TICKS * AVERAGE_FORCING_STAT) / stat);
  return method === "bash" ? base * BASH_TIME_FACTOR : base;
}

/** The key of a party's record about a door in {@link DoorMemory}. */
export const memoryKey = (partyId: string, doorId: string): string => `${partyId}:${doorId}`;

/** The party's forcing record for the door, created (method chosen, forcer sent) when missing (DOOR-34, DOOR-38, DOOR-39). */
export function forcingFor(sim: Simulation, party: PartyRecord, door: DoorRecord): ForcingRecord {
  const key = memoryKey(party.id, door.id);
  let rec = sim.state.doorMemory.forcing[key];
  if (!rec) {
    const members = activeMembers(sim, party);
    const method = chooseMethod(sim, members);
    rec = {
      partyId: party.id, doorId: door.id, method, firstMethod: method, failures: 0, switched: false,
      forcerId: bestMember(members, method)?.id ?? "", nextRollTick: -1, gaveUp: false,
    };
    sim.state.doorMemory.forcing[key] = rec;
  }
  return rec;
}

/** Breaks the door in (DOOR-45, DOOR-46): it stands open with its padlock disarmed until a Chores minion repairs it. */
export function breakIn(sim: Simulation, door: DoorRecord, byUnitId: string, method: "pick" | "bash"): void {
  door.brokenIn = true;
  door.repairWork = 0;
  if (door.padlock) door.padlock.armed = false;
  refreshOpen(sim);
  sim.emit({ type: "doorForced", doorId: door.id, byUnitId, method });
}

/**
 * One tick of the forcer's work on a locked door: walk next to it, then roll every
 * {@link rollTicks} ticks. Switches method after {@link SWITCH_AFTER_FAILURES} failures (DOOR-43)
 * and gives up after {@link GIVE_UP_AFTER_FAILURES} more (DOOR-44, emits `doorGivenUp`); a
 * success breaks the door in and deletes the record. A forcer out of the fight is replaced by
 * the best active member.
 */
export function workOnDoor(sim: Simulation, party: PartyRecord, unit: UnitRecord, rec: ForcingRecord, door: DoorRecord): void {
  if (chebyshev(unit, door) > 1) {
    setActivity(sim, unit, walkNextTo(sim, unit, door) ? "walking" : "idle");
    return;
  }
  stopWalking(unit);
  setActivity(sim, unit, "working");
  if (rec.nextRollTick < 0) { rec.nextRollTick = sim.state.tick + rollTicks(rec.method, unit); return; }
  if (sim.state.tick < rec.nextRollTick) return;
  const difficulty = rec.method === "pick" ? LOCK_DIFFICULTY : DOOR_DIFFICULTY;
  const result = sim.ruleset.check(sim, unit, rec.method, difficulty, 0);
  if (result.success) {
    delete sim.state.doorMemory.forcing[memoryKey(party.id, door.id)];
    breakIn(sim, door, unit.id, rec.method);
    setActivity(sim, unit, "idle");
    return;
  }
  // CMB-07: the failed bash's noise is made by the ruleset wrapper (`withSharedRules`), once.
  rec.failures++;
  // DOOR-40: the same forcer's next roll comes rollTicks after this one (a new forcer or method starts afresh).
  rec.nextRollTick = sim.state.tick + rollTicks(rec.method, unit);
  if (!rec.switched && rec.failures >= SWITCH_AFTER_FAILURES) {
    rec.nextRollTick = -1;
    rec.switched = true;
    rec.failures = 0;
    rec.method = rec.method === "pick" ? "bash" : "pick";
    rec.forcerId = bestMember(activeMembers(sim, party), rec.method)?.id ?? "";
  } else if (rec.switched && rec.failures >= GIVE_UP_AFTER_FAILURES) {
    rec.gaveUp = true;
    rec.forcerId = "";
    setActivity(sim, unit, "idle");
    sim.emit({ type: "doorGivenUp", doorId: door.id, partyId: party.id });
  }
}

/** Re-sends the best active member when the forcer is out of the fight or gone. */
export function ensureForcer(sim: Simulation, party: PartyRecord, rec: ForcingRecord): void {
  const f = rec.forcerId ? sim.state.units[rec.forcerId] : undefined;
  if (f && isActive(f) && party.memberIds.includes(f.id)) return;
  rec.forcerId = bestMember(activeMembers(sim, party), rec.method)?.id ?? "";
  rec.nextRollTick = -1;
}
