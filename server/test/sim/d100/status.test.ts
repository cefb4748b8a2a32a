import { describe, expect, it } from "vitest";
import { scriptedDice } from "./dice.ts";
import { attackRefusal, resolveD100Attack } from "../../../src/sim/combat/d100/attack.ts";
import {
  addStatus, canAct, canCast, canDefend, canMove, canSpeak, disarm, endOwnTurn, hasStatus, pickUpWeapon,
} from "../../../src/sim/combat/d100/statuses.ts";
import { castSpell, interruptSpell, moveAllowance, newTurn, spendAction, startOwnTurn } from "../../../src/sim/combat/d100/turns.ts";
import { applyDamage, dyingTurnStart } from "../../../src/sim/combat/d100/hp.ts";
import { makeD100Unit as unit } from "../../../src/sim/combat/d100/types.ts";

const fireball = () => ({ id: "fireball", charges: 1, maxCharges: 1, passive: false });
const aura = () => ({ id: "aura", charges: 0, maxCharges: 0, passive: true });

describe("d100 status effects", () => {
  it("P100-STATUS-01: a stunned character cannot act, move or attack; the stun ends after its next turn", () => {
    const u = unit();
    addStatus(u, "stunned");
    expect([canAct(u), canMove(u), attackRefusal(u, unit(), "melee")]).toEqual([false, false, "cannotAttack"]);
    endOwnTurn(u);
    expect([canAct(u), hasStatus(u, "stunned")]).toEqual([true, false]);
  });

  it("P100-STATUS-02: a stunned character cannot dodge", () => {
    const u = unit();
    expect(canDefend(u)).toBe(true);
    addStatus(u, "stunned");
    expect(canDefend(u)).toBe(false);
  });

  it("P100-STATUS-03, P100-STATUS-04: a silenced character can neither cast nor speak, but still strikes with its weapon", () => {
    const u = unit({ spells: [fireball()] });
    addStatus(u, "silenced");
    expect([canCast(u), canSpeak(u), castSpell(u, "fireball", true), attackRefusal(u, unit(), "melee")]).toEqual([false, false, "silenced", null]);
    expect(u.spells[0]?.charges).toBe(1);
  });

  it("P100-STATUS-05: an immobilised character cannot move, guarded or not, yet can attack", () => {
    const u = unit();
    addStatus(u, "immobilised");
    expect([moveAllowance(u, false), moveAllowance(u, true), attackRefusal(u, unit(), "melee")]).toEqual([0, 0, null]);
  });

  it("P100-STATUS-06, P100-STATUS-07, P100-STATUS-08: an interrupted spell has no effect, keeps its charge, and cannot be recast before the next turn", () => {
    const u = unit({ spells: [fireball()] });
    expect(castSpell(u, "fireball", true)).toMatchObject({ id: "fireball", charges: 0 });
    expect(interruptSpell(u, "fireball")).toBe(true);
    expect(u.spells[0]?.charges).toBe(1);
    expect(castSpell(u, "fireball", true)).toBe("interrupted");
    startOwnTurn(u);
    expect(castSpell(u, "fireball", true)).toMatchObject({ charges: 0 });
  });

  it("P100-STATUS-09: a passive spell cannot be interrupted", () => {
    const u = unit({ spells: [aura()] });
    expect([interruptSpell(u, "aura"), u.lockedSpells]).toEqual([false, []]);
  });

  it("P100-STATUS-10: a polymorphed character cannot attack (spells included) but can move and dodge", () => {
    const u = unit({ spells: [fireball()] });
    addStatus(u, "polymorphed");
    expect([attackRefusal(u, unit(), "melee"), attackRefusal(u, unit(), "magic"), canMove(u), canDefend(u)]).toEqual(["cannotAttack", "cannotAttack", true, true]);
  });

  it("P100-STATUS-11: an immune character loses no HP, not even the dying loss", () => {
    const u = unit();
    addStatus(u, "immune", 2);
    expect(applyDamage(u, 40)).toEqual({ lost: 0, outcome: null });
    const d = unit({ hp: -10, dying: true });
    addStatus(d, "immune");
    expect([dyingTurnStart(d).lost, d.hp]).toEqual([0, -10]);
  });

  it("P100-STATUS-12: an immune character gets no new control effects and existing ones are suspended", () => {
    const u = unit();
    addStatus(u, "stunned", 3);
    addStatus(u, "immune", 1);
    expect([canAct(u), addStatus(u, "silenced"), hasStatus(u, "silenced")]).toEqual([true, false, false]);
    endOwnTurn(u);
    expect([hasStatus(u, "immune"), hasStatus(u, "stunned")]).toEqual([false, true]);
  });

  it("P100-STATUS-13, P100-STATUS-15: a disarmed character loses its weapon, which lies on its tile until picked up there", () => {
    const u = unit();
    expect(disarm(u, 4, 2)).toBe(true);
    expect([u.weapon, u.droppedWeapon, hasStatus(u, "disarmed")]).toEqual(["unarmed", { x: 4, y: 2 }, true]);
    expect(pickUpWeapon(u, 4, 3)).toBe(false);
    expect([pickUpWeapon(u, 4, 2), u.weapon, u.droppedWeapon]).toEqual([true, "armed", null]);
  });

  it("P100-STATUS-14: a disarmed ranged character fights unarmed for 1..35", () => {
    const u = unit({ placement: "ranged", hasRangedWeapon: true, hasMeleeWeapon: true });
    disarm(u, 0, 0);
    const r = resolveD100Attack(scriptedDice([90, 1, 35]), u, unit(), { mode: "melee" });
    expect([r.attackTotal, r.damage]).toEqual([45, 35]);
  });

  it("P100-STATUS-16, P100-STATUS-17: a disoriented character can neither attack nor move", () => {
    const u = unit();
    addStatus(u, "disoriented");
    expect([attackRefusal(u, unit(), "melee"), moveAllowance(u, false), canDefend(u)]).toEqual(["cannotAttack", 0, true]);
    const ts = newTurn();
    expect(spendAction(ts, "free")).toBeNull();
  });
});
