import { describe, expect, it } from "vitest";
import { d20Sim } from "../encounters/helpers.ts";
import { attacks, damage, foe, party, playTurn, walled } from "./live-turn.ts";

/**
 * Issue 17: cover (D20-ATTACK-58, D20-ATTACK-60, D20-ATTACK-62 to D20-ATTACK-64, D20-ATTACK-67) in
 * a live d20 room: a player's Scout plans a shot with `planTurn` and `sim.step()` plays it with
 * forced dice; the `attack` event's `defenceRoll` is the AC it had to reach (the minion's 11 plus
 * cover: half +1, three-quarters +3). The Scout's roll is d20 + Agility 0 + 1 (marksmanship).
 * Initiative: the Scout 20, the minion 1 (and the bystander 2).
 */
function shoot(walls: readonly (readonly [number, number])[], from: readonly [number, number], to: readonly [number, number], dice: number[], bystander?: readonly [number, number]) {
  const sim = d20Sim(1, walled(walls));
  const [s] = party(sim, ["Scout"], { x0: from[0], y: from[1] });
  const m = foe(sim, to[0], to[1]);
  const others = bystander ? [foe(sim, bystander[0], bystander[1])] : [];
  const t = playTurn(sim, s!, m, [20, 1, ...others.map(() => 2)], [{ kind: "attack", targetId: m.id }], dice);
  return { s: s!, m, t };
}

describe("cover in a live d20 room (issue 17)", () => {
  it("D20-ATTACK-58, D20-ATTACK-62, D20-ATTACK-61: a wall tile (4, 3) between the Scout (2, 3) and the minion (5, 3) gives it half cover, AC 12; shot from (8, 3), with the wall behind the minion, none: AC 11", () => {
    const far = shoot([[4, 3]], [2, 3], [5, 3], [10]);
    expect(attacks(far.t.events)).toEqual([[far.s.id, far.m.id, false, 11, 12]]);
    const near = shoot([[4, 3]], [8, 3], [5, 3], [10, 2]);
    expect(attacks(near.t.events)).toEqual([[near.s.id, near.m.id, true, 11, 11]]);
    expect(damage(near.t.events)).toEqual([[near.s.id, near.m.id, 2]]);
  });

  it("D20-ATTACK-64, D20-ATTACK-63: the minion (6, 4) seen from (2, 2) past the corner of the wall tile (4, 3) has three-quarters cover: AC 14; 13 misses, 14 hits", () => {
    const miss = shoot([[4, 3]], [2, 2], [6, 4], [12]);
    expect(attacks(miss.t.events)).toEqual([[miss.s.id, miss.m.id, false, 13, 14]]);
    const hit = shoot([[4, 3]], [2, 2], [6, 4], [13, 3]);
    expect(attacks(hit.t.events)).toEqual([[hit.s.id, hit.m.id, true, 14, 14]]);
  });

  it("D20-ATTACK-60: a creature on the line (half) and the wall corner (three-quarters) do not stack: AC 14, not 15", () => {
    // The bystander minion at (5, 3) is in the way of a line of sight from (2, 2) to (6, 4) (cover), not on the shot's tile path (no d100 for CMB-14).
    const both = shoot([[4, 3]], [2, 2], [6, 4], [13, 3], [5, 3]);
    expect(attacks(both.t.events)).toEqual([[both.s.id, both.m.id, true, 14, 14]]);
    const creatureOnly = shoot([], [2, 2], [6, 4], [11, 3], [5, 3]);
    expect(attacks(creatureOnly.t.events)).toEqual([[creatureOnly.s.id, creatureOnly.m.id, true, 12, 12]]);
  });

  it("CMB-11 (d20, decided: the d20 cover rules judge the line), D20-ATTACK-67, D20-ATTACK-65: right behind a wall two tiles high (5, 2), (5, 3) the minion (6, 3) has total cover from (2, 2): 19 + 1 = 20 misses AC 11; only a natural 20 hits", () => {
    const miss = shoot([[5, 2], [5, 3]], [2, 2], [6, 3], [19]);
    expect(attacks(miss.t.events).map((a) => [a[2], a[3]])).toEqual([[false, 20]]);
    const crit = shoot([[5, 2], [5, 3]], [2, 2], [6, 3], [20]);
    expect(attacks(crit.t.events).map((a) => [a[2], a[3]])).toEqual([[true, 21]]);
    expect(damage(crit.t.events)).toEqual([[crit.s.id, crit.m.id, 6]]);
  });
});
