import { describe, expect, it } from "vitest";
import { RESIST_FAILS, TORSO, forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { CORRIDOR_MAP, makeParty, makeSim } from "./helpers.ts";
import { onUnitEntersTile } from "../../../src/sim/traps/index.ts";
import {
  cautionBonus, knows, learnedBlockBonus, learnedSpotBonus, trapResistBonus,
} from "../../../src/sim/knowledge/knowledge.ts";
import { spotBonus, spottingRolls, stepKnowledge, trapDetection } from "../../../src/sim/knowledge/step.ts";
import { OLD_TRACE_HOURS } from "../../../src/sim/knowledge/traces.ts";
import { defuse, planRoute } from "../../../src/sim/knowledge/routing.ts";
import { startInvasion } from "../../../src/sim/invasions/party.ts";
import type { Simulation } from "../../../src/sim/index.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { tileIndex } from "../../../src/sim/world/grid.ts";

/*
 * The rules run for real: every check and every trap's harm draws from the project's scripted dice
 * (`forceDice`). A malignus check is 1d10 + stat + bonus against difficulty + 5: spotting a
 * trigger (Tracking) and defusing one (Craft) are difficulty 3, so a total of 8 succeeds. A
 * Peasant has Tracking 1, Craft 1 and Block 0. A script that runs out throws, and each test
 * asserts that every forced value was drawn, so a roll too many or too few fails the test.
 */

/** A Peasant's spot roll that reaches 8 with no bonus (7 + Tracking 1), and one that falls short. */
const SPOT_SUCCEEDS = 7;
const SPOT_FAILS = 6;

/** A plate at (x, y) wired to spinning blades two tiles east; returns the plate's id. */
function plateTrap(sim: Simulation, x: number, y: number, trigger: "pressurePlate" | "tripwire" | "sensor" | "wideTripwire" = "pressurePlate", mech: "spinningBlades" | "dartLauncher" | "alarmTrap" = "spinningBlades"): string {
  const t = placeBuilt(sim, trigger, x, y);
  placeBuilt(sim, mech, x + 2, y);
  wire(sim, [x, y], [x + 2, y]);
  return t;
}

/** Moves `u` onto (x, y) and lets it set off whatever stands there. */
function stepOn(sim: Simulation, u: UnitRecord, x: number, y: number): void {
  u.x = x; u.y = y;
  onUnitEntersTile(sim, u, x, y);
}

describe("knowledge is per adventurer (KNOW-01 to KNOW-09)", () => {
  it("KNOW-01: a new adventurer knows no trap; its route crosses an unknown plate in its way", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 5, 5);
    const { members: [a] } = makeParty(sim, [[2, 5]]);
    expect(sim.state.knowledge[a!.id]).toEqual({ known: [], spot: {}, block: {} });
    expect(knows(sim, a!, plate)).toBe(false);
    const route = planRoute(sim, a!, { x: 8, y: 5 }, false);
    expect(route?.path).toContain(tileIndex(sim.state.map, 5, 5));
  });

  it("KNOW-02, KNOW-05: knowledge is each adventurer's own and spreads by distance, not party (10 tiles: a stranger at 9 learns, a party-mate at 11 does not)", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 3, 5);
    const { members: [setter, far] } = makeParty(sim, [[2, 5], [14, 5]]);
    const { members: [stranger] } = makeParty(sim, [[12, 6]]);
    const dice = forceDice(sim, []); // the blades at 5,5 reach 1 tile: nobody stands there, nothing rolls
    stepOn(sim, setter!, 3, 5);
    expect(dice.left()).toBe(0);
    expect(sim.drainEvents().filter((e) => e.type === "trapFired")).toMatchObject([{ triggerId: plate, byUnitId: setter!.id, victims: [] }]);
    expect(knows(sim, setter!, plate)).toBe(true);
    expect(knows(sim, stranger!, plate)).toBe(true); // 9 tiles, other party
    expect(knows(sim, far!, plate)).toBe(false); // 11 tiles, same party
  });

  it("KNOW-03: a route goes around a trigger the adventurer knows, and straight over one it does not", () => {
    const sim = makeSim();
    const known = plateTrap(sim, 5, 5);
    plateTrap(sim, 5, 9);
    const { members: [a] } = makeParty(sim, [[2, 5]]);
    const { members: [b] } = makeParty(sim, [[2, 9]]);
    sim.state.knowledge[a!.id]!.known.push(known);
    expect(planRoute(sim, a!, { x: 8, y: 5 }, false)?.path).not.toContain(tileIndex(sim.state.map, 5, 5));
    expect(planRoute(sim, b!, { x: 8, y: 9 }, false)?.path).toContain(tileIndex(sim.state.map, 5, 9));
  });

  it("KNOW-04: an adventurer remembers a trigger after walking far away from it", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 3, 5);
    const { members: [a] } = makeParty(sim, [[3, 5]]);
    const dice = forceDice(sim, []); // no victim, no spotting roll (it knows the plate): nothing rolls
    stepOn(sim, a!, 3, 5);
    a!.x = 18; a!.y = 10;
    for (let i = 0; i < 50; i++) stepKnowledge(sim);
    expect(sim.state.knowledge[a!.id]!.known).toEqual([plate]);
    expect(dice.left()).toBe(0);
  });

  it("KNOW-06: when anyone sets off a trap, every conscious adventurer within 10 tiles of the trigger learns it (10 yes, 11 no, unconscious no)", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 2, 2);
    const { members: [setter] } = makeParty(sim, [[1, 1]]);
    const { members: [at10, at11, sleeper] } = makeParty(sim, [[12, 2], [13, 2], [4, 4]]);
    sleeper!.activity = "unconscious";
    const dice = forceDice(sim, []); // the sleeper lies 2 tiles from the blades at 4,2 (reach 1): no harm rolls
    stepOn(sim, setter!, 2, 2);
    expect(dice.left()).toBe(0);
    expect([at10, at11, sleeper].map((u) => knows(sim, u!, plate))).toEqual([true, false, false]);
  });

  it("KNOW-07: when an adventurer spots a trigger, every conscious adventurer within 10 tiles of the spotter learns it", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 8, 5);
    const { party, members: [spotter] } = makeParty(sim, [[3, 5]]);
    const { members: [near, far] } = makeParty(sim, [[13, 9], [14, 1]]);
    near!.x = 13; far!.x = 14; // 10 and 11 tiles from the spotter
    const dice = forceDice(sim, [SPOT_SUCCEEDS]);
    spottingRolls(sim, party, [spotter!]);
    expect(dice.left()).toBe(0);
    expect([spotter, near, far].map((u) => knows(sim, u!, plate))).toEqual([true, true, false]);
  });

  it("KNOW-08: the Rogue's Trap Detection reveals every trap part within 7 tiles (7 yes, 8 no), trigger and mechanism", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 9, 5);
    const blades = placeBuilt(sim, "spinningBlades", 9, 8);
    const farPlate = placeBuilt(sim, "pressurePlate", 10, 1);
    const { party, members: [rogue] } = makeParty(sim, [[2, 5]], ["Rogue"]);
    trapDetection(sim, party, [rogue!]);
    expect(sim.state.knowledge[rogue!.id]!.known).toEqual([plate, blades]);
    expect(knows(sim, rogue!, farPlate)).toBe(false);
  });

  it("KNOW-09: Trap Detection shows the Rogue's whole party (even 15 tiles away), not a nearby adventurer of another party", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 4, 5);
    const { party, members: [rogue, mate] } = makeParty(sim, [[2, 5], [17, 9]], ["Rogue", "Warrior"]);
    const { members: [stranger] } = makeParty(sim, [[3, 5]]);
    trapDetection(sim, party, [rogue!, mate!]);
    expect([rogue, mate, stranger].map((u) => knows(sim, u!, plate))).toEqual([true, true, false]);
  });
});

