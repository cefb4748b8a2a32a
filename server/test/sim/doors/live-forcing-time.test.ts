import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { PICK_ROLL_TICKS } from "../../../src/sim/doors/forcing.ts";
import { adventurer, doorSim, forceDice, lock, party, theDoor } from "./helpers.ts";

/**
 * A Locksmith (always picks, DOOR-41) with Craft `craft` walks from (2, 2) to the locked door at
 * (6, 2) and picks it on three scripted failing rolls (natural 1s). Returns the first tick he is
 * `working` next to the door and the ticks at which each failure was counted.
 */
function pickTimes(craft: number): { startTick: number; ticks: number[]; left: number } {
  const sim = doorSim();
  lock(theDoor(sim));
  addUnit(sim, { kind: "master", x: 10, y: 2 });
  const smith = adventurer(sim, 2, 2, { traits: ["locksmith"], stats: { craft, combat: 2, tracking: 1, block: 0 } });
  sim.state.invasion.partyId = party(sim, [smith]).id;
  const dice = forceDice(sim, [1, 1, 1]);
  const ticks: number[] = [];
  let startTick = -1;
  let failures = 0;
  for (let i = 0; i < 400 && ticks.length < 3; i++) {
    sim.step();
    if (startTick < 0 && smith.activity === "working") startTick = sim.state.tick;
    const rec = Object.values(sim.state.doorMemory.forcing)[0];
    if (rec && rec.failures > failures) {
      failures = rec.failures;
      ticks.push(sim.state.tick);
    }
  }
  return { startTick, ticks, left: dice.left() };
}

const gaps = (ticks: number[]): number[] => ticks.slice(1).map((t, i) => t - ticks[i]!);

describe("pick roll time in play (DOOR-40)", () => {
  it("DOOR-40: the first pick roll comes 15 ticks after a Craft 6 Locksmith starts working at the door and 30 ticks after for Craft 3", () => {
    expect(PICK_ROLL_TICKS).toBe(30);
    const fast = pickTimes(6);
    const slow = pickTimes(3);
    expect([fast.left, slow.left]).toEqual([0, 0]);
    expect([fast.ticks[0]! - fast.startTick, slow.ticks[0]! - slow.startTick]).toEqual([15, 30]);
  });

  it("DOOR-40: later failed pick rolls come 15 ticks apart for Craft 6 and 30 for Craft 3", () => {
    expect([gaps(pickTimes(6).ticks), gaps(pickTimes(3).ticks)]).toEqual([[15, 15], [30, 30]]);
  });
});
