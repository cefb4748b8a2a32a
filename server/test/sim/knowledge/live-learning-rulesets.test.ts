import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { CORRIDOR_MAP, twoTraps, OPEN_MAP, RULESETS, checkDie, makeParty, makeSim } from "./helpers.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";
import { TRAP_RESIST_DIFFICULTY } from "../../../src/sim/combat/ruleset.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";

/*
 * Learning from traps set off, through `sim.step()` in rooms of each ruleset. A party of two
 * Peasants walks from the corridor's mouth (1,3) along the corridor, then 9,4, 10,5 and row 5 to
 * the sanctum (18,5). Two plates lie on that way, at 10,5 and 14,5, each wired up a column to
 * spinning blades 4 tiles north (10,1 and 14,1): the blades reach 1 tile and nobody stands there,
 * so no harm is rolled. The party's spotting rolls are forced to natural 1s (a sure miss in every
 * ruleset), so it walks onto both plates.
 */
type Fired = Extract<SimEvent, { type: "trapFired" }>;
const fired = (events: SimEvent[]) => events.filter((e): e is Fired => e.type === "trapFired");

describe.each(RULESETS.map((r) => [r]))("learning from traps in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-04, KNOW-27, KNOW-32, KNOW-33, KNOW-34, KNOW-37, KNOW-39, KNOW-40 (${ruleset}): each plate set off teaches the two setters and a conscious adventurer of another party within 10 tiles a +1 to spot plates and a +1 to Block blades, +2 the second time; an unconscious one 3 tiles off learns nothing; Caution goes 1 (corridor) → 2`, () => {
    const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const p1 = placeBuilt(sim, "pressurePlate", 10, 5);
    const b1 = placeBuilt(sim, "spinningBlades", 10, 1);
    wire(sim, [10, 5], [10, 1]);
    const p2 = placeBuilt(sim, "pressurePlate", 14, 5);
    const b2 = placeBuilt(sim, "spinningBlades", 14, 1);
    wire(sim, [14, 5], [14, 1]);
    const { party, members: [a, b] } = makeParty(sim, [[1, 3], [1, 3]]);
    // Another party: a sleeper 3 tiles from the first plate, and a watcher at 17,1 who already
    // knows where both plates are (so it makes no spotting roll of its own).
    const { members: [sleeper, watcher] } = makeParty(sim, [[12, 2], [17, 1]]);
    sleeper!.activity = "unconscious";
    sim.state.knowledge[watcher!.id]!.known.push(p1, p2);
    const dice = forceDice(sim, [1, 1]); // the party's two spotting rolls, one per plate
    const fired: Fired[] = [];
    const after: Record<string, unknown>[] = [];
    for (let i = 0; i < 200 && fired.length < 2; i++) {
      for (const e of sim.step()) {
        if (e.type !== "trapFired") continue;
        fired.push(e);
        after.push({ caution: party.caution, a: structuredClone(sim.state.knowledge[a!.id]), watcher: structuredClone(sim.state.knowledge[watcher!.id]), sleeper: structuredClone(sim.state.knowledge[sleeper!.id]) });
      }
    }
    expect(dice.left()).toBe(0);
    expect(party.spotRolls).toEqual([p1, p2]);
    expect(fired.map((e) => [e.triggerId, e.mechanismId, e.victims])).toEqual([[p1, b1, []], [p2, b2, []]]);
    expect([a!.id, b!.id]).toContain(fired[0]!.byUnitId);
    expect(after[0]).toEqual({
      caution: 2,
      a: { known: [p1], spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } },
      watcher: { known: [p1, p2], spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } },
      sleeper: { known: [], spot: {}, block: {} },
    });
    expect(after[1]).toMatchObject({
      caution: 2,
      a: { known: [p1, p2], spot: { pressurePlate: 2 }, block: { spinningBlades: 2 } },
      watcher: { spot: { pressurePlate: 2 }, block: { spinningBlades: 2 } },
    });
    expect(sim.state.knowledge[b!.id]).toEqual(sim.state.knowledge[a!.id]);
    // KNOW-04: it still remembers both plates as it walks on, 8 tiles or more from the first.
    let farTicks = 0;
    for (let i = 0; i < 60; i++) {
      sim.step();
      if (Math.max(Math.abs(a!.x - 10), Math.abs(a!.y - 5)) >= 8) {
        farTicks++;
        expect(sim.state.knowledge[a!.id]!.known).toEqual([p1, p2]);
      }
    }
    expect(farTicks).toBe(5); // on 5 of the 60 steps it stands 8 tiles or more from the first plate
  });

  it(`KNOW-06, KNOW-20, KNOW-32 (${ruleset}): in the open room (no Caution yet) a Peasant walks onto a plate it failed to spot; its party gains Caution 1, and an adventurer of another party who also missed it, 6 tiles off, learns where it is and the two bonuses`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plate = placeBuilt(sim, "pressurePlate", 10, 10);
    const blades = placeBuilt(sim, "spinningBlades", 10, 6);
    wire(sim, [10, 10], [10, 6]);
    const { party, members: [a] } = makeParty(sim, [[3, 10]]);
    const { party: other, members: [stranger] } = makeParty(sim, [[16, 4]]);
    const dice = forceDice(sim, [1, 1]); // each party's spotting roll for the plate: natural 1s, sure misses
    const fired: Fired[] = [];
    let cautionBefore = -1;
    for (let i = 0; i < 200 && fired.length === 0; i++) {
      cautionBefore = party.caution ?? 0;
      for (const e of sim.step()) if (e.type === "trapFired") fired.push(e);
    }
    expect(dice.left()).toBe(0);
    expect([party.spotRolls, other.spotRolls]).toEqual([[plate], [plate]]);
    expect(fired.map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims])).toEqual([[plate, blades, a!.id, []]]);
    expect([cautionBefore, party.caution, other.caution]).toEqual([0, 1, 0]);
    expect(Math.max(Math.abs(stranger!.x - 10), Math.abs(stranger!.y - 10))).toBeLessThanOrEqual(10);
    for (const u of [a, stranger]) expect(sim.state.knowledge[u!.id]).toEqual({ known: [plate], spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } });
  });

  it(`KNOW-35, KNOW-36 (${ruleset}): a tripwire then a wide tripwire set off count as one trigger type (+1, then +2 for tripwires); a tripwire then a plate, and a plate then a sensor, are two types each (+1 each)`, () => {
    expect(twoTraps(ruleset, ["tripwire", "spinningBlades"], ["wideTripwire", "spinningBlades"])).toEqual([
      { spot: { tripwire: 1 }, block: { spinningBlades: 1 } },
      { spot: { tripwire: 2 }, block: { spinningBlades: 2 } },
    ]);
    expect(twoTraps(ruleset, ["tripwire", "spinningBlades"], ["pressurePlate", "spinningBlades"])).toEqual([
      { spot: { tripwire: 1 }, block: { spinningBlades: 1 } },
      { spot: { tripwire: 1, pressurePlate: 1 }, block: { spinningBlades: 2 } },
    ]);
    expect(twoTraps(ruleset, ["pressurePlate", "spinningBlades"], ["sensor", "spinningBlades"])).toEqual([
      { spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } },
      { spot: { pressurePlate: 1, sensor: 1 }, block: { spinningBlades: 2 } },
    ]);
  });

  it(`KNOW-38 (${ruleset}): two sensors wired to blades and to a flame jet: the sensor spotting bonus grows to +2 while each mechanism's Block bonus stays +1`, () => {
    expect(twoTraps(ruleset, ["sensor", "spinningBlades"], ["sensor", "flameJet"])).toEqual([
      { spot: { sensor: 1 }, block: { spinningBlades: 1 } },
      { spot: { sensor: 2 }, block: { spinningBlades: 1, flameJet: 1 } },
    ]);
  });

  it(`KNOW-41 (${ruleset}): a third plate wired to blades, set off after two others, leaves both bonuses at +2`, () => {
    const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    placeBuilt(sim, "pressurePlate", 4, 3); placeBuilt(sim, "spinningBlades", 8, 3); wire(sim, [4, 3], [8, 3]);
    placeBuilt(sim, "pressurePlate", 10, 5); placeBuilt(sim, "spinningBlades", 10, 1); wire(sim, [10, 5], [10, 1]);
    placeBuilt(sim, "pressurePlate", 14, 5); placeBuilt(sim, "spinningBlades", 14, 1); wire(sim, [14, 5], [14, 1]);
    const { members: [a] } = makeParty(sim, [[1, 3]]);
    const dice = forceDice(sim, [1, 1, 1]); // its three spotting rolls, natural 1s
    const after: unknown[] = [];
    for (let i = 0; i < 300 && after.length < 3; i++) {
      for (const e of sim.step()) if (e.type === "trapFired") after.push(structuredClone({ spot: sim.state.knowledge[a!.id]!.spot, block: sim.state.knowledge[a!.id]!.block }));
    }
    expect(dice.left()).toBe(0);
    expect(after).toEqual([
      { spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } },
      { spot: { pressurePlate: 2 }, block: { spinningBlades: 2 } },
      { spot: { pressurePlate: 2 }, block: { spinningBlades: 2 } },
    ]);
  });

  it(`KNOW-51, KNOW-44 (${ruleset}): after setting off one plate, the Peasant spots another plate it sees later with Tracking 1 + the learned +1 + the Caution +1: the die that just reaches that spots, one lower misses`, () => {
    const run = (die: number): number => {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      sim.state.pauseOnSpot = false;
      const first = placeBuilt(sim, "pressurePlate", 6, 10);
      placeBuilt(sim, "spinningBlades", 6, 6);
      wire(sim, [6, 10], [6, 6]);
      const other = placeBuilt(sim, "pressurePlate", 17, 5); // 14 tiles off at first, seen from x = 11
      const { members: [a] } = makeParty(sim, [[3, 10]]);
      a!.stats.tracking = 1;
      const dice = forceDice(sim, [1, die]); // the first plate missed (natural 1); then the other plate's roll
      const events: SimEvent[] = [];
      for (let i = 0; i < 200 && dice.left() > 0; i++) events.push(...sim.step());
      expect(dice.left()).toBe(0);
      expect(sim.state.knowledge[a!.id]!.spot).toEqual({ pressurePlate: 1 });
      expect(fired(events).map((e) => e.triggerId)).toEqual([first]);
      return events.filter((e) => e.type === "triggerSpotted" && e.triggerId === other).length;
    };
    expect([run(checkDie(ruleset, TRIGGER_CONCEALMENT, 3, true)), run(checkDie(ruleset, TRIGGER_CONCEALMENT, 3, false))]).toEqual([1, 0]);
  });

  it(`KNOW-26, KNOW-37, KNOW-44 (${ruleset}): a Peasant walks onto a plate whose dart strikes it; it resists with Block 0 + the dart Block +1 it has just learned + the Caution +1 it has just gained: the die that just reaches difficulty ${TRAP_RESIST_DIFFICULTY} resists, and the harm is lessened`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plate = placeBuilt(sim, "pressurePlate", 6, 10);
    const dart = placeBuilt(sim, "dartLauncher", 6, 6);
    wire(sim, [6, 10], [6, 6]);
    const { members: [a] } = makeParty(sim, [[3, 10]]);
    a!.stats.block = 0;
    if (ruleset === "d100") { const sheet = d100Of(a!); sheet.hp = sheet.maxHp = 100; }
    if (ruleset === "d20") { const sheet = d20Of(a!); sheet.hp = sheet.maxHp = 100; }
    // The spotting roll (natural 1: missed), the resist roll, then the lessened harm: malignus none
    // (a light wound resisted is no wound), d20 the dart's 1d10 (8, halved to 4), d100 its 10..35 (20, halved to 10).
    const resist = checkDie(ruleset, TRAP_RESIST_DIFFICULTY, 2, true);
    const harm = ruleset === "malignus" ? [] : ruleset === "d20" ? [8] : [20];
    const dice = forceDice(sim, [1, resist, ...harm]);
    const events: SimEvent[] = [];
    for (let i = 0; i < 100 && dice.left() > 0; i++) events.push(...sim.step());
    events.push(...sim.step());
    expect(dice.left()).toBe(0);
    expect(fired(events).map((e) => [e.triggerId, e.mechanismId, e.victims])).toEqual([[plate, dart, [a!.id]]]);
    expect(events.filter((e) => e.type === "trapResisted")).toMatchObject([{ unitId: a!.id, roll: resist, bonus: 2 }]);
    if (ruleset === "malignus") expect(a!.wounds).toEqual([]);
    else expect(events.filter((e) => e.type === "damaged").map((e) => (e as { amount: number }).amount)).toEqual([ruleset === "d20" ? 4 : 10]);
  });
});
