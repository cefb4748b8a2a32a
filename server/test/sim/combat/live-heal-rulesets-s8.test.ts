import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { d20Sim, forceDice as forceD20, hero, minion } from "../encounters/helpers.ts";
import { plain } from "../d20/live-helpers.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice } from "../d100/fixtures.ts";

/*
 * Sweep s8 (issue 17): CMB-45 ("someone unconscious can be healed") in d20 and d100 rooms. The
 * malignus room plays it by bed tending (unconscious.test.ts, live); docs/rules-decisions.md
 * "CMB-45 in play": d20 and d100 heal the unconscious with their own means, played here through
 * `sim.step()` in a live encounter: a d20 healing potion (2d4 + 2) and the d100 Priest's heal
 * spell (HEAL_SPELL_RANGE 20–40) on an ally lying unconscious.
 */
const hp = (ev: readonly SimEvent[]) => ev.filter((e) => e.type === "healed" || e.type === "woke").map(({ tick: _t, ...e }) => e);

describe("CMB-45 in a live d20 encounter", () => {
  it("CMB-45: d20 — a player's hero gives a healing potion to the ally lying unconscious at 0 HP next to it: 2d4 + 2 on dice 1 and 2 heals 5, and the ally wakes at 5 HP", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    a.controller = "seat-1";
    const b = hero(sim, 5, 6);
    const m = minion(sim, 6, 5);
    plain([a, b, m], 20);
    d20Of(b).hp = 0;
    b.activity = "unconscious";
    a.targetId = m.id;
    forceD20(sim, [20, 12, 1]); // initiative: hero 20, fallen ally 12, minion 1
    sim.step();
    const enc = encounterOf(sim, a.id)!;
    const dice = forceD20(sim, [1, 2]);
    enc.plans[a.id] = { steps: [{ kind: "useObject", item: "healingPotion", targetId: b.id }] };
    const ev = sim.step();
    expect(hp(ev)).toEqual([
      { type: "woke", unitId: b.id },
      { type: "healed", unitId: b.id, byUnitId: a.id, woundPoints: b.woundPoints, hp: 5 },
    ]);
    expect([d20Of(b).hp, b.activity, dice.left()]).toEqual([5, "idle", 0]);
  });
});

describe("CMB-45 in a live d100 encounter", () => {
  it("CMB-45: d100 — a player's Priest casts heal on the stabilised Warrior lying unconscious at −10 HP next to it: the spell's 20..40 roll of 30 brings it to 20 HP and it wakes", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 4, 5);
    Object.assign(d100Of(w), { hp: -10, dying: true, stabilised: true });
    w.activity = "unconscious";
    const p = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
    p.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    d100Of(m).hp = d100Of(m).maxHp = 300;
    addStatus(d100Of(m), "stunned", 1);
    p.targetId = m.id;
    recordDice(sim, [5, 90, 10]); // initiative: the fallen Warrior 5, the Priest 90, the minion 10
    sim.step();
    const dice = recordDice(sim, [30]);
    const ev = playPlan(sim, p, { action: "steps", steps: [{ kind: "cast", targetId: w.id, spell: "heal" }] });
    expect(lines(ev)).toEqual([
      `2 healed unitId=${w.id} byUnitId=${p.id} woundPoints=0 hp=20`,
      `2 woke unitId=${w.id}`,
      `2 turnPlanPlayed unitId=${p.id} refusals=[null]`,
    ]);
    expect([dice.draws, dice.left(), d100Of(w).hp, w.activity]).toEqual([["20..40=30"], 0, 20, "idle"]);
  });
});