describe("spotting (KNOW-10 to KNOW-16)", () => {
  it("KNOW-10, KNOW-11: the first member to see a trigger from 6 tiles rolls once, before stepping on it (7 tiles: no roll); 1d10 + Tracking 1 must reach 3 + 5", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 9, 5);
    const { party, members: [a] } = makeParty(sim, [[2, 5]]);
    const none = forceDice(sim, []); // 7 tiles: a roll would run the script out
    spottingRolls(sim, party, [a!]);
    expect(none.left()).toBe(0);
    expect(party.spotRolls).toEqual([]);
    a!.x = 3;
    const dice = forceDice(sim, [SPOT_SUCCEEDS]); // 7 + 1 = 8: spotted
    spottingRolls(sim, party, [a!]);
    expect(dice.left()).toBe(0);
    expect(party.spotRolls).toEqual([plate]);
    expect(knows(sim, a!, plate)).toBe(true);
    expect(sim.drainEvents().filter((e) => e.type === "triggerSpotted")).toEqual([
      { type: "triggerSpotted", partyId: party.id, unitId: a!.id, triggerId: plate, x: 9, y: 5, tick: 0 },
    ]);
    // The same sight with a 6 (6 + 1 = 7 < 8): the roll is spent and nothing is learned.
    const sim2 = makeSim();
    const plate2 = plateTrap(sim2, 9, 5);
    const { party: party2, members: [b] } = makeParty(sim2, [[3, 5]]);
    const dice2 = forceDice(sim2, [SPOT_FAILS]);
    spottingRolls(sim2, party2, [b!]);
    expect(dice2.left()).toBe(0);
    expect(party2.spotRolls).toEqual([plate2]);
    expect(knows(sim2, b!, plate2)).toBe(false);
    expect(sim2.drainEvents().filter((e) => e.type === "triggerSpotted")).toEqual([]);
  });

  it("KNOW-11: of several members seeing it at once, the one with the highest Tracking rolls", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 9, 5);
    const { party, members } = makeParty(sim, [[4, 5], [4, 6], [4, 4]], ["Peasant", "Scout", "Warrior"]);
    const [, scout] = members;
    // One roll of 5: with the Scout's Tracking 3 it makes 8 (spotted); a Peasant's or Warrior's Tracking 1 would make 6.
    const dice = forceDice(sim, [5]);
    spottingRolls(sim, party, members);
    expect(dice.left()).toBe(0);
    expect(sim.drainEvents().filter((e) => e.type === "triggerSpotted").map((e) => (e as { unitId: string }).unitId)).toEqual([scout!.id]);
    expect(members.map((u) => knows(sim, u, plate))).toEqual([true, true, true]); // the others learn it by spreading (KNOW-07)
  });

  it("KNOW-12: higher Tracking makes spotting more likely (Tracking 1: 40%, Tracking 4: 70%, 2,000 trials each, ±3.5%)", () => {
    const rates = [1, 4].map((tracking) => {
      let spotted = 0;
      for (let seed = 0; seed < 2000; seed++) {
        const sim = makeSim(undefined, seed);
        const plate = placeBuilt(sim, "pressurePlate", 6, 5);
        const { party, members: [a] } = makeParty(sim, [[2, 5]]);
        a!.stats.tracking = tracking;
        spottingRolls(sim, party, [a!]);
        if (knows(sim, a!, plate)) spotted++;
      }
      return spotted / 2000;
    });
    expect(Math.abs((rates[0] as number) - 0.4)).toBeLessThan(0.035);
    expect(Math.abs((rates[1] as number) - 0.7)).toBeLessThan(0.035);
  });

  it("KNOW-13, KNOW-14: a Shoddy trigger gives +2 to spot it, a dark one −2", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 6, 5);
    const { members: [a] } = makeParty(sim, [[2, 5]]);
    const part = sim.state.parts[plate]!;
    expect(spotBonus(sim, a!, part)).toBe(0);
    part.quality = "shoddy";
    expect(spotBonus(sim, a!, part)).toBe(2);
    const map = sim.state.map;
    const i = tileIndex(map, 6, 5);
    map.dark = map.dark.slice(0, i) + "1" + map.dark.slice(i + 1);
    expect(spotBonus(sim, a!, part)).toBe(0);
    part.quality = "normal";
    expect(spotBonus(sim, a!, part)).toBe(-2);
  });

  it("KNOW-13, KNOW-14: in the roll itself, a 5 spots a Shoddy plate (5 + 1 + 2 = 8) but not a normal one; in the dark a 9 is needed (9 + 1 − 2 = 8)", () => {
    const spotted = (quality: "shoddy" | "normal", dark: boolean, roll: number): boolean => {
      const sim = makeSim();
      const plate = placeBuilt(sim, "pressurePlate", 6, 5);
      sim.state.parts[plate]!.quality = quality;
      if (dark) {
        const map = sim.state.map;
        const i = tileIndex(map, 6, 5);
        map.dark = map.dark.slice(0, i) + "1" + map.dark.slice(i + 1);
      }
      const { party, members: [a] } = makeParty(sim, [[2, 5]]);
      const dice = forceDice(sim, [roll]);
      spottingRolls(sim, party, [a!]);
      expect(dice.left()).toBe(0);
      return knows(sim, a!, plate);
    };
    expect([spotted("shoddy", false, 5), spotted("normal", false, 5)]).toEqual([true, false]);
    expect([spotted("normal", true, 9), spotted("normal", true, 8), spotted("normal", false, 7)]).toEqual([true, false, true]);
  });

  it("KNOW-15, KNOW-16: a party rolls only once per trigger; after a failure it never rolls for it again", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 9, 5);
    const { party, members } = makeParty(sim, [[4, 5], [5, 5]]);
    const dice = forceDice(sim, [SPOT_FAILS]); // one failed roll; a second roll would run the script out
    for (let i = 0; i < 30; i++) spottingRolls(sim, party, members);
    expect(dice.left()).toBe(0);
    expect(party.spotRolls).toEqual([plate]);
    expect(members.map((u) => knows(sim, u, plate))).toEqual([false, false]);
    const { party: other, members: [b] } = makeParty(sim, [[4, 6]]);
    const again = forceDice(sim, [SPOT_SUCCEEDS]); // another party rolls for itself
    spottingRolls(sim, other, [b!]);
    expect(again.left()).toBe(0);
    expect(other.spotRolls).toEqual([plate]);
    expect(knows(sim, b!, plate)).toBe(true);
  });
});

