import { describe, expect, it } from "vitest";
import { forceDice, placeBuilt } from "../traps/helpers.ts";
import { OPEN_MAP, RULESETS, makeParty, makeSim } from "./helpers.ts";

/*
 * Audit s10-b (issue 17): KNOW-04 from afar. An adventurer's route weighs every trigger it knows,
 * however far away: the earlier live tests only had knowers within 10 tiles of the trigger, so a
 * route that forgot triggers more than 10 tiles off passed them. Through `sim.step()` in a room of
 * each ruleset; no die (the plate is known, so the party makes no spotting roll for it).
 */
describe.each(RULESETS)("KNOW-04: a trigger known from afar (%s)", (ruleset) => {
  it(`KNOW-04 (${ruleset}): an adventurer 12 tiles west of a plate it knows (at 14,10) walks east to 16,10 by row 9 from its first step, round the plate, never on 14,10`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plate = placeBuilt(sim, "pressurePlate", 14, 10); // wired to nothing (TRAP-10)
    const { members: [knower] } = makeParty(sim, [[2, 10]]);
    sim.state.knowledge[knower!.id]!.known.push(plate);
    const dice = forceDice(sim, []);
    const trace: string[] = [];
    for (let i = 0; i < 400 && knower!.x < 16; i++) {
      sim.step();
      const t = `${knower!.x},${knower!.y}`;
      if (trace.at(-1) !== t) trace.push(t);
    }
    expect(dice.left()).toBe(0);
    const row = (xs: number[], y: number) => xs.map((x) => `${x},${y}`);
    expect(trace).toEqual(["2,10", ...row([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], 9), "15,10", "16,10"]);
  });
});
