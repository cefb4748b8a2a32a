import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { doorSim, lock, theDoor } from "./helpers.ts";

/**
 * Audit a8-w8101 (issue 17): DOOR-15 "never", also with no party in the dungeon. The map is
 * SINGLE_ROUTE (doors/helpers.ts): a wall down column 6 with the only door at 6,2, padlocked here.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe("audit w1: the dungeon's creatures never unlock a door to reach an enemy, invasion or not (DOOR-15)", () => {
  for (const ruleset of RULESETS) {
    it(`DOOR-15 (${ruleset}): with no invasion under way, a troll ordered (orderAttack) at a wild wolf beyond the locked door never unlocks it: it never gets west of x = ${ruleset === "malignus" ? 7 : 9}; a minion given the same order does unlock it (DOOR-14 restricts minions only during an invasion)`, () => {
      const scene = (kind: "creature" | "minion") => {
        const sim = doorSim(undefined, 11, ruleset);
        lock(theDoor(sim));
        const wolf = addUnit(sim, { kind: "creature", species: "wolf", faction: "wild", x: 3, y: 2 });
        const unit = addUnit(sim, kind === "creature" ? { kind, species: "troll", faction: "dungeon", x: 9, y: 2 } : { kind, faction: "dungeon", x: 9, y: 2 });
        expect(sim.state.invasion.partyId).toBe("");
        expect(sim.apply({ type: "orderAttack", unitId: unit.id, targetId: wolf.id })).toEqual({ ok: true });
        const events: SimEvent[] = [];
        let westmost = unit.x;
        for (let i = 0; i < 120; i++) { events.push(...sim.step()); westmost = Math.min(westmost, unit.x); }
        return { westmost, locked: isLocked(theDoor(sim)), unlocked: events.filter((e) => e.type === "doorUnlocked").length };
      };
      const troll = scene("creature");
      expect([troll.westmost, troll.locked, troll.unlocked]).toEqual([ruleset === "malignus" ? 7 : 9, true, 0]);
      expect(scene("minion").westmost).toBeLessThanOrEqual(6);
    });
  }
});
