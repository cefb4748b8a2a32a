import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_DAY } from "@malignus/shared";
import type { Actor } from "../../../src/sim/index.ts";
import { roomSim, inEveryRuleset } from "./live-helpers.ts";

/*
 * Audit a8-w4 (issue 17): where scrying charges come from (INV-67), each branch through the
 * keeper's commands and `sim.step()` in a room of each ruleset.
 */

const D = TICKS_PER_GAME_DAY;
const KEEPER: Actor = { kind: "keeper", seatId: "k1" };

inEveryRuleset(() => {
  describe("audit w4: scrying charges come at the pool (INV-67)", () => {
    it("INV-67: without a scrying pool a whole game day passes (the day-2 start, tick D) and no charge comes: scry is refused NO_SCRYING_CHARGE; a pool built then gives none until the next day starts (tick 2D − 1: 0) and one on that tick (2D: 1)", () => {
      const sim = roomSim(6, { pauseOnSpot: false });
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      while (sim.state.tick < D + 1) sim.step();
      expect(sim.state.invasion.scryingCharges ?? 0).toBe(0);
      expect(sim.enqueue(KEEPER, { type: "scry" })).toMatchObject({ ok: false, code: "NO_SCRYING_CHARGE", rule: "INV-67" });
      expect(sim.enqueue(KEEPER, { type: "buildScryingPool", x: 16, y: 12 })).toEqual({ ok: true });
      while (sim.state.tick < 2 * D - 1) sim.step();
      expect([sim.state.tick, sim.state.invasion.scryingCharges ?? 0]).toEqual([2 * D - 1, 0]);
      sim.step();
      expect([sim.state.tick, sim.state.invasion.scryingCharges]).toEqual([2 * D, 1]);
    });

    it("INV-67: the Master receives the charges: with the pool built but the Master dead, the next day's start brings none", () => {
      const sim = roomSim(6, { pauseOnSpot: false });
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      expect(sim.enqueue(KEEPER, { type: "buildScryingPool", x: 16, y: 12 })).toEqual({ ok: true });
      const master = Object.values(sim.state.units).find((u) => u.kind === "master")!;
      master.activity = "dead";
      while (sim.state.tick < D + 1) sim.step();
      expect(sim.state.invasion.scryingCharges ?? 0).toBe(0);
    });
  });
});
