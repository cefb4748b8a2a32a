import { describe, expect, it } from "vitest";
import { Simulation } from "../../src/sim/index.ts";
import { defaultSim, run } from "./helpers.ts";

describe("determinism", () => {
  it("the same seed and commands give the same state hash after 10,000 ticks", () => {
    const a = defaultSim(1234, { pauseOnSpot: false });
    const b = defaultSim(1234, { pauseOnSpot: false });
    for (const sim of [a, b]) {
      sim.apply({ type: "placePart", kind: "pressurePlate", x: 6, y: 15 });
      sim.apply({ type: "placePart", kind: "spinningBlades", x: 9, y: 15 });
      sim.apply({ type: "wire", path: [6, 7, 8, 9].map((x) => ({ x, y: 15 })) });
    }
    const eventsA = run(a, 10_000);
    const eventsB = run(b, 10_000);
    expect(a.tick).toBe(10_000);
    expect(a.hash()).toBe(b.hash());
    expect(JSON.stringify(eventsA)).toBe(JSON.stringify(eventsB));
    expect(a.hash()).toMatch(/^[0-9a-f]{16}$/);
  });

  it("another seed gives another hash", () => {
    const a = defaultSim(1, { pauseOnSpot: false });
    const b = defaultSim(2, { pauseOnSpot: false });
    run(a, 10_000);
    run(b, 10_000);
    expect(a.hash()).not.toBe(b.hash());
  });

  it("snapshot, restore, then step equals stepping straight through (across an invasion)", () => {
    const straight = defaultSim(99, { pauseOnSpot: false });
    const first = defaultSim(99, { pauseOnSpot: false });
    const half = 2 * 14_400 / 2 + 3_000; // into day 2
    run(straight, 2 * half);
    run(first, half);
    const snap = first.snapshot();
    const json = JSON.parse(JSON.stringify(snap));
    const restored = Simulation.restore(json);
    expect(restored.hash()).toBe(first.hash());
    run(restored, half);
    expect(restored.tick).toBe(straight.tick);
    expect(restored.hash()).toBe(straight.hash());
  });

  it("restore refuses a snapshot of another version", () => {
    const snap = { ...defaultSim(1).snapshot(), version: 2 } as unknown as Parameters<typeof Simulation.restore>[0];
    expect(() => Simulation.restore(snap)).toThrow("unsupported snapshot version 2");
  });

  it("while paused, step applies commands but no time passes", () => {
    const sim = defaultSim(5);
    sim.pause("test");
    const before = sim.tick;
    expect(run(sim, 50).map((e) => e.type)).toEqual(["paused"]);
    expect(sim.tick).toBe(before);
    expect(sim.apply({ type: "resume" })).toEqual({ ok: true });
    expect(sim.apply({ type: "resume" })).toEqual({ ok: false, code: "NOT_PAUSED", reason: "the game clock is not paused" });
    sim.step();
    expect(sim.tick).toBe(before + 1);
  });
});
