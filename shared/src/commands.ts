import type { z } from "zod";
import { COMMAND_DEFINITIONS } from "./commands/definitions.ts";
import { COMMAND_SCHEMAS } from "./commands/schemas.ts";

/**
 * Client commands: one definition each (commands/definitions.ts: roles, rule IDs, doc, zod
 * validator), the validators the room registers per message type, and the result every command
 * is answered with. A payload that fails its validator is malformed (Colyseus 0.18 closes that
 * client with code 4002); a well-formed command the rules refuse is answered with
 * `{ ok: false, code, reason }` and changes nothing.
 */

export { TilePos, EntityId, MAX_CABLE_PATH_TILES, MAX_LAIR_SIDE_TILES } from "./commands/common.ts";
export { COMMAND_DEFINITIONS, commandDefinition, type CommandDefinition } from "./commands/definitions.ts";
export { COMMAND_SCHEMAS } from "./commands/schemas.ts";
export * from "./commands/results.ts";

/** The command message types. */
export type CommandType = keyof typeof COMMAND_DEFINITIONS;

/**
 * Validators by command message type (each the `schema` of its {@link COMMAND_DEFINITIONS} entry):
 * the table commands/schemas.ts, without the definitions' docs, so a client bundle that needs only
 * the validators leaves the docs out.
 */
export const COMMANDS: { readonly [T in CommandType]: (typeof COMMAND_DEFINITIONS)[T]["schema"] } = COMMAND_SCHEMAS;

/** The command message types, as an array (the table's order). */
export const COMMAND_TYPES = Object.keys(COMMAND_SCHEMAS) as CommandType[];

/** The payload of command `T`. */
export type CommandPayload<T extends CommandType> = z.infer<(typeof COMMANDS)[T]>;

/** A command with its type, as the simulation receives it. */
export type Command = {
  [T in CommandType]: { type: T } & (CommandPayload<T> extends Record<string, never> ? unknown : CommandPayload<T>)
}[CommandType];

/** The command of type `T`. */
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

export { gateCommand, GATE_STAGES, type GateStage, type GateSeat, type GatePassed, type GateRefused, type PayloadCheck, type CheckedCommand } from "./commands/gate.ts";
