import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain, planSteps } from "./live-helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { party } from "./live-turn.ts";

/**
 * Audit a8-x7 (issue 17): live d20 rooms; players plan turns with `planTurn`, `sim.step()` plays
 * them, every die recorded with its size (diceRecorder.ts).
 */

describe("audit a8-x7: Help is for the ally's first attack against THAT creature (D20-ACTION-18)", () => {
  /**
   * Player heroes A (5, 5) and B (7, 6) against minions M (8, 5) and N (8, 7), all plain (100 HP,
   * AC 11, zero characteristics); B makes two attacks an action (Extra Attack, as a class gives
   * it from its level). Initiative A 20, B 19, M 1, N 2 (N acts before M). A helps B against M; in its turn B attacks
   * `first`, then M; the minions' natural 1s miss B.
   */
  function helpThenTwoAttacks(first: "N" | "M", dice: number[]) {
    const sim = d20Sim(1);
    const a = hero(sim, 5, 5, { controller: "a0" });
    const b = hero(sim, 7, 6, { controller: "a1" });
    const m = minion(sim, 8, 5, { faction: "dungeon" });
    const n = minion(sim, 8, 7, { faction: "dungeon" });
    plain([a, b, m, n]);
    d20Of(b).attacksPerAction = 2;
    a.targetId = m.id;
    forceDice(sim, [20, 19, 1, 2]);
    sim.step();
    planSteps(sim, a, [{ kind: "help", allyId: b.id, targetId: m.id }]);
    const rec = recordD20Dice(sim, dice);
    const events: SimEvent[] = [...sim.step()];
    planSteps(sim, b, [{ kind: "attack", targetId: (first === "N" ? n : m).id }, { kind: "attack", targetId: m.id }]);
    for (let i = 0; i < 3; i++) events.push(...sim.step());
    expect(rec.left()).toBe(0);
    return { b, m, n, events, draws: rec.draws, helped: d20Of(b).statuses.filter((s) => s.kind === "helped").length };
  }

  it("D20-ACTION-18: B's first attack goes to N, the creature A did not help against: one d20 (3, misses); its next attack, its first against M, has the advantage: two d20 (3 and 16, the 16 hits AC 11), 1d8 6: M 100 → 94, N untouched", () => {
    const f = helpThenTwoAttacks("N", [3, 3, 16, 6, 1, 1]);
    expect(f.draws).toEqual(["d20=3", "d20=3", "d20=16", "d8=6", "d20=1", "d20=1"]);
    expect(of(f.events, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([
      [f.b.id, f.n.id, false, 3], [f.b.id, f.m.id, true, 16], [f.n.id, f.b.id, false, 1], [f.m.id, f.b.id, false, 1],
    ]);
    expect([d20Of(f.m).hp, d20Of(f.n).hp, f.helped]).toEqual([94, 100, 0]);
  });

  it("D20-ACTION-18: B attacks M twice: only the first attack against M has the advantage (3 and 16: hits, 1d8 6); the second draws one d20 (3, misses)", () => {
    const f = helpThenTwoAttacks("M", [3, 16, 6, 3, 1, 1]);
    expect(f.draws).toEqual(["d20=3", "d20=16", "d8=6", "d20=3", "d20=1", "d20=1"]);
    expect(of(f.events, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([
      [f.b.id, f.m.id, true, 16], [f.b.id, f.m.id, false, 3], [f.n.id, f.b.id, false, 1], [f.m.id, f.b.id, false, 1],
    ]);
    expect([d20Of(f.m).hp, d20Of(f.n).hp, f.helped]).toEqual([94, 100, 0]);
  });
});

describe("audit a8-x7: an independent mount may flee the fight, rider aboard (D20-MOUNT-21)", () => {
  it("D20-MOUNT-21: the Skyrider gets off its griffon; the Warrior's player mounts it letting it act on its own (control: false); the griffon, terrified of the minion, flees from it in its own turn, from (4, 5) to the west wall at (0, 4), carrying its rider, and strikes nobody", () => {
    const sim = d20Sim(1);
    const [sky] = party(sim, ["Skyrider"]) as [UnitRecord];
    const griffon = sim.state.units[d20Of(sky).riding!.mountId]!; // 2 × 2 from (4, 5)
    const w = hero(sim, 6, 5, { controller: "a1" });
    const m = minion(sim, 10, 5);
    plain([sky, griffon, w, m]);
    sky.targetId = m.id;
    // initiative in id order: Skyrider 15, griffon 10, the Warrior 12, minion 5.
    forceDice(sim, [15, 10, 12, 5]);
    const start = of(sim.step(), "encounterStarted")[0]!;
    expect(start.order).toEqual([sky.id, w.id, griffon.id, m.id]);
    addStatus(d20Of(griffon).statuses, "terrified", m.id); // as a giant bat's screech leaves it (D20 tables, `inflicts: terrified`), here the minion its source
    planSteps(sim, sky, [{ kind: "dismount", x: 3, y: 5 }]);
    planSteps(sim, w, [{ kind: "mount", mountId: griffon.id, control: false }]);
    const rec = recordD20Dice(sim, [1]);
    const ev: SimEvent[] = [];
    for (let i = 0; i < 4; i++) ev.push(...sim.step());
    // Its own turn (slot 10, after its rider's 12) comes; it runs from the minion to the west wall, rider aboard, and strikes nobody.
    expect(of(ev, "turnStarted").map((e) => e.unitId)).toEqual([sky.id, w.id, griffon.id, m.id]);
    expect([griffon.x, griffon.y, w.x, w.y, d20Of(w).riding]).toEqual([0, 4, 0, 4, { mountId: griffon.id, controlled: false }]);
    // The minion walks up and strikes (d20 1, a miss): the only attack, the only die.
    expect(of(ev, "attack").map((e) => [e.attackerId, e.attackRoll])).toEqual([[m.id, 1]]);
    expect([rec.draws, rec.left()]).toEqual([["d20=1"], 0]);
  });
});
