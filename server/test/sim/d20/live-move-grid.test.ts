import { describe, expect, it } from "vitest";
import { DEFAULT_MOVEMENT, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
/** The ARENA with deep water `~` on x = 8..9, rows 2..9. */
const POOL = ARENA.split("\n").map((r, y) => (y >= 2 && y <= 9 ? r.slice(0, 8) + "~~" + r.slice(10) : r)).join("\n");
/** The ARENA with one wall tile `#` at (6, 5) and rubble `:` at (6, 7). */
const CORNER = ARENA.split("\n").map((r, y) => (y === 5 ? r.slice(0, 6) + "#" + r.slice(7) : y === 7 ? r.slice(0, 6) + ":" + r.slice(7) : r)).join("\n");

/**
 * A hero played by seat-1 at (`x`, `y`) (movement 6, zero characteristics, 100 HP) against a
 * minion at (15, 10) that does not reach it in its turn; initiative hero 20, minion 1. Its turn
 * waits for the plan `steps`, sent through the live `planTurn` command; returns that tick's events.
 * `extra` adds one more unit (plain too), initiative 2: it acts after the hero, on a later tick.
 */
function planned(steps: unknown[], map = ARENA, x = 5, y = 5, extra?: (sim: Simulation) => UnitRecord): { sim: Simulation; a: UnitRecord; events: SimEvent[]; refusals: (string | null)[] } {
  const sim = d20Sim(1, map);
  const a = hero(sim, x, y, { controller: "seat-1" });
  const m = minion(sim, 15, 10);
  const more = extra ? [extra(sim)] : [];
  plain([a, m, ...more]);
  a.targetId = m.id;
  forceDice(sim, extra ? [20, 1, 2] : [20, 1]);
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  forceDice(sim, []); // no die this tick: the minion plays on the next one
  const events = sim.step();
  return { sim, a, events, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

describe("d20 movement on the grid in play (planTurn)", () => {
  it("D20-MOVE-01, D20-MOVE-03, D20-MOVE-04, D20-MOVE-06, D20-MOVE-05: movement 6 takes the hero 3 diagonal and 3 straight tiles, 1 each; a 7th tile is refused", () => {
    const t = planned([{ kind: "move", path: at([6, 6], [7, 7], [8, 8], [9, 8], [10, 8], [11, 8]) }, { kind: "move", path: at([12, 8]) }]);
    expect(d20Of(t.a).movement).toBe(DEFAULT_MOVEMENT);
    expect(t.refusals).toEqual([null, expect.stringContaining("D20-MOVE-07")]);
    expect([t.a.x, t.a.y]).toEqual([11, 8]);
  });

  it("D20-MOVE-03: a step goes to one of the 8 neighbouring tiles: a path that skips a tile is refused and the hero stays", () => {
    const t = planned([{ kind: "move", path: at([7, 5]) }]);
    expect(t.refusals).toEqual(["a step goes to a neighbouring tile (D20-MOVE-03)"]);
    expect([t.a.x, t.a.y]).toEqual([5, 5]);
  });

  it("D20-MOVE-02, D20-MOVE-14, D20-MOVE-15, D20-MOVE-18, D20-MOVE-21: one move mixes walking and swimming: 1 tile walked (6 → 5), the switch mid-move (−2, then ×½: 1.5), 1 tile swum, a second refused", () => {
    const t = planned([{ kind: "move", path: at([7, 5]) }, { kind: "switchMode", mode: "swim" }, { kind: "move", path: at([8, 5]) }, { kind: "move", path: at([9, 5]) }], POOL, 6, 5);
    expect(of(t.events, "moveModeChanged")).toMatchObject([{ unitId: t.a.id, from: "walk", mode: "swim", movementBefore: 5, movementLeft: 1.5 }]);
    expect(t.refusals).toEqual([null, null, null, expect.stringContaining("D20-MOVE-07")]);
    expect([t.a.x, t.a.y, d20Of(t.a).mode]).toEqual([8, 5, "swim"]);
  });

  it("D20-MOVE-08: with a wall at (6, 5), the diagonal step (5, 5) → (6, 4) cuts its corner and is refused; round by (5, 4) it is fine", () => {
    const cut = planned([{ kind: "move", path: at([6, 4]) }], CORNER);
    expect(cut.refusals).toEqual([expect.stringContaining("D20-MOVE-08")]);
    expect([cut.a.x, cut.a.y]).toEqual([5, 5]);
    const round = planned([{ kind: "move", path: at([5, 4], [6, 4]) }], CORNER);
    expect(round.refusals).toEqual([null]);
    expect([round.a.x, round.a.y]).toEqual([6, 4]);
  });

  it("D20-MOVE-29, D20-MOVE-30, D20-MOVE-32, D20-MOVE-33: of movement 6, dropping prone costs 0, crawling a tile 2, standing up 3 (half of 6): one walked tile is left, a second is refused", () => {
    const t = planned([{ kind: "dropProne" }, { kind: "move", path: at([6, 5]) }, { kind: "standUp" }, { kind: "move", path: at([7, 5]) }, { kind: "move", path: at([8, 5]) }]);
    expect(t.refusals).toEqual([null, null, null, null, expect.stringContaining("D20-MOVE-07")]);
    expect([t.a.x, t.a.y]).toEqual([7, 5]);
    expect(t.sim.ruleset.statuses(t.a)).toEqual([]);
  });

  it("D20-MOVE-32: a prone hero moves only by crawling: at the pool's edge (7, 5) its switch to swimming is refused and ends the plan: no moveModeChanged, still walking-mode and prone; standing, the same switch is made (6 → 2 → 1 of swimming)", () => {
    const prone = planned([{ kind: "dropProne" }, { kind: "switchMode", mode: "swim" }, { kind: "move", path: at([8, 5]) }], POOL, 7, 5);
    expect(prone.refusals).toEqual([null, "a prone creature cannot switch movement mode (D20-MOVE-32)"]);
    expect(of(prone.events, "moveModeChanged")).toEqual([]);
    expect([prone.a.x, prone.a.y, d20Of(prone.a).mode]).toEqual([7, 5, "walk"]);
    expect(prone.sim.ruleset.statuses(prone.a)).toEqual(["prone"]);
    const standing = planned([{ kind: "switchMode", mode: "swim" }, { kind: "move", path: at([8, 5]) }], POOL, 7, 5);
    expect(standing.refusals).toEqual([null, null]);
    expect(of(standing.events, "moveModeChanged")).toMatchObject([{ unitId: standing.a.id, from: "walk", mode: "swim", movementBefore: 6, movementLeft: 2 }]);
    expect([standing.a.x, standing.a.y, d20Of(standing.a).mode]).toEqual([8, 5, "swim"]);
  });

  it("D20-MOVE-31, D20-MOVE-33: after crawling 2 tiles (4 of 6) standing up (3) is refused: the hero stays prone", () => {
    const t = planned([{ kind: "dropProne" }, { kind: "move", path: at([6, 5], [7, 5]) }, { kind: "standUp" }]);
    expect(t.refusals).toEqual([null, null, "standing up costs half the movement value (D20-MOVE-30, D20-MOVE-31)"]);
    expect([t.a.x, t.a.y]).toEqual([7, 5]);
    expect(t.sim.ruleset.statuses(t.a)).toEqual(["prone"]);
  });

  it("D20-MOVE-34: crawling onto rubble costs 3: from (5, 7), the rubble at (6, 7) (3) and one plain tile (2) leave 1, too little for another crawled tile", () => {
    const t = planned([{ kind: "dropProne" }, { kind: "move", path: at([6, 7]) }, { kind: "move", path: at([7, 7]) }, { kind: "move", path: at([8, 7]) }], CORNER, 5, 7);
    expect(t.refusals).toEqual([null, null, null, expect.stringContaining("D20-MOVE-07")]);
    expect([t.a.x, t.a.y]).toEqual([7, 7]);
  });

  it("D20-MOVE-34: crawling costs exactly 3 a rubble tile: with rubble on (6, 7) and (7, 7) the prone hero's 6 movement crawls both (3 + 3) and is spent: the plain (8, 7) (2) is refused", () => {
    const RUBBLE2 = CORNER.split("\n").map((r, y) => (y === 7 ? r.slice(0, 7) + ":" + r.slice(8) : r)).join("\n");
    const t = planned([{ kind: "dropProne" }, { kind: "move", path: at([6, 7]) }, { kind: "move", path: at([7, 7]) }, { kind: "move", path: at([8, 7]) }], RUBBLE2, 5, 7);
    expect(t.refusals).toEqual([null, null, null, expect.stringContaining("D20-MOVE-07")]);
    expect([t.a.x, t.a.y]).toEqual([7, 7]);
  });

  it("D20-MOVE-22, D20-MOVE-24: from (5, 7) the rubble at (6, 7) costs 2 and each floor tile 1: 6 movement reach (10, 7), not (11, 7)", () => {
    const t = planned([{ kind: "move", path: at([6, 7], [7, 7], [8, 7], [9, 7], [10, 7]) }, { kind: "move", path: at([11, 7]) }], CORNER, 5, 7);
    expect(t.refusals).toEqual([null, expect.stringContaining("D20-MOVE-07")]);
    expect([t.a.x, t.a.y]).toEqual([10, 7]);
  });

  it("D20-MOVE-25, D20-MOVE-23, D20-MOVE-35: an ally standing on the plain tile (6, 5) costs 2 to cross; standing on the rubble (6, 7) still 2, not 3", () => {
    const ally = (x: number, y: number) => (sim: Simulation) => hero(sim, x, y);
    const floor = planned([{ kind: "move", path: at([6, 5], [7, 5], [8, 5], [9, 5], [10, 5]) }, { kind: "move", path: at([11, 5]) }], ARENA, 5, 5, ally(6, 5));
    expect(floor.refusals).toEqual([null, expect.stringContaining("D20-MOVE-07")]);
    expect([floor.a.x, floor.a.y]).toEqual([10, 5]);
    const rubble = planned([{ kind: "move", path: at([6, 7], [7, 7], [8, 7], [9, 7], [10, 7]) }, { kind: "move", path: at([11, 7]) }], CORNER, 5, 7, ally(6, 7));
    expect(rubble.refusals).toEqual([null, expect.stringContaining("D20-MOVE-07")]);
    expect([rubble.a.x, rubble.a.y]).toEqual([10, 7]);
  });
});
