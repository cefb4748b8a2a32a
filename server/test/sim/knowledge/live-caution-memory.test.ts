import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { CORRIDOR_MAP, OPEN_MAP, RULESETS, checkDie, makeParty, makeSim } from "./helpers.ts";
import { DEFUSE_DIFFICULTY } from "../../../src/sim/knowledge/routing.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";
import { OLD_TRACE_HOURS } from "../../../src/sim/knowledge/traces.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";

/*
 * Routes around known triggers, Caution, defusing and how long knowledge lasts, through
 * `sim.step()` in rooms of each ruleset. Forced dice where a roll is expected; elsewhere the
 * script is empty, so any roll would throw.
 */

/** Steps until `done` (at most `max` ticks), calling `each` after every step; returns the events. */
function stepUntil(sim: Simulation, max: number, done: () => boolean, each?: () => void): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < max && !done(); i++) { out.push(...sim.step()); each?.(); }
  return out;
}

/** A 1-wide corridor on row 2 from the portal (0,2) to the sanctum (18,2), with a one-tile alcove above it at 6,1 and the stockpile in one below at 6,3. */
const ALCOVE_CORRIDOR = [
  "####################",
  "######.#############",
  "P.................S#",
  "######K#############",
  "####################",
].join("\n");

/**
 * Two rooms (1..8 and 10..18 × 1..5) joined by a gap at 9,3 in the wall between them; the portal
 * at 0,3, the sanctum at 18,5. With `thick`, the wall is 2 tiles thick (columns 9 and 10) and the
 * gap a passage 2 tiles long (9,3 and 10,3).
 */
const twoRooms = (thick: boolean): string => {
  const rows = [
    "####################",
    "#........#.........#",
    "#........#.........#",
    "P..................#",
    "#........#.........#",
    "#........#..K.....S#",
    "####################",
  ];
  return (thick ? rows.map((r, y) => (y === 0 || y === 3 || y === 6 ? r : `${r.slice(0, 10)}#${r.slice(11)}`)) : rows).join("\n");
};

