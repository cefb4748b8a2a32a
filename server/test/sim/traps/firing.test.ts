import { describe, expect, it } from "vitest";
import { PARTS, TICKS_PER_GAME_MINUTE } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { onUnitEntersTile, stepTraps } from "../../../src/sim/traps/index.ts";
import { REARM_PERIOD_TICKS } from "../../../src/sim/traps/parts.ts";
import { networkOf } from "../../../src/sim/traps/network.ts";
import { pullLever } from "../../../src/sim/traps/firing.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { RESIST_FAILS, TORSO, adventurer, build, forceDice, makeSim, place, placeBuilt, unchangedBy, wire } from "./helpers.ts";
import { setFaction } from "../../../src/sim/world/factions.ts";

/** A built pressure plate at 2,2 wired to built spinning blades at 8,2. */
function plateAndBlades(mechanism: "spinningBlades" | "alarmTrap" | "dartLauncher" | "explosiveTrap" = "spinningBlades") {
  const sim = makeSim();
  const plate = placeBuilt(sim, "pressurePlate", 2, 2);
  const mech = placeBuilt(sim, mechanism, 8, 2);
  const cable = wire(sim, [2, 2], [8, 2]);
  sim.drainEvents();
  return { sim, plate, mech, cable };
}

const firedMechanisms = (sim: Simulation) =>
  sim.drainEvents().filter((e) => e.type === "trapFired").map((e) => e.type === "trapFired" ? e.mechanismId : null);

