import type { CommandResult } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { RoomCommand } from "./types.ts";

/**
 * The room's `seats` input: the facts of its seats after any change (who sits where, who is
 * connected); the rules that follow from them live here, in the core:
 * - `controller`: each adventurer a connected player's seat plays carries that seat id; every
 *   other unit none (an absent field = the AI plays it; a dropped player's unit goes back to
 *   the AI until the seat reconnects).
 * - INV-79 with adventurer players: while any adventurer seat is held, the clock never pauses
 *   for one side: `pauseOnSpot` is off (held in `spotPauseHeld` and given back when the last
 *   adventurer seat is freed) and a paused clock resumes at once (emits `resumed`).
 * - `keeperAway` (issue 8, d100 duels): set while no keeper's client is connected; the keeper
 *   side's AI then answers duel proposals and decides mercy.
 * Refused with INVALID_COMMAND when `keepers` is not a whole number ≥ 0 or `adventurers` is not a
 * list of seat facts (`seatId` and `unitId` strings, `connected` a boolean); accepted otherwise
 * (facts are not refused).
 */
export function applySeats(sim: Simulation, input: Extract<RoomCommand, { type: "seats" }>): CommandResult {
  if (!Number.isInteger(input.keepers) || input.keepers < 0) {
    return { ok: false, code: "INVALID_COMMAND", reason: `seats: keepers must be a whole number >= 0, not ${String(input.keepers)}` };
  }
  const seats: unknown = input.adventurers;
  if (!Array.isArray(seats) || !seats.every(isSeatFact)) {
    return { ok: false, code: "INVALID_COMMAND", reason: "seats: adventurers must be a list of { seatId, unitId, connected } seat facts" };
  }
  const state = sim.state;
  const controllers = new Map<string, string>();
  for (const a of input.adventurers) if (a.connected) controllers.set(a.unitId, a.seatId);
  for (const id in state.units) {
    const unit = state.units[id]!;
    const seatId = controllers.get(id);
    if (seatId === undefined) { if (unit.controller !== undefined) delete unit.controller; }
    else if (unit.controller !== seatId) unit.controller = seatId;
  }
  const withPlayers = input.adventurers.length > 0;
  if (withPlayers && state.pauseOnSpot) { state.pauseOnSpot = false; state.spotPauseHeld = true; }
  if (!withPlayers && state.spotPauseHeld) { state.pauseOnSpot = true; delete state.spotPauseHeld; }
  if (withPlayers && state.paused) sim.resume("adventurer players are seated");
  const away = input.keepers === 0;
  if (away && !state.keeperAway) state.keeperAway = true;
  if (!away && state.keeperAway !== undefined) delete state.keeperAway;
  return { ok: true };
}

/** True when `a` is one adventurer seat fact of a `seats` input (its fields of the right types). */
function isSeatFact(a: unknown): boolean {
  if (a === null || typeof a !== "object") return false;
  const f = a as Record<string, unknown>;
  return typeof f["seatId"] === "string" && typeof f["unitId"] === "string" && typeof f["connected"] === "boolean";
}

/**
 * The room's `pause` input: pauses the game clock with `reason` (INV-79; emits `paused`).
 * Refused with INVALID_COMMAND when the clock is already paused or `reason` is not a string
 * (nothing changes).
 */
export function applyPause(sim: Simulation, input: Extract<RoomCommand, { type: "pause" }>): CommandResult {
  if (typeof input.reason !== "string") return { ok: false, code: "INVALID_COMMAND", reason: "pause: reason must be a string" };
  if (sim.state.paused) return { ok: false, code: "INVALID_COMMAND", reason: "the game clock is already paused" };
  sim.pause(input.reason);
  return { ok: true };
}