describe("moving past known triggers (KNOW-17 to KNOW-19)", () => {
  it("KNOW-17: an adventurer goes around a trigger it knows whenever it can", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 5, 5);
    const { members: [a] } = makeParty(sim, [[2, 5]]);
    sim.state.knowledge[a!.id]!.known.push(plate);
    const route = planRoute(sim, a!, { x: 8, y: 5 }, false);
    expect(route?.defuse).toBeNull();
    expect(route?.path).not.toContain(tileIndex(sim.state.map, 5, 5));
    expect(route?.path.length).toBe(6);
  });

  it("KNOW-18: in a 1-wide corridor it steps over a known tripwire without setting it off", () => {
    const sim = makeSim(CORRIDOR_MAP);
    const trip = placeBuilt(sim, "tripwire", 4, 3);
    placeBuilt(sim, "dartLauncher", 12, 1);
    wire(sim, [4, 3], [4, 3]);
    const { members: [a] } = makeParty(sim, [[2, 3]]);
    sim.state.knowledge[a!.id]!.known.push(trip);
    expect(planRoute(sim, a!, { x: 10, y: 3 }, false)?.path).toContain(tileIndex(sim.state.map, 4, 3));
    sim.drainEvents();
    stepOn(sim, a!, 4, 3);
    expect(sim.drainEvents().filter((e) => e.type === "trapFired")).toEqual([]);
    expect(sim.state.parts[trip]?.needsRearm).toBe(false);
  });

  it("KNOW-19, KNOW-25: a known plate blocking the way: the best-Craft member rolls to defuse with +Caution (1d10 + Craft + Caution against 3 + 5); success leaves it needing a rearm without firing", () => {
    const sim = makeSim(CORRIDOR_MAP);
    const plate = placeBuilt(sim, "pressurePlate", 4, 3);
    const { party, members: [walker, smith] } = makeParty(sim, [[3, 3], [2, 3]], ["Warrior", "Locksmith"]);
    for (const m of [walker, smith]) sim.state.knowledge[m!.id]!.known.push(plate);
    party.caution = 1;
    const route = planRoute(sim, walker!, { x: 10, y: 3 }, false);
    expect(route?.defuse?.id).toBe(plate);
    // A 4 succeeds only for the Locksmith (Craft 3) with the Caution +1: 4 + 3 + 1 = 8. The Warrior
    // (Craft 1) would make 6, and without Caution the Locksmith would make 7.
    const dice = forceDice(sim, [4]);
    sim.drainEvents();
    expect(defuse(sim, party, sim.state.parts[plate]!, walker!)).toBe(true);
    expect(dice.left()).toBe(0);
    expect(sim.state.parts[plate]?.needsRearm).toBe(true);
    expect(party.defused).toEqual([plate]);
    expect(sim.drainEvents()).toEqual([
      { type: "triggerDefused", partyId: party.id, unitId: smith!.id, triggerId: plate, success: true, tick: 0 },
    ]);
  });

  it("KNOW-19: a failed defuse sets the trap off", () => {
    const sim = makeSim(CORRIDOR_MAP);
    const plate = placeBuilt(sim, "pressurePlate", 4, 3);
    const blades = placeBuilt(sim, "spinningBlades", 6, 3);
    wire(sim, [4, 3], [6, 3]);
    const { party, members: [walker] } = makeParty(sim, [[3, 3]]);
    // 7 + Craft 1 = 8 would succeed; 6 makes 7: failed. The blades at 6,3 reach 1 tile: the walker at 3,3 is not hit.
    const dice = forceDice(sim, [6]);
    sim.drainEvents();
    expect(defuse(sim, party, sim.state.parts[plate]!, walker!)).toBe(false);
    expect(dice.left()).toBe(0);
    expect(sim.drainEvents().filter((e) => e.type === "triggerDefused" || e.type === "trapFired")).toEqual([
      { type: "triggerDefused", partyId: party.id, unitId: walker!.id, triggerId: plate, success: false, tick: 0 },
      { type: "trapFired", triggerId: plate, mechanismId: blades, mechanism: "spinningBlades", x: 6, y: 3, byUnitId: walker!.id, victims: [], tick: 0 },
    ]);
    expect(party.caution).toBe(1); // setting it off gave Caution (KNOW-20)
  });
});

