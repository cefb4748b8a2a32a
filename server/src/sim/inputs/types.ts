import type { Command } from "@malignus/shared";

/**
 * Who an input comes from: a keeper's seat, an adventurer player's seat and the unit it plays,
 * a spectator's seat (allowed no command), or the room itself (seat facts, pauses). Seat ids are
 * the room's (`k1`, `a2`, `s3`…).
 */
export type Actor =
  | { kind: "keeper"; seatId: string }
  | { kind: "adventurer"; seatId: string; unitId: string }
  | { kind: "spectator"; seatId: string }
  | { kind: "room" };

/** One adventurer seat as the room tells it: the seat, its unit, and whether its client is connected now. */
export interface AdventurerSeatFact {
  seatId: string;
  unitId: string;
  connected: boolean;
}

/**
 * Inputs only the room sends (actor `{ kind: "room" }`), never client messages (inputs/room.ts):
 * - `seats`: the facts of the room's seats after any change (`keepers`: keeper seats whose
 *   client is connected; `adventurers`: every adventurer seat, held or waiting for a
 *   reconnection). The simulation decides the rules from them (controllers, INV-79, keeperAway).
 * - `pause`: pause the game clock with `reason` (INV-79); refused NOT_PAUSED-like when already paused.
 */
export type RoomCommand =
  | { type: "seats"; keepers: number; adventurers: readonly AdventurerSeatFact[] }
  | { type: "pause"; reason: string };

/** A room input's type. */
export type RoomCommandType = RoomCommand["type"];

/** What an input carries: a client command (shared `COMMAND_DEFINITIONS`) or a room input. */
export type InputCommand = Command | RoomCommand;

/**
 * One accepted input: applied at the boundary before tick `tick + 1` (while `sim.tick === tick`),
 * from `actor`. The simulation's {@link import("../simulation.ts").Simulation.inputLog} holds
 * them in order; create options + seed + this log define a game.
 */
export interface Input {
  /** The simulation tick when it was applied (ticks since day 1, 00:00). */
  tick: number;
  actor: Actor;
  command: InputCommand;
}

/** A state hash recorded by the simulation at a tick (`Simulation.checkpointEvery`). */
export interface Checkpoint {
  /** Ticks since day 1, 00:00; a multiple of `checkpointEvery`. */
  tick: number;
  /** `Simulation.hash()` after that tick's systems ran (16 hex digits). */
  hash: string;
}
