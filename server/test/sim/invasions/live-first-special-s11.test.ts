import { describe, expect, it } from "vitest";
import type { Actor, Simulation } from "../../../src/sim/index.ts";
import { inEveryRuleset, roomSim, stepArrival } from "./live-helpers.ts";

/*
 * INV-38 through the live schedule (`sim.step()`) in rooms of each ruleset: the first invasion's
 * usual size is 1 also when a special party replaces it (INV-59: sized like the invasion it
 * replaces). The keeper raids a settlement on day 1, before any invasion: its punitive expedition
 * or camp warriors set out at once as invasion 1 (INV-32, INV-33, INV-34). Only the goal die is
 * forced (1: the Master); the level and class roll the seeded dice (day 1 allows level 0 only, so
 * the expedition is a peasant and the camp's warrior is raised to level 1, its least).
 */
const KEEPER: Actor = { kind: "keeper", seatId: "k1" };
const MASTER = 1;

/** A default-map dungeon that never pauses, with no invasion due on its own; the keeper raids `settlementId` at tick 5 of day 1. */
function raidFirst(settlementId: string) {
  const sim: Simulation = roomSim(64, { pauseOnSpot: false });
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  for (let i = 0; i < 5; i++) sim.step();
  expect(sim.state.invasion.count).toBe(0);
  expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId })).toEqual({ ok: true });
  const a = stepArrival(sim, [MASTER]);
  const started = a.events.find((e) => e.type === "invasionStarted") as { invasionNumber: number; size: number };
  return [a.party.kind, a.party.invasionNumber, started.invasionNumber, started.size, a.members.length, a.roster, a.left, sim.state.tick];
}

inEveryRuleset(() => {
  describe("INV-38: a special party as the first invasion (live)", () => {
    it("INV-38, INV-59: Lowford's punitive expedition, sent before any invasion, is invasion 1 and has 1 member; so do Blackfang's camp warriors (a level-1 Warrior at least)", () => {
      // [kind, party's invasion number, invasionStarted's number and size, members, roster, forced dice left, tick]
      expect(raidFirst("lowford")).toEqual(["punitive", 1, 1, 1, 1, ["Peasant:0"], 0, 6]);
      expect(raidFirst("blackfang")).toEqual(["camp", 1, 1, 1, 1, ["Warrior:1"], 0, 6]);
    });
  });
});
