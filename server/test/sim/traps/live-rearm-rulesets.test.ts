import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { REARM_DIFFICULTY } from "../../../src/sim/traps/rearm.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { adventurer, forceDice, makeSim, placeBuilt, wire } from "./helpers.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";

/*
 * The rearm rules through `sim.step()` in rooms of each ruleset: the rearm is the room's own check
 * (`checkDie` gives the die that just reaches or just misses REARM_DIFFICULTY 1 with the minion's
 * Craft 2); a natural 1 is the critical failure in all three (d100: a fumble, 1 to 5); the 50%
 * draw that follows is a d100, 50 or less fires, above rigs.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** The blades' harm on the minion beside them: malignus a hit location (50, the torso), d20 2d8 (4 and 4), d100 a roll in 20..60 (20). */
const BLADES_HARM: Record<RulesetId, number[]> = { malignus: [50], d20: [4, 4], d100: [20] };
/**
 * What those dice do to the minion (TRAP-37): malignus a serious torso wound; d20 8 slashing
 * (4 + 4), which leaves it at 2 HP and is recorded as a critical torso wound; d100 20 slashing with a
 * serious torso wound.
 */
const BLADES_HIT: Record<RulesetId, Record<string, unknown>[]> = {
  malignus: [{ type: "wound", severity: "serious", location: "torso", woundPoints: 2 }],
  d20: [{ type: "damaged", amount: 8, damageType: "slashing", hp: 2 }, { type: "wound", severity: "critical", location: "torso" }],
  d100: [{ type: "damaged", amount: 20, damageType: "slashing", hp: 40 }, { type: "wound", severity: "serious", location: "torso" }],
};

/** A plate at 2,2 wired to blades at 8,2, both built at tick 0; a Trapping minion (Craft 2) at 9,2. */
function setup(ruleset: RulesetId) {
  const sim = makeSim(7, ruleset);
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  const plate = placeBuilt(sim, "pressurePlate", 2, 2);
  const blades = placeBuilt(sim, "spinningBlades", 8, 2);
  wire(sim, [2, 2], [8, 2]);
  const minion = addUnit(sim, { kind: "minion", x: 9, y: 2, job: "trapping" });
  minion.stats.craft = 2;
  sim.drainEvents();
  return { sim, plate, blades, minion };
}

type Rearmed = Extract<SimEvent, { type: "partRearmed" }>;
/** Steps until `n` partRearmed events (at most 2000 ticks); returns every event. */
function untilRearms(sim: ReturnType<typeof makeSim>, n: number): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < 2000 && out.filter((e) => e.type === "partRearmed").length < n; i++) out.push(...sim.step());
  return out;
}

