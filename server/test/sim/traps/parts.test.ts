import { describe, expect, it } from "vitest";
import { MECHANISM_KINDS, PART_KINDS, PARTS, TRIGGER_KINDS } from "@malignus/shared";
import { TRIGGER_MIN_CHEBYSHEV_DISTANCE } from "../../../src/sim/traps/parts.ts";
import { onUnitEntersTile } from "../../../src/sim/traps/index.ts";
import { RESIST_FAILS, TORSO, adventurer, forceDice, makeSim, place, placeBuilt, unchangedBy, wire } from "./helpers.ts";

describe("part kinds", () => {
  it("TRAP-05: the trigger kinds are tripwire (and wide tripwire), pressure plate, sensor and lever", () => {
    expect([...TRIGGER_KINDS]).toEqual(["tripwire", "wideTripwire", "pressurePlate", "sensor", "lever"]);
    for (const k of TRIGGER_KINDS) expect(PARTS[k].role).toBe("trigger");
  });

  it("TRAP-06: the ten mechanism kinds are mechanisms", () => {
    expect([...MECHANISM_KINDS]).toEqual([
      "spinningBlades", "flameJet", "gasJet", "electricCoil", "dartLauncher",
      "explosiveTrap", "spiderTrap", "webTrap", "terrorTrap", "alarmTrap",
    ]);
    for (const k of MECHANISM_KINDS) expect(PARTS[k].role).toBe("mechanism");
  });

  it("TRAP-07: every part kind whose name contains 'Trap' is a mechanism", () => {
    const named = PART_KINDS.filter((k) => /trap/i.test(k));
    expect(named).toEqual(["explosiveTrap", "spiderTrap", "webTrap", "terrorTrap", "alarmTrap"]);
    for (const k of named) expect(PARTS[k].role).toBe("mechanism");
  });
});