describe("firing", () => {
  it("TRAP-13: when a trigger fires, the wired mechanism fires and harms every active unit in its area", () => {
    const { sim, plate, mech } = plateAndBlades();
    const radius = PARTS.spinningBlades.radius;
    const adv = adventurer(sim, 2, 2);
    const near = adventurer(sim, 8 + radius, 2 + radius);
    adventurer(sim, 8 + radius + 1, 2); // out of reach
    const minion = addUnit(sim, { kind: "minion", x: 8, y: 2 });
    const down = adventurer(sim, 7, 2);
    down.activity = "unconscious";
    // The adventurer's resist fails, then each serious wound lands on the torso (the minion rolls no resist).
    const dice = forceDice(sim, [RESIST_FAILS, TORSO, TORSO]);
    onUnitEntersTile(sim, adv, 2, 2);
    expect(PARTS.spinningBlades.harm?.malignusSeverity).toBe("serious");
    expect(sim.drainEvents()).toEqual([{
      type: "trapFired", triggerId: plate, mechanismId: mech, mechanism: "spinningBlades",
      x: 8, y: 2, byUnitId: adv.id, victims: [near.id, minion.id], tick: 0,
    },
    { type: "wound", targetId: near.id, sourceId: mech, location: "torso", severity: "serious", woundPoints: 2, tick: 0 },
    { type: "wound", targetId: minion.id, sourceId: mech, location: "torso", severity: "serious", woundPoints: 2, tick: 0 }]);
    expect([dice.left(), adv.wounds, down.wounds]).toEqual([0, [], []]);
  });

  it("TRAP-13: a dart launcher (reach 'trigger') hits the tile of the trigger that fired it", () => {
    const { sim, mech } = plateAndBlades("dartLauncher");
    const adv = adventurer(sim, 2, 2);
    adventurer(sim, 3, 2); // next to the trigger: radius 0 misses
    adventurer(sim, 8, 2); // on the launcher
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]);
    onUnitEntersTile(sim, adv, 2, 2);
    expect(sim.drainEvents()).toMatchObject([
      { type: "trapFired", mechanismId: mech, victims: [adv.id] },
      { type: "wound", targetId: adv.id, sourceId: mech, location: "torso", severity: "light", woundPoints: 1 },
    ]);
    expect(dice.left()).toBe(0);
  });

  it("TRAP-08: a 'Trap'-named mechanism does nothing by itself and fires only through a wired trigger", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const bomb = placeBuilt(sim, "explosiveTrap", 8, 2);
    const adv = adventurer(sim, 8, 2);
    sim.drainEvents();
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 8, 2));
    wire(sim, [2, 2], [8, 2]);
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 8, 2)); // stepping on the mechanism itself
    const walker = adventurer(sim, 2, 2);
    sim.drainEvents();
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]);
    onUnitEntersTile(sim, walker, 2, 2);
    expect(sim.drainEvents()).toMatchObject([
      { type: "trapFired", triggerId: plate, mechanismId: bomb, victims: [adv.id] },
      { type: "wound", targetId: adv.id, sourceId: bomb, severity: "critical" },
    ]);
    expect(dice.left()).toBe(0);
  });

  it("TRAP-10: a trigger with nothing wired to it does nothing and needs no rearm", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const adv = adventurer(sim, 2, 2);
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 2, 2));
    expect(sim.state.parts[plate]?.needsRearm).toBe(false);
  });

  it("TRAP-11: a mechanism with nothing wired to it does nothing; a trigger wired only to a timer does nothing", () => {
    const sim = makeSim();
    const dice = forceDice(sim, []); // a harm would roll: the empty script would throw
    placeBuilt(sim, "spinningBlades", 8, 2);
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    placeBuilt(sim, "timer", 2, 5);
    wire(sim, [2, 2], [2, 5]);
    const adv = adventurer(sim, 2, 2);
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 2, 2));
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 8, 2));
    expect(sim.state.parts[plate]?.needsRearm).toBe(false);
    expect(dice.left()).toBe(0);
    dice.release();
  });

  it("TRAP-32: after use both parts need a rearm and the trap does not fire again", () => {
    const { sim, plate, mech } = plateAndBlades();
    const adv = adventurer(sim, 2, 2);
    const victim = adventurer(sim, 8, 3);
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]); // one wound, then no more rolls
    onUnitEntersTile(sim, adv, 2, 2);
    expect(sim.state.parts[plate]?.needsRearm).toBe(true);
    expect(sim.state.parts[mech]?.needsRearm).toBe(true);
    expect([dice.left(), victim.wounds.length]).toEqual([0, 1]);
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 2, 2));
    // a rearmed trigger with a still-used mechanism is used up but the mechanism does not fire
    sim.state.parts[plate]!.needsRearm = false;
    onUnitEntersTile(sim, adv, 2, 2);
    expect(sim.drainEvents()).toEqual([{
      type: "trapFired", triggerId: plate, mechanismId: null, mechanism: null, x: 2, y: 2, byUnitId: adv.id, victims: [], tick: 0,
    }]);
    expect(sim.state.parts[plate]?.needsRearm).toBe(true);
    expect(victim.wounds.length).toBe(1);
    dice.release();
  });

  it("TRAP-33: a lever fires its trap when pulled and never needs a rearm", () => {
    const sim = makeSim();
    const lever = placeBuilt(sim, "lever", 2, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [8, 2]);
    const adv = adventurer(sim, 8, 2);
    sim.drainEvents();
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]);
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 2, 2)); // walking over a lever does not pull it
    expect(pullLever(sim, lever)).toBe(true);
    expect(sim.drainEvents()).toMatchObject([
      { type: "trapFired", triggerId: lever, mechanismId: blades, byUnitId: null, victims: [adv.id] },
      { type: "wound", targetId: adv.id, sourceId: blades, location: "torso", severity: "serious" },
    ]);
    expect(sim.state.parts[lever]).toMatchObject({ needsRearm: false, active: true });
    expect(sim.state.parts[blades]?.needsRearm).toBe(true);
    expect(dice.left()).toBe(0);
    expect(pullLever(sim, lever)).toBe(true); // deactivates
    expect(sim.state.parts[lever]?.active).toBe(false);
    expect(sim.drainEvents()).toEqual([]);
  });

  it("triggers that are sites or expired do nothing; a site mechanism uses the trigger up without firing", () => {
    const sim = makeSim();
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]); // the last firing's wound on the adventurer at 8,2
    const plate = place(sim, "pressurePlate", 2, 2);
    const blades = place(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [8, 2]);
    const adv = adventurer(sim, 2, 2);
    adventurer(sim, 8, 2);
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 2, 2)); // unbuilt trigger
    build(sim, plate);
    onUnitEntersTile(sim, adv, 2, 2); // built trigger, unbuilt mechanism
    expect(firedMechanisms(sim)).toEqual([null]);
    expect(sim.state.parts[plate]?.needsRearm).toBe(true);
    expect(dice.left()).toBe(2); // nothing rolled yet
    // TRAP-48, TRAP-49: both rearmed and built, but the trigger's 2 days ran out
    sim.state.parts[plate]!.needsRearm = false;
    build(sim, blades);
    sim.state.tick = REARM_PERIOD_TICKS - 1;
    sim.state.parts[plate]!.rearmedTick = -1;
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 2, 2));
    sim.state.parts[plate]!.rearmedTick = 0;
    onUnitEntersTile(sim, adv, 2, 2);
    expect(firedMechanisms(sim)).toEqual([blades]);
    expect(dice.left()).toBe(0);
  });
});

