import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { attacks, damage, foe, party } from "./live-turn.ts";
import { playRecordedTurn, recordD20Dice } from "./diceRecorder.ts";

/**
 * Issue 17, sweep s8: two-weapon fighting (D20-ATTACK-30 to D20-ATTACK-32, D20-ATTACK-34) in a live
 * d20 room, dice recorded with their size (diceRecorder.ts). D20-ATTACK-32 says that, fighting
 * with two weapons, "you add no modifiers to the damage of either weapon" (« aucun modificateur aux
 * dégâts de vos deux armes »): the main-hand blow of that turn drops its weapon skill as the
 * off-hand one does (a turn fights with two weapons when its plan holds the off-hand attack, or
 * when the AI, holding two light weapons with its demi-action and reaction left, makes it;
 * docs/rules-decisions.md). The Rogue's kit: a shortsword (1d6) in the main hand, a dagger (1d4)
 * in the off hand; its weapon skill is half its level. The minion: AC 11, 30 HP, no defence.
 */
function rogueTurn(level: number, offHand: boolean, dice: number[]) {
  const sim = d20Sim(1);
  const [r] = party(sim, ["Rogue"], { level });
  const m = foe(sim, 5);
  const steps = [{ kind: "attack", targetId: m.id }, ...(offHand ? [{ kind: "attack", targetId: m.id, offHand: true }] : [])];
  const t = playRecordedTurn(sim, r!, m, [20, 1], steps, dice);
  return { r: r!, m, t };
}

describe("two-weapon fighting adds no modifiers to either weapon (D20-ATTACK-30 to D20-ATTACK-32, D20-ATTACK-34)", () => {
  it("D20-ATTACK-30, D20-ATTACK-31, D20-ATTACK-32: a level-2 Rogue (weapon skill 1) strikes with its shortsword then its dagger: 1d6 4 and 1d4 3, neither + 1; the dagger spent its reaction", () => {
    const f = rogueTurn(2, true, [15, 4, 15, 3]);
    expect([d20Of(f.r).skills.weapon, d20Of(f.r).twoWeaponStyle]).toEqual([1, false]);
    expect(f.t.refusals).toEqual([null, null]);
    expect(f.t.draws).toEqual(["d20=15", "d6=4", "d20=15", "d4=3"]);
    expect(damage(f.t.events)).toEqual([[f.r.id, f.m.id, 4], [f.r.id, f.m.id, 3]]);
    expect([d20Of(f.m).hp, d20Of(f.r).reactionUsed]).toEqual([23, true]);
  });

  it("D20-ATTACK-32: the same Rogue striking with its shortsword alone (no two-weapon fighting) adds its weapon skill: 1d6 4 + 1 = 5", () => {
    const f = rogueTurn(2, false, [15, 4]);
    expect(f.t.draws).toEqual(["d20=15", "d6=4"]);
    expect(damage(f.t.events)).toEqual([[f.r.id, f.m.id, 5]]);
    expect(d20Of(f.r).reactionUsed).toBe(false);
  });

  it("D20-ATTACK-34: a level-4 Rogue's two-weapon technique keeps its weapon skill 2 on both weapons: 1d6 4 + 2 = 6, 1d4 3 + 2 = 5", () => {
    const f = rogueTurn(4, true, [15, 4, 15, 3]);
    expect([d20Of(f.r).skills.weapon, d20Of(f.r).twoWeaponStyle]).toEqual([2, true]);
    expect(f.t.draws).toEqual(["d20=15", "d6=4", "d20=15", "d4=3"]);
    expect(damage(f.t.events)).toEqual([[f.r.id, f.m.id, 6], [f.r.id, f.m.id, 5]]);
  });

  it("D20-ATTACK-30, D20-ATTACK-32: a level-2 Rogue played by the AI fights with both weapons: shortsword 1d6 4, dagger 1d4 3, neither + 1", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"], { level: 2 });
    r!.controller = undefined;
    const m = foe(sim, 5);
    r!.targetId = m.id;
    // initiative Rogue 20, minion 1, and the Rogue's AI turn in the same tick.
    const rec = recordD20Dice(sim, [20, 1, 15, 4, 15, 3]);
    const events = sim.step();
    expect([rec.draws, rec.left()]).toEqual([["d20=20", "d20=1", "d20=15", "d6=4", "d20=15", "d4=3"], 0]);
    expect(attacks(events).map((a) => [a[0], a[2]])).toEqual([[r!.id, true], [r!.id, true]]);
    expect([damage(events), d20Of(m).hp]).toEqual([[[r!.id, m.id, 4], [r!.id, m.id, 3]], 23]);
  });
});
