import { describe, expect, it } from "vitest";
import { SPACE_TILES } from "@malignus/shared";
import { fitThrough, mayPassThrough, type Size } from "../../../src/sim/combat/d20/size.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { unitDistance } from "../../../src/sim/combat/d20/resolve.ts";
import { spaceSide } from "../../../src/sim/combat/d20/movement.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, plain } from "./live-helpers.ts";

/**
 * A player's hero at (3, 5) in a fight with `foe` (initiative hero 20, foe 1); its player plays its
 * turn plan by plan (`keepTurn`), one move a plan, and this returns each plan's refusal (null when
 * the move was made) and where the hero ends.
 */
function walkAround(foe: (sim: ReturnType<typeof d20Sim>) => UnitRecord, moves: [number, number][][]) {
  const sim = d20Sim(1);
  const h = hero(sim, 3, 5, { controller: "a0" });
  const f = foe(sim);
  plain([h, f]);
  h.targetId = f.id;
  forceDice(sim, [20, 1]);
  sim.step();
  const refusals = moves.map((path) => {
    expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: h.id }, { type: "planTurn", action: "steps", keepTurn: true, steps: [{ kind: "move", path: path.map(([x, y]) => ({ x, y })) }] })).toEqual({ ok: true });
    const played = sim.step().flatMap((e) => e.type === "turnPlanPlayed" ? e.refusals : []);
    expect(played).toHaveLength(1);
    return played[0];
  });
  return { refusals, at: [h.x, h.y], foe: f };
}
const MOVES: [number, number][][] = [[[4, 5], [5, 5]], [[6, 5]], [[6, 6]], [[7, 5]], [[7, 6]]];
const TAKEN = "a move cannot end in another creature's space";

describe("d20 size", () => {
  it(`D20-SIZE-01, D20-SIZE-02, D20-SIZE-03: in a live room a Medium minion at (6, 5) controls its one tile (SPACE_TILES.medium = ${SPACE_TILES.medium}): a player's hero walking round it by planTurn is refused only (6, 5)`, () => {
    const r = walkAround((sim) => minion(sim, 6, 5, { faction: "dungeon" }), MOVES);
    expect([d20Of(r.foe).size, spaceSide(r.foe)]).toEqual(["medium", 1]);
    expect(r.refusals).toEqual([null, TAKEN, null, null, null]);
    expect(r.at).toEqual([7, 6]);
  });

  it(`D20-SIZE-01, D20-SIZE-02: a Large troll at (6, 4) controls 2 × 2 tiles (SPACE_TILES.large = ${SPACE_TILES.large}), (6..7, 4..5): the same walk is refused (6, 5) and (7, 5)`, () => {
    const r = walkAround((sim) => creature(sim, "troll", 6, 4), MOVES);
    expect([d20Of(r.foe).size, spaceSide(r.foe)]).toEqual(["large", 2]);
    expect(r.refusals).toEqual([null, TAKEN, null, TAKEN, null]);
    expect(r.at).toEqual([7, 6]);
  });

  it("D20-SIZE-05, D20-SIZE-06, D20-SIZE-07: 8 Medium creatures surround a Medium one, 20 a Gargantuan one (the tiles next to its space in a live room)", () => {
    const around = (size: Size) => {
      const sim = d20Sim(1);
      const u = minion(sim, 6, 4);
      d20Of(u).size = size;
      let n = 0;
      for (let y = 0; y < sim.state.map.height; y++) for (let x = 0; x < sim.state.map.width; x++) if (unitDistance(sim, u, { x, y }) === 1) n++;
      return n;
    };
    expect([around("medium"), around("large"), around("gargantuan")]).toEqual([8, 12, 20]);
  });

  it("D20-SIZE-08: a Large creature squeezes through a 1-tile passage; a Huge one cannot", () => {
    expect(fitThrough("large", 1)).toBe("squeeze");
    expect(fitThrough("medium", 1)).toBe("fits");
    expect(fitThrough("huge", 1)).toBe("blocked");
    expect(fitThrough("huge", 2)).toBe("squeeze");
  });

  it("D20-MOVE-35, D20-MOVE-36, D20-SIZE-04: passing through other creatures' spaces", () => {
    expect(mayPassThrough("medium", "medium", false)).toBe(true);
    expect(mayPassThrough("medium", "medium", true)).toBe(false);
    expect(mayPassThrough("medium", "large", true)).toBe(false);
    expect(mayPassThrough("medium", "huge", true)).toBe(true);
    expect(mayPassThrough("medium", "tiny", true)).toBe(true);
  });
});
