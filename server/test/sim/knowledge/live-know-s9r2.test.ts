import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { CORRIDOR_MAP, OPEN_MAP, RULESETS, checkDie, makeParty, makeSim } from "./helpers.ts";
import { forceDiceFirst } from "../invasions/live-helpers.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";
import { OLD_TRACE_HOURS } from "../../../src/sim/knowledge/traces.ts";
import { TRAP_RESIST_DIFFICULTY } from "../../../src/sim/combat/ruleset.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";

/*
 * Sweep s9 (issue 17), slice r2: the knowledge rules whose live tests showed one side only.
 * KNOW-26 had no live run where the Caution term alone turns a resist roll; KNOW-45 and KNOW-46
 * were shown for the resist roll only by calling the ruleset's harm directly; KNOW-31's second
 * way back to Caution (old traces in a new sector) had no live run; KNOW-18 had no walker who
 * does not know the tripwire beside the one who steps over it. Every test runs through
 * `sim.step()` or the keeper's commands in a room of each ruleset.
 */

type Resisted = Extract<SimEvent, { type: "trapResisted" }>;
const resisted = (events: SimEvent[]) => events.filter((e): e is Resisted => e.type === "trapResisted");

/** Gives a level-0 Peasant enough hit points to stand through a trap's harm under d20 and d100. */
function sturdy(sim: Simulation, u: UnitRecord): void {
  if (sim.ruleset.id === "d100") { const s = d100Of(u); s.hp = s.maxHp = 100; }
  if (sim.ruleset.id === "d20") { const s = d20Of(u); s.hp = s.maxHp = 100; }
}

/**
 * A Peasant (Block 0) at (5, 6), beside spinning blades at (5, 5) wired to a lever at (12, 9);
 * its party's Caution is `caution`, its learned Block bonus against blades `learned`. When `gas`,
 * a gas jet at (5, 8) on a second lever at (2, 9) is pulled first (its cloud, radius 2, covers
 * the Peasant; the jet's own resist roll and harm draw from the seed). Then the keeper pulls the
 * blades' lever with the resist die `die` forced as the first draw (the harm's own dice follow
 * from the seed). A lever's firing teaches nothing and gives no Caution (KNOW-20, KNOW-32: no
 * adventurer set it off), so the roll's bonus is exactly Caution + learned.
 * @returns the blades' `trapResisted` events.
 */
function bladesOnLever(ruleset: RulesetId, caution: number, learned: number, gas: boolean, die: number): Resisted[] {
  const sim = makeSim(OPEN_MAP, 7, ruleset);
  const bladesLever = placeBuilt(sim, "lever", 12, 9);
  const blades = placeBuilt(sim, "spinningBlades", 5, 5);
  wire(sim, [12, 9], [12, 5], [5, 5]);
  const { party, members: [a] } = makeParty(sim, [[5, 6]]);
  a!.stats.block = 0;
  sturdy(sim, a!);
  party.caution = caution;
  if (learned > 0) sim.state.knowledge[a!.id]!.block.spinningBlades = learned;
  if (gas) {
    const gasLever = placeBuilt(sim, "lever", 2, 9);
    placeBuilt(sim, "gasJet", 5, 8);
    wire(sim, [2, 9], [2, 8], [5, 8]);
    expect(sim.apply({ type: "pullLever", partId: gasLever })).toEqual({ ok: true });
    expect(Object.values(sim.state.effects).map((e) => e.kind)).toEqual(["gas"]);
    sim.drainEvents();
  }
  const dice = forceDiceFirst(sim, [die]);
  expect(sim.apply({ type: "pullLever", partId: bladesLever })).toEqual({ ok: true });
  const events = sim.drainEvents();
  dice.release();
  expect(dice.left()).toBe(0);
  expect(events.filter((e) => e.type === "trapFired")).toMatchObject([{ mechanismId: blades, victims: [a!.id] }]);
  expect(sim.state.knowledge[a!.id]).toEqual({ known: [], spot: {}, block: learned > 0 ? { spinningBlades: learned } : {} });
  return resisted(events).filter((e) => e.sourceId === blades);
}

