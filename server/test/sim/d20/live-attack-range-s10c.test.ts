import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { attacks, damage, foe, party } from "./live-turn.ts";
import { playRecordedTurn } from "./diceRecorder.ts";

/**
 * Audit s10-c (issue 17): a target nearer than a two-range weapon's minimum is shot with
 * disadvantage (D20-ATTACK-49, the Left-open reading: minimum and maximum), apart from the
 * ranged-in-melee disadvantage (D20-ATTACK-56). live-attack-range's test shoots an adjacent foe
 * that sees the Scout, so both disadvantages apply there and either alone explains its one kept
 * low die. Here the Scout first hides (Hide d20 20 beats the minion's passive Perception): no foe
 * sees it, so D20-ATTACK-56 does not apply and its unseen shot has advantage (D20-ATTACK-72).
 * Played in a live d20 room: `planTurn`, then `sim.step()` on forced dice, each recorded with its
 * size. The Scout (shortbow 2 to 16 tiles, marksmanship +1) stands at (4, 5); the minion (AC 11,
 * 30 HP) at (5, 5) or (6, 5); initiative Scout 20, minion 1.
 */
describe("s10-c: the shortbow's minimum range in a live d20 room", () => {
  /** The hidden Scout's shot at the minion at (`x`, 5): the turn's recorded dice, attacks and damage. */
  const hiddenShot = (x: number, dice: number[]) => {
    const sim = d20Sim(1);
    const [s] = party(sim, ["Scout"]);
    const m = foe(sim, x);
    expect(d20Of(s!).weapon.range).toEqual([2, 16]);
    const t = playRecordedTurn(sim, s!, m, [20, 1], [{ kind: "hide" }, { kind: "attack", targetId: m.id }], dice);
    return { s: s!, m, t };
  };

  it("D20-ATTACK-49, D20-ATTACK-72: hidden, the Scout shoots the minion 2 tiles off with advantage (two d20s, 3 and 15, keep 15: 16 hits, 1d6 5); 1 tile off, nearer than the minimum, the disadvantage cancels the advantage: one d20 (3: 4 misses), no damage die", () => {
    const two = hiddenShot(6, [20, 3, 15, 5]);
    expect([two.t.refusals, two.t.draws]).toEqual([[null, null], ["d20=20", "d20=3", "d20=15", "d6=5"]]);
    expect([attacks(two.t.events), damage(two.t.events), d20Of(two.m).hp]).toEqual([[[two.s.id, two.m.id, true, 16, 11]], [[two.s.id, two.m.id, 5]], 25]);
    const one = hiddenShot(5, [20, 3]);
    expect([one.t.refusals, one.t.draws]).toEqual([[null, null], ["d20=20", "d20=3"]]);
    expect([attacks(one.t.events), damage(one.t.events), d20Of(one.m).hp]).toEqual([[[one.s.id, one.m.id, false, 4, 11]], [], 30]);
  });
});
