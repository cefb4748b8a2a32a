import { describe, expect, it } from "vitest";
import { networkOf } from "../../../src/sim/traps/network.ts";
import { makeSim, place, unchangedBy, wire } from "./helpers.ts";

describe("removePart and removeCable", () => {
  it("removePart removes the part and every cable touching its tile, and returns a site's metal to stock", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 2);
    const blades = place(sim, "spinningBlades", 8, 2);
    const timer = place(sim, "timer", 5, 6);
    const a = wire(sim, [2, 2], [8, 2]);
    const b = wire(sim, [5, 6], [5, 2]); // joins a at 5,2
    const c = wire(sim, [8, 2], [8, 6], [6, 6], [6, 5], [5, 5]); // from the blades to cable b
    sim.state.parts[blades]!.metalDelivered = 3;
    sim.state.metal = 10;
    sim.drainEvents();
    expect(sim.apply({ type: "removePart", partId: blades })).toEqual({ ok: true });
    expect(sim.drainEvents()).toEqual([
      { type: "cableRemoved", id: a, tick: 0 },
      { type: "cableRemoved", id: c, tick: 0 },
      { type: "partRemoved", id: blades, tick: 0 },
    ]);
    expect(Object.keys(sim.state.cables)).toEqual([b]);
    expect(Object.keys(sim.state.parts)).toEqual([plate, timer]);
    expect(sim.state.metal).toBe(13);
    expect(networkOf(sim, plate)).toBeNull();
    expect(networkOf(sim, timer)).toMatchObject({ id: b, trigger: null, timer, mechanism: null });
  });

  it("removePart on a built part returns no metal; delayed firings of a removed mechanism are dropped", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 2);
    const blades = place(sim, "spinningBlades", 8, 2);
    sim.state.parts[blades]!.built = true;
    sim.state.parts[blades]!.metalDelivered = 4;
    sim.state.pendingFirings.push({ atTick: 50, triggerId: plate, mechanismId: blades, byUnitId: null });
    const metal = sim.state.metal;
    expect(sim.apply({ type: "removePart", partId: blades })).toEqual({ ok: true });
    expect(sim.state.metal).toBe(metal);
    expect(sim.state.pendingFirings).toEqual([]);
  });

  it("removeCable removes one cable and splits its network (TRAP-26)", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 2);
    const blades = place(sim, "spinningBlades", 8, 2);
    const timer = place(sim, "timer", 5, 6);
    const a = wire(sim, [2, 2], [8, 2]);
    const b = wire(sim, [5, 6], [5, 2]);
    expect(networkOf(sim, timer)?.id).toBe(a);
    sim.drainEvents();
    expect(sim.apply({ type: "removeCable", cableId: a })).toEqual({ ok: true });
    expect(sim.drainEvents()).toEqual([{ type: "cableRemoved", id: a, tick: 0 }]);
    expect(networkOf(sim, plate)).toBeNull();
    expect(networkOf(sim, blades)).toBeNull();
    expect(networkOf(sim, timer)?.id).toBe(b);
  });

  it("unknown ids are refused UNKNOWN_PART / UNKNOWN_CABLE and change nothing", () => {
    const sim = makeSim();
    place(sim, "pressurePlate", 2, 2);
    place(sim, "spinningBlades", 8, 2);
    const a = wire(sim, [2, 2], [8, 2]);
    expect(unchangedBy(sim, () => sim.apply({ type: "removePart", partId: a })))
      .toMatchObject({ ok: false, code: "UNKNOWN_PART" });
    expect(unchangedBy(sim, () => sim.apply({ type: "removePart", partId: "999" })))
      .toMatchObject({ ok: false, code: "UNKNOWN_PART" });
    expect(unchangedBy(sim, () => sim.apply({ type: "removeCable", cableId: "1" })))
      .toMatchObject({ ok: false, code: "UNKNOWN_CABLE" });
  });
});