describe.each(RULESETS.map((r) => [r]))("resisting traps in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-26 (${ruleset}): the keeper's lever fires blades on a Peasant of Block 0; with its party's Caution 1 the die that just reaches difficulty ${TRAP_RESIST_DIFFICULTY} with +1 resists (bonus 1); the same die without Caution does not, nor one lower with Caution`, () => {
    const reach = checkDie(ruleset, TRAP_RESIST_DIFFICULTY, 1, true);
    const short = checkDie(ruleset, TRAP_RESIST_DIFFICULTY, 1, false);
    expect(bladesOnLever(ruleset, 1, 0, false, reach)).toMatchObject([{ mechanism: "spinningBlades", roll: reach, bonus: 1 }]);
    expect(bladesOnLever(ruleset, 0, 0, false, reach)).toEqual([]);
    expect(bladesOnLever(ruleset, 1, 0, false, short)).toEqual([]);
  });

  it(`KNOW-45, KNOW-46 (${ruleset}): standing in a gas jet's cloud, a Peasant with Caution 2 and a learned +1 against blades resists the blades with +1 only (the die that just reaches that resists, one lower does not); out of the gas the bonus is 3 and that lower die resists`, () => {
    const reach = checkDie(ruleset, TRAP_RESIST_DIFFICULTY, 1, true);
    const short = checkDie(ruleset, TRAP_RESIST_DIFFICULTY, 1, false);
    expect(bladesOnLever(ruleset, 2, 1, true, reach)).toMatchObject([{ roll: reach, bonus: 1 }]);
    expect(bladesOnLever(ruleset, 2, 1, true, short)).toEqual([]);
    expect(bladesOnLever(ruleset, 2, 1, false, short)).toMatchObject([{ roll: short, bonus: 3 }]);
  });
});

/** A 1-wide corridor on row 2 from the portal (0,2) to the sanctum (18,2), with a one-tile alcove above it at 6,1 and the stockpile in one below at 6,3. */
const ALCOVE_CORRIDOR = [
  "####################",
  "######.#############",
  "P.................S#",
  "######K#############",
  "####################",
].join("\n");

describe.each(RULESETS.map((r) => [r]))("Caution back after a spotting (%s)", (ruleset: RulesetId) => {
  it(`KNOW-31, KNOW-22 (${ruleset}): a party that lost the corridor's Caution by spotting the alcove plate gets Caution 1 back from old blood at (15, 2) in the next sector (sector 1) as it walks on; fresh blood there gives none`, () => {
    const run = (age: number) => {
      const sim = makeSim(ALCOVE_CORRIDOR, 7, ruleset);
      sim.state.pauseOnSpot = false;
      sim.state.tick = (OLD_TRACE_HOURS + 1) * 600;
      placeBuilt(sim, "pressurePlate", 6, 1);
      sim.state.traces = { [String(2 * sim.state.map.width + 15)]: { kind: "blood", tick: sim.state.tick - age } };
      const { party, members: [a] } = makeParty(sim, [[1, 2]]);
      a!.stats.tracking = 1;
      const success = ruleset === "malignus" ? 10 : ruleset === "d20" ? 20 : 100;
      const dice = forceDice(sim, [success]); // the alcove plate spotted (a natural success)
      const log: [number, number][] = []; // [x, Caution] after each step
      for (let i = 0; i < 300 && a!.x < 17; i++) { sim.step(); log.push([a!.x, party.caution ?? 0]); }
      expect(dice.left()).toBe(0);
      expect(party.cautionLostBySpotting).toBe(true);
      const lost = log.findIndex(([, c]) => c === 0);
      expect(log.slice(0, lost).every(([, c]) => c === 1)).toBe(true); // the corridor's Caution until the spotting
      const back = log.findIndex(([, c], i) => i > lost && c === 1);
      return { back: back < 0 ? null : log[back], sectors: party.cautionSectors, end: party.caution };
    };
    // Tracking 1 sees 5 tiles: the blood at x 15 comes in sight from x 10.
    expect(run(OLD_TRACE_HOURS * 600)).toEqual({ back: [10, 1], sectors: [1], end: 1 });
    expect(run(10)).toEqual({ back: null, sectors: [], end: 0 });
  });
});

