import { describe, expect, it } from "vitest";
import { onUnitEntersTile } from "../../../src/sim/traps/index.ts";
import { computeNetworks, networkOf } from "../../../src/sim/traps/network.ts";
import { adventurer, forceDice, makeSim, path, place, placeBuilt, unchangedBy, wire } from "./helpers.ts";

describe("wire: laying a cable", () => {
  it("TRAP-12: a cable dragged from a trigger to a mechanism is stored with its tiles and emits cableLaid", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 2);
    const blades = place(sim, "spinningBlades", 4, 4);
    sim.drainEvents();
    const r = sim.apply({ type: "wire", path: path([2, 2], [2, 4], [4, 4]) });
    expect(r.ok).toBe(true);
    const id = r.ok ? r.id as string : "";
    const w = sim.state.map.width;
    expect(sim.state.cables[id]).toEqual({ id, path: [2 * w + 2, 3 * w + 2, 4 * w + 2, 4 * w + 3, 4 * w + 4], hops: [] });
    expect(sim.drainEvents()).toEqual([{ type: "cableLaid", cableId: id, networkId: id, hops: [], joined: [], tick: 0 }]);
    expect(networkOf(sim, plate)).toMatchObject({ id, trigger: plate, timer: null, mechanism: blades, cableIds: [id] });
    expect(networkOf(sim, blades)?.id).toBe(id);
  });

  it("TRAP-12: a drag from the mechanism to the trigger is accepted too (proposal)", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 2);
    const blades = place(sim, "spinningBlades", 6, 2);
    const id = wire(sim, [6, 2], [2, 2]);
    expect(networkOf(sim, plate)).toMatchObject({ id, trigger: plate, mechanism: blades });
  });

  it("TRAP-12: a path with a diagonal step is refused CABLE_PATH_NOT_CONTIGUOUS and changes nothing", () => {
    const sim = makeSim();
    place(sim, "pressurePlate", 2, 2);
    place(sim, "spinningBlades", 4, 3);
    const r = unchangedBy(sim, () => sim.apply({ type: "wire", path: [{ x: 2, y: 2 }, { x: 3, y: 2 }, { x: 4, y: 3 }] }));
    expect(r).toMatchObject({ ok: false, code: "CABLE_PATH_NOT_CONTIGUOUS", rule: "TRAP-12" });
    const gap = unchangedBy(sim, () => sim.apply({ type: "wire", path: [{ x: 2, y: 2 }, { x: 4, y: 2 }, { x: 4, y: 3 }] }));
    expect(gap).toMatchObject({ ok: false, code: "CABLE_PATH_NOT_CONTIGUOUS" });
  });

  it("TRAP-25: a cable whose end is on neither a part nor a cable is refused CABLE_ENDS_UNCONNECTED", () => {
    const sim = makeSim();
    place(sim, "pressurePlate", 2, 2);
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: path([2, 2], [6, 2]) })))
      .toMatchObject({ ok: false, code: "CABLE_ENDS_UNCONNECTED", rule: "TRAP-25" });
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: path([6, 2], [2, 2]) })))
      .toMatchObject({ ok: false, code: "CABLE_ENDS_UNCONNECTED", rule: "TRAP-25" });
  });

  it("refuses cables over walls, off the map, over the same tile twice or along another cable", () => {
    const sim = makeSim();
    place(sim, "pressurePlate", 1, 2);
    place(sim, "spinningBlades", 6, 2);
    place(sim, "sensor", 1, 8);
    wire(sim, [1, 2], [6, 2]);
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: path([1, 2], [0, 2], [0, 3]) })))
      .toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: [{ x: 1, y: 2 }, { x: 1, y: 1 }, { x: 1, y: 0 }] })))
      .toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: [{ x: 1023, y: 1 }, { x: 1023, y: 2 }] })))
      .toMatchObject({ ok: false, code: "OUT_OF_BOUNDS" });
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: path([1, 8], [1, 6], [2, 6], [2, 7], [1, 7], [1, 6]) })))
      .toMatchObject({ ok: false, code: "CABLE_OVERLAPS" });
    // from the sensor up to the first cable, then along it
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: path([1, 8], [3, 8], [3, 2], [4, 2]) })))
      .toMatchObject({ ok: false, code: "CABLE_OVERLAPS" });
  });
});

