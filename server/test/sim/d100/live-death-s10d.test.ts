import { describe, expect, it } from "vitest";
import { ROUND_TICKS } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { adventurer, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * Audit s10-d (issue 17): P100-DEATH-10 was driven only by a direct call to the ruleset's harm
 * (live-death.test.ts, sim.test.ts); here it happens through `Simulation.step`: a dying warrior
 * (200 max HP, id 1) at (4, 5) bleeds 5 HP at the start of each of its turns (P100-DEATH-02) until
 * it is past the threshold (below −100, P100-DEATH-09). With the room option
 * `traumaticInsteadOfDeath` the adventurer, whose player refuses death (the default for a
 * player's character, d100/sheet.ts), is gravely wounded instead; a keeper's minion in the same
 * state (an NPC always accepts death) dies; without the option the adventurer dies.
 */
function downed(sim: Simulation, unit: UnitRecord): UnitRecord {
  Object.assign(d100Of(unit), { hp: -95, maxHp: 200, dying: true });
  unit.activity = "unconscious";
  return unit;
}

/** The scene: the dying warrior (id 1), a hero (id 2) at (5, 5), a stunned 300-HP minion (id 3) at (6, 5), optionally a dying minion (id 4) at (6, 6). */
function scene(option: boolean, dyingMinion: boolean) {
  const sim = d100Sim({ traumaticInsteadOfDeath: option });
  const w = downed(sim, adventurer(sim, "Warrior", 4, 5));
  const h = adventurer(sim, "Warrior", 5, 5);
  const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  addStatus(d100Of(m), "stunned", 2);
  const dm = dyingMinion ? downed(sim, addUnit(sim, { kind: "minion", x: 6, y: 6 })) : undefined;
  h.targetId = m.id;
  return { sim, w, h, m, dm };
}

describe("audit s10-d: a refused death through the live fight (P100-DEATH-10)", () => {
  it("P100-DEATH-10: with traumaticInsteadOfDeath, the dying warrior bleeding from −100 to −105 at its turn on tick 12 is gravely wounded, not dead: it stays unconscious (no `knockedOut`: it was already down) and `gravelyWounded` tells the clients; the dying minion beside it, an NPC, dies on its own turn the same round", () => {
    const { sim, w, h, m, dm } = scene(true, true);
    // Initiative: warrior 50, hero 90, minion 10, dying minion 40; each round the hero hits the stunned minion (20, 10 damage).
    const dice = recordDice(sim, [50, 90, 10, 40, 20, 10, 20, 10]);
    const ev = run(sim, ROUND_TICKS + 3);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${h.id} targetId=${m.id} hit=true attackRoll=20 defenceRoll=0`,
      `1 damaged targetId=${m.id} sourceId=${h.id} amount=10 damageType=melee hp=290 critical=false`,
      `2 damaged targetId=${w.id} sourceId=dying amount=5 damageType=dying hp=-100 critical=false`,
      `3 damaged targetId=${dm!.id} sourceId=dying amount=5 damageType=dying hp=-100 critical=false`,
      `11 attack attackerId=${h.id} targetId=${m.id} hit=true attackRoll=20 defenceRoll=0`,
      `11 damaged targetId=${m.id} sourceId=${h.id} amount=10 damageType=melee hp=280 critical=false`,
      `12 damaged targetId=${w.id} sourceId=dying amount=5 damageType=dying hp=-105 critical=false`,
      `12 gravelyWounded unitId=${w.id}`,
      `13 damaged targetId=${dm!.id} sourceId=dying amount=5 damageType=dying hp=-105 critical=false`,
      `13 knockedOut unitId=${dm!.id} outcome=dead cause=hitPoints`,
    ]);
    expect([d100Of(w).hp, d100Of(w).traumatised, d100Of(w).dead, d100Of(w).dying, w.activity]).toEqual([-105, true, false, false, "unconscious"]);
    expect([d100Of(dm!).traumatised, d100Of(dm!).dead, dm!.activity]).toEqual([false, true, "dead"]);
    expect([dice.draws, dice.left()]).toEqual([["d100=50", "d100=90", "d100=10", "d100=40", "d100=20", "1..100=10", "d100=20", "1..100=10"], 0]);
  });

  it("P100-DEATH-10: a standing warrior (5 of 20 HP, stunned) struck by a minion for 50 falls straight past the threshold (−45: 2 × −45 < −20): with traumaticInsteadOfDeath it is knocked out, then `gravelyWounded`", () => {
    const sim = d100Sim({ traumaticInsteadOfDeath: true });
    const w = adventurer(sim, "Warrior", 4, 5);
    Object.assign(d100Of(w), { hp: 5, maxHp: 20 });
    addStatus(d100Of(w), "stunned", 2);
    const m = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    d100Of(m).hp = d100Of(m).maxHp = 300;
    m.targetId = w.id;
    // Initiative: warrior 10, minion 90; the minion's attack 90, damage 50 (1..50).
    const dice = recordDice(sim, [10, 90, 90, 50]);
    expect(lines(run(sim, 1)).slice(0, 4)).toEqual([
      `1 attack attackerId=${m.id} targetId=${w.id} hit=true attackRoll=90 defenceRoll=0`,
      `1 damaged targetId=${w.id} sourceId=${m.id} amount=50 damageType=melee hp=-45 critical=false`,
      `1 knockedOut unitId=${w.id} outcome=unconscious cause=hitPoints`,
      `1 gravelyWounded unitId=${w.id}`,
    ]);
    expect([d100Of(w).hp, d100Of(w).traumatised, d100Of(w).dead, d100Of(w).dying, w.activity, dice.left()]).toEqual([-45, true, false, false, "unconscious", 0]);
  });

  it("P100-DEATH-10: without the room option the same warrior, bleeding to −105 on tick 12, dies", () => {
    const { sim, w, h, m } = scene(false, false);
    const dice = recordDice(sim, [50, 90, 10, 20, 10, 20, 10]);
    const ev = run(sim, ROUND_TICKS + 3);
    expect(lines(ev).slice(-2)).toEqual([
      `12 damaged targetId=${w.id} sourceId=dying amount=5 damageType=dying hp=-105 critical=false`,
      `12 knockedOut unitId=${w.id} outcome=dead cause=hitPoints`,
    ]);
    expect([d100Of(w).traumatised, d100Of(w).dead, w.activity, h.targetId, m.id, dice.left()]).toEqual([false, true, "dead", m.id, m.id, 0]);
  });
});
