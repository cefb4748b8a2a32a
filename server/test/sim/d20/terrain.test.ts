import { describe, expect, it } from "vitest";
import { TILE } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { newTurn } from "../../../src/sim/combat/d20/actions.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { reachableTiles } from "../../../src/sim/combat/d20/reach.ts";
import { toD20Plan } from "../../../src/sim/combat/d20/toPlan.ts";
import { stepTo } from "../../../src/sim/combat/d20/stepping.ts";
import { isDifficult, isWalkable } from "../../../src/sim/world/grid.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** A 20×12 map whose row 5 is a corridor between walls, with rubble on (3, 5) and (4, 5). */
const RUBBLE_CORRIDOR = ARENA.split("\n")
  .map((row, y) => (y === 4 || y === 6 ? "#".repeat(20) : y === 5 ? row.slice(0, 3) + "::" + row.slice(5) : row))
  .join("\n");

/** A hero at (2, 5) and a minion at (12, 5) in an encounter; the hero acts first (initiative 15 against 5). */
function setup(map = RUBBLE_CORRIDOR) {
  const sim = d20Sim(1, map);
  const h = hero(sim, 2, 5, { controller: "seat-1" });
  const m = minion(sim, 12, 5);
  for (const u of [h, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
  h.targetId = m.id;
  forceDice(sim, [15, 5]);
  sim.step();
  const enc = Object.values(sim.state.encounters ?? {})[0]!;
  return { sim, h, m, enc };
}

describe("difficult terrain on the map (issue 7, D20-MOVE)", () => {
  it("D20-MOVE-24: rubble ':' parses as a walkable tile marked difficult; plain floor is not difficult", () => {
    expect(TILE.rubble).toBe(":");
    const map = parseMap("t", RUBBLE_CORRIDOR).map;
    expect(map.tiles[5 * 20 + 3]).toBe(":");
    expect(isWalkable(map, 3, 5)).toBe(true);
    expect(isDifficult(map, 3, 5)).toBe(true);
    expect(isDifficult(map, 2, 5)).toBe(false);
    expect(isDifficult(map, 3, 4)).toBe(false);
  });

  it("D20-MOVE-22, D20-MOVE-24: each rubble tile costs 2 movement in the reachable tiles", () => {
    const { sim, h, enc } = setup();
    const tiles = (mv: number) => reachableTiles(sim, enc, h, mv).map((t) => [t.x, t.y, t.cost]);
    expect(tiles(4)).toEqual([[1, 5, 1], [0, 5, 2], [3, 5, 2], [4, 5, 4]]);
    expect(tiles(5)).toEqual([[1, 5, 1], [0, 5, 2], [3, 5, 2], [4, 5, 4], [5, 5, 5]]);
    // The same corridor without rubble: 1 per tile.
    const plain = setup(RUBBLE_CORRIDOR.replace(/:/g, "."));
    expect(reachableTiles(plain.sim, plain.enc, plain.h, 4).map((t) => [t.x, t.y, t.cost])).toEqual([[1, 5, 1], [3, 5, 1], [0, 5, 2], [4, 5, 2], [5, 5, 3], [6, 5, 4]]);
  });

  it("D20-MOVE-23, D20-MOVE-25: a creature standing on rubble still costs 2 to cross, not 3", () => {
    const { sim, h, enc } = setup();
    hero(sim, 3, 5);
    expect(reachableTiles(sim, enc, h, 4).map((t) => [t.x, t.y, t.cost])).toEqual([[1, 5, 1], [0, 5, 2], [4, 5, 4]]);
  });

  it("D20-MOVE-34: crawling through rubble costs 3 per tile", () => {
    const { sim, h, enc } = setup();
    addStatus(d20Of(h).statuses, "prone", "", -1);
    expect(reachableTiles(sim, enc, h, 5).map((t) => [t.x, t.y, t.cost])).toEqual([[1, 5, 2], [3, 5, 3], [0, 5, 4]]);
  });

  it("D20-MOVE-07, D20-MOVE-22: a step onto rubble spends 2, and is refused with 1 left (nothing changes)", () => {
    const { sim, h, enc } = setup();
    const budget = newTurn(3);
    expect(stepTo(sim, enc, h, { x: 3, y: 5 }, budget, false)).toBeNull();
    expect([h.x, h.y, budget.movement]).toEqual([3, 5, 1]);
    expect(stepTo(sim, enc, h, { x: 4, y: 5 }, budget, true)).toBe("not enough movement left (D20-MOVE-07)");
    expect([h.x, h.y, budget.movement]).toEqual([3, 5, 1]);
  });

  it("D20-MOVE-22: a player's move plan through rubble takes the rubble's cost into account", () => {
    const { sim, h, enc } = setup();
    const movement = d20Of(h).movement;
    expect(movement).toBe(6);
    // 2 + 2 for the two rubble tiles, then 1 per floor tile: 6 movement reaches x = 6, not x = 7.
    expect(toD20Plan(sim, enc, h, { action: "move", x: 6, y: 5 })).toEqual({
      steps: [{ kind: "move", path: [3, 4, 5, 6].map((x) => ({ x, y: 5 })) }],
    });
    expect(toD20Plan(sim, enc, h, { action: "move", x: 7, y: 5 })).toBeNull();
  });
});
