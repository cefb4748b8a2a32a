import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { creature, of, plain, run } from "./live-helpers.ts";

/*
 * s9-r14 (issue 17): D20-DAMAGE-09 live, with the Left open reading of docs/rules-decisions.md:
 * "applying the same type again resets the duration to 2 turns instead of stacking" (addBasicDot).
 */

const dmg = (ev: readonly SimEvent[]) => of(ev, "damaged").map(({ targetId, amount, damageType, hp }) => ({ targetId, amount, damageType, hp }));

/** A bow: its wielder shoots from where it stands. */
const BOW = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } as const;

describe("D20-DAMAGE-09 in a live d20 room: basic acid again resets its 2 turns", () => {
  it("D20-DAMAGE-09: the Master's acidDart (4) leaves acid: d4 2 on the hero's next turn; a second acidDart (3) before the second tick resets it to 2 turns: one d4 (1) then one d4 (4), never two d4 in one turn, then nothing", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { gear: { ...BOW } });
    const b = hero(sim, 5, 6, { gear: { ...BOW } });
    const m = creature(sim, "master", 9, 5);
    m.controller = "seat-1";
    plain([a, b, m]);
    a.targetId = m.id;
    forceDice(sim, [1, 2, 20]);
    sim.step(); // initiative: the Master first, its turn waiting for the keeper's plan
    const enc = Object.values(sim.state.encounters ?? {})[0]!;
    // Round 1: the Master's first acidDart: attack d20 15, damage d4 4; then b shoots (natural 1); a's acid d4 2; a shoots (natural 1).
    enc.plans[m.id] = { steps: [{ kind: "cast", spell: "acidDart", targetId: a.id }] };
    const r1 = recordAllDice(sim, [15, 4, 1, 2, 1]);
    const round1 = run(sim, 3);
    expect([r1.left(), r1.draws]).toEqual([0, ["d20=15", "d4=4", "d20=1", "d4=2", "d20=1"]]);
    expect(dmg(round1)).toEqual([
      { targetId: a.id, amount: 4, damageType: "acid", hp: 96 },
      { targetId: a.id, amount: 2, damageType: "acid", hp: 94 },
    ]);
    expect(d20Of(a).dots.map((d) => [d.type, d.turnsLeft])).toEqual([["acid", 1]]);
    // Round 2: the second acidDart (15, 3) resets the acid to 2 turns; a's turn draws ONE acid d4 (1).
    enc.plans[m.id] = { steps: [{ kind: "cast", spell: "acidDart", targetId: a.id }] };
    const r2 = recordAllDice(sim, [15, 3, 1, 1, 1]);
    const round2 = run(sim, ROUND_TICKS);
    expect([r2.left(), r2.draws]).toEqual([0, ["d20=15", "d4=3", "d20=1", "d4=1", "d20=1"]]);
    expect(dmg(round2)).toEqual([
      { targetId: a.id, amount: 3, damageType: "acid", hp: 91 },
      { targetId: a.id, amount: 1, damageType: "acid", hp: 90 },
    ]);
    // Round 3: the reset acid still ticks once more (4); without the reset it would be gone.
    enc.plans[m.id] = { steps: [] };
    const r3 = recordAllDice(sim, [1, 4, 1]);
    const round3 = run(sim, ROUND_TICKS);
    expect([r3.left(), r3.draws]).toEqual([0, ["d20=1", "d4=4", "d20=1"]]);
    expect(dmg(round3)).toEqual([{ targetId: a.id, amount: 4, damageType: "acid", hp: 86 }]);
    // Round 4: spent.
    enc.plans[m.id] = { steps: [] };
    const r4 = recordAllDice(sim, [1, 1]);
    const round4 = run(sim, ROUND_TICKS);
    expect([r4.left(), r4.draws, dmg(round4), d20Of(a).dots]).toEqual([0, ["d20=1", "d20=1"], [], []]);
  });
});