describe("Caution (KNOW-20 to KNOW-31)", () => {
  it("KNOW-20, KNOW-23, KNOW-27: setting a trap off gives Caution (+1, members 20% slower: 250 → 200); again gives +2", () => {
    const sim = makeSim();
    plateTrap(sim, 3, 3);
    const second = plateTrap(sim, 3, 8);
    const { party, members: [a, b] } = makeParty(sim, [[2, 3], [10, 10]]);
    forceDice(sim, []); // the blades (5,3 and 5,8, reach 1) hit nobody: nothing rolls
    stepOn(sim, a!, 3, 3);
    expect(party.caution).toBe(1);
    expect([a!.speed, b!.speed]).toEqual([200, 200]);
    sim.state.parts[second]!.needsRearm = false;
    stepOn(sim, a!, 3, 8);
    expect(party.caution).toBe(2);
    expect(a!.speed).toBe(200);
  });

  it("KNOW-21: entering a corridor 1 tile wide gives Caution; an open room does not", () => {
    const sim = makeSim(CORRIDOR_MAP);
    const { party, members: [a] } = makeParty(sim, [[12, 2]]);
    stepKnowledge(sim);
    expect(party.caution).toBe(0);
    a!.x = 5; a!.y = 3;
    stepKnowledge(sim);
    expect(party.caution).toBe(1);
  });

  it("KNOW-22: seeing old blood or old burn marks gives Caution, at most once per sector (10×10 tiles); fresh marks do not", () => {
    const sim = makeSim();
    const { party, members: [a] } = makeParty(sim, [[2, 2]]);
    const dice = forceDice(sim, []); // no trap on the map: nothing rolls
    a!.stats.tracking = 5; // sees 13 tiles
    sim.state.tick = 30 * 600;
    sim.state.traces = { [String(tileIndex(sim.state.map, 5, 3))]: { kind: "blood", tick: sim.state.tick - 10 } };
    stepKnowledge(sim);
    expect(party.caution).toBe(0); // 1 minute old: not old
    sim.state.traces = {
      [String(tileIndex(sim.state.map, 5, 3))]: { kind: "blood", tick: sim.state.tick - OLD_TRACE_HOURS * 600 },
      [String(tileIndex(sim.state.map, 7, 4))]: { kind: "burn", tick: 0 },
    };
    stepKnowledge(sim);
    expect(party.caution).toBe(1);
    expect(party.cautionSectors).toEqual([0]);
    party.caution = 0; a!.speed = 250;
    stepKnowledge(sim);
    expect(party.caution).toBe(0); // sector 0 already gave it
    sim.state.traces[String(tileIndex(sim.state.map, 12, 3))] = { kind: "burn", tick: 0 };
    party.cautionLostBySpotting = true; // KNOW-31: old traces in a new sector still count
    stepKnowledge(sim);
    expect(party.caution).toBe(1);
    expect(party.cautionSectors).toEqual([0, 1]);
    expect(dice.left()).toBe(0);
  });

  it("KNOW-22: a flame jet set off leaves burn marks on its trigger's tile; a wound leaves blood", () => {
    const sim = makeSim();
    placeBuilt(sim, "pressurePlate", 3, 3);
    placeBuilt(sim, "flameJet", 5, 3);
    wire(sim, [3, 3], [5, 3]);
    const { members: [a, b] } = makeParty(sim, [[2, 3], [9, 9]]);
    const dice = forceDice(sim, []); // the jet at 5,3 reaches 1 tile: nobody burns
    stepOn(sim, a!, 3, 3);
    expect(dice.left()).toBe(0);
    expect(sim.state.traces[String(tileIndex(sim.state.map, 3, 3))]).toEqual({ kind: "burn", tick: sim.state.tick });
    b!.wounds.push({ severity: "light", location: "torso", tick: sim.state.tick });
    stepKnowledge(sim);
    expect(sim.state.traces[String(tileIndex(sim.state.map, 9, 9))]).toEqual({ kind: "blood", tick: sim.state.tick });
  });

  it("KNOW-24, KNOW-26, KNOW-44: Caution adds +1 to spot and to resist, on top of learned bonuses", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 6, 5);
    const { party, members: [a] } = makeParty(sim, [[2, 5]]);
    sim.state.knowledge[a!.id]!.spot.pressurePlate = 1;
    sim.state.knowledge[a!.id]!.block.spinningBlades = 2;
    party.caution = 1;
    expect(spotBonus(sim, a!, sim.state.parts[plate]!)).toBe(2);
    expect(trapResistBonus(sim, a!, "spinningBlades")).toBe(3);
    expect(trapResistBonus(sim, a!, "flameJet")).toBe(1);
  });

  it("KNOW-28: Caution lasts until the party's next combat", () => {
    const sim = makeSim();
    const { party, members: [a] } = makeParty(sim, [[5, 5]]);
    party.caution = 2;
    stepKnowledge(sim);
    expect(party.caution).toBe(2);
    a!.targetId = "999";
    stepKnowledge(sim);
    expect(party.caution).toBe(0);
  });

  it("KNOW-29, KNOW-30, KNOW-31: spotting loses Caution; 1-wide corridors then give none, but a trap set off does", () => {
    const sim = makeSim(CORRIDOR_MAP);
    plateTrap(sim, 11, 1);
    const { party, members: [a] } = makeParty(sim, [[5, 3]]);
    stepKnowledge(sim);
    expect(party.caution).toBe(1);
    a!.x = 9; a!.y = 2;
    // One spotting roll (6 + Tracking 1 + Caution 1 = 8: spotted); the blades later hit nobody: nothing more rolls.
    const dice = forceDice(sim, [6]);
    spottingRolls(sim, party, [a!]);
    expect(party.caution).toBe(0);
    expect(a!.speed).toBe(250);
    a!.x = 5; a!.y = 3;
    stepKnowledge(sim);
    expect(party.caution).toBe(0);
    const other = plateTrap(sim, 15, 4);
    stepOn(sim, a!, 15, 4);
    expect(dice.left()).toBe(0);
    expect(sim.state.parts[other]?.needsRearm).toBe(true);
    expect(party.caution).toBe(1);
  });

  it("KNOW-45, KNOW-46: in a gas cloud an adventurer loses the Caution bonus but keeps its learned bonuses", () => {
    const sim = makeSim();
    const { party, members: [a] } = makeParty(sim, [[5, 5]]);
    party.caution = 2;
    sim.state.knowledge[a!.id]!.spot.sensor = 2;
    sim.state.knowledge[a!.id]!.block.gasJet = 1;
    // Only the fields a gas cloud needs here (the effect record belongs to traps/effects.ts).
    sim.state.effects = { g: { id: "g", kind: "gas", sourceId: "x", tiles: [tileIndex(sim.state.map, 5, 5)], unitId: "", startTick: 0, untilTick: 1000, nextHarmTick: -1, savedSpeed: 0 } as never };
    expect(cautionBonus(sim, a!)).toBe(0);
    expect(learnedSpotBonus(sim, a!, "sensor")).toBe(2);
    expect(trapResistBonus(sim, a!, "gasJet")).toBe(1);
    a!.x = 6;
    expect(cautionBonus(sim, a!)).toBe(2);
  });
});

