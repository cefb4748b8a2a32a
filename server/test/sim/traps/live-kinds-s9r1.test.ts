import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_MINUTE, type RulesetId, type SimEvent } from "@malignus/shared";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { adventurer, forceDice, makeSim, placeBuilt, wire } from "./helpers.ts";

/*
 * Sweep s9-r1 (issue 17): TRAP-10 when the trigger has a cable but no mechanism on it (a cable
 * must end on a part or a cable, TRAP-25, so here it ends on a timer alone): nothing is wired to
 * it, so it does nothing. Through
 * `sim.step()` in rooms of each ruleset; the walker is an adventurer of no party (no spotting roll)
 * walking row 5 of OPEN_MAP east from 2,5 over the plate at 8,5. And TRAP-11 during a timer's
 * delay: blades whose cable the keeper removes (or which it moves) before the delay runs out have
 * nothing wired to them and do not fire. No die may be drawn.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("s9-r1: a trigger with nothing wired to it (%s)", (ruleset: RulesetId) => {
  for (const end of ["a cable to a timer (8,9)"] as const) {
    it(`TRAP-10 (${ruleset}): a plate with ${end} and no mechanism does nothing when the walker crosses it: no trapFired, no rearm needed, the walker learns nothing; wired on to blades (12,9) through that cable, the next walker fires them`, () => {
      const sim = makeSim(7, ruleset);
      const plate = placeBuilt(sim, "pressurePlate", 8, 5);
      const timer = placeBuilt(sim, "timer", 8, 9);
      wire(sim, [8, 5], [8, 9]);
      const dice = forceDice(sim, []);
      const walker = adventurer(sim, 2, 5);
      expect(walkTo(sim, walker, { x: 14, y: 5 })).toBe(true);
      const events: SimEvent[] = [];
      const trace: string[] = [];
      for (let i = 0; i < 200 && walker.x !== 14; i++) { events.push(...sim.step()); if (trace.at(-1) !== `${walker.x},${walker.y}`) trace.push(`${walker.x},${walker.y}`); }
      expect(trace).toContain("8,5");
      expect(events.filter((e) => e.type === "trapFired")).toEqual([]);
      expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[plate]!.active, sim.state.knowledge[walker.id]?.known ?? []]).toEqual([false, false, []]);
      // The same cable carried on to blades: the plate now has a mechanism wired to it.
      const blades = placeBuilt(sim, "spinningBlades", 12, 9);
      wire(sim, [8, 9], [12, 9]);
      expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 1 })).toEqual({ ok: true });
      const second = adventurer(sim, 2, 5);
      expect(walkTo(sim, second, { x: 14, y: 5 })).toBe(true);
      const shots: SimEvent[] = [];
      for (let i = 0; i < 300 && shots.length === 0; i++) shots.push(...sim.step().filter((e) => e.type === "trapFired"));
      expect(shots).toMatchObject([{ triggerId: plate, mechanismId: blades, byUnitId: second.id, victims: [] }]);
      expect(dice.left()).toBe(0);
    });
  }
});

describe.each(RULESETS.map((r) => [r]))("s9-r1: a mechanism unwired while its timer runs (%s)", (ruleset: RulesetId) => {
  for (const change of ["none", "removeCable", "movePart"] as const) {
    const what = change === "none" ? "with the wiring left alone the blades fire 3 game minutes after the plate" : change === "removeCable" ? "the keeper removes the timer → blades cable meanwhile: the blades, with nothing wired to them, never fire" : "the keeper moves the blades to 10,8 meanwhile (their cable goes): they never fire";
    it(`TRAP-11, TRAP-18 (${ruleset}): plate → timer (3 game minutes) → blades; an adventurer sets the plate off; ${what}`, () => {
      const sim = makeSim(7, ruleset);
      const plate = placeBuilt(sim, "pressurePlate", 2, 3);
      const timer = placeBuilt(sim, "timer", 6, 3);
      const blades = placeBuilt(sim, "spinningBlades", 10, 3);
      wire(sim, [2, 3], [6, 3]);
      const tail = wire(sim, [6, 3], [10, 3]);
      expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 3 })).toEqual({ ok: true });
      const dice = forceDice(sim, []);
      const a = adventurer(sim, 2, 5);
      expect(walkTo(sim, a, { x: 2, y: 1 })).toBe(true);
      for (let i = 0; i < 20 && sim.state.pendingFirings.length === 0; i++) sim.step();
      const setOff = sim.state.tick;
      expect([a.x, a.y, sim.state.parts[plate]!.needsRearm, sim.state.pendingFirings.length]).toEqual([2, 3, true, 1]);
      if (change === "removeCable") expect(sim.apply({ type: "removeCable", cableId: tail })).toEqual({ ok: true });
      if (change === "movePart") expect(sim.apply({ type: "movePart", partId: blades, x: 10, y: 8 })).toEqual({ ok: true });
      const shots: Extract<SimEvent, { type: "trapFired" }>[] = [];
      for (let i = 0; i < 3 * TICKS_PER_GAME_MINUTE + 30; i++) for (const e of sim.step()) if (e.type === "trapFired") shots.push(e);
      expect(shots.map((e) => [e.triggerId, e.mechanismId, e.tick - setOff])).toEqual(change === "none" ? [[plate, blades, 3 * TICKS_PER_GAME_MINUTE]] : []);
      expect([sim.state.parts[blades]!.needsRearm, sim.state.pendingFirings.length, dice.left()]).toEqual([change === "none", 0, 0]);
    });
  }
});