describe("timers", () => {
  /** plate 2,2 → timer 2,6 → blades 8,6, wired as two cables. */
  function timed(delay: number) {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const timer = placeBuilt(sim, "timer", 2, 6);
    const blades = placeBuilt(sim, "spinningBlades", 8, 6);
    sim.state.parts[timer]!.delayMinutes = delay;
    wire(sim, [2, 2], [2, 6]);
    wire(sim, [2, 6], [8, 6]);
    sim.drainEvents();
    return { sim, plate, timer, blades };
  }

  it("TRAP-16, TRAP-17: a timer delays the mechanism by its delay in game minutes", () => {
    const { sim, plate, blades } = timed(3);
    const adv = adventurer(sim, 2, 2);
    const victim = adventurer(sim, 8, 5);
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]);
    sim.state.tick = 100;
    onUnitEntersTile(sim, adv, 2, 2);
    const due = 100 + 3 * TICKS_PER_GAME_MINUTE;
    expect(sim.state.pendingFirings).toEqual([{ atTick: due, triggerId: plate, mechanismId: blades, byUnitId: adv.id }]);
    expect(sim.drainEvents()).toEqual([]);
    expect(sim.state.parts[plate]?.needsRearm).toBe(true);
    sim.state.tick = due - 1;
    stepTraps(sim);
    expect(sim.drainEvents()).toEqual([]);
    expect(dice.left()).toBe(2); // no wound yet
    sim.state.tick = due;
    stepTraps(sim);
    expect(sim.drainEvents()).toEqual([{
      type: "trapFired", triggerId: plate, mechanismId: blades, mechanism: "spinningBlades",
      x: 8, y: 6, byUnitId: adv.id, victims: [victim.id], tick: due,
    }, { type: "wound", targetId: victim.id, sourceId: blades, location: "torso", severity: "serious", woundPoints: 2, tick: due }]);
    expect(sim.state.pendingFirings).toEqual([]);
    expect(dice.left()).toBe(0);
    expect(sim.state.parts[blades]?.needsRearm).toBe(true);
  });

  it("TRAP-16: the delayed firing happens through sim.step() at the due tick", () => {
    const { sim, plate, blades } = timed(1);
    const adv = adventurer(sim, 2, 2);
    onUnitEntersTile(sim, adv, 2, 2);
    const fired: number[] = [];
    for (let i = 0; i < TICKS_PER_GAME_MINUTE + 2; i++) {
      for (const e of sim.step()) if (e.type === "trapFired" && e.triggerId === plate && e.mechanismId === blades) fired.push(e.tick);
    }
    expect(fired).toEqual([TICKS_PER_GAME_MINUTE]);
  });

  it("TRAP-18, TRAP-19: the timer sits in series and is neither trigger nor mechanism: one of each, no second mechanism", () => {
    const { sim, plate, timer, blades } = timed(2);
    expect(networkOf(sim, timer)).toMatchObject({ trigger: plate, timer, mechanism: blades, triggers: [plate], mechanisms: [blades] });
    place(sim, "flameJet", 2, 9);
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: [{ x: 2, y: 6 }, { x: 2, y: 7 }, { x: 2, y: 8 }, { x: 2, y: 9 }] })))
      .toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED", rule: "TRAP-14" });
    place(sim, "timer", 5, 9);
    expect(unchangedBy(sim, () => sim.apply({ type: "wire", path: [{ x: 5, y: 9 }, { x: 5, y: 8 }, { x: 5, y: 7 }, { x: 5, y: 6 }] })))
      .toMatchObject({ ok: false, code: "TIMER_ALREADY_WIRED", rule: "TRAP-18" });
  });
});

