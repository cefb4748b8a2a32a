import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";

/** Placeholder until the traps module lands. */
export const removeCable: CommandHandler<"removeCable"> = (): CommandResult =>
  ({ ok: false, code: "INVALID_COMMAND", reason: "removeCable is not implemented yet" });
