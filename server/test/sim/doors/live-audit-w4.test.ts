import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { doorSim, forceDice, run, theDoor } from "./helpers.ts";

/*
 * Audit a8-w4 (issue 17): DOOR-30's "anyone" beyond adventurers: the keeper's own minion and a
 * wild creature (not of the dungeon) open a door a trigger has closed, through `sim.step()` in
 * rooms of each ruleset (the door at 6,2 of SINGLE_ROUTE, doors/helpers.ts). No dice are drawn.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("audit w4: a trigger-closed door is not locked (%s)", (ruleset: RulesetId) => {
  for (const who of ["minion", "wild wolf"] as const) {
    it(`DOOR-30, DOOR-31 (${ruleset}): the lever closes the held-open door; a ${who} going home from (2, 1) to (9, 2) opens it as it passes (the door open while it stands in it), and it closes behind it; no die is drawn`, () => {
      const sim = doorSim(undefined, 11, ruleset);
      const door = theDoor(sim);
      const lever = placeBuilt(sim, "lever", 3, 3);
      wire(sim, [3, 3], [3, 2], [6, 2]);
      expect(sim.apply({ type: "holdDoorOpen", doorId: door.id })).toEqual({ ok: true });
      expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
      run(sim, 1);
      expect([door.triggered, door.open, isLocked(door)]).toEqual([true, false, false]);
      const u = who === "minion"
        ? addUnit(sim, { kind: "minion", x: 2, y: 1 })
        : addUnit(sim, { kind: "creature", species: "wolf", faction: "wild", x: 2, y: 1 });
      u.home = { x: 9, y: 2 };
      const dice = forceDice(sim, []);
      let openedFor = false;
      for (let i = 0; i < 60 && !(u.x === 9 && u.y === 2); i++) { sim.step(); if (u.x === 6 && u.y === 2) openedFor ||= door.open; }
      run(sim, 2);
      expect([u.x, u.y, openedFor, door.open, door.triggered, dice.left()]).toEqual([9, 2, true, false, true, 0]);
    });
  }
});
