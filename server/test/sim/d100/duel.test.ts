import { describe, expect, it } from "vitest";
import { scriptedDice } from "./dice.ts";
import {
  canIntervene, duelHealing, duelHp, duelLoser, endDuel, startDuel, type DuelTerms, type Duellist,
} from "../../../src/sim/combat/d100/duel.ts";
import { resolveD100Attack } from "../../../src/sim/combat/d100/attack.ts";
import { opportunityAttacks, orderTotals } from "../../../src/sim/combat/d100/turns.ts";
import { makeD100Unit as unit, type D100Unit } from "../../../src/sim/combat/d100/types.ts";

/** Initiative as the live d100 encounter rolls it: one d100 per participant in order, then `orderTotals`. */
const rollInitiative = (dice: ReturnType<typeof scriptedDice>, ids: readonly string[]) =>
  orderTotals(dice, ids.map((id) => ({ id, total: dice.d100() })));

const terms = (over: Partial<DuelTerms> = {}): DuelTerms => ({ toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null, ...over });
const duellist = (id: string, u: D100Unit, power = 100): Duellist => ({ id, unit: u, power });

describe("d100 duels", () => {
  it("P100-DUEL-01, P100-DUEL-02: the to-the-death term is settled before and is the same for both duellists", () => {
    const a = unit(); const b = unit();
    startDuel("d1", duellist("1", a), duellist("2", b), terms({ toDeath: true }));
    expect([a.duel?.toDeath, b.duel?.toDeath, a.duel?.opponentId, b.duel?.opponentId]).toEqual([true, true, "2", "1"]);
  });

  it("P100-DUEL-03: nobody else may intervene unless scripted", () => {
    expect([canIntervene("1", ["1", "2"]), canIntervene("3", ["1", "2"]), canIntervene("3", ["1", "2"], true)]).toEqual([true, false, true]);
  });

  it("P100-DUEL-04: abilities are reactivated when the duel starts", () => {
    const a = unit({ spells: [{ id: "bolt", charges: 0, maxCharges: 2, passive: false }], lockedSpells: ["bolt"] });
    startDuel("d1", duellist("1", a), duellist("2", unit()), terms());
    expect([a.spells[0]?.charges, a.lockedSpells]).toEqual([2, []]);
  });

  it("P100-DUEL-05, P100-DUEL-06: healers and attackers go up to 200 HP, defenders to 250", () => {
    expect([duelHp(unit({ role: "healer", hp: 150, maxHp: 150 })), duelHp(unit({ role: "defender", hp: 200, maxHp: 200 }))])
      .toEqual([{ hp: 200, maxHp: 200 }, { hp: 250, maxHp: 250 }]);
  });

  it("P100-DUEL-07: a warrior at 100 HP fights the duel at 150 (Contradiction 11)", () => {
    const w = unit({ hp: 100, maxHp: 150 });
    startDuel("d1", duellist("1", w), duellist("2", unit()), terms());
    expect([w.hp, w.maxHp]).toEqual([150, 200]);
  });

  it("P100-DUEL-08: duellists set their order by initiative rolls", () => {
    expect(rollInitiative(scriptedDice([12, 88]), ["1", "2"]).order).toEqual(["2", "1"]);
  });

  it("P100-DUEL-09, P100-DUEL-10: off-role attacks in a duel: roll ×0.75 (80 → 60) and damage capped at 90", () => {
    const a = unit({ placement: "ranged", hasMeleeWeapon: true });
    startDuel("d1", duellist("1", a), duellist("2", unit({ hp: 200 })), terms());
    const r = resolveD100Attack(scriptedDice([80, 59, 100]), a, unit({ hp: 200, maxHp: 200 }), { mode: "melee", duel: true });
    expect([r.attackTotal, r.damage]).toEqual([60, 90]);
  });

  it("P100-DUEL-11, P100-DUEL-12: with a penalty-reducing mastery: roll ×0.8 (80 → 64) and a cap of 100", () => {
    const a = unit({ placement: "melee", hasRangedWeapon: true });
    startDuel("d1", duellist("1", a), duellist("2", unit()), terms(), { a: true, b: false });
    const r = resolveD100Attack(scriptedDice([80, 63, 99]), a, unit({ hp: 300, maxHp: 300 }), { mode: "ranged", duel: true });
    expect([r.attackTotal, r.hit, r.damage]).toEqual([64, true, 99]);
    const crit = resolveD100Attack(scriptedDice([97, 100]), a, unit({ hp: 300, maxHp: 300 }), { mode: "ranged", duel: true });
    expect(crit.damage).toBe(100);
  });

  it("P100-DUEL-13: a healer's healing is halved in a duel, rounded down; an attacker's is not", () => {
    const h = unit({ role: "healer" }); const a = unit({ role: "attacker" });
    startDuel("d1", duellist("1", h), duellist("2", a), terms());
    expect([duelHealing(45, h), duelHealing(45, a), duelHealing(45, unit({ role: "healer" }))]).toEqual([22, 45, 45]);
  });

  it("P100-DUEL-14, P100-DUEL-15: only turning one's back on the opponent gives it an opportunity attack", () => {
    const me = unit(); const opp = { id: "2", x: 1, y: 0, unit: unit() };
    const away = [{ x: 0, y: 0 }, { x: -1, y: 0 }];
    const sideways = [{ x: 0, y: 0 }, { x: 0, y: 1 }];
    expect(opportunityAttacks(away, me, [opp], { duelOpponentId: "2" })).toEqual([{ attackerId: "2", step: 0 }]);
    expect(opportunityAttacks(sideways, me, [opp], { duelOpponentId: "2" })).toEqual([]);
    expect(opportunityAttacks(away, me, [{ ...opp, id: "3" }], { duelOpponentId: "2" })).toEqual([]);
  });

  it("P100-DUEL-16, P100-DUEL-17: unequal power or different roles only give warnings", () => {
    expect(startDuel("d1", duellist("1", unit(), 100), duellist("2", unit({ role: "healer" }), 120), terms())).toEqual(["unequalPower", "differentRoles"]);
    expect(startDuel("d2", duellist("1", unit(), 100), duellist("2", unit(), 95), terms())).toEqual([]);
  });

  it("P100-DUEL-18: the duel ends when a duellist is down (0 HP), not merely stunned", () => {
    const a = duellist("1", unit()); const b = duellist("2", unit());
    startDuel("d1", a, b, terms());
    expect(duelLoser(a, b, null)).toBeNull();
    resolveD100Attack(scriptedDice([97, 100]), a.unit, b.unit, { mode: "melee", duel: true });
    expect([b.unit.hp, b.unit.dead, duelLoser(a, b, null)]).toEqual([0, false, "2"]);
  });

  it("P100-DUEL-19: a duellist may forfeit", () => {
    const a = duellist("1", unit()); const b = duellist("2", unit());
    expect(duelLoser(a, b, "1")).toBe("1");
  });

  it("P100-DUEL-20: in a duel to the death, the winner decides whether the loser dies", () => {
    const w = unit(); const l = unit();
    startDuel("d1", duellist("1", w), duellist("2", l), terms({ toDeath: true }));
    endDuel(w, l, false);
    expect(l.dead).toBe(true);
    const w2 = unit(); const l2 = unit({ hp: 100 });
    startDuel("d2", duellist("1", w2), duellist("2", l2), terms({ toDeath: true }));
    endDuel(w2, l2, true);
    expect([l2.dead, l2.hp]).toEqual([false, 100]);
  });

  it("P100-DUEL-21, P100-DUEL-22: the bonus HP go afterwards and a winner below 25 is raised to 25", () => {
    const w = unit({ hp: 100, maxHp: 150 }); const l = unit({ hp: 40, maxHp: 150 });
    startDuel("d1", duellist("1", w), duellist("2", l), terms());
    w.hp = 60; l.hp = -5;
    endDuel(w, l, false);
    expect([w.hp, w.maxHp, w.duel, l.hp, l.maxHp, l.dead]).toEqual([25, 150, null, 1, 150, false]);
    const w2 = unit({ hp: 150, maxHp: 150 });
    startDuel("d2", duellist("1", w2), duellist("2", unit()), terms());
    endDuel(w2, unit(), false);
    expect(w2.hp).toBe(150);
  });

  it("P100-DUEL-23: bare hands only: both duellists put their weapons away until the duel ends (no magic: ai-guard-cast.test.ts, live-duel-s9r9.test.ts)", () => {
    const a = unit(); const b = unit({ weapon: "improvised" });
    startDuel("d9", duellist("1", a), duellist("2", b), terms({ unarmedOnly: true }));
    expect([a.weapon, b.weapon]).toEqual(["unarmed", "unarmed"]);
    endDuel(a, b, false);
    expect([a.weapon, b.weapon]).toEqual(["armed", "improvised"]);
  });
});
