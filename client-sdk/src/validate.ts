import * as z from "zod/mini";
import { COMMANDS, type CommandPayload, type CommandType } from "@malignus/shared";

// The validators are `zod/mini` schemas (issue 19: a small browser bundle), and zod/mini loads no
// locale: without this, a browser (where full zod is not loaded) would word every issue "Invalid
// input". zod's configuration is global: this is the English locale full zod loads by default.
z.config(z.locales.en());

/**
 * Thrown by the client before sending a command whose type is unknown or whose payload fails the
 * command's validator (`COMMANDS[type]`, the same zod schema the room checks). Nothing is sent:
 * the server would close the connection with code 4002 on a malformed payload.
 */
export class CommandValidationError extends Error {
  /** The command type that was refused. */
  readonly commandType: string;
  /** The zod issues, empty for an unknown command type. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(commandType: string, message: string, issues: readonly z.core.$ZodIssue[] = []) {
    super(message);
    this.name = "CommandValidationError";
    this.commandType = commandType;
    this.issues = issues;
  }
}

/** True when `type` names a command of {@link COMMANDS}. */
export function isCommandType(type: unknown): type is CommandType {
  return typeof type === "string" && Object.hasOwn(COMMANDS, type);
}

/**
 * Checks a command locally with the room's own validator and returns the parsed payload
 * (what is then sent). A missing payload counts as `{}` (for `resume`).
 *
 * @throws CommandValidationError when `type` is not a command or the payload does not match.
 *
 * @example
 * validateCommand("placePart", { kind: "pressurePlate", x: 6, y: 15 }); // ok, returns the payload
 * validateCommand("placePart", { kind: "catapult", x: 6, y: 15 });      // throws CommandValidationError
 */
export function validateCommand<T extends CommandType>(type: T, payload: unknown): CommandPayload<T> {
  if (!isCommandType(type)) {
    throw new CommandValidationError(String(type), `Unknown command "${String(type)}"; expected one of ${Object.keys(COMMANDS).join(", ")}.`);
  }
  const schema: z.ZodMiniType = COMMANDS[type];
  const parsed = schema.safeParse(payload ?? {});
  if (!parsed.success) {
    throw new CommandValidationError(
      type,
      `Invalid "${type}" payload (not sent):\n${z.prettifyError(parsed.error)}`,
      parsed.error.issues,
    );
  }
  return parsed.data as CommandPayload<T>;
}
