import { describe, expect, it } from "vitest";
import { D20_KIT_WEAPONS, D20_WEAPONS } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { blockedLines } from "../../../src/sim/combat/d20/cover.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { projectTurnOptions } from "../../../src/rooms/turnProjection.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { plain } from "./live-helpers.ts";
import { attacks, damage, foe, party, playTurn, walled } from "./live-turn.ts";

/**
 * Issue 17, audit r13: boundaries that the earlier live tests left open. Half cover from a single
 * blocked line (D20-ATTACK-62: 1 of the 4 corner lines is the lower edge of "half"), and the
 * crawling cost in the turn options a prone player's seat receives (D20-MOVE-32: the reachable
 * tiles the server sends are costed as crawling, as the steps themselves are).
 */
describe("audit r13: half cover from one blocked line (D20-ATTACK-62)", () => {
  /** The Scout at (2, 2) shoots the minion (6, 3) past the wall tile (4, 3); d20 + Agility 0 + 1 (marksmanship). */
  function shoot(walls: readonly (readonly [number, number])[], dice: number[]) {
    const sim = d20Sim(1, walled(walls));
    const [s] = party(sim, ["Scout"], { x0: 2, y: 2 });
    const m = foe(sim, 6, 3);
    const t = playTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice);
    return { sim, s: s!, m, t };
  }

  it("D20-ATTACK-62, D20-ATTACK-61: one of the four lines from (2, 2) to the minion (6, 3) crosses the wall tile (4, 3): half cover, AC 12 (10 + 1 = 11 misses, 11 + 1 = 12 hits, 1d6 4); without the wall, AC 11 (the same 11 hits)", () => {
    const miss = shoot([[4, 3]], [10]);
    expect(blockedLines(miss.sim.state.map, miss.s, miss.m)).toBe(1);
    expect(attacks(miss.t.events)).toEqual([[miss.s.id, miss.m.id, false, 11, 12]]);
    expect(damage(miss.t.events)).toEqual([]);
    const hit = shoot([[4, 3]], [11, 4]);
    expect(attacks(hit.t.events)).toEqual([[hit.s.id, hit.m.id, true, 12, 12]]);
    expect(damage(hit.t.events)).toEqual([[hit.s.id, hit.m.id, 4]]);
    const open = shoot([], [10, 4]);
    expect(blockedLines(open.sim.state.map, open.s, open.m)).toBe(0);
    expect(attacks(open.t.events)).toEqual([[open.s.id, open.m.id, true, 11, 11]]);
  });
});

describe("audit r13: a prone player's turn options are costed as crawling (D20-MOVE-32)", () => {
  /** A seat-1 hero (movement 6) at (5, 5), prone or not, waits for its plan; its turn options are projected into the room state. */
  function options(prone: boolean) {
    const sim = d20Sim(1, ARENA);
    const h = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 15, 10);
    plain([h, m]);
    h.targetId = m.id;
    if (prone) addStatus(d20Of(h).statuses, "prone", "", -1);
    forceDice(sim, [20, 1]);
    sim.step();
    const state = new DungeonState();
    projectTurnOptions(state, sim);
    const o = state.turnOptions.get(h.id)!;
    const w = sim.state.map.width;
    const tiles = o.reachable.toArray();
    const cost = (x: number, y: number) => { const i = tiles.indexOf(y * w + x); return i < 0 ? null : o.reachableCost.at(i); };
    return { cost, farthestEast: Math.max(...tiles.filter((i) => Math.floor(i / w) === 5).map((i) => i % w)) };
  }

  it("D20-MOVE-32, D20-MOVE-33: the seat of a prone hero (movement 6) is sent crawling costs: (6, 5) costs 2 and (8, 5) 6, the farthest east; standing, (6, 5) costs 1 and it reaches (11, 5)", () => {
    const prone = options(true);
    expect([prone.cost(6, 5), prone.cost(7, 5), prone.cost(8, 5), prone.cost(9, 5), prone.farthestEast]).toEqual([2, 4, 6, null, 8]);
    const up = options(false);
    expect([up.cost(6, 5), up.cost(8, 5), up.cost(11, 5), up.farthestEast]).toEqual([1, 3, 6, 11]);
  });
});

describe("audit r13: no weapon needs reloading (D20-ACTION-43, cannot happen in full: docs/rules-decisions.md)", () => {
  it("D20-ACTION-43: every weapon a d20 sheet can carry (the gear's D20_WEAPONS, the kits' D20_KIT_WEAPONS) has reload false, so the Reload action reloads nothing", () => {
    const all = [...Object.values(D20_WEAPONS), ...Object.values(D20_KIT_WEAPONS)];
    expect(all.map((w) => [w.name, w.reload])).toEqual([
      ["unarmed", false], ["mace", false], ["longsword", false], ["shortbow", false], ["shortsword", false], ["dagger", false], ["spear", false],
    ]);
  });
});

describe("audit r13: the skill bonus on an attack at a tile (D20-ATTACK-04, D20-ATTACK-71)", () => {
  it("D20-ATTACK-04, D20-ATTACK-71: the Scout's marksmanship (+1) adds to its shot at a tile: at the minion's tile (9, 5) the lower d20 3 + 1 = 4, at the empty (9, 6) the lower d20 5 + 1 = 6; both events name no target and no AC", () => {
    const shot = (x: number, y: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Scout"]);
      const m = foe(sim, 9);
      expect([d20Of(s!).attackBonus, d20Of(s!).abilities.agility]).toEqual([1, 0]);
      const t = playTurn(sim, s!, m, [20, 1], [{ kind: "attackTile", x, y }], dice);
      expect(t.refusals).toEqual([null]);
      return t.events.filter((e) => e.type === "attack").map((e) => e.type === "attack" && [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll]);
    };
    expect(shot(9, 5, [3, 4])).toEqual([["1", "", false, 4, 0]]);
    expect(shot(9, 6, [5, 7])).toEqual([["1", "", false, 6, 0]]);
  });
});