describe("learning from traps that are set off (KNOW-32 to KNOW-51)", () => {
  it("KNOW-32, KNOW-33, KNOW-34, KNOW-37: the setter and every adventurer within 10 not unconscious get +1 spotting for the trigger type and +1 Block for the mechanism kind", () => {
    const sim = makeSim();
    plateTrap(sim, 3, 3, "pressurePlate", "dartLauncher");
    const dart = Object.values(sim.state.parts).find((p) => p.kind === "dartLauncher")!.id;
    const { members: [setter, near, sleeper] } = makeParty(sim, [[2, 3], [9, 9], [4, 4]]);
    sleeper!.activity = "unconscious";
    // The dart strikes whoever stands on the plate: the setter resists with 1d10 + Block 0 + the
    // dart Block +1 it has just learned + Caution +1; a 2 makes 4 < 10, so it takes a light torso wound.
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]);
    sim.drainEvents();
    stepOn(sim, setter!, 3, 3);
    expect(dice.left()).toBe(0);
    expect(setter!.wounds).toEqual([{ severity: "light", location: "torso", tick: 0 }]);
    expect(sim.drainEvents().filter((e) => e.type === "wound")).toEqual([
      { type: "wound", targetId: setter!.id, sourceId: dart, severity: "light", location: "torso", woundPoints: 1, tick: 0 },
    ]);
    for (const u of [setter, near]) {
      expect(sim.state.knowledge[u!.id]?.spot).toEqual({ pressurePlate: 1 });
      expect(sim.state.knowledge[u!.id]?.block).toEqual({ dartLauncher: 1 });
    }
    expect(sim.state.knowledge[sleeper!.id]).toEqual({ known: [], spot: {}, block: {} });
  });

  it("KNOW-35, KNOW-36: tripwires, plates and sensors are three trigger types; a wide tripwire counts as a tripwire", () => {
    const sim = makeSim();
    const kinds = ["tripwire", "wideTripwire", "pressurePlate", "sensor"] as const;
    const ids = kinds.map((k, i) => plateTrap(sim, 2 + 4 * i, 3, k));
    const { members: [a] } = makeParty(sim, [[1, 1]]);
    const dice = forceDice(sim, []); // each trigger's blades stand 2 tiles away (reach 1): nothing rolls
    kinds.forEach((_, i) => stepOn(sim, a!, 2 + 4 * i, 3));
    expect(dice.left()).toBe(0);
    expect(ids.every((id) => knows(sim, a!, id))).toBe(true);
    expect(sim.state.knowledge[a!.id]?.spot).toEqual({ tripwire: 2, pressurePlate: 1, sensor: 1 });
  });

  it("KNOW-38, KNOW-39, KNOW-40, KNOW-41: the two bonuses grow independently, to +2 the second time, never above +2", () => {
    const sim = makeSim();
    const t1 = plateTrap(sim, 2, 3, "pressurePlate", "spinningBlades");
    plateTrap(sim, 8, 3, "pressurePlate", "dartLauncher");
    plateTrap(sim, 14, 3, "sensor", "spinningBlades");
    const { members: [a] } = makeParty(sim, [[1, 1]]);
    // Only the dart strikes (its victim stands on the plate): resist 2 + dart Block 1 + Caution 2 = 5 < 10, a light torso wound.
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]);
    stepOn(sim, a!, 2, 3);
    expect(sim.state.knowledge[a!.id]).toMatchObject({ spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } });
    stepOn(sim, a!, 8, 3);
    expect(a!.wounds).toEqual([{ severity: "light", location: "torso", tick: 0 }]);
    expect(sim.state.knowledge[a!.id]).toMatchObject({ spot: { pressurePlate: 2 }, block: { spinningBlades: 1, dartLauncher: 1 } });
    stepOn(sim, a!, 14, 3);
    expect(sim.state.knowledge[a!.id]).toMatchObject({ spot: { pressurePlate: 2, sensor: 1 }, block: { spinningBlades: 2, dartLauncher: 1 } });
    for (let i = 0; i < 3; i++) { sim.state.parts[t1]!.needsRearm = false; stepOn(sim, a!, 2, 3); }
    expect(learnedSpotBonus(sim, a!, "pressurePlate")).toBe(2);
    expect(learnedBlockBonus(sim, a!, "spinningBlades")).toBe(2);
    expect(dice.left()).toBe(0);
  });

  it("KNOW-42, KNOW-43: spotting a trigger (or Trap Detection) teaches only where it is, with no bonus", () => {
    const sim = makeSim();
    const plate = plateTrap(sim, 6, 5);
    const { party, members: [a, rogue] } = makeParty(sim, [[2, 5], [2, 6]], ["Peasant", "Rogue"]);
    const dice = forceDice(sim, [SPOT_SUCCEEDS]);
    spottingRolls(sim, party, [a!]);
    trapDetection(sim, party, [rogue!]);
    expect(dice.left()).toBe(0);
    expect(knows(sim, a!, plate)).toBe(true);
    expect([sim.state.knowledge[a!.id]!.spot, sim.state.knowledge[a!.id]!.block]).toEqual([{}, {}]);
    expect([sim.state.knowledge[rogue!.id]!.spot, sim.state.knowledge[rogue!.id]!.block]).toEqual([{}, {}]);
  });

  it("KNOW-47, KNOW-48: bonuses are kept until death or leaving the map; a prisoner keeps them", () => {
    const sim = makeSim();
    const { members: [dead, gone, prisoner] } = makeParty(sim, [[2, 2], [3, 3], [4, 4]]);
    for (const u of [dead, gone, prisoner]) sim.state.knowledge[u!.id]!.spot.sensor = 1;
    dead!.activity = "dead"; gone!.activity = "left"; prisoner!.activity = "captured";
    stepKnowledge(sim);
    expect(sim.state.knowledge[dead!.id]).toBeUndefined();
    expect(sim.state.knowledge[gone!.id]).toBeUndefined();
    expect(sim.state.knowledge[prisoner!.id]?.spot).toEqual({ sensor: 1 });
  });

  it("KNOW-49: a new party starts with no learned bonuses and knows no trap", () => {
    const sim = makeSim();
    placeBuilt(sim, "pressurePlate", 3, 5);
    const party = startInvasion(sim);
    for (const id of party.memberIds) expect(sim.state.knowledge[id]).toEqual({ known: [], spot: {}, block: {} });
  });

  it("KNOW-51: learned bonuses apply per type: after one plate fired, every other plate is +1 easier to spot", () => {
    const sim = makeSim();
    plateTrap(sim, 2, 3);
    const other = placeBuilt(sim, "pressurePlate", 12, 8);
    const sensor = placeBuilt(sim, "sensor", 16, 8);
    const { party, members: [a] } = makeParty(sim, [[1, 3]]);
    const none = forceDice(sim, []); // the blades at 4,3 reach 1 tile: nothing rolls
    stepOn(sim, a!, 2, 3);
    expect(none.left()).toBe(0);
    expect(spotBonus(sim, a!, sim.state.parts[other]!)).toBe(1 + 1); // learned +1 and the Caution it gained +1
    party.caution = 0;
    expect(spotBonus(sim, a!, sim.state.parts[other]!)).toBe(1);
    expect(spotBonus(sim, a!, sim.state.parts[sensor]!)).toBe(0);
    // In the roll: a 6 spots the other plate (6 + Tracking 1 + learned 1 = 8), where a new Peasant needs a 7.
    a!.x = 8; a!.y = 8;
    const dice = forceDice(sim, [6]);
    spottingRolls(sim, party, [a!]);
    expect(dice.left()).toBe(0);
    expect(knows(sim, a!, other)).toBe(true);
  });
});