describe.each(RULESETS.map((r) => [r]))("a tripwire known or not (%s)", (ruleset: RulesetId) => {
  it(`KNOW-18 (${ruleset}): in the 1-wide corridor the tripwire at 4,3 wired to an alarm: a Peasant who knows it crosses the tile and nothing fires; one who failed to spot it (natural 1) sets it off on that tile`, () => {
    const run = (known: boolean) => {
      const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
      sim.state.pauseOnSpot = false;
      const trip = placeBuilt(sim, "tripwire", 4, 3);
      const alarm = placeBuilt(sim, "alarmTrap", 12, 1);
      wire(sim, [4, 3], [12, 3], [12, 1]);
      const { members: [a] } = makeParty(sim, [[1, 3]]);
      a!.stats.tracking = 1;
      if (known) sim.state.knowledge[a!.id]!.known.push(trip);
      const dice = forceDice(sim, known ? [] : [1]); // who does not know it rolls once to spot it, and misses
      const trace: string[] = [];
      const events: SimEvent[] = [];
      for (let i = 0; i < 100 && a!.x < 7; i++) {
        events.push(...sim.step());
        if (trace.at(-1) !== `${a!.x},${a!.y}`) trace.push(`${a!.x},${a!.y}`);
      }
      expect(dice.left()).toBe(0);
      expect(trace.slice(0, 5)).toEqual(["1,3", "2,3", "3,3", "4,3", "5,3"]); // it crosses the tripwire's tile either way
      const fired = events.filter((e) => e.type === "trapFired").map((e) => [e.triggerId, e.mechanismId, e.byUnitId]);
      return { fired, expected: [[trip, alarm, a!.id]] };
    };
    expect(run(true).fired).toEqual([]);
    const unknown = run(false);
    expect(unknown.fired).toEqual(unknown.expected);
  });
});

describe.each(RULESETS.map((r) => [r]))("going round a known tripwire (%s)", (ruleset: RulesetId) => {
  it(`KNOW-17, KNOW-18 (${ruleset}): walking east along row 10 to the sanctum, a Peasant who knows the tripwire at 10,10 goes round it by row 9 rather than stepping over it (going round comes first when it can); one who does not know it walks straight across`, () => {
    const walk = (known: boolean): string[] => {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      sim.state.pauseOnSpot = false;
      const trip = placeBuilt(sim, "tripwire", 10, 10); // wired to nothing
      const { members: [a] } = makeParty(sim, [[3, 10]]);
      a!.stats.tracking = 1;
      if (known) sim.state.knowledge[a!.id]!.known.push(trip);
      const dice = forceDice(sim, known ? [] : [1]); // who does not know it rolls once to spot it, and misses
      const trace: string[] = [];
      for (let i = 0; i < 200 && a!.x !== 18; i++) { sim.step(); if (trace.at(-1) !== `${a!.x},${a!.y}`) trace.push(`${a!.x},${a!.y}`); }
      expect(dice.left()).toBe(0);
      return trace;
    };
    const row = (xs: number[], y: number) => xs.map((x) => `${x},${y}`);
    expect(walk(false)).toEqual(row([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], 10));
    expect(walk(true)).toEqual(["3,10", ...row([4, 5, 6, 7, 8, 9, 10], 9), ...row([11, 12, 13, 14, 15, 16, 17, 18], 10)]);
  });
});

describe.each(RULESETS.map((r) => [r]))("learned bonuses until the adventurer leaves (%s)", (ruleset: RulesetId) => {
  it(`KNOW-47 (${ruleset}): a Peasant holding +1 to spot plates and +2 to Block blades keeps them on every tick it walks the map (no Master here, so it takes 20 gold from the treasure and goes home); on the tick it has left the map they are gone`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const { party, members: [a] } = makeParty(sim, [[5, 5]]);
    sim.state.invasion.partyId = party.id;
    const held = { known: [], spot: { pressurePlate: 1 }, block: { spinningBlades: 2 } };
    Object.assign(sim.state.knowledge[a!.id]!, structuredClone(held));
    const dice = forceDice(sim, []);
    let onMap = 0;
    const events: SimEvent[] = [];
    const gone = (): boolean => a!.activity === "left";
    for (let i = 0; i < 400 && !gone(); i++) {
      events.push(...sim.step());
      if (!gone()) { onMap++; expect(sim.state.knowledge[a!.id]).toEqual(held); }
    }
    expect(dice.left()).toBe(0);
    expect(events.filter((e) => e.type === "lootTaken")).toMatchObject([{ unitId: a!.id, amount: 20 }]);
    expect(onMap).toBe(124); // ticks from (5, 5) to the treasure and back to the portal
    expect(a!.activity).toBe("left");
    sim.step(); // the knowledge system forgets at the start of the next tick
    expect(sim.state.knowledge[a!.id]).toBeUndefined();
  });
});
