import type { CommandRefused } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { DoorRecord } from "./types.ts";

/** Shared checks of the door commands (commands/buildDoor.ts and siblings). */

/** The door `doorId`, or the `UNKNOWN_DOOR` refusal. */
export function findDoor(sim: Simulation, doorId: string): DoorRecord | CommandRefused {
  const door = sim.state.doors[doorId];
  return door ?? { ok: false, code: "UNKNOWN_DOOR", reason: `no door ${doorId}` };
}

/** The door's built padlock, or the `NO_PADLOCK` / `PADLOCK_NOT_BUILT` refusal (DOOR-09, DOOR-10). */
export function builtPadlock(door: DoorRecord): NonNullable<DoorRecord["padlock"]> | CommandRefused {
  if (!door.padlock) return { ok: false, code: "NO_PADLOCK", reason: `door ${door.id} has no padlock` };
  if (!door.padlock.built) return { ok: false, code: "PADLOCK_NOT_BUILT", rule: "DOOR-07", reason: `the padlock on door ${door.id} is still a construction site` };
  return door.padlock;
}

/** True when `r` is a refusal. */
export function refused(r: object): r is CommandRefused {
  return "ok" in r && (r as { ok: unknown }).ok === false;
}
