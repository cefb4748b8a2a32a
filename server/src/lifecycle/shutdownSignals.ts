/**
 * What a SIGINT/SIGTERM means to the process (main.ts): the first starts the graceful shutdown, a
 * repeat of the same signal within {@link REPEATED_SIGNAL_WINDOW_MS} is the same request (ignored),
 * and any other signal afterwards (a different one, or the same one later) forces the exit.
 *
 * Why the window: systemd's default `KillMode=control-group` (or `kill -TERM -- -PGID`) sends
 * SIGTERM to every process of the group, and `npm start` runs the server under npm, which forwards
 * the signal it receives itself: node gets SIGTERM twice within milliseconds (40 ms in the trial of
 * session 11) and used to take the second as "exit now", skipping the saves.
 */

/** How long after the first signal a repeat of that same signal counts as the same request, in real milliseconds. */
export const REPEATED_SIGNAL_WINDOW_MS = 2_000;

/** What {@link ShutdownSignals.receive} decided: start the shutdown, ignore a repeat, or exit at once. */
export type SignalDecision = "shutdown" | "repeat" | "force";

/** The decision of each signal received, in order. */
export interface ShutdownSignals {
  /**
   * One signal received at `now()` (milliseconds). Returns "shutdown" for the first, "repeat" for
   * the same signal within {@link REPEATED_SIGNAL_WINDOW_MS} of the first, "force" otherwise.
   */
  receive(signal: string): SignalDecision;
}

/**
 * A fresh decision state (no signal received yet).
 * @param now real clock in milliseconds (`Date.now` in main.ts; a fake clock in tests).
 * @param windowMs repeat window in milliseconds (default {@link REPEATED_SIGNAL_WINDOW_MS}).
 */
export function createShutdownSignals(now: () => number, windowMs: number = REPEATED_SIGNAL_WINDOW_MS): ShutdownSignals {
  let first: { signal: string; at: number } | undefined;
  return {
    receive(signal) {
      const at = now();
      if (!first) {
        first = { signal, at };
        return "shutdown";
      }
      return signal === first.signal && at - first.at < windowMs ? "repeat" : "force";
    },
  };
}
