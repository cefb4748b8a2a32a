import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { doorSim, forceDice, run, theDoor } from "./helpers.ts";

/*
 * Audit a8-x6, DOOR-26 with a lever (the plate, tripwire and sensor branches are in
 * live-door-states-rulesets and live-doors-s8): a lever at 3,3 wired to the normal door (not held
 * open) through `sim.step()` and the keeper's `pullLever` / `resetLever` commands, in rooms of each ruleset; no die.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("audit x6: a normal door closes when its lever is deactivated (%s)", (ruleset: RulesetId) => {
  it(`DOOR-26 (${ruleset}): the keeper pulls the lever: the normal door opens and is still open 600 ticks later; reset by the keeper (deactivated), the door closes by itself on the next tick`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = theDoor(sim);
    const lever = placeBuilt(sim, "lever", 3, 3);
    wire(sim, [3, 3], [3, 2], [6, 2]);
    const dice = forceDice(sim, []);
    run(sim, 1);
    expect([door.heldOpen, door.triggerIds, door.open]).toEqual([false, [lever], false]);
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    run(sim, 600);
    expect([sim.state.parts[lever]!.active, door.triggered, door.open]).toEqual([true, true, true]);
    expect(sim.apply({ type: "pullLever", partId: lever })).toMatchObject({ ok: false, code: "LEVER_ALREADY_ACTIVE" }); // still active (DOOR-23)
    expect(sim.apply({ type: "resetLever", partId: lever })).toEqual({ ok: true });
    run(sim, 1);
    expect([sim.state.parts[lever]!.active, door.triggered, door.open, dice.left()]).toEqual([false, false, false, 0]);
  });
});
