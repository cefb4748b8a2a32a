import { gateCommand, type Command, type CommandResult } from "@malignus/shared";
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

/** True when `type` names a room input. */
export function isRoomInput(command: InputCommand): command is RoomCommand {
  return Object.hasOwn(ROOM_INPUTS, command.type);
}

/**
 * Applies one input from `actor` at the tick boundary, or refuses it (nothing changes). The
 * same order as the room's gate (shared `gateCommand`, payloads taken as validated): a room
 * input only from the room (else NOT_ALLOWED_FOR_ROLE); a client command must be known
 * (INVALID_COMMAND), allowed to the actor's role (NOT_ALLOWED_FOR_ROLE) and name only an
 * adventurer seat's own unit (NOT_YOUR_UNIT); then its handler applies the rules
 * (sim/commands/). The room never sends client commands.
 */
export function applyInput(sim: Simulation, actor: Actor, command: InputCommand): CommandResult {
  if (isRoomInput(command)) {
    if (actor.kind !== "room") return { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: `only the room sends ${command.type}` };
    return (ROOM_INPUTS[command.type] as RoomInputHandler<RoomCommandType>)(sim, command as never);
  }
  if (actor.kind === "room") return { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: `the room sends no client command (${String(command.type)})` };
  const seat = actor.kind === "adventurer" ? { role: actor.kind, unitId: actor.unitId } : { role: actor.kind };
  const gate = gateCommand(command.type, seat, command, false);
  if (!gate.ok) return { ok: false, code: gate.code === "UNKNOWN_TYPE" ? "INVALID_COMMAND" : gate.code, reason: gate.reason };
  const fault = payloadFault(gate.definition.schema, command);
  if (fault) return { ok: false, code: "INVALID_COMMAND", reason: `malformed ${command.type}: ${fault}` };
  return applyCommand(sim, command as Command, actor);
}

/**
 * The issue codes of a command's validator that the simulation refuses itself: a required field
 * missing or of the wrong type (`invalid_type`, and `invalid_union` when no branch takes it) or
 * a value outside its list (`invalid_value`: a stance, job, part kind…). The rest (id and tile
 * formats, bounds, unknown keys) is left to the room's transport and to the handlers, which
 * refuse what does not exist (UNKNOWN_UNIT, OUT_OF_BOUNDS…) without breaking anything.
 */
const REFUSED_ISSUES: ReadonlySet<string> = new Set(["invalid_type", "invalid_union", "invalid_value"]);

/**
 * Why a client command's payload cannot be applied, or null: its fields against its validator
 * (shared `COMMAND_SCHEMAS`), so that a command no client transport checked (a headless caller,
 * a replay file) is refused with INVALID_COMMAND before a handler reads an absent field
 * (e.g. a d100 `proposeDuel` without `toDeath`, P100-DUEL-01/02) and half-applies it or throws.
 */
function payloadFault(schema: { safeParse(data: unknown): { success: boolean; error?: { issues: readonly { code: string; path: readonly PropertyKey[] }[] } } }, command: InputCommand): string | null {
  const { type: _type, ...payload } = command as { type: string } & Record<string, unknown>;
  const parsed = schema.safeParse(payload);
  if (parsed.success || !parsed.error) return null;
  const faults = parsed.error.issues.filter((i) => REFUSED_ISSUES.has(i.code)).map((i) => {
    let value: unknown = payload;
    for (const key of i.path) value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
    const at = i.path.map(String).join(".") || "payload";
    if (value === undefined) return `${at}: missing`;
    const got = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "string" ? JSON.stringify(value).slice(0, 40) : typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
    return `${at}: ${i.code === "invalid_value" ? "not an allowed value" : "wrong type"} (${got})`;
  });
  return faults.length > 0 ? faults.join("; ") : null;
}