describe("who sets traps off", () => {
  it("TRAP-57: the keeper's own minions do not set off the keeper's traps", () => {
    const { sim, plate } = plateAndBlades();
    const minion = addUnit(sim, { kind: "minion", x: 2, y: 2 });
    unchangedBy(sim, () => onUnitEntersTile(sim, minion, 2, 2));
    expect(sim.state.parts[plate]?.needsRearm).toBe(false);
  });

  it("TRAP-58: a minion turned enemy sets the keeper's traps off", () => {
    const { sim, mech } = plateAndBlades();
    const minion = addUnit(sim, { kind: "minion", x: 2, y: 2 });
    setFaction(sim, minion, "frenzy");
    onUnitEntersTile(sim, minion, 2, 2);
    expect(firedMechanisms(sim)).toEqual([mech]);
  });

  it("TRAP-59: wild creatures set the keeper's traps off", () => {
    const { sim, mech } = plateAndBlades();
    const wolf = addUnit(sim, { kind: "creature", faction: "wild", species: "wolf", x: 2, y: 2 });
    onUnitEntersTile(sim, wolf, 2, 2);
    expect(firedMechanisms(sim)).toEqual([mech]);
  });

  it("TRAP-60: a trigger wired to an alarm trap ignores wild creatures but not adventurers", () => {
    const { sim, plate, mech } = plateAndBlades("alarmTrap");
    const dice = forceDice(sim, []); // an alarm harms nobody: a roll would run the script out
    const wolf = addUnit(sim, { kind: "creature", faction: "wild", species: "wolf", x: 2, y: 2 });
    unchangedBy(sim, () => onUnitEntersTile(sim, wolf, 2, 2));
    const adv = adventurer(sim, 2, 2);
    onUnitEntersTile(sim, adv, 2, 2);
    expect(sim.drainEvents()).toEqual([{
      type: "trapFired", triggerId: plate, mechanismId: mech, mechanism: "alarmTrap", x: 8, y: 2, byUnitId: adv.id, victims: [], tick: 0,
    }]);
    dice.release();
  });

  it("unconscious or dead units and the Master set nothing off", () => {
    const { sim } = plateAndBlades();
    const adv = adventurer(sim, 2, 2);
    adv.activity = "unconscious";
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 2, 2));
    adv.activity = "dead";
    unchangedBy(sim, () => onUnitEntersTile(sim, adv, 2, 2));
    const master = addUnit(sim, { kind: "master", x: 2, y: 2 });
    setFaction(sim, master, "village");
    unchangedBy(sim, () => onUnitEntersTile(sim, master, 2, 2));
  });

  it("TRAP-40, TRAP-41: a rigged trigger reacts to the keeper's minions, except the one who rigged it", () => {
    const { sim, plate, mech } = plateAndBlades();
    const rigger = addUnit(sim, { kind: "minion", job: "trapping", x: 2, y: 2 });
    const other = addUnit(sim, { kind: "minion", x: 2, y: 2 });
    sim.state.parts[plate]!.riggedBy = rigger.id;
    unchangedBy(sim, () => onUnitEntersTile(sim, rigger, 2, 2));
    onUnitEntersTile(sim, other, 2, 2);
    expect(firedMechanisms(sim)).toEqual([mech]);
  });

  it("TRAP-40: a rigged trigger on an alarm trap reacts to wild creatures too (proposal)", () => {
    const { sim, plate, mech } = plateAndBlades("alarmTrap");
    sim.state.parts[plate]!.riggedBy = "999";
    const wolf = addUnit(sim, { kind: "creature", faction: "wild", x: 2, y: 2 });
    onUnitEntersTile(sim, wolf, 2, 2);
    expect(firedMechanisms(sim)).toEqual([mech]);
  });

  it("TRAP-42: a rigged trigger becomes normal after firing the trap once", () => {
    const { sim, plate, mech } = plateAndBlades();
    const rigger = addUnit(sim, { kind: "minion", x: 2, y: 2 });
    const other = addUnit(sim, { kind: "minion", x: 2, y: 2 });
    sim.state.parts[plate]!.riggedBy = rigger.id;
    onUnitEntersTile(sim, other, 2, 2);
    expect(firedMechanisms(sim)).toEqual([mech]);
    expect(sim.state.parts[plate]?.riggedBy).toBe("");
    sim.state.parts[plate]!.needsRearm = false;
    sim.state.parts[mech]!.needsRearm = false;
    unchangedBy(sim, () => onUnitEntersTile(sim, other, 2, 2));
  });
});
