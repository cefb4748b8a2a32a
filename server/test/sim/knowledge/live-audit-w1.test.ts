import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { CORRIDOR_MAP, twoTraps, RULESETS, checkDie, makeParty, makeSim } from "./helpers.ts";
import { DEFUSE_DIFFICULTY } from "../../../src/sim/knowledge/routing.ts";

/*
 * Audit a8-w8101 (issue 17): the sides of KNOW-19 and KNOW-38 the earlier live tests left out,
 * through `sim.step()` in rooms of each ruleset, dice forced (an empty script throws on any roll).
 */

describe.each(RULESETS.map((r) => [r]))("audit w1: knowledge in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-38 (${ruleset}): both ways: a sensor then a plate, both wired to blades: the Block bonus for blades grows to +2 while each trigger's spotting bonus stays +1; two sensors wired to blades then to a flame jet: the sensor spotting bonus grows to +2 while each Block bonus stays +1`, () => {
    expect(twoTraps(ruleset, ["sensor", "spinningBlades"], ["pressurePlate", "spinningBlades"])).toEqual([
      { spot: { sensor: 1 }, block: { spinningBlades: 1 } },
      { spot: { sensor: 1, pressurePlate: 1 }, block: { spinningBlades: 2 } },
    ]);
    expect(twoTraps(ruleset, ["sensor", "spinningBlades"], ["sensor", "flameJet"])).toEqual([
      { spot: { sensor: 1 }, block: { spinningBlades: 1 } },
      { spot: { sensor: 2 }, block: { spinningBlades: 1, flameJet: 1 } },
    ]);
  });

  it(`KNOW-19 (${ruleset}): a known plate or a known sensor blocking the 1-wide corridor at 4,3, wired to blades at 8,3: the member (Craft 1, the corridor's Caution +1) in front of it defuses it with the die that just reaches difficulty ${DEFUSE_DIFFICULTY} (it needs a rearm, nothing fires); one lower fails and sets the trap off (the blades fire, set off by the member)`, () => {
    const run = (kind: "pressurePlate" | "sensor", die: number) => {
      const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
      sim.state.pauseOnSpot = false;
      const trigger = placeBuilt(sim, kind, 4, 3);
      const blades = placeBuilt(sim, "spinningBlades", 8, 3);
      wire(sim, [4, 3], [8, 3]);
      const { members: [a] } = makeParty(sim, [[1, 3]]);
      a!.stats.craft = 1;
      sim.state.knowledge[a!.id]!.known.push(trigger); // it knows the trigger: no spotting roll
      const dice = forceDice(sim, [die]);
      const events: SimEvent[] = [];
      for (let i = 0; i < 100 && dice.left() > 0; i++) events.push(...sim.step());
      expect(dice.left()).toBe(0);
      expect([a!.x, a!.y]).toEqual([3, 3]); // in front of the trigger
      const defused = events.filter((e): e is Extract<SimEvent, { type: "triggerDefused" }> => e.type === "triggerDefused");
      const fired = events.filter((e): e is Extract<SimEvent, { type: "trapFired" }> => e.type === "trapFired");
      return {
        defused: defused.map((e) => [e.unitId === a!.id, e.triggerId === trigger, e.success]),
        fired: fired.map((e) => [e.triggerId === trigger, e.mechanismId === blades, e.byUnitId === a!.id, e.victims]),
        needsRearm: sim.state.parts[trigger]!.needsRearm,
      };
    };
    for (const kind of ["pressurePlate", "sensor"] as const) {
      expect([kind, run(kind, checkDie(ruleset, DEFUSE_DIFFICULTY, 1 + 1, true))]).toEqual([kind, { defused: [[true, true, true]], fired: [], needsRearm: true }]);
      expect([kind, run(kind, checkDie(ruleset, DEFUSE_DIFFICULTY, 1 + 1, false))]).toEqual([kind, { defused: [[true, true, false]], fired: [[true, true, true, []]], needsRearm: true }]);
    }
  });
});
