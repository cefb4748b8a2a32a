import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { CORRIDOR_MAP, OPEN_MAP, RULESETS, checkDie, darken, makeParty, makeSim } from "./helpers.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";

/*
 * Spotting, Trap Detection and the spotting bonuses through `sim.step()` in rooms of each ruleset.
 * The spotting check is the room's own (`checkDie` in ./helpers.ts gives the die that just reaches
 * or just misses it) against concealment 3; each test forces exactly the dice it expects, and a
 * roll too many runs the script out (throws), a roll too few leaves one (asserted).
 */

const spotted = (events: SimEvent[]) => events.filter((e) => e.type === "triggerSpotted") as Extract<SimEvent, { type: "triggerSpotted" }>[];
const know = (sim: Simulation, u: UnitRecord) => sim.state.knowledge[u.id];

/** Steps `n` ticks and returns every event. */
function stepN(sim: Simulation, n: number): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < n; i++) out.push(...sim.step());
  return out;
}

describe.each(RULESETS.map((r) => [r]))("spotting in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-02, KNOW-05, KNOW-07, KNOW-10, KNOW-11, KNOW-42, KNOW-43 (${ruleset}): of three members seeing a plate 5 tiles off, the highest Tracking (the Scout's 3) rolls once, before anyone steps on it; the spotter and every adventurer within 10 of it learn where it is, nothing more, whatever their party; a fourth member 12 tiles off does not`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 9, 5);
    const { party, members: all } = makeParty(sim, [[4, 5], [4, 6], [4, 4], [16, 9]], ["Peasant", "Scout", "Warrior", "Peasant"]);
    all.forEach((m, i) => { m.stats.tracking = i === 1 ? 3 : 1; });
    const members = all.slice(0, 3);
    const distant = all[3]!; // 12 tiles from the Scout, 7 from the plate: it sees nothing and is told nothing
    const scout = members[1]!;
    // Another party: one member 5 tiles from the Scout, one 12 tiles off; both more than 6 from the plate (no roll of their own).
    const { members: [near, far] } = makeParty(sim, [[1, 1], [16, 1]]);
    // The die that just reaches 3 + concealment with the Scout's Tracking 3 falls short with Tracking 1.
    const die = checkDie(ruleset, TRIGGER_CONCEALMENT, 3, true);
    expect(die).toBeLessThan(checkDie(ruleset, TRIGGER_CONCEALMENT, 1, true));
    const dice = forceDice(sim, [die]);
    const events = sim.step();
    expect(dice.left()).toBe(0);
    expect(spotted(events)).toEqual([{ type: "triggerSpotted", partyId: party.id, unitId: scout.id, triggerId: plate, x: 9, y: 5, tick: 1 }]);
    expect(party.spotRolls).toEqual([plate]);
    expect(members.every((m) => m.x < 9)).toBe(true); // nobody has reached the plate (KNOW-10)
    expect([...members, near!, far!, distant].map((u) => know(sim, u)!.known)).toEqual([[plate], [plate], [plate], [plate], [], []]);
    for (const u of [...members, near!]) expect(know(sim, u)).toEqual({ known: [plate], spot: {}, block: {} }); // KNOW-42, KNOW-43: the place only, no spotting or Block bonus
  });

  it(`KNOW-08, KNOW-09, KNOW-42 (${ruleset}): a Rogue's Trap Detection shows its whole party every built part within 7 tiles of it (8: not), with no roll and no bonus; an adventurer of another party beside it learns nothing`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 9, 5);
    const blades = placeBuilt(sim, "spinningBlades", 9, 8);
    const farPlate = placeBuilt(sim, "pressurePlate", 10, 1);
    const { members: [rogue, mate] } = makeParty(sim, [[2, 5], [17, 9]], ["Rogue", "Warrior"]);
    const { members: [stranger] } = makeParty(sim, [[2, 7]]);
    const dice = forceDice(sim, []); // no roll: everyone is 7 or more tiles from each trigger
    sim.step();
    expect(dice.left()).toBe(0);
    expect([rogue!.x, rogue!.y]).toEqual([2, 5]); // the first step has not moved it yet: 7 tiles to the plate and the blades, 8 to the far plate
    expect(know(sim, rogue!)).toEqual({ known: [plate, blades], spot: {}, block: {} });
    expect(know(sim, mate!)).toEqual({ known: [plate, blades], spot: {}, block: {} }); // 15 tiles away, same party
    expect(know(sim, stranger!)!.known).toEqual([]);
    expect(farPlate).not.toBe(plate);
  });

  it(`KNOW-12 (${ruleset}): the same die that spots a plate 4 tiles off at Tracking 3 misses it at Tracking 1`, () => {
    const run = (tracking: number): number => {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      placeBuilt(sim, "pressurePlate", 6, 5);
      const { party, members: [a] } = makeParty(sim, [[2, 5]]);
      a!.stats.tracking = tracking;
      const dice = forceDice(sim, [checkDie(ruleset, TRIGGER_CONCEALMENT, 3, true)]);
      const n = spotted(sim.step()).length;
      expect([dice.left(), party.spotRolls?.length]).toEqual([0, 1]);
      return n;
    };
    expect([run(3), run(1)]).toEqual([1, 0]);
  });

  it(`KNOW-13, KNOW-14 (${ruleset}): the same die spots a Shoddy plate (+2) and not a normal one; in the dark (−2) the die must be 2 higher`, () => {
    const run = (quality: "shoddy" | "normal", dark: boolean, die: number): boolean => {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      const plate = placeBuilt(sim, "pressurePlate", 6, 5);
      sim.state.parts[plate]!.quality = quality;
      if (dark) darken(sim, 6, 5);
      const { members: [a] } = makeParty(sim, [[2, 5]]);
      a!.stats.tracking = 1;
      const dice = forceDice(sim, [die]);
      const events = sim.step();
      expect(dice.left()).toBe(0);
      return spotted(events).length === 1 && know(sim, a!)!.known.includes(plate);
    };
    const shoddy = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 + 2, true);
    expect([run("shoddy", false, shoddy), run("normal", false, shoddy)]).toEqual([true, false]);
    const dark = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 - 2, true);
    const darkMiss = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 - 2, false);
    expect([run("normal", true, dark), run("normal", true, darkMiss), run("normal", false, darkMiss)]).toEqual([true, false, true]);
  });

  it(`KNOW-15, KNOW-16 (${ruleset}): a party that fails its roll for a plate never rolls for it again while its members walk in sight of it; another party rolls for itself`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 6, 1);
    const { party, members } = makeParty(sim, [[3, 2], [3, 3]]);
    for (const m of members) m.stats.tracking = 1;
    const dice = forceDice(sim, [checkDie(ruleset, TRIGGER_CONCEALMENT, 1, false)]); // one failed roll; a second would run the script out
    let ticksInSight = 0;
    for (let i = 0; i < 30; i++) {
      sim.step();
      if (members.some((m) => Math.max(Math.abs(m.x - 6), Math.abs(m.y - 1)) <= 6)) ticksInSight++;
    }
    expect(dice.left()).toBe(0);
    expect(ticksInSight).toBe(23); // walking south-east to the sanctum, they stay within 6 tiles of it for 23 ticks: 22 after the roll
    expect(party.spotRolls).toEqual([plate]);
    expect(members.map((m) => know(sim, m)!.known)).toEqual([[], []]);
    const { party: other, members: [b] } = makeParty(sim, [[3, 1]]);
    b!.stats.tracking = 1;
    const again = forceDice(sim, [checkDie(ruleset, TRIGGER_CONCEALMENT, 1, true)]);
    const events = sim.step();
    expect(again.left()).toBe(0);
    expect(spotted(events).map((e) => [e.partyId, e.unitId])).toEqual([[other.id, b!.id]]);
  });

  it(`KNOW-24, KNOW-29 (${ruleset}): Caution from the 1-wide corridor adds +1 to the spotting roll of its first step (the die that falls short at Tracking 1 spots), and spotting then takes the Caution away`, () => {
    const die = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 + 1, true);
    expect(die).toBeLessThan(checkDie(ruleset, TRIGGER_CONCEALMENT, 1, true));
    // In the corridor (1,3; a plate 6 tiles ahead at 7,3, wired to nothing): Caution +1, spotted.
    const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 7, 3);
    const { party, members: [a] } = makeParty(sim, [[1, 3]]);
    a!.stats.tracking = 1;
    const dice = forceDice(sim, [die]);
    const events = sim.step();
    expect(dice.left()).toBe(0);
    expect(spotted(events).map((e) => [e.unitId, e.triggerId])).toEqual([[a!.id, plate]]);
    expect([party.caution, party.cautionLostBySpotting]).toEqual([0, true]);
    // In the open room (no Caution) the same die misses the same plate 6 tiles off.
    const open = makeSim(OPEN_MAP, 7, ruleset);
    placeBuilt(open, "pressurePlate", 8, 5);
    const { party: p2, members: [b] } = makeParty(open, [[2, 5]]);
    b!.stats.tracking = 1;
    const d2 = forceDice(open, [die]);
    expect(spotted(open.step())).toEqual([]);
    expect([d2.left(), p2.caution]).toEqual([0, 0]);
  });

  it(`KNOW-44 (${ruleset}): a member with a learned +1 for plates and the party's Caution +1 rolls with both: the die that just reaches it with Tracking 1 + 2 spots, one lower does not`, () => {
    const run = (die: number) => {
      const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
      const plate = placeBuilt(sim, "pressurePlate", 7, 3);
      const { party, members: [a] } = makeParty(sim, [[1, 3]]);
      a!.stats.tracking = 1;
      sim.state.knowledge[a!.id]!.spot.pressurePlate = 1; // learned from a plate set off before (KNOW-34)
      const dice = forceDice(sim, [die]);
      const events = sim.step();
      expect(dice.left()).toBe(0);
      expect(party.spotRolls).toEqual([plate]);
      return spotted(events).length;
    };
    expect([run(checkDie(ruleset, TRIGGER_CONCEALMENT, 3, true)), run(checkDie(ruleset, TRIGGER_CONCEALMENT, 3, false))]).toEqual([1, 0]);
  });
});

