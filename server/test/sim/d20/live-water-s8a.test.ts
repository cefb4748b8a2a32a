import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, hero } from "../encounters/helpers.ts";
import { creature, of, plain } from "./live-helpers.ts";
import { attacks, damage, foe, party, POOL } from "./live-turn.ts";
import { playRecordedTurn, recordD20Dice } from "./diceRecorder.ts";

/**
 * Issue 17, sweep s8 (stress point 5, dice of the right size): the underwater rules with every draw
 * recorded with its die (diceRecorder.ts), in a live d20 room: the pool is deep water on x = 6..7
 * (live-turn.ts `POOL`), a player's adventurer plans its attack with `planTurn`, `sim.step()` plays
 * it. Disadvantage shows as a second d20 drawn before any damage die; no disadvantage as one d20.
 * The minion foe: AC 11, 30 HP, no defence. Initiative: the player 20, the minion 1.
 */
function fight(cls: string, at: readonly [number, number], foeAt: readonly [number, number], dice: number[], setUp?: (u: ReturnType<typeof party>[number]) => void) {
  const sim = d20Sim(1, POOL);
  const [u] = party(sim, [cls], { x0: at[0], y: at[1] });
  setUp?.(u!);
  const m = foe(sim, foeAt[0], foeAt[1]);
  const t = playRecordedTurn(sim, u!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice);
  return { u: u!, m, t };
}

describe("combat under water, dice recorded (D20-WATER-01 to D20-WATER-07)", () => {
  it("D20-WATER-01, D20-WATER-02, D20-WATER-03: the Warrior swimming at (6, 5) with its longsword (not listed) draws two d20 and keeps the lower (15, 3: 3 misses AC 11); on the bank (5, 5) one d20 (15 hits) and its 1d8 (6)", () => {
    const under = fight("Warrior", [6, 5], [7, 5], [15, 3]);
    expect([under.t.draws, attacks(under.t.events)]).toEqual([["d20=15", "d20=3"], [[under.u.id, under.m.id, false, 3, 11]]]);
    const bank = fight("Warrior", [5, 5], [6, 5], [15, 6]);
    expect([bank.t.draws, attacks(bank.t.events), damage(bank.t.events)]).toEqual([["d20=15", "d8=6"], [[bank.u.id, bank.m.id, true, 15, 11]], [[bank.u.id, bank.m.id, 6]]]);
  });

  it("D20-WATER-03: the Rogue's shortsword (listed) under water: one d20 (3 misses AC 11, no second die); (15 hits, its 1d6 5)", () => {
    const miss = fight("Rogue", [6, 5], [7, 5], [3]);
    expect([d20Of(miss.u).weapon.name, miss.t.draws, attacks(miss.t.events)]).toEqual(["shortsword", ["d20=3"], [[miss.u.id, miss.m.id, false, 3, 11]]]);
    const hit = fight("Rogue", [6, 5], [7, 5], [15, 5]);
    expect([hit.t.draws, damage(hit.t.events)]).toEqual([["d20=15", "d6=5"], [[hit.u.id, hit.m.id, 5]]]);
  });

  it("D20-WATER-02: a swimming movement by magic (the Priest's waterborne on) spares its mace the disadvantage: one d20 (15 hits), then its 1d6 (5); without it, two d20 (15 and 3: 3 misses)", () => {
    const blessed = fight("Priest", [6, 5], [7, 5], [15, 5], (p) => { d20Of(p).swimSpell = true; });
    expect([d20Of(blessed.u).weapon.name, blessed.t.draws, damage(blessed.t.events)]).toEqual(["mace", ["d20=15", "d6=5"], [[blessed.u.id, blessed.m.id, 5]]]);
    const plainPriest = fight("Priest", [6, 5], [7, 5], [15, 3]);
    expect([plainPriest.t.draws, attacks(plainPriest.t.events)]).toEqual([["d20=15", "d20=3"], [[plainPriest.u.id, plainPriest.m.id, false, 3, 11]]]);
  });

  it("D20-WATER-02: a native swimmer (the crocodile) bites from the water with one d20 (15 hits the hero's AC 12), then its 1d8 (7)", () => {
    const sim = d20Sim(1, POOL);
    const h = hero(sim, 7, 5);
    const c = creature(sim, "crocodile", 6, 5);
    plain([h, c]);
    h.targetId = c.id;
    // initiative hero 1, crocodile 20, then the crocodile's AI turn in the same tick.
    const rec = recordD20Dice(sim, [1, 20, 15, 7]);
    const events = sim.step();
    expect([rec.draws, rec.left()]).toEqual([["d20=1", "d20=20", "d20=15", "d8=7"], 0]);
    expect([attacks(events), of(events, "damaged").map((e) => [e.targetId, e.amount])]).toEqual([[[c.id, h.id, true, 15, 12]], [[h.id, 7]]]);
  });

  it("D20-WATER-05: under water the Scout's shortbow (not listed) shoots with disadvantage at 4 tiles: two d20 (15 and 3): 3 + 1 = 4 misses; from the bank (5, 5) one d20, 15 + 1 = 16 hits (1d6 6)", () => {
    const under = fight("Scout", [6, 5], [10, 5], [15, 3]);
    expect([under.t.draws, attacks(under.t.events)]).toEqual([["d20=15", "d20=3"], [[under.u.id, under.m.id, false, 4, 11]]]);
    const bank = fight("Scout", [5, 5], [9, 5], [15, 6]);
    expect([bank.t.draws, attacks(bank.t.events), damage(bank.t.events)]).toEqual([["d20=15", "d6=6"], [[bank.u.id, bank.m.id, true, 16, 11]], [[bank.u.id, bank.m.id, 6]]]);
  });
});
