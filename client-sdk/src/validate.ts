import type { CommandPayload, CommandType } from "@malignus/shared";
import { checkPayload, describeIssues, type PayloadIssue } from "./check.ts";
import { COMMAND_JSON_SCHEMAS } from "./validators.generated.ts";

/**
 * Thrown by the client before sending a command whose type is unknown or whose payload fails the
 * command's validator (the JSON Schema generated from `COMMANDS[type]`, the zod schema the room
 * checks; src/check.ts). Nothing is sent: the server would close the connection with code 4002 on
 * a malformed payload.
 */
export class CommandValidationError extends Error {
  /** The command type that was refused. */
  readonly commandType: string;
  /** Why, shaped like zod issues (`code`, `path`, `message`); empty for an unknown command type. */
  readonly issues: readonly PayloadIssue[];

  constructor(commandType: string, message: string, issues: readonly PayloadIssue[] = []) {
    super(message);
    this.name = "CommandValidationError";
    this.commandType = commandType;
    this.issues = issues;
  }
}

/** The command message types, in the order of the shared command table (`COMMAND_TYPES`). */
export const SDK_COMMAND_TYPES = Object.keys(COMMAND_JSON_SCHEMAS) as CommandType[];

/** True when `type` names a command of {@link COMMANDS}. */
export function isCommandType(type: unknown): type is CommandType {
  return typeof type === "string" && Object.hasOwn(COMMAND_JSON_SCHEMAS, type);
}

/**
 * Checks a command locally with the room's own validator (as JSON Schema, see src/check.ts) and
 * returns the payload (what is then sent). A missing payload counts as `{}` (for `resume`).
 *
 * @throws CommandValidationError when `type` is not a command or the payload does not match.
 *
 * @example
 * validateCommand("placePart", { kind: "pressurePlate", x: 6, y: 15 }); // ok, returns the payload
 * validateCommand("placePart", { kind: "catapult", x: 6, y: 15 });      // throws CommandValidationError
 */
export function validateCommand<T extends CommandType>(type: T, payload: unknown): CommandPayload<T> {
  if (!isCommandType(type)) {
    throw new CommandValidationError(String(type), `Unknown command "${String(type)}"; expected one of ${SDK_COMMAND_TYPES.join(", ")}.`);
  }
  const checked = payload ?? {};
  const issues = checkPayload(COMMAND_JSON_SCHEMAS[type], checked);
  if (issues.length) throw new CommandValidationError(type, `Invalid "${type}" payload (not sent):\n${describeIssues(issues)}`, issues);
  return checked as CommandPayload<T>;
}
