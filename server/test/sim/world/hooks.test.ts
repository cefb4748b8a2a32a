import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/simulation.ts";
import { stepMovement, walkTo } from "../../../src/sim/world/movement.ts";
import { createWorldHooks } from "../../../src/sim/world/hooks.ts";
import { onUnitEntersTile } from "../../../src/sim/traps/firing.ts";
import { activateDoorTrigger, blockedByDoor } from "../../../src/sim/doors/doors.ts";
import { onMerchantEntersTile } from "../../../src/sim/merchants/merchants.ts";
import { adventurer, makeSim } from "../traps/helpers.ts";

/**
 * world/ is the ground floor (issue 15 part 6): what the doors and traps do when a unit moves
 * reaches them through the hooks they register on the simulation (world/hooks.ts), in a fixed
 * order; the boundary test (server/test/boundaries) checks world/ imports none of them.
 */

/** Steps movement alone until `unit` stops walking (at most `max` ticks); returns the ticks taken. */
function walkOut(sim: Simulation, unit: { walk: unknown }, max = 100): number {
  let ticks = 0;
  while (unit.walk !== null && ticks < max) { stepMovement(sim); ticks++; }
  return ticks;
}

describe("world hooks", () => {
  it("a new or restored simulation holds the doors', the traps' and the merchants' (DOOR-12) listeners, in that order", () => {
    const sim = makeSim();
    const expected = { stepBlocked: [blockedByDoor], unitEntered: [onUnitEntersTile, onMerchantEntersTile], doorTriggerSetOff: [activateDoorTrigger] };
    expect(sim.hooks).toEqual(expected);
    expect(Simulation.restore(sim.snapshot()).hooks).toEqual(expected);
    expect(createWorldHooks()).toEqual({ stepBlocked: [], unitEntered: [], doorTriggerSetOff: [] });
  });

  it("movement tells every unitEntered listener each tile a walker enters, in order", () => {
    const sim = makeSim();
    const unit = adventurer(sim, 2, 2);
    const entered: string[] = [];
    sim.hooks.unitEntered.push((_s, u, x, y) => { entered.push(`${u.id}@${x},${y}`); });
    expect(walkTo(sim, unit, { x: 5, y: 2 })).toBe(true);
    expect(walkOut(sim, unit)).toBe(12); // 3 tiles at 250 thousandths a tick
    expect(entered).toEqual([`${unit.id}@3,2`, `${unit.id}@4,2`, `${unit.id}@5,2`]);
    expect([unit.x, unit.y]).toEqual([5, 2]);
  });

  it("a stepBlocked listener that refuses a tile holds the walker before it (the way a locked door does, DOOR-13)", () => {
    const sim = makeSim();
    const unit = adventurer(sim, 2, 2);
    const asked: string[] = [];
    sim.hooks.stepBlocked.push((_s, _u, x, y) => { asked.push(`${x},${y}`); return x === 4; });
    walkTo(sim, unit, { x: 5, y: 2 });
    expect(walkOut(sim, unit, 40)).toBe(40); // still waiting
    expect([unit.x, unit.y]).toEqual([3, 2]);
    expect(asked.slice(0, 2)).toEqual(["3,2", "4,2"]);
    expect(new Set(asked.slice(1))).toEqual(new Set(["4,2"]));
  });
});
