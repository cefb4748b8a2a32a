import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { ADVENTURER_CLASSES } from "@malignus/shared";
import type { PartyRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { of, plain } from "./live-helpers.ts";

/*
 * Audit a8-x5 (issue 17): d20 rules found weak, played through `Simulation.step` with recorded
 * dice ("d20=v").
 */

describe("audit a8-x5: every hider's Stealth against each observer of the other side (D20-FLOW-08)", () => {
  it("D20-FLOW-08 (the dungeon side hides): two hidden minions each roll Stealth (d20 12, then 11 or 12) against the player's hero's passive Perception 10 + 1 = 11: the second hider at 11 is noticed, so the hero is not surprised; at 12 both beat it and the hero is surprised", () => {
    const ambush = (second: number) => {
      const sim = d20Sim();
      const h = hero(sim, 5, 5, { controller: "seat-1" });
      const m1 = minion(sim, 6, 5);
      const m2 = minion(sim, 6, 6);
      plain([h, m1, m2]);
      d20Of(h).abilities.perception = 1;
      addStatus(d20Of(m1).statuses, "hidden");
      addStatus(d20Of(m2).statuses, "hidden");
      m1.targetId = h.id;
      // the hide rolls of m1 then m2 (joining order), then initiative hero 20, m1 1, m2 2: the hero's turn comes first.
      const dice = recordD20Dice(sim, [12, second, 20, 1, 2]);
      const start = of(sim.step(), "encounterStarted")[0]!;
      return { start, h, m1, m2, draws: dice.draws, left: dice.left() };
    };
    const seen = ambush(11);
    expect([seen.start.surprised, seen.start.order, seen.draws, seen.left]).toEqual([[], [seen.h.id, seen.m2.id, seen.m1.id], ["d20=12", "d20=11", "d20=20", "d20=1", "d20=2"], 0]);
    const missed = ambush(12);
    expect([missed.start.surprised, missed.draws, missed.left]).toEqual([[missed.h.id], ["d20=12", "d20=12", "d20=20", "d20=1", "d20=2"], 0]);
  });

  it("D20-FLOW-08 (the heroes hide): two hidden heroes roll Stealth 14 and 13 against two minions of passive 13 (10 + Perception 3) and 12 (10 + Perception 2): the first minion notices the 13 (not beaten) and acts; the second notices neither (both beat 12) and is surprised", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const b = hero(sim, 5, 6, { controller: "seat-2" });
    const keen = minion(sim, 6, 5);
    const dull = minion(sim, 6, 6);
    plain([a, b, keen, dull]);
    d20Of(keen).abilities.perception = 3;
    d20Of(dull).abilities.perception = 2;
    addStatus(d20Of(a).statuses, "hidden");
    addStatus(d20Of(b).statuses, "hidden");
    a.targetId = keen.id;
    // hide rolls a 14, b 13; initiative a 20, b 19, keen 1, dull 2.
    const dice = recordD20Dice(sim, [14, 13, 20, 19, 1, 2]);
    const start = of(sim.step(), "encounterStarted")[0]!;
    expect([start.surprised, dice.draws, dice.left()]).toEqual([[dull.id], ["d20=14", "d20=13", "d20=20", "d20=19", "d20=1", "d20=2"], 0]);
  });
});

describe("audit a8-x5: the free object interaction as part of the movement (D20-FLOW-31)", () => {
  it("D20-FLOW-31: a Rogue player walks 3 tiles, swaps its weapons (its free interaction) in the middle of its move, walks the other 3 of its 6 tiles and still attacks with its action, now with the dagger (d20 15 against AC 11, 1d4 3)", () => {
    const sim = d20Sim(1);
    const k = ADVENTURER_CLASSES.Rogue!;
    const r = hero(sim, 4, 5, { adventurerClass: "Rogue", partyId: "p1", controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
    sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [r.id] } as unknown as PartyRecord);
    const m = minion(sim, 11, 5);
    plain([r, m]);
    r.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    const pts = (...xs: number[]) => xs.map((x) => ({ x, y: 5 }));
    expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: r.id }, { type: "planTurn", action: "steps", steps: [
      { kind: "move", path: pts(5, 6, 7) }, { kind: "useObject", item: "swapWeapons" }, { kind: "move", path: pts(8, 9, 10) }, { kind: "attack", targetId: m.id },
    ] } as never)).toEqual({ ok: true });
    const dice = recordD20Dice(sim, [15, 3]);
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed").map((e) => e.refusals)).toEqual([[null, null, null, null]]);
    expect([r.x, r.y, d20Of(r).weapon.name, d20Of(r).offHand?.name]).toEqual([10, 5, "dagger", "shortsword"]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[r.id, m.id, true, 15, 11]]);
    expect(of(ev, "damaged").map((e) => [e.sourceId, e.targetId, e.amount])).toEqual([[r.id, m.id, 3]]);
    expect([dice.draws, dice.left()]).toEqual([["d20=15", "d4=3"], 0]);
  });
});
