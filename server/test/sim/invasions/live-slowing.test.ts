import { describe, expect, it } from "vitest";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { NATURAL_SUCCESS, SINGLE_ROUTE, TWO_ROUTES, doorSim, lock, theDoor } from "../doors/helpers.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { ruleset, inEveryRuleset, dayHour, darkHall, forceDiceFirst } from "./live-helpers.ts";

/**
 * INV-87 as a live game runs it: a party arrives through the schedule (invasion 2 on day 1: one
 * level-1 Warrior, its dice forced) and walks in on its own; a trap it sets off, a door it detours
 * around, or a padlock it must force makes it take longer to get as far.
 */

/** Invasion 2: goal die 1 (the Master), size 1, level die 91 (level 1), class die 1 (Warrior), the one portal. */
const WARRIOR = [1, 1, 91, 1, 0];

/**
 * Brings invasion 2 in on day 1 with {@link WARRIOR} and then `more` forced, steps until its
 * member first stands on column `x`, and returns the ticks since it arrived, the forced values
 * left and the party's Caution then.
 */
function walkTicks(sim: Simulation, x: number, more: number[] = []): { ticks: number; left: number; caution: number; tiles: Set<string> } {
  addUnit(sim, { kind: "master", x: sim.state.map.width - 2, y: sim.state.map.height === 4 ? 1 : 2 });
  const inv = sim.state.invasion;
  inv.count = 1;
  sim.state.tick = dayHour(1, 9);
  inv.dueTick = sim.state.tick + 1;
  const forced = forceDiceFirst(sim, [...WARRIOR, ...more]);
  try {
    sim.step();
    const party = sim.state.parties[inv.partyId]!;
    const w = sim.state.units[party.memberIds[0]!]!;
    expect(w.adventurerClass).toBe("Warrior");
    const tiles = new Set<string>();
    for (let i = 0; i < 20_000 && w.x !== x; i++) { sim.step(); tiles.add(`${w.x},${w.y}`); }
    expect(w.x).toBe(x);
    return { ticks: sim.state.tick - party.startTick, left: forced.left(), caution: party.caution ?? 0, tiles };
  } finally { forced.release(); }
}

inEveryRuleset(() => {
  describe("defending slows a party (INV-87, live)", () => {
    it("INV-87: a padlocked door it must force makes the Warrior's walk past the door 88 ticks instead of 27 through the unlocked door", () => {
      const door = walkTicks(doorSim(SINGLE_ROUTE, 11, ruleset()), 7);
      const locked = doorSim(SINGLE_ROUTE, 11, ruleset());
      lock(theDoor(locked));
      const padlock = walkTicks(locked, 7, [100, NATURAL_SUCCESS[ruleset()]]);
      // The unlocked door: 27 ticks to column 7. Padlocked: the method draw (100: no pick, a bash) and the
      // ruleset's natural success on its first bash roll (d10 10, d20 20, d100 100): 88 ticks, 61 more.
      expect([door.ticks, door.left, padlock.ticks, padlock.left]).toEqual([27, 0, 88, 0]);
    });

    it("INV-87: a closed door with a way around: on a detour roll of 1 (≤ 50%) the Warrior goes round by (6,4), on 100 through the door at (6,2); both reach the far side in 27 ticks", () => {
      const through = walkTicks(doorSim(TWO_ROUTES, 11, ruleset()), 7, [100]);
      const detour = walkTicks(doorSim(TWO_ROUTES, 11, ruleset()), 7, [1]);
      expect([through.left, detour.left]).toEqual([0, 0]);
      expect([through.tiles.has("6,2"), through.tiles.has("6,4")]).toEqual([true, false]);
      expect([detour.tiles.has("6,2"), detour.tiles.has("6,4")]).toEqual([false, true]);
      // The gap at (6,4) is a lone shut-in tile, a doorway and not a corridor (KNOW-21): no Caution
      // on the way round, so it is as long as the way through.
      expect([through.caution, detour.caution]).toEqual([0, 0]);
      expect([through.ticks, detour.ticks]).toEqual([27, 27]);
    });

    it("INV-87: a trap it sets off in a two-tile-wide hall makes the Warrior's walk to column 16 73 ticks instead of 63 (Caution, KNOW-20, KNOW-23)", () => {
      // Two tiles wide: entering it gives no Caution (KNOW-21 is for 1-wide corridors).
      const plain = walkTicks(darkHall(), 16);
      const trapped = darkHall();
      placeBuilt(trapped, "pressurePlate", 6, 1); placeBuilt(trapped, "dartLauncher", 6, 2); wire(trapped, [6, 1], [6, 2]);
      const trap = walkTicks(trapped, 16);
      expect([plain.caution, trap.caution]).toEqual([0, 1]);
      expect([plain.ticks, trap.ticks]).toEqual([63, 73]); // Caution 1 after the darts: 10 ticks more to column 16
    });
  });
});