describe("placePart", () => {
  it("TRAP-28: an accepted placement creates a construction site and emits partPlaced", () => {
    const sim = makeSim();
    sim.drainEvents();
    const metal = sim.state.metal;
    const nextId = sim.state.nextId;
    const r = sim.apply({ type: "placePart", kind: "spinningBlades", x: 5, y: 4 });
    expect(r).toEqual({ ok: true, id: String(nextId) });
    expect(sim.state.parts[String(nextId)]).toEqual({
      id: String(nextId), kind: "spinningBlades", x: 5, y: 4, built: false, metalDelivered: 0, workDone: 0,
      needsRearm: false, rearmedTick: 0, riggedBy: "", delayMinutes: 0, active: false,
      quality: "normal", rearmWorkDone: 0, rearmerId: "",
    });
    expect(sim.state.metal).toBe(metal);
    expect(sim.drainEvents()).toEqual([{ type: "partPlaced", partId: String(nextId), kind: "spinningBlades", x: 5, y: 4, tick: 0 }]);
  });

  it("refuses off-map, non-floor and occupied tiles with their codes and changes nothing", () => {
    const sim = makeSim();
    place(sim, "flameJet", 5, 5);
    expect(unchangedBy(sim, () => sim.apply({ type: "placePart", kind: "tripwire", x: 20, y: 3 })))
      .toMatchObject({ ok: false, code: "OUT_OF_BOUNDS" });
    expect(unchangedBy(sim, () => sim.apply({ type: "placePart", kind: "tripwire", x: 0, y: 3 })))
      .toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(unchangedBy(sim, () => sim.apply({ type: "placePart", kind: "tripwire", x: 0, y: 5 })))
      .toMatchObject({ ok: false, code: "NOT_FLOOR" }); // portal
    expect(unchangedBy(sim, () => sim.apply({ type: "placePart", kind: "tripwire", x: 5, y: 5 })))
      .toMatchObject({ ok: false, code: "TILE_OCCUPIED" });
  });

  it("TRAP-09: two triggers with exactly 3 free tiles between them (distance 4) are accepted", () => {
    expect(TRIGGER_MIN_CHEBYSHEV_DISTANCE).toBe(4);
    const sim = makeSim();
    place(sim, "pressurePlate", 3, 3);
    expect(sim.apply({ type: "placePart", kind: "tripwire", x: 7, y: 3 }).ok).toBe(true);
    expect(sim.apply({ type: "placePart", kind: "sensor", x: 7, y: 7 }).ok).toBe(true);
  });

  it("TRAP-09: a trigger with only 2 free tiles to another (distance 3) is refused TRIGGER_TOO_CLOSE", () => {
    const sim = makeSim();
    const first = place(sim, "pressurePlate", 3, 3);
    for (const [x, y] of [[6, 3], [6, 6], [3, 5], [3, 3 + 1]] as const) {
      const r = unchangedBy(sim, () => sim.apply({ type: "placePart", kind: "tripwire", x, y }));
      expect(r).toMatchObject({ ok: false, code: "TRIGGER_TOO_CLOSE", rule: "TRAP-09" });
      expect(r.ok ? "" : r.reason).toContain(`trigger ${first}`);
    }
  });

  it("TRAP-09: levers and unbuilt sites count as triggers; mechanisms and timers do not", () => {
    const sim = makeSim();
    place(sim, "lever", 3, 3); // an unbuilt lever site
    expect(unchangedBy(sim, () => sim.apply({ type: "placePart", kind: "pressurePlate", x: 5, y: 3 })))
      .toMatchObject({ ok: false, code: "TRIGGER_TOO_CLOSE", rule: "TRAP-09" });
    expect(sim.apply({ type: "placePart", kind: "spinningBlades", x: 4, y: 3 }).ok).toBe(true);
    expect(sim.apply({ type: "placePart", kind: "timer", x: 3, y: 4 }).ok).toBe(true);
  });

  it("TRAP-27: a part placed on a cable joins its network and is refused when that breaks a limit", () => {
    const sim = makeSim();
    place(sim, "pressurePlate", 2, 2);
    place(sim, "spinningBlades", 10, 2);
    wire(sim, [2, 2], [10, 2]);
    expect(unchangedBy(sim, () => sim.apply({ type: "placePart", kind: "tripwire", x: 6, y: 2 })))
      .toMatchObject({ ok: false, code: "TRIGGER_ALREADY_WIRED", rule: "TRAP-15" });
    expect(unchangedBy(sim, () => sim.apply({ type: "placePart", kind: "flameJet", x: 8, y: 2 })))
      .toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED", rule: "TRAP-14" });
    expect(sim.apply({ type: "placePart", kind: "timer", x: 7, y: 2 }).ok).toBe(true);
  });
});

describe("a trap is a trigger and a mechanism connected by a cable", () => {
  it("TRAP-01: the built trigger and mechanism do nothing until a cable connects them", () => {
    const sim = makeSim();
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]); // the one wound: resist fails, torso
    const plate = placeBuilt(sim, "pressurePlate", 3, 3);
    const blades = placeBuilt(sim, "spinningBlades", 8, 3);
    const adv = adventurer(sim, 3, 3);
    sim.drainEvents();
    onUnitEntersTile(sim, adv, 3, 3);
    expect(sim.drainEvents()).toEqual([]);
    expect(dice.left()).toBe(2); // nothing rolled
    wire(sim, [3, 3], [8, 3]);
    sim.drainEvents();
    const victim = adventurer(sim, 9, 4);
    onUnitEntersTile(sim, adv, 3, 3);
    expect(sim.drainEvents()).toEqual([{
      type: "trapFired", triggerId: plate, mechanismId: blades, mechanism: "spinningBlades",
      x: 8, y: 3, byUnitId: adv.id, victims: [victim.id], tick: 0,
    }, { type: "wound", targetId: victim.id, sourceId: blades, location: "torso", severity: "serious", woundPoints: 2, tick: 0 }]);
    expect(dice.left()).toBe(0);
  });
});
