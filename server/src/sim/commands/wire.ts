import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";

/** Placeholder until the traps module lands. */
export const wire: CommandHandler<"wire"> = (): CommandResult =>
  ({ ok: false, code: "INVALID_COMMAND", reason: "wire is not implemented yet" });
