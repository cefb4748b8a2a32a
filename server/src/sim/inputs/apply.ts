import { gateCommand, type CheckedCommand, type Command, type CommandResult } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import { applyCommand } from "../commands/index.ts";
import { applyPause, applySeats } from "./seats.ts";
import type { Actor, InputCommand, RoomCommand, RoomCommandType } from "./types.ts";

/** A room input's handler: checks it against the rules, applies it or refuses it. */
export type RoomInputHandler<T extends RoomCommandType> = (sim: Simulation, input: Extract<RoomCommand, { type: T }>) => CommandResult;

/** The room's inputs (actor `{ kind: "room" }` only; never client messages): one handler each. */
export const ROOM_INPUTS: { [T in RoomCommandType]: RoomInputHandler<T> } = {
  seats: applySeats,
  pause: applyPause,
};

/**
 * How much of a client command's payload {@link applyInput} checks: `"fields"` for an input no
 * client transport checked (replays, tests, headless callers), `"none"` for a
 * {@link CheckedCommand} (the room's gate).
 */
export type InputPayloadCheck = "fields" | "none";

/** True when `type` names a room input. */
export function isRoomInput(command: InputCommand): command is RoomCommand {
  return Object.hasOwn(ROOM_INPUTS, command.type);
}

/**
 * Applies one input from `actor` at the tick boundary, or refuses it (nothing changes). The
 * same order as the room's gate (shared `gateCommand`): a room input only from the room (else
 * NOT_ALLOWED_FOR_ROLE); a client command must be known (INVALID_COMMAND), allowed to the actor's
 * role (NOT_ALLOWED_FOR_ROLE), name only an adventurer seat's own unit (NOT_YOUR_UNIT) and have
 * its fields (a required field missing or ill-typed, a value outside its list: INVALID_COMMAND
 * "malformed <type>: …", the gate's `"fields"` check), so that a command no client transport
 * checked (a headless caller, a replay file, a test) never reaches a handler half-formed (e.g. a
 * d100 `proposeDuel` without `toDeath`, P100-DUEL-01/02). `payload` `"none"`: the command passed
 * the room's gate ({@link CheckedCommand}: its transport parsed the payload with the same
 * validator), so it is not parsed again. Then its handler applies the rules (sim/commands/). The
 * room never sends client commands.
 */
export function applyInput(sim: Simulation, actor: Actor, command: InputCommand, payload: InputPayloadCheck): CommandResult {
  if (isRoomInput(command)) {
    if (actor.kind !== "room") return { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: `only the room sends ${command.type}` };
    return (ROOM_INPUTS[command.type] as RoomInputHandler<RoomCommandType>)(sim, command as never);
  }
  if (actor.kind === "room") return { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: `the room sends no client command (${String(command.type)})` };
  const seat = actor.kind === "adventurer" ? { role: actor.kind, unitId: actor.unitId } : { role: actor.kind };
  const { type, ...fields } = command as { type: string } & Record<string, unknown>;
  const gate = gateCommand(type, seat, fields, payload);
  if (!gate.ok) return { ok: false, code: gate.code === "UNKNOWN_TYPE" ? "INVALID_COMMAND" : gate.code, reason: gate.reason };
  return applyCommand(sim, command as Command, actor);
}
