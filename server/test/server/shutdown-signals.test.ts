import { describe, expect, it } from "vitest";
import { createShutdownSignals, REPEATED_SIGNAL_WINDOW_MS } from "../../src/lifecycle/shutdownSignals.ts";

describe("shutdown signals (main.ts)", () => {
  it("the window is 2 s", () => {
    expect(REPEATED_SIGNAL_WINDOW_MS).toBe(2_000);
  });

  it("the same signal twice within the window is one request (process-group SIGTERM + npm forwarding it)", () => {
    let t = 1_000;
    const signals = createShutdownSignals(() => t);
    expect(signals.receive("SIGTERM")).toBe("shutdown");
    t += 40;
    expect(signals.receive("SIGTERM")).toBe("repeat");
    t = 1_000 + REPEATED_SIGNAL_WINDOW_MS - 1;
    expect(signals.receive("SIGTERM")).toBe("repeat");
  });

  it("the same signal at or after the window's end forces the exit", () => {
    let t = 0;
    const signals = createShutdownSignals(() => t);
    expect(signals.receive("SIGINT")).toBe("shutdown");
    t = REPEATED_SIGNAL_WINDOW_MS;
    expect(signals.receive("SIGINT")).toBe("force");
  });

  it("a different signal forces the exit even within the window", () => {
    let t = 0;
    const signals = createShutdownSignals(() => t);
    expect(signals.receive("SIGTERM")).toBe("shutdown");
    t = 10;
    expect(signals.receive("SIGINT")).toBe("force");
  });
});
