import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";

/** Placeholder until the traps module lands. */
export const removePart: CommandHandler<"removePart"> = (): CommandResult =>
  ({ ok: false, code: "INVALID_COMMAND", reason: "removePart is not implemented yet" });
