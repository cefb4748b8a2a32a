import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";
import type { WorldHooks } from "../world/hooks.ts";
import { activateDoorTrigger, blockedByDoor, reconcileTriggers, refreshDoorWiring, refreshOpen } from "./doors.ts";
import { TRAIT } from "./forcing.ts";
import { openParties } from "../invasions/openParties.ts";

/**
 * The door system's entry points (DOOR rules): `systems.ts` runs {@link stepDoors} and
 * {@link registerDoorHooks} (movement asks `blockedByDoor` and traps reach `activateDoorTrigger`
 * through the world hooks); the adventurer AI calls `guideAtDoors`; the minions call `doorWork`; map-changing commands ask `wouldCutWalkingPath`.
 */

/**
 * Registers the doors on the simulation's world hooks: a step into a door tile the unit may not
 * pass is refused (DOOR-13, `blockedByDoor`), and a trigger wired to doors that a unit sets off
 * activates them (DOOR-24, `activateDoorTrigger`). systems.ts calls it once per simulation.
 */
export function registerDoorHooks(hooks: WorldHooks): void {
  hooks.stepBlocked.push(blockedByDoor);
  hooks.doorTriggerSetOff.push(activateDoorTrigger);
}

/**
 * Remembers Cartographers who escaped alive and marks the next party of their faction as one
 * that never detours (DOOR-06).
 */
export function noteCartographers(sim: Simulation): void {
  const mem = sim.state.doorMemory;
  for (const party of openParties(sim)) {
    const pid = party.id;
    if (party.ended) continue;
    if (!mem.seenParties.includes(pid)) {
      const first = party.memberIds[0] !== undefined ? sim.state.units[party.memberIds[0]] : undefined;
      if (first) {
        mem.seenParties.push(pid);
        const i = mem.cartographerFactions.indexOf(first.faction);
        if (i >= 0 && !mem.countedCartographers.some((c) => party.memberIds.includes(c))) {
          mem.cartographerFactions.splice(i, 1);
          mem.noDetourParties.push(pid);
        }
      }
    }
    for (const mid of party.memberIds) {
      const u = sim.state.units[mid] as UnitRecord | undefined;
      if (!u || u.activity !== "left" || !u.traits.includes(TRAIT.cartographer) || mem.countedCartographers.includes(u.id)) continue;
      mem.countedCartographers.push(u.id);
      if (!mem.cartographerFactions.includes(u.faction)) mem.cartographerFactions.push(u.faction);
    }
  }
}

/**
 * Advances the doors by one tick, after movement and traps: refreshes which trigger each door is
 * wired to, follows the triggers' active state (DOOR-20 to DOOR-29), notes Cartographers
 * (DOOR-06), and opens/closes doors for whoever stands in them (DOOR-17, DOOR-31).
 */
export function stepDoors(sim: Simulation): void {
  refreshDoorWiring(sim);
  reconcileTriggers(sim);
  noteCartographers(sim);
  refreshOpen(sim);
}