describe("the live path: a party walking the corridor through sim.step()", () => {
  /**
   * A Peasant party of one at the corridor's mouth (1,3) walking to the sanctum (18,5); a plate at
   * 7,3 in the 1-wide corridor, wired to a dart launcher at 10,1 whose dart strikes the plate's
   * tile. Steps `ticks` ticks on `script` and returns the knowledge events and the trap's.
   */
  function walk(script: number[], ticks: number) {
    const sim = makeSim(CORRIDOR_MAP);
    const plate = placeBuilt(sim, "pressurePlate", 7, 3);
    const dart = placeBuilt(sim, "dartLauncher", 10, 1);
    wire(sim, [7, 3], [10, 3], [10, 1]);
    const { party, members: [a] } = makeParty(sim, [[1, 3]]);
    sim.drainEvents();
    const dice = forceDice(sim, script);
    const events = [];
    for (let t = 0; t < ticks; t++) {
      for (const e of sim.step()) if (["triggerSpotted", "triggerDefused", "trapFired", "trapResisted", "wound"].includes(e.type)) events.push(e);
    }
    return { sim, plate, dart, party, a: a!, dice, events };
  }

  it("KNOW-10, KNOW-19, KNOW-21, KNOW-24, KNOW-29: in the corridor it gains Caution, spots the plate 6 tiles ahead with it (6 + 1 + 1 = 8), loses it, then defuses the plate in its way (7 + Craft 1 = 8) and walks on", () => {
    const { sim, plate, party, a, dice, events } = walk([6, 7], 60);
    expect(dice.left()).toBe(0);
    expect(events).toEqual([
      { type: "triggerSpotted", partyId: party.id, unitId: a.id, triggerId: plate, x: 7, y: 3, tick: 1 },
      { type: "triggerDefused", partyId: party.id, unitId: a.id, triggerId: plate, success: true, tick: 21 },
    ]);
    expect(party.caution).toBe(0);
    expect(party.cautionLostBySpotting).toBe(true);
    expect(a.wounds).toEqual([]);
    expect(sim.state.parts[plate]?.needsRearm).toBe(true);
    expect([a.x, a.y]).toEqual([15, 5]); // past the defused plate, 60 ticks in
  });

  it("KNOW-10, KNOW-20, KNOW-27, KNOW-32: a failed spot (5 + 1 + 1 = 7): it steps on the plate, the dart strikes, its resist roll of 2 fails (even with its bonuses): a light torso wound", () => {
    const { sim, plate, dart, party, a, dice, events } = walk([5, RESIST_FAILS, TORSO], 60);
    expect(dice.left()).toBe(0);
    expect(events).toEqual([
      { type: "trapFired", triggerId: plate, mechanismId: dart, mechanism: "dartLauncher", x: 10, y: 1, byUnitId: a.id, victims: [a.id], tick: 30 },
      { type: "wound", targetId: a.id, sourceId: dart, severity: "light", location: "torso", woundPoints: 1, tick: 30 },
    ]);
    expect(party.spotRolls).toEqual([plate]);
    expect(party.caution).toBe(2);
    expect(a.wounds).toEqual([{ severity: "light", location: "torso", tick: 30 }]);
    expect(sim.state.knowledge[a.id]).toEqual({ known: [plate], spot: { pressurePlate: 1 }, block: { dartLauncher: 1 } });
    expect([a.x, a.y]).toEqual([13, 5]);
  });
});
