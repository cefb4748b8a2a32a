import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { creature, plain, run } from "./live-helpers.ts";

/** The fight events of a stretch of play, without ticks and encounter ids. */
const fight = (ev: readonly SimEvent[]) => ev.filter((e) => ["attack", "damaged", "turnStarted", "spellCast"].includes(e.type)).map((e) => {
  const { tick: _t, encounterId: _e, ...r } = e as SimEvent & { encounterId?: string };
  return r;
});

describe("d20 silence spares Stamina techniques (live)", () => {
  it("D20-STATUS-04 (Proposal: Stamina techniques are not magic): a silenced giant bat still screeches (1 Stamina): d20 15 hits, 1d2 = 2 psychic, the hero terrified; its Stamina 2 → 1", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const b = creature(sim, "giantBat", 8, 5);
    plain([a, b]);
    addStatus(d20Of(b).statuses, "silenced", "", 3); // 3 turns: still silenced after this turn
    a.targetId = b.id;
    // initiative hero 1, bat 20; the screech: d20 15 against 12, 1d2 = 2.
    const dice = forceDice(sim, [1, 20, 15, 2]);
    const ev = run(sim, 1);
    expect(fight(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: b.id },
      { type: "attack", attackerId: b.id, targetId: a.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: a.id, sourceId: b.id, amount: 2, damageType: "psychic", hp: 98, critical: false },
    ]);
    expect([d20Of(b).stamina, d20Of(a).statuses.map((s) => s.kind), d20Of(b).statuses.map((s) => s.kind), dice.left()]).toEqual([1, ["terrified"], ["silenced"], 0]);
  });
});
