import { describe, expect, it } from "vitest";
import { THROW_RANGE } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { creature, of, plain } from "./live-helpers.ts";
import { attacks, damage, foe, party, playTurn, POOL } from "./live-turn.ts";

/**
 * Issue 17: combat under water (D20-WATER-01 to D20-WATER-07) in a live d20 room. The pool is
 * deep water on x = 6..7 (rows 1 to 10); a unit standing there is fully submerged. A player's
 * adventurer plans its attack with `planTurn`, `sim.step()` plays it with forced dice; with
 * disadvantage two d20s are drawn and the lower kept. The minion foe has AC 11 and 30 HP.
 * Initiative: the player 20, the minion 1.
 */
function fight(cls: string, at: readonly [number, number], foeAt: readonly [number, number], steps: (targetId: string) => unknown[], dice: number[], map = POOL) {
  const sim = d20Sim(1, map);
  const [u] = party(sim, [cls], { x0: at[0], y: at[1] });
  const m = foe(sim, foeAt[0], foeAt[1]);
  const t = playTurn(sim, u!, m, [20, 1], steps(m.id), dice);
  return { sim, u: u!, m, t };
}
const strike = (id: string) => [{ kind: "attack", targetId: id }];

describe("combat under water in a live d20 room (issue 17)", () => {
  it("D20-WATER-01, D20-WATER-02: the Warrior swimming at (6, 5) strikes with disadvantage (d20s 15 and 3 keep 3: a miss); from the bank (5, 5) at a minion in the water, the attacker is not submerged: one d20, 15 hits", () => {
    const under = fight("Warrior", [6, 5], [7, 5], strike, [15, 3]);
    expect(attacks(under.t.events)).toEqual([[under.u.id, under.m.id, false, 3, 11]]);
    const bank = fight("Warrior", [5, 5], [6, 5], strike, [15, 4]);
    expect(attacks(bank.t.events)).toEqual([[bank.u.id, bank.m.id, true, 15, 11]]);
    expect(damage(bank.t.events)).toEqual([[bank.u.id, bank.m.id, 4]]);
  });

  it("D20-WATER-03: the Rogue's shortsword keeps no disadvantage under water: one d20, 15 hits (1d6 4)", () => {
    const f = fight("Rogue", [6, 5], [7, 5], strike, [15, 4]);
    expect(d20Of(f.u).weapon.name).toBe("shortsword");
    expect([attacks(f.t.events), damage(f.t.events)]).toEqual([[[f.u.id, f.m.id, true, 15, 11]], [[f.u.id, f.m.id, 4]]]);
  });

  it("D20-WATER-02: a creature with a swimming movement keeps no disadvantage: the crocodile (a native swimmer) bites from the water with one d20; so does the Priest under its waterborne spell (magical swimming) with its mace", () => {
    const sim = d20Sim(1, POOL);
    const h = hero(sim, 7, 5);
    const c = creature(sim, "crocodile", 6, 5);
    plain([h, c]);
    h.targetId = c.id;
    expect(d20Of(c).swimmer).toBe(true);
    // initiative hero 1, crocodile 20, and the crocodile's AI turn in the same tick: its bite d20 15 against AC 12, then its damage die 2.
    const left = forceDice(sim, [1, 20, 15, 2]);
    const events = sim.step();
    expect([attacks(events), left.left()]).toEqual([[[c.id, h.id, true, 15, 12]], 0]);

    // The Priest swimming at (6, 5) with its waterborne blessing on (as its cast leaves it: live-swim.test.ts): its mace, one d20 15, then 1d6 4.
    const sim2 = d20Sim(1, POOL);
    const [p] = party(sim2, ["Priest"], { x0: 6 });
    d20Of(p!).swimSpell = true;
    const m = foe(sim2, 7);
    const t = playTurn(sim2, p!, m, [20, 1], strike(m.id), [15, 4]);
    expect([d20Of(p!).weapon.name, attacks(t.events), damage(t.events)]).toEqual(["mace", [[p!.id, m.id, true, 15, 11]], [[p!.id, m.id, 4]]]);
  });

  it("D20-WATER-05, D20-WATER-06: under water the Scout's shortbow (not an exempt weapon) shoots with disadvantage at a minion 4 tiles off: d20s 15 and 3 keep 3, 3 + 1 = 4 misses", () => {
    const f = fight("Scout", [6, 5], [10, 5], strike, [15, 3]);
    expect(attacks(f.t.events)).toEqual([[f.u.id, f.m.id, false, 4, 11]]);
  });

  it("D20-WATER-04, D20-WATER-05: the Rogue's dagger thrown from the water 3 tiles (within its THROW_RANGE, 5) is no automatic miss: disadvantage, d20s 15 and 12 keep 12, a hit (1d4 3); at exactly 5 tiles (the normal range, not beyond it) the same dice hit too; at 6 tiles the throw is refused before any roll", () => {
    const swapThrow = (id: string) => [{ kind: "useObject", item: "swapWeapons" }, { kind: "attack", targetId: id, thrown: true }];
    const f = fight("Rogue", [6, 5], [9, 5], swapThrow, [15, 12, 3]);
    expect(THROW_RANGE).toBe(5);
    expect([attacks(f.t.events), damage(f.t.events)]).toEqual([[[f.u.id, f.m.id, true, 12, 11]], [[f.u.id, f.m.id, 3]]]);
    // s11-a: the boundary, a target exactly at the normal range (11 − 6 = 5 tiles) is not beyond it.
    const edge = fight("Rogue", [6, 5], [11, 5], swapThrow, [15, 12, 3]);
    expect([edge.t.refusals, attacks(edge.t.events), damage(edge.t.events), d20Of(edge.m).hp]).toEqual([[null, null], [[edge.u.id, edge.m.id, true, 12, 11]], [[edge.u.id, edge.m.id, 3]], 27]);
    const far = fight("Rogue", [6, 5], [12, 5], swapThrow, []);
    expect([far.t.refusals[1], attacks(far.t.events)]).toEqual(["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)", []]);
  });

  it("D20-WATER-07: the Master's firebolt (1d6 = 6 burn) deals 3 to a hero fully submerged at (7, 5) and 6 to the same hero on dry ground at (8, 5)", () => {
    /* The hero already holds the statuses of the Master's blind and madness (the AI casts no status on
       a foe that has it), so the Master's AI turns to its firebolt (Medium band). */
    const bolt = (x: number) => {
      const sim = d20Sim(1, POOL);
      const h = hero(sim, x, 5);
      const m = creature(sim, "master", 14, 5);
      plain([h, m]);
      d20Of(h).statuses.push({ kind: "blinded", turnsLeft: 5, sourceId: "" }, { kind: "enraged", turnsLeft: 5, sourceId: m.id });
      h.targetId = m.id;
      // initiative hero 1, Master 20, then the Master's AI turn: firebolt d20 15 against AC 12, 1d6 6.
      const left = forceDice(sim, [1, 20, 15, 6]);
      const events = sim.step();
      expect(left.left()).toBe(0);
      return of(events, "damaged").map((e) => [e.sourceId, e.targetId, e.amount, e.damageType]);
    };
    expect(bolt(7)).toEqual([["2", "1", 3, "burn"]]);
    expect(bolt(8)).toEqual([["2", "1", 6, "burn"]]);
  });
});
