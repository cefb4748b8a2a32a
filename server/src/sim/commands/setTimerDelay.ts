import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { TIMER_MAX_DELAY_MINUTES, TIMER_MIN_DELAY_MINUTES } from "../traps/parts.ts";
import { markPart } from "../changes.ts";

/**
 * Sets a timer's delay, in whole game minutes, on the timer itself (TRAP-17): from
 * {@link TIMER_MIN_DELAY_MINUTES} to {@link TIMER_MAX_DELAY_MINUTES}, built or still a site.
 * Firings already scheduled keep their time; the next ones use the new delay.
 * Refusals: `UNKNOWN_PART`, `NOT_A_TIMER`, `DELAY_OUT_OF_RANGE` (TRAP-17).
 */
export const setTimerDelay: CommandHandler<"setTimerDelay"> = (sim, { partId, minutes }): CommandResult => {
  if (!Object.hasOwn(sim.state.parts, partId)) return { ok: false, code: "UNKNOWN_PART", reason: `no part ${partId}` };
  const part = sim.state.parts[partId]!;
  if (part.kind !== "timer") return { ok: false, code: "NOT_A_TIMER", reason: `part ${partId} is a ${part.kind}, not a timer` };
  if (minutes < TIMER_MIN_DELAY_MINUTES || minutes > TIMER_MAX_DELAY_MINUTES) {
    return { ok: false, code: "DELAY_OUT_OF_RANGE", rule: "TRAP-17",
      reason: `a timer's delay is ${TIMER_MIN_DELAY_MINUTES} to ${TIMER_MAX_DELAY_MINUTES} game minutes, not ${minutes}` };
  }
  part.delayMinutes = minutes;
  markPart(sim, part.id);
  return { ok: true };
};
