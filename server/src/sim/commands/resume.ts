import type { CommandHandler } from "./index.ts";

/** Resumes a game clock paused by a spotting (INV-79, INV-82: it stays paused until a keeper resumes). */
export const resume: CommandHandler<"resume"> = (sim) => {
  if (!sim.state.paused) return { ok: false, code: "NOT_PAUSED", reason: "the game clock is not paused" };
  sim.resume("keeper resumed");
  return { ok: true };
};
