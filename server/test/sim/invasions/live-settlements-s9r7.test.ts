import { describe, expect, it } from "vitest";
import { DungeonState } from "@malignus/shared/schema";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import type { Actor, Simulation } from "../../../src/sim/index.ts";
import { arriveLive, dayHour, inEveryRuleset, roomSim, stepArrival, type Arrival } from "./live-helpers.ts";

/*
 * INV-64, INV-65 through the live schedule (`sim.step()`) and the keeper's commands in rooms of
 * each ruleset: where each kind of party comes from. Only the goal die is forced (1: the Master);
 * the rest of the party tables roll the seeded dice.
 */
const KEEPER: Actor = { kind: "keeper", seatId: "k1" };
const MASTER = 1, NO_MOB = 126, MOB = 125;

/** A default-map dungeon that never pauses and has no invasion due on its own. */
function dungeon(): Simulation {
  const sim = roomSim(64, { pauseOnSpot: false });
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  return sim;
}

/** The 3rd invasion of day 12 in a fresh dungeon after the keeper's `command` (if any) at 09:00. */
function third(command: ((sim: Simulation) => void) | null, dice: readonly number[]): { sim: Simulation; a: Arrival } {
  const sim = dungeon();
  if (!command) return { sim, a: arriveLive(sim, 3, 12, dice) };
  sim.state.invasion.count = 2;
  sim.state.tick = dayHour(12, 9) + 5;
  command(sim);
  return { sim, a: stepArrival(sim, dice) };
}

/** Where the party came from: its kind, its home settlement (none: undefined), whether its portal is on the map's edge with every member on it, and the home settlement its Party tab shows once spotted. */
function origin({ sim, a }: { sim: Simulation; a: Arrival }): [string | undefined, string | undefined, boolean, string | undefined] {
  const { width, height } = sim.state.map;
  const p = a.party.portal;
  const atEdge = (p.x === 0 || p.y === 0 || p.x === width - 1 || p.y === height - 1)
    && sim.state.map.portals.some((q) => q.x === p.x && q.y === p.y)
    && a.members.every((m) => m.x === p.x && m.y === p.y);
  a.party.spotted = true; // the keeper's view shows a party's tab only once spotted (INV-84)
  const state = new DungeonState();
  projectMap(state, sim.state);
  projectState(state, sim, 1);
  return [a.party.kind, a.party.homeSettlement, atEdge, state.parties.get(a.party.id)?.homeSettlement];
}

const raid = (id: string) => (sim: Simulation) => { expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: id })).toEqual({ ok: true }); };
const admitFugitive = (sim: Simulation) => {
  sim.state.invasion.fugitiveOffer = "Fugitive of Lowford";
  expect(sim.enqueue(KEEPER, { type: "answerFugitive", admit: true })).toMatchObject({ ok: true });
};

inEveryRuleset(() => {
  describe("where parties come from (live)", () => {
    it("INV-64: Lowford's punitive expedition has Lowford as its home settlement, Blackfang's warriors Blackfang (shown in the Party tab); both appear at the map-edge portal, the Surface having no map to cross", () => {
      expect(origin(third(raid("lowford"), [MASTER]))).toEqual(["punitive", "lowford", true, "lowford"]);
      expect(origin(third(raid("blackfang"), [MASTER]))).toEqual(["camp", "blackfang", true, "blackfang"]);
    });

    it("INV-65: a usual party, a peasant mob and a fugitive's pursuers have no home settlement (the Party tab shows none) and come in at the map-edge portal", () => {
      expect(origin(third(null, [MASTER, NO_MOB]))).toEqual(["normal", undefined, true, ""]);
      expect(origin(third(null, [MASTER, MOB]))).toEqual(["mob", undefined, true, ""]);
      expect(origin(third(admitFugitive, [MASTER]))).toEqual(["pursuers", undefined, true, ""]);
    });
  });
});
