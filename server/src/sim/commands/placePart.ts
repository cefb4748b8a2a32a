import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";

/** Placeholder until the traps module lands. */
export const placePart: CommandHandler<"placePart"> = (): CommandResult =>
  ({ ok: false, code: "INVALID_COMMAND", reason: "placePart is not implemented yet" });