/**
 * A Peasant (Tracking 1, a learned +1 for plates, its party's Caution 2) at 4,5; a gas jet at 4,7
 * wired to a lever; a plate at 9,5, 5 tiles off. When `gas`, the keeper pulls the lever first
 * (the jet's cloud, radius 2, covers the Peasant; the jet's own harm draws from the seed); then
 * one step with the spotting die `die` forced. Returns whether the plate was spotted. Under d100
 * the Peasant gets 100 HP so that the jet's harm leaves it standing.
 */
function spotIn(ruleset: RulesetId, gas: boolean, die: number): boolean {
  const sim = makeSim(OPEN_MAP, 7, ruleset);
  const lever = placeBuilt(sim, "lever", 12, 9);
  placeBuilt(sim, "gasJet", 4, 7);
  wire(sim, [12, 9], [4, 9], [4, 7]);
  const plate = placeBuilt(sim, "pressurePlate", 9, 5);
  const { party, members: [a] } = makeParty(sim, [[4, 5]]);
  a!.stats.tracking = 1;
  party.caution = 2;
  sim.state.knowledge[a!.id]!.spot.pressurePlate = 1;
  if (ruleset === "d100") { const sheet = d100Of(a!); sheet.hp = sheet.maxHp = 100; } // a level-0 Peasant's few HP would fall to the jet's poison
  if (gas) {
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    expect(Object.values(sim.state.effects).map((e) => e.kind)).toEqual(["gas"]);
  }
  const dice = forceDice(sim, [die]);
  const events = sim.step();
  expect(dice.left()).toBe(0);
  expect([a!.x, a!.y]).toEqual([4, 5]);
  expect(party.spotRolls).toEqual([plate]);
  expect(sim.state.knowledge[a!.id]!.spot).toEqual({ pressurePlate: 1 });
  return spotted(events).length === 1;
}

describe.each(RULESETS.map((r) => [r]))("spotting from inside a gas cloud (%s)", (ruleset: RulesetId) => {
  it(`KNOW-45, KNOW-46 (${ruleset}): in the gas the roll counts Tracking 1 + the learned +1 only (the die that just reaches that spots, one lower misses); out of it the Caution +2 counts too (that lower die spots)`, () => {
    const withLearned = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 + 1, true);
    const short = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 + 1, false);
    expect([spotIn(ruleset, true, withLearned), spotIn(ruleset, true, short), spotIn(ruleset, false, short)]).toEqual([true, false, true]);
  });
});
