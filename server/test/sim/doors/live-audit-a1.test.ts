import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { PADLOCK_BUILD_WORK_TICKS, PADLOCK_METAL } from "../../../src/sim/doors/work.ts";
import { doorSim, forceDice, theDoor } from "./helpers.ts";

/*
 * Audit a1 of issue 17 (TRAP-28, TRAP-30 applied to locks): a padlock is built on site like a trap
 * part, through the keeper's commands and `sim.step()` in rooms of each ruleset (the door at 6,2
 * of SINGLE_ROUTE, the stockpile at 1,1). Nothing here draws a die: the script is empty.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("audit a1: locks built on site (%s)", (ruleset: RulesetId) => {
  it(`TRAP-28, TRAP-30 (${ruleset}): an ordered padlock is a site that does not lock the door; a minion with no job hauls its ${PADLOCK_METAL} metal there but never builds it; put on Trapping, it works ${PADLOCK_BUILD_WORK_TICKS} ticks on site and only then the door is locked`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const dice = forceDice(sim, []);
    const door = theDoor(sim);
    const minion = addUnit(sim, { kind: "minion", x: 2, y: 1, home: { x: 2, y: 1 } });
    const metal = sim.state.metal;
    expect(sim.apply({ type: "buildPadlock", doorId: door.id })).toEqual({ ok: true });
    expect(door.padlock).toEqual({ built: false, armed: false, metalDelivered: 0, workDone: 0 });
    expect(isLocked(door)).toBe(false);
    const hauled: SimEvent[] = [];
    for (let i = 0; i < 800; i++) { hauled.push(...sim.step()); expect(isLocked(door)).toBe(false); }
    expect(hauled.filter((e) => e.type === "padlockBuilt")).toEqual([]);
    expect(door.padlock).toEqual({ built: false, armed: false, metalDelivered: PADLOCK_METAL, workDone: 0 });
    expect([sim.state.metal, minion.carryingMetal]).toEqual([metal - PADLOCK_METAL, 0]);
    expect(sim.apply({ type: "assignJob", unitId: minion.id, job: "trapping" })).toEqual({ ok: true });
    const built: SimEvent[] = [];
    let working = 0;
    for (let i = 0; i < 800 && built.length === 0; i++) {
      expect(isLocked(door)).toBe(false);
      for (const e of sim.step()) if (e.type === "padlockBuilt") built.push(e);
      if (minion.activity === "working") working++;
    }
    expect(built).toMatchObject([{ doorId: door.id, builderId: minion.id }]);
    expect(working).toBe(PADLOCK_BUILD_WORK_TICKS);
    expect(Math.max(Math.abs(minion.x - door.x), Math.abs(minion.y - door.y))).toBe(1); // on site, next to the door
    expect(door.padlock).toEqual({ built: true, armed: true, metalDelivered: PADLOCK_METAL, workDone: PADLOCK_BUILD_WORK_TICKS });
    expect(isLocked(door)).toBe(true);
    expect(dice.left()).toBe(0);
  });
});