describe("wiring limits", () => {
  it("TRAP-14: a trigger already wired to a mechanism cannot be wired to a second one", () => {
    const sim = makeSim();
    place(sim, "pressurePlate", 2, 2);
    place(sim, "spinningBlades", 6, 2);
    place(sim, "flameJet", 2, 6);
    wire(sim, [2, 2], [6, 2]);
    const r = unchangedBy(sim, () => sim.apply({ type: "wire", path: path([2, 2], [2, 6]) }));
    expect(r).toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED", rule: "TRAP-14" });
  });

  it("TRAP-15: a mechanism already wired to a trigger cannot get a second trigger", () => {
    const sim = makeSim();
    place(sim, "pressurePlate", 2, 2);
    place(sim, "spinningBlades", 6, 2);
    place(sim, "tripwire", 10, 2);
    wire(sim, [2, 2], [6, 2]);
    const r = unchangedBy(sim, () => sim.apply({ type: "wire", path: path([10, 2], [6, 2]) }));
    expect(r).toMatchObject({ ok: false, code: "TRIGGER_ALREADY_WIRED", rule: "TRAP-15" });
  });
});

describe("cables crossing and joining", () => {
  /** Two traps whose cables cross at 6,5: plate 2,5 → blades 10,5 and tripwire 6,1 → coil 6,9. */
  function crossing() {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 2, 5);
    const blades = placeBuilt(sim, "spinningBlades", 10, 5);
    const trip = placeBuilt(sim, "tripwire", 6, 1);
    const coil = placeBuilt(sim, "electricCoil", 6, 9);
    const a = wire(sim, [2, 5], [10, 5]);
    sim.drainEvents();
    const r = sim.apply({ type: "wire", path: path([6, 1], [6, 9]) });
    return { sim, plate, blades, trip, coil, a, r };
  }

  it("TRAP-20, TRAP-21, TRAP-23: a cable dragged straight across another hops over it, the hop tile recorded", () => {
    const { sim, a, r } = crossing();
    expect(r.ok).toBe(true);
    const b = r.ok ? r.id as string : "";
    const hopTile = 5 * sim.state.map.width + 6;
    expect(sim.state.cables[b]?.hops).toEqual([hopTile]);
    expect(sim.state.cables[a]?.hops).toEqual([]);
    expect(sim.drainEvents()).toEqual([{ type: "cableLaid", cableId: b, networkId: b, hops: [{ x: 6, y: 5 }], joined: [], tick: 0 }]);
  });

  it("TRAP-22: cables meeting at a hop stay separate networks, and each trap fires alone", () => {
    const { sim, plate, blades, trip, coil, a, r } = crossing();
    const b = r.ok ? r.id as string : "";
    expect(networkOf(sim, plate)).toMatchObject({ id: a, trigger: plate, mechanism: blades, cableIds: [a] });
    expect(networkOf(sim, trip)).toMatchObject({ id: b, trigger: trip, mechanism: coil, cableIds: [b] });
    expect(computeNetworks(sim.state).networks.map((n) => n.id)).toEqual([a, b]);
    const dice = forceDice(sim, []); // a harm would roll (resist, hit location): the script would run out
    const adv = adventurer(sim, 6, 1);
    sim.drainEvents();
    onUnitEntersTile(sim, adv, 6, 1);
    expect(sim.drainEvents().map((e) => e.type === "trapFired" ? e.mechanismId : null)).toEqual([coil]);
    expect(sim.state.parts[blades]?.needsRearm).toBe(false);
    expect(dice.left()).toBe(0); // nobody stands within 1 tile of the coil: nothing rolled
    dice.release();
  });

  it("TRAP-25: a cable ending on the tile where another cable hopped joins the cable still lying there", () => {
    const { sim, trip, coil, a, r } = crossing();
    const b = r.ok ? r.id as string : "";
    sim.apply({ type: "removeCable", cableId: a }); // b keeps its hop record at 6,5
    const timer = place(sim, "timer", 3, 8);
    sim.drainEvents();
    const c = sim.apply({ type: "wire", path: path([3, 8], [3, 5], [6, 5]) });
    expect(c.ok).toBe(true);
    expect(sim.drainEvents()).toMatchObject([{ type: "cableLaid", networkId: b, hops: [], joined: [b] }]);
    expect(networkOf(sim, timer)).toMatchObject({ id: b, trigger: trip, timer, mechanism: coil });
  });

  it("TRAP-24: where the other cable turns, the drawn cable joins it instead of hopping", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 5);
    place(sim, "spinningBlades", 6, 9);
    const a = wire(sim, [2, 5], [6, 5], [6, 9]); // turns at 6,5
    place(sim, "tripwire", 6, 1);
    place(sim, "electricCoil", 10, 5);
    // comes down to 6,5 and turns right there too: the cables share the turn
    const r = unchangedBy(sim, () => sim.apply({ type: "wire", path: path([6, 1], [6, 5], [10, 5]) }));
    expect(r).toMatchObject({ ok: false, code: "TRIGGER_ALREADY_WIRED", rule: "TRAP-15" });
    // crossing the same cable where it runs straight (4,5) hops instead, and is accepted
    place(sim, "sensor", 4, 10);
    place(sim, "flameJet", 4, 1);
    const hop = sim.apply({ type: "wire", path: path([4, 10], [4, 1]) });
    expect(hop.ok).toBe(true);
    expect(sim.state.cables[hop.ok ? hop.id as string : ""]?.hops).toEqual([5 * sim.state.map.width + 4]);
    expect(networkOf(sim, plate)?.id).toBe(a);
  });

  it("TRAP-24: a cable running straight across the end of another cable joins it", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 5);
    const blades = place(sim, "spinningBlades", 10, 5);
    const a = wire(sim, [2, 5], [10, 5]);
    const timer = place(sim, "timer", 6, 8);
    const stub = wire(sim, [6, 8], [6, 5]); // ends on a (T junction at 6,5)
    // remove the main cable: the stub now ends in the open at 6,5
    sim.apply({ type: "removeCable", cableId: a });
    const trip = place(sim, "tripwire", 2, 1);
    const coil = place(sim, "electricCoil", 9, 1);
    sim.drainEvents();
    // across the stub's end, straight: joins (TRAP-24), so the network links trip, timer and coil
    const r = sim.apply({ type: "wire", path: path([2, 1], [2, 3], [5, 3], [5, 5], [7, 5], [7, 3], [9, 3], [9, 1]) });
    // 6,5 is crossed straight (5,5 → 6,5 → 7,5) while the stub ends there
    expect(r.ok).toBe(true);
    const id = r.ok ? r.id as string : "";
    expect(sim.drainEvents()).toMatchObject([{ type: "cableLaid", cableId: id, hops: [], joined: [stub] }]);
    expect(networkOf(sim, trip)).toMatchObject({ id: stub, trigger: trip, timer, mechanism: coil });
    expect(networkOf(sim, plate)).toBeNull();
    expect(networkOf(sim, blades)).toBeNull();
  });

  it("TRAP-25, TRAP-26: starting or ending a drag on a cable joins it, and the joined cables work as one", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 2, 3);
    const blades = placeBuilt(sim, "spinningBlades", 10, 3);
    const a = wire(sim, [2, 3], [10, 3]);
    const timer = placeBuilt(sim, "timer", 5, 7);
    sim.drainEvents();
    const r = sim.apply({ type: "wire", path: path([5, 7], [5, 3]) }); // ends on a's interior tile 5,3
    expect(r.ok).toBe(true);
    const b = r.ok ? r.id as string : "";
    expect(sim.drainEvents()).toEqual([{ type: "cableLaid", cableId: b, networkId: a, hops: [], joined: [a], tick: 0 }]);
    const net = networkOf(sim, timer);
    expect(net).toEqual(networkOf(sim, plate));
    expect(net).toMatchObject({ id: a, cableIds: [a, b], trigger: plate, timer, mechanism: blades });
    expect(computeNetworks(sim.state).byCable.get(b)?.id).toBe(a);
    // starting on a cable joins as well
    const c = sim.apply({ type: "wire", path: path([8, 3], [8, 6], [7, 6], [7, 4], [6, 4], [6, 3]) });
    expect(c.ok).toBe(true);
    expect(networkOf(sim, plate)?.cableIds).toEqual([a, b, c.ok ? c.id : ""]);
  });

  it("TRAP-27: the limits apply to the joined network: a second trigger joined through another cable is refused", () => {
    const sim = makeSim();
    place(sim, "pressurePlate", 2, 3);
    place(sim, "spinningBlades", 10, 3);
    wire(sim, [2, 3], [10, 3]);
    place(sim, "timer", 5, 7);
    const b = wire(sim, [5, 7], [5, 3]);
    place(sim, "tripwire", 10, 8);
    // ends on cable b only (not on the first cable nor on any part of it)
    const r = unchangedBy(sim, () => sim.apply({ type: "wire", path: path([10, 8], [10, 5], [5, 5]) }));
    expect(r).toMatchObject({ ok: false, code: "TRIGGER_ALREADY_WIRED", rule: "TRAP-15" });
    expect(sim.state.cables[b]).toBeDefined();
    place(sim, "flameJet", 14, 8);
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: path([14, 8], [14, 6], [5, 6]) })))
      .toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED", rule: "TRAP-14" });
  });
});
