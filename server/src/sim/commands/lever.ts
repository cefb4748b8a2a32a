import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import type { Simulation } from "../simulation.ts";
import type { PartRecord } from "../state.ts";
import { pullLever as toggleLever } from "../traps/firing.ts";

/** The built lever `partId`, or the refusal: `UNKNOWN_PART`, `NOT_A_LEVER`, `PART_NOT_BUILT`. */
function leverFor(sim: Simulation, partId: string): PartRecord | CommandResult {
  if (!Object.hasOwn(sim.state.parts, partId)) return { ok: false, code: "UNKNOWN_PART", reason: `no part ${partId}` };
  const part = sim.state.parts[partId]!;
  if (part.kind !== "lever") return { ok: false, code: "NOT_A_LEVER", reason: `part ${partId} is a ${part.kind}, not a lever` };
  if (!part.built) return { ok: false, code: "PART_NOT_BUILT", reason: `lever ${partId} is still a construction site` };
  return part;
}

/**
 * The keeper pulls a lever (DOOR-22): it becomes active and sets its trap off once (TRAP-13; a
 * lever needs no rearm, TRAP-33). It stays active until reset (DOOR-23).
 * Refusals: `UNKNOWN_PART`, `NOT_A_LEVER`, `PART_NOT_BUILT`, `LEVER_ALREADY_ACTIVE` (DOOR-23).
 */
export const pullLever: CommandHandler<"pullLever"> = (sim, { partId }): CommandResult => {
  const lever = leverFor(sim, partId);
  if ("ok" in lever) return lever;
  if (lever.active) {
    return { ok: false, code: "LEVER_ALREADY_ACTIVE", rule: "DOOR-23", reason: `lever ${partId} is already pulled; reset it first` };
  }
  toggleLever(sim, partId);
  return { ok: true };
};

/**
 * The keeper resets (deactivates) a pulled lever (DOOR-23). Nothing fires.
 * Refusals: `UNKNOWN_PART`, `NOT_A_LEVER`, `PART_NOT_BUILT`, `LEVER_NOT_ACTIVE`.
 */
export const resetLever: CommandHandler<"resetLever"> = (sim, { partId }): CommandResult => {
  const lever = leverFor(sim, partId);
  if ("ok" in lever) return lever;
  if (!lever.active) return { ok: false, code: "LEVER_NOT_ACTIVE", rule: "DOOR-23", reason: `lever ${partId} is not pulled` };
  toggleLever(sim, partId);
  return { ok: true };
};