describe.each(RULESETS.map((r) => [r]))("routes, Caution and memory in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-21 (${ruleset}): a gap 1 tile long in the wall between two rooms is a doorway, not a corridor: the party walks through 9,3 with no Caution; through a 2-tile passage (a wall 2 tiles thick) it gains Caution 1`, () => {
    const walk = (thick: boolean): { through: string[]; caution: number[] } => {
      const sim = makeSim(twoRooms(thick), 7, ruleset);
      const { party, members: [a] } = makeParty(sim, [[1, 3]]);
      const dice = forceDice(sim, []); // no trap: nothing rolls
      const through: string[] = [];
      const caution: number[] = [];
      stepUntil(sim, 400, () => a!.x >= 12, () => {
        if (a!.x >= 9 && a!.x <= 10 && through.at(-1) !== `${a!.x},${a!.y}`) through.push(`${a!.x},${a!.y}`);
        if (caution.at(-1) !== (party.caution ?? 0)) caution.push(party.caution ?? 0);
      });
      expect([dice.left(), a!.x]).toEqual([0, 12]);
      return { through, caution };
    };
    expect(walk(false)).toEqual({ through: ["9,3", "10,4"], caution: [0] });
    expect(walk(true)).toEqual({ through: ["9,3", "10,3"], caution: [0, 1] });
  });

  it(`KNOW-01, KNOW-03, KNOW-17 (${ruleset}): walking east along row 10 to the sanctum, an adventurer who knows the plate at 10,10 steps round it by row 9; a new one, who knows no trap, walks straight over it`, () => {
    const walk = (known: boolean): string[] => {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      sim.state.pauseOnSpot = false;
      const plate = placeBuilt(sim, "pressurePlate", 10, 10); // wired to nothing: stepping on it does nothing (TRAP-10)
      const { members: [a] } = makeParty(sim, [[3, 10]]);
      a!.stats.tracking = 1;
      if (known) sim.state.knowledge[a!.id]!.known.push(plate);
      const trace: string[] = [];
      // The one who does not know it rolls once to spot it (KNOW-11) and misses; the other rolls nothing.
      const dice = forceDice(sim, known ? [] : [checkDie(ruleset, TRIGGER_CONCEALMENT, 1, false)]);
      stepUntil(sim, 200, () => a!.x === 18, () => { const t = `${a!.x},${a!.y}`; if (trace.at(-1) !== t) trace.push(t); });
      expect(dice.left()).toBe(0);
      return trace;
    };
    const row = (xs: number[], y: number) => xs.map((x) => `${x},${y}`);
    expect(walk(false)).toEqual(row([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], 10));
    expect(walk(true)).toEqual(["3,10", ...row([4, 5, 6, 7, 8, 9, 10], 9), ...row([11, 12, 13, 14, 15, 16, 17, 18], 10)]);
  });

  it(`KNOW-21, KNOW-23 (${ruleset}): a party in the open room gains no Caution; one at the 1-wide corridor's mouth gains Caution 1 on its first step and walks 20% slower`, () => {
    const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
    const { party: inRoom } = makeParty(sim, [[12, 2]]);
    const dice = forceDice(sim, []);
    for (let i = 0; i < 10; i++) { sim.step(); expect(inRoom.caution).toBe(0); }
    const { party, members: [a] } = makeParty(sim, [[1, 3]]);
    const speed = a!.speed;
    sim.step();
    expect(dice.left()).toBe(0);
    expect([party.caution, a!.speed]).toEqual([1, speed * 0.8]);
  });

  it(`KNOW-25, KNOW-19 (${ruleset}): in the corridor a known plate blocks the way; the member defuses with Craft 1 + Caution 1: the die that just reaches difficulty 3 with +2 defuses, one lower fails`, () => {
    const run = (die: number) => {
      const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
      const plate = placeBuilt(sim, "pressurePlate", 4, 3); // wired to nothing: a failed defuse sets off nothing (TRAP-10)
      const { party, members: [a] } = makeParty(sim, [[1, 3]]);
      a!.stats.craft = 1;
      sim.state.knowledge[a!.id]!.known.push(plate); // it knows the plate: no spotting roll
      const dice = forceDice(sim, [die]);
      const events = stepUntil(sim, 100, () => dice.left() === 0);
      expect(dice.left()).toBe(0);
      expect([a!.x, a!.y]).toEqual([3, 3]); // in front of the plate
      expect(party.caution).toBe(1); // the corridor's, still held when it rolled
      return events.filter((e) => e.type === "triggerDefused").map((e) => [(e as { unitId: string }).unitId === a!.id, (e as { success: boolean }).success, sim.state.parts[plate]!.needsRearm]);
    };
    // Success leaves the plate needing a rearm without setting it off; a failure sets it off.
    expect(run(checkDie(ruleset, DEFUSE_DIFFICULTY, 1 + 1, true))).toEqual([[true, true, true]]);
    expect(run(checkDie(ruleset, DEFUSE_DIFFICULTY, 1 + 1, false))).toEqual([[true, false, false]]);
  });

  it(`KNOW-28 (${ruleset}): the corridor's Caution lasts while the party walks on, and ends on the tick its next combat starts (a minion of the keeper comes at it)`, () => {
    const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const { party, members: [a] } = makeParty(sim, [[1, 3]]);
    addUnit(sim, { kind: "minion", x: 14, y: 3 });
    const cautionBefore: number[] = [];
    let combatTick = -1;
    let cautionThen = -1;
    for (let i = 0; i < 200 && combatTick < 0; i++) {
      const events = sim.step();
      // The combat starts: the first attack (or d20/d100 encounter) of the minion and the adventurer.
      if (events.some((e) => e.type === "attack" || e.type === "encounterStarted") || a!.targetId !== "") { combatTick = sim.state.tick; cautionThen = party.caution ?? 0; }
      else cautionBefore.push(party.caution ?? 0);
    }
    expect(combatTick).toBeGreaterThan(40);
    expect(cautionBefore.length).toBe(combatTick - 1);
    expect(new Set(cautionBefore)).toEqual(new Set([1])); // held on every tick before, in the corridor and out of it
    expect(cautionThen).toBe(0);
  });

  it(`KNOW-47, KNOW-48 (${ruleset}): after a step, a dead adventurer's and a departed one's knowledge is gone; a captured one keeps its bonuses and the parts it knows`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    const plate = placeBuilt(sim, "sensor", 16, 1);
    const { members: [dead, gone, prisoner, alive] } = makeParty(sim, [[2, 2], [3, 3], [4, 4], [5, 5]]);
    for (const u of [dead, gone, prisoner, alive]) {
      const k = sim.state.knowledge[u!.id]!;
      k.known.push(plate); k.spot.sensor = 1; k.block.spinningBlades = 2;
    }
    dead!.activity = "dead"; gone!.activity = "left"; prisoner!.activity = "captured";
    const dice = forceDice(sim, []);
    sim.step();
    expect(dice.left()).toBe(0);
    expect([sim.state.knowledge[dead!.id], sim.state.knowledge[gone!.id]]).toEqual([undefined, undefined]);
    for (const u of [prisoner, alive]) expect(sim.state.knowledge[u!.id]).toEqual({ known: [plate], spot: { sensor: 1 }, block: { spinningBlades: 2 } });
  });

  it(`KNOW-49, KNOW-01 (${ruleset}): a party arriving through the invasion schedule starts with no learned bonuses and knows no trap (not even the built plate at 8, 3), while an adventurer of an earlier party still holds its own`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 8, 3);
    const { party: old, members: [veteran] } = makeParty(sim, [[16, 2]]);
    const k = sim.state.knowledge[veteran!.id]!;
    k.known.push(plate); k.spot.pressurePlate = 2; k.block.spinningBlades = 1;
    old.ended = true;
    sim.state.invasion.partyId = "";
    sim.state.invasion.dueTick = sim.state.tick + 1;
    const events = stepUntil(sim, 5, () => sim.state.invasion.partyId !== "");
    const started = events.filter((e) => e.type === "invasionStarted");
    expect(started).toHaveLength(1);
    const party = sim.state.parties[sim.state.invasion.partyId]!;
    expect(party.memberIds.length).toBe(1); // the dungeon's first scheduled invasion: 1 peasant (INV-38)
    for (const id of party.memberIds) expect(sim.state.knowledge[id]).toEqual({ known: [], spot: {}, block: {} });
    expect(sim.state.knowledge[veteran!.id]).toEqual({ known: [plate], spot: { pressurePlate: 2 }, block: { spinningBlades: 1 } });
  });

  it(`KNOW-18 (${ruleset}): in the 1-wide corridor an adventurer who knows the tripwire at 4,3 steps over it: it crosses the tile and nothing fires`, () => {
    const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
    const trip = placeBuilt(sim, "tripwire", 4, 3);
    placeBuilt(sim, "dartLauncher", 12, 1);
    wire(sim, [4, 3], [4, 3]);
    const { members: [a] } = makeParty(sim, [[1, 3]]);
    sim.state.knowledge[a!.id]!.known.push(trip);
    const dice = forceDice(sim, []);
    const trace: string[] = [];
    const events = stepUntil(sim, 100, () => a!.x >= 7, () => { if (trace.at(-1) !== `${a!.x},${a!.y}`) trace.push(`${a!.x},${a!.y}`); });
    expect(dice.left()).toBe(0);
    expect(trace).toContain("4,3");
    expect(events.filter((e) => e.type === "trapFired" || e.type === "triggerDefused")).toEqual([]);
    expect(sim.state.parts[trip]!.needsRearm).toBe(false);
  });

  it(`KNOW-22 (${ruleset}): a party walking in sight of blood 1 game minute old gains no Caution; in sight of old blood (OLD_TRACE_HOURS) it gains Caution 1 once for that 10×10 sector; old burn marks in a new sector give it again`, () => {
    const run = (traces: [number, number, "blood" | "burn", number][]) => {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      sim.state.tick = (OLD_TRACE_HOURS + 1) * 600; // the game has run that long
      const { party, members: [a] } = makeParty(sim, [[2, 2]]);
      a!.stats.tracking = 5;
      sim.state.traces = Object.fromEntries(traces.map(([x, y, kind, age]) => [String(y * sim.state.map.width + x), { kind, tick: sim.state.tick - age }]));
      const dice = forceDice(sim, []);
      sim.step();
      const first = party.caution ?? 0;
      party.caution = 0; // as if a fight had ended it: only a new sector's traces can give it again
      for (let i = 0; i < 60; i++) sim.step();
      expect(dice.left()).toBe(0);
      return [first, party.caution ?? 0, party.cautionSectors];
    };
    expect(run([[5, 3, "blood", 10]])).toEqual([0, 0, []]);
    expect(run([[5, 3, "blood", OLD_TRACE_HOURS * 600]])).toEqual([1, 0, [0]]);
    // Burn marks at 17,8 (sector 1), 15 tiles off at first (it sees 13 with Tracking 5), come in sight as it walks to the sanctum.
    expect(run([[5, 3, "blood", OLD_TRACE_HOURS * 600], [17, 8, "burn", OLD_TRACE_HOURS * 600]])).toEqual([1, 1, [0, 1]]);
  });

  it(`KNOW-29, KNOW-30, KNOW-31 (${ruleset}): in a 1-wide corridor the party spots a plate in a side alcove and loses its Caution; it walks on down the corridor with none; the hidden plate it then steps on gives Caution back`, () => {
    const sim = makeSim(ALCOVE_CORRIDOR, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const seen = placeBuilt(sim, "pressurePlate", 6, 1);
    const hidden = placeBuilt(sim, "pressurePlate", 14, 2);
    placeBuilt(sim, "spinningBlades", 17, 2);
    wire(sim, [14, 2], [17, 2]);
    const { party, members: [a] } = makeParty(sim, [[1, 2]]);
    a!.stats.tracking = 1;
    const success = ruleset === "malignus" ? 10 : ruleset === "d20" ? 20 : 100;
    const dice = forceDice(sim, [success, 1]); // the alcove plate spotted (natural success); the hidden one missed (natural 1)
    const log: [number, number][] = []; // [x, Caution] after each step
    const events = stepUntil(sim, 300, () => sim.state.parts[hidden]!.needsRearm, () => log.push([a!.x, party.caution ?? 0]));
    expect(dice.left()).toBe(0);
    expect(events.filter((e) => e.type === "triggerSpotted").map((e) => (e as { triggerId: string }).triggerId)).toEqual([seen]);
    const lost = log.findIndex(([, c]) => c === 0);
    expect(party.cautionLostBySpotting).toBe(true);
    expect([lost, log.slice(lost, -1).length, log.length]).toEqual([14, 40, 55]); // Caution lost on the 15th step, then 40 steps with none; the hidden plate set off on the 55th
    expect(log.slice(0, lost).every(([, c]) => c === 1)).toBe(true); // the corridor's Caution until the spotting (KNOW-29)
    expect(log.slice(lost, -1).every(([x, c]) => c === 0 && x < 14)).toBe(true); // KNOW-30: on down the corridor, none
    expect(log.at(-1)).toEqual([14, 1]); // KNOW-31: the plate set off gives it back
  });
});