describe.each(RULESETS.map((r) => [r]))("rearming in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-32, TRAP-34, TRAP-35 (${ruleset}): after an adventurer sets the trap off, the Trapping minion rearms each part with its own roll: the blades' first roll just misses, its second and the plate's just reach`, () => {
    const { sim, plate, blades, minion } = setup(ruleset);
    minion.x = 14; // out of the blades' reach when they fire
    const walker = adventurer(sim, 2, 5);
    walkTo(sim, walker, { x: 2, y: 1 });
    const quiet = forceDice(sim, []);
    const fired: SimEvent[] = [];
    for (let i = 0; i < 100 && fired.length === 0; i++) for (const e of sim.step()) if (e.type === "trapFired") fired.push(e);
    expect(quiet.left()).toBe(0);
    quiet.release();
    expect(fired).toMatchObject([{ triggerId: plate, mechanismId: blades, byUnitId: walker.id, victims: [] }]);
    expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([true, true]);
    walker.activity = "left"; // it leaves the map: no fight draws dice while the minion works
    const miss = checkDie(ruleset, REARM_DIFFICULTY, 2, false), hit = checkDie(ruleset, REARM_DIFFICULTY, 2, true);
    const dice = forceDice(sim, [miss, hit, hit]);
    const rearms = untilRearms(sim, 3).filter((e): e is Rearmed => e.type === "partRearmed");
    expect(dice.left()).toBe(0);
    expect(rearms.map((e) => [e.partId, e.byUnitId, e.outcome, e.roll])).toEqual([
      [blades, minion.id, "failed", miss], [blades, minion.id, "rearmed", hit], [plate, minion.id, "rearmed", hit],
    ]);
    expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([false, false]);
  });

  it(`TRAP-36, TRAP-37, TRAP-38 (${ruleset}): a natural 1 on the blades' rearm, then 50 on the 50% draw: the trap fires at once, hits the minion beside the blades, and the blades still need a rearm`, () => {
    const { sim, plate, blades, minion } = setup(ruleset);
    sim.state.parts[blades]!.needsRearm = true;
    const dice = forceDice(sim, [1, 50, ...BLADES_HARM[ruleset]]);
    const events = untilRearms(sim, 1);
    expect(dice.left()).toBe(0);
    const rearm = events.find((e): e is Rearmed => e.type === "partRearmed")!;
    expect([rearm.partId, rearm.outcome, rearm.roll, rearm.riggedTriggerId]).toEqual([blades, "fired", 1, null]);
    expect(events.filter((e) => e.type === "trapFired")).toMatchObject([{ triggerId: plate, mechanismId: blades, byUnitId: null, victims: [minion.id], tick: rearm.tick }]);
    expect(events.filter((e) => (e.type === "wound" || e.type === "damaged") && (e as { targetId: string }).targetId === minion.id))
      .toMatchObject(BLADES_HIT[ruleset].map((h) => ({ ...h, sourceId: blades, tick: rearm.tick })));
    expect(sim.state.parts[blades]!.needsRearm).toBe(true);
  });

  it(`TRAP-36, TRAP-39 (${ruleset}): a natural 1 on the blades' rearm, then 51 on the draw: the plate (the trap's trigger) is rigged against everyone but that minion, and nothing fires`, () => {
    const { sim, plate, blades, minion } = setup(ruleset);
    sim.state.parts[blades]!.needsRearm = true;
    const dice = forceDice(sim, [1, 51]);
    const events = untilRearms(sim, 1);
    expect(dice.left()).toBe(0);
    const rearm = events.find((e): e is Rearmed => e.type === "partRearmed")!;
    expect([rearm.partId, rearm.outcome, rearm.roll, rearm.riggedTriggerId]).toEqual([blades, "rigged", 1, plate]);
    expect(sim.state.parts[plate]!.riggedBy).toBe(minion.id);
    expect(events.filter((e) => e.type === "trapFired")).toEqual([]);
  });

  it(`TRAP-43 (${ruleset}): the rigged plate, once it needs a rearm, is rearmed by the Trapping minion through steps and is normal again`, () => {
    const { sim, plate, blades, minion } = setup(ruleset);
    sim.state.parts[blades]!.needsRearm = true;
    const rig = forceDice(sim, [1, 51]);
    untilRearms(sim, 1);
    expect([rig.left(), sim.state.parts[plate]!.riggedBy, sim.state.parts[blades]!.needsRearm]).toEqual([0, minion.id, false]); // the rigged outcome leaves the blades armed
    sim.state.parts[plate]!.needsRearm = true; // as when its 2 days run out or it is used
    const dice = forceDice(sim, [checkDie(ruleset, REARM_DIFFICULTY, 2, true)]);
    const rearms = untilRearms(sim, 1).filter((e): e is Rearmed => e.type === "partRearmed");
    expect(dice.left()).toBe(0);
    expect(rearms.map((e) => [e.partId, e.byUnitId, e.outcome])).toEqual([[plate, minion.id, "rearmed"]]);
    expect([sim.state.parts[plate]!.riggedBy, sim.state.parts[plate]!.needsRearm]).toEqual(["", false]);
  });

  it(`TRAP-44, TRAP-45 (${ruleset}): on a lever trap a natural 1 always fires (no 50% draw is made) and the lever is never rigged`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const lever = placeBuilt(sim, "lever", 2, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [8, 2]);
    const minion = addUnit(sim, { kind: "minion", x: 12, y: 2, job: "trapping" });
    sim.state.parts[blades]!.needsRearm = true;
    // The natural 1, then the blades' harm on the minion beside them: a 50% draw would eat a harm die and run the script out.
    const dice = forceDice(sim, [1, ...BLADES_HARM[ruleset]]);
    const events = untilRearms(sim, 1);
    expect(dice.left()).toBe(0);
    const rearm = events.find((e): e is Rearmed => e.type === "partRearmed")!;
    expect([rearm.outcome, rearm.riggedTriggerId]).toEqual(["fired", null]);
    expect(events.filter((e) => e.type === "trapFired")).toMatchObject([{ triggerId: lever, mechanismId: blades, victims: [minion.id] }]);
    expect(sim.state.parts[lever]!.riggedBy).toBe("");
  });
});
