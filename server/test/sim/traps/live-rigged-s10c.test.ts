import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { LAIRS_MAP, forceDice, makeSim, placeBuilt, wire } from "./helpers.ts";

/*
 * Audit s10-c (issue 17): a rigged trigger reacts to everyone (TRAP-40), played through
 * `sim.step()` in rooms of each ruleset: a wild wolf (LAIRS_MAP), a troll of the dungeon and the
 * Master (OPEN_MAP, a plate at 6,5 wired to a mechanism at 6,1 out of everyone's way, walkers
 * crossing row 5 from 3,5 to 9,5). Nobody is harmed, so the dice scripts stay empty: any roll
 * would throw.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
type Fired = Extract<SimEvent, { type: "trapFired" }>;
const fired = (events: SimEvent[]) => events.filter((e): e is Fired => e.type === "trapFired");

/** Walks `u` to `goal` through steps (at most 200 ticks); returns the events and the tiles it went through. */
function walk(sim: Simulation, u: UnitRecord, goal: { x: number; y: number }): { events: SimEvent[]; trace: string[] } {
  expect(walkTo(sim, u, goal)).toBe(true);
  const events: SimEvent[] = [];
  const trace: string[] = [];
  for (let i = 0; i < 200 && (u.x !== goal.x || u.y !== goal.y); i++) {
    events.push(...sim.step());
    if (trace.at(-1) !== `${u.x},${u.y}`) trace.push(`${u.x},${u.y}`);
  }
  return { events, trace };
}

/** A room of `ruleset` with no invasion coming, the plate at 6,5 wired to `mechanism` at 6,1, rigged by `riggedBy` ("" = not rigged). */
function riggedRoom(ruleset: RulesetId, mechanism: "alarmTrap" | "spinningBlades", riggedBy: string) {
  const sim = makeSim(7, ruleset);
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  const plate = placeBuilt(sim, "pressurePlate", 6, 5);
  const mech = placeBuilt(sim, mechanism, 6, 1);
  wire(sim, [6, 5], [6, 1]);
  sim.state.parts[plate]!.riggedBy = riggedBy; // as after a minion's critical rearm failure (TRAP-39, live in live-rearm-dice-s8)
  return { sim, plate, mech };
}

describe.each(RULESETS.map((r) => [r]))("s10-c: a rigged trigger reacts to everyone (%s)", (ruleset: RulesetId) => {
  it(`TRAP-40, TRAP-60 (${ruleset}): a wild wolf drawn to the keeper's new lair crosses a plate wired to an alarm trap: unrigged, nothing fires; rigged (by a minion elsewhere), the alarm fires for the wolf and the plate is normal again`, () => {
    /** LAIRS_MAP with a lair at 6..8,1..2 (wolf A at 16,5 is drawn to it) and a plate at 15,5 wired to an alarm trap at 13,7; steps until the wolf is in the lair. */
    const wolfOver = (rig: boolean) => {
      const sim = Simulation.create({ seed: 5, ruleset, map: parseMap("lairs-test", LAIRS_MAP), pauseOnSpot: false });
      const plate = placeBuilt(sim, "pressurePlate", 15, 5);
      const alarm = placeBuilt(sim, "alarmTrap", 13, 7);
      wire(sim, [15, 5], [13, 5], [13, 7]);
      if (rig) sim.state.parts[plate]!.riggedBy = addUnit(sim, { kind: "minion", x: 2, y: 6, home: { x: 2, y: 6 } }).id;
      const wolf = Object.values(sim.state.units).find((u) => u.x === 16 && u.y === 5)!;
      expect(sim.apply({ type: "buildLair", x: 6, y: 1, width: 3, height: 2 })).toMatchObject({ ok: true });
      const dice = forceDice(sim, []);
      const events: SimEvent[] = [];
      const trace: string[] = [];
      for (let i = 0; i < 200 && !(wolf.x <= 8 && wolf.y <= 2); i++) {
        events.push(...sim.step());
        if (trace.at(-1) !== `${wolf.x},${wolf.y}`) trace.push(`${wolf.x},${wolf.y}`);
      }
      expect([trace.includes("15,5"), wolf.faction, dice.left()]).toEqual([true, "wild", 0]);
      return { shots: fired(events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId]), plate, alarm, wolf, rigged: sim.state.parts[plate]!.riggedBy };
    };
    const plain = wolfOver(false);
    expect([plain.shots, plain.rigged]).toEqual([[], ""]); // TRAP-60
    const rigged = wolfOver(true);
    expect(rigged.shots).toEqual([[rigged.plate, rigged.alarm, rigged.wolf.id]]); // TRAP-40
    expect(rigged.rigged).toBe(""); // TRAP-42: normal again after firing once
  });

  it(`TRAP-40, TRAP-62 (${ruleset}): a creature of the keeper's side (a troll of the dungeon) walking home over the plate sets nothing off; over the rigged plate it fires the blades`, () => {
    const cross = (rig: boolean) => {
      const { sim, plate, mech } = riggedRoom(ruleset, "spinningBlades", "");
      const troll = addUnit(sim, { kind: "creature", species: "troll", faction: "dungeon", x: 3, y: 5, home: { x: 3, y: 5 } });
      if (rig) sim.state.parts[plate]!.riggedBy = addUnit(sim, { kind: "minion", x: 12, y: 8, home: { x: 12, y: 8 } }).id;
      const dice = forceDice(sim, []);
      troll.home = { x: 9, y: 5 };
      const events: SimEvent[] = [];
      const trace: string[] = [];
      for (let i = 0; i < 200 && (troll.x !== 9 || troll.y !== 5); i++) { events.push(...sim.step()); if (trace.at(-1) !== `${troll.x},${troll.y}`) trace.push(`${troll.x},${troll.y}`); }
      expect([trace.includes("6,5"), troll.x, troll.y, dice.left()]).toEqual([true, 9, 5, 0]);
      return { shots: fired(events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId]), plate, mech, troll };
    };
    expect(cross(false).shots).toEqual([]);
    const rigged = cross(true);
    expect(rigged.shots).toEqual([[rigged.plate, rigged.mech, rigged.troll.id]]);
  });

  it(`TRAP-40 with the "other actors" decision (${ruleset}): the Master walking over the rigged plate sets nothing off, and the plate stays rigged; a minion that did not rig it, crossing after, fires it`, () => {
    const { sim, plate, mech } = riggedRoom(ruleset, "spinningBlades", "");
    const rigger = addUnit(sim, { kind: "minion", x: 12, y: 8, home: { x: 12, y: 8 } });
    sim.state.parts[plate]!.riggedBy = rigger.id;
    const master = addUnit(sim, { kind: "master", x: 3, y: 5 });
    const dice = forceDice(sim, []);
    const m = walk(sim, master, { x: 9, y: 5 });
    expect([m.trace.includes("6,5"), fired(m.events), sim.state.parts[plate]!.riggedBy]).toEqual([true, [], rigger.id]);
    const other = addUnit(sim, { kind: "minion", x: 3, y: 4, home: { x: 3, y: 4 } });
    other.home = { x: 9, y: 5 };
    const events: SimEvent[] = [];
    for (let i = 0; i < 200 && (other.x !== 9 || other.y !== 5); i++) events.push(...sim.step());
    expect([fired(events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId]), sim.state.parts[plate]!.riggedBy, dice.left()]).toEqual([[[plate, mech, other.id]], "", 0]);
  });
});
