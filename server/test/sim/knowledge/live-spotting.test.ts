import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt } from "../traps/helpers.ts";
import { makeParty, makeSim } from "./helpers.ts";

/**
 * A built pressure plate at (6, 5) and a one-member party (a Peasant at (2, 5), 4 tiles away in
 * the open) whose Tracking is set to `tracking`; the simulation steps once (tick 1) on `script`.
 */
function spotStep(tracking: number, script: number[]) {
  const sim = makeSim();
  const plate = placeBuilt(sim, "pressurePlate", 6, 5);
  const { party, members: [a] } = makeParty(sim, [[2, 5]]);
  a!.stats.tracking = tracking;
  sim.drainEvents();
  const dice = forceDice(sim, script);
  const events: SimEvent[] = sim.step();
  return { plate, party, a: a!, events, left: dice.left() };
}

describe("spotting reads Tracking in play (KNOW-12)", () => {
  it("KNOW-12: the same d10 of 5 spots the plate at Tracking 3 (5 + 3 = 8 against concealment 3 + 5) and not at Tracking 1 (6)", () => {
    const keen = spotStep(3, [5]);
    expect(keen.events.filter((e) => e.type === "triggerSpotted")).toEqual([
      { type: "triggerSpotted", partyId: keen.party.id, unitId: keen.a.id, triggerId: keen.plate, x: 6, y: 5, tick: 1 },
    ]);
    expect([keen.party.spotRolls, keen.left]).toEqual([[keen.plate], 0]);
    const dull = spotStep(1, [5]);
    expect(dull.events.filter((e) => e.type === "triggerSpotted")).toEqual([]);
    // The roll is spent all the same: the plate is in the party's spotRolls.
    expect([dull.party.spotRolls, dull.left]).toEqual([[dull.plate], 0]);
  });
});
