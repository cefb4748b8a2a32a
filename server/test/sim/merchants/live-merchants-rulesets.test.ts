import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { createDungeonSimulation } from "../../../src/sim/index.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { loadMap } from "../../../src/maps.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { MERCHANT_FACTION } from "../../../src/sim/world/units.ts";
import { forceDice } from "../doors/helpers.ts";

/**
 * DOOR-12 under the d20 and d100 rulesets: the same live path as merchants.test.ts (a dungeon made
 * by `createDungeonSimulation` on the default map, the keeper's padlock through `apply`, then
 * `sim.step()`), in a room of each encounter ruleset. The merchant comes on the room option's
 * day 1 at 08:00 (tick 4800), unlocks the padlocked Sanctum door (29,15) on its way in and out,
 * and leaves through the portal (0,15); the door is locked again behind it.
 */
const VISIT_EVENTS = new Set(["merchantArrived", "merchantLeft", "doorUnlocked"]);

function stepTo(sim: Simulation, tick: number, each?: () => void): SimEvent[] {
  const out: SimEvent[] = [];
  while (sim.tick < tick) {
    for (const e of sim.step()) if (VISIT_EVENTS.has(e.type)) out.push(e);
    each?.();
  }
  return out;
}

describe("travelling merchants in encounter rooms (DOOR-12)", () => {
  for (const ruleset of ["d20", "d100"] as const) {
    it(`DOOR-12 (${ruleset}): the day-1 merchant unlocks the padlocked Sanctum door, passes through it both ways and leaves it locked; the visit draws no dice`, () => {
      const sim = createDungeonSimulation(
        { map: "default", seed: 5, ruleset, pauseOnSpot: false, skipToInvasion: false, startPaused: false, firstMerchantDay: 1 },
        loadMap("default"),
      );
      const door = Object.values(sim.state.doors)[0]!;
      expect([door.x, door.y]).toEqual([29, 15]);
      expect(sim.apply({ type: "buildPadlock", doorId: door.id })).toEqual({ ok: true });
      stepTo(sim, 4700);
      expect(isLocked(door)).toBe(true);
      const dice = forceDice(sim, []); // the whole visit: any draw would throw
      let merchantId = "";
      let insideLocked = false; // seen on the Sanctum side (x >= 30) while the door is locked
      const events = stepTo(sim, 5700, () => {
        const m = Object.values(sim.state.units).find((u) => u.faction === MERCHANT_FACTION);
        if (!m) return;
        merchantId = m.id;
        if (m.x >= 30 && isLocked(door) && !door.open) insideLocked = true;
      });
      expect(dice.left()).toBe(0);
      expect(events.map((e) => [e.type, (e as { byUnitId?: string; unitId?: string }).byUnitId ?? (e as { unitId?: string }).unitId])).toEqual([
        ["merchantArrived", merchantId],
        ["doorUnlocked", merchantId],
        ["doorUnlocked", merchantId],
        ["merchantLeft", merchantId],
      ]);
      expect(events.map((e) => e.tick)).toEqual([4800, 4915, 5547, 5664]);
      expect(insideLocked).toBe(true);
      expect([isLocked(door), door.padlock?.armed, door.open]).toEqual([true, true, false]);
      expect(sim.state.units[merchantId]!.activity).toBe("left");
    });
  }
});
