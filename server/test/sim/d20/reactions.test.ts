import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { resolveD20Attack } from "../../../src/sim/combat/d20/resolve.ts";
import { ARCANE_SHIELD_AC, ARCANE_SHIELD_MANA } from "@malignus/shared";
import { hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** A d20 sim with a minion attacking a hero at (5,5) from (6,5), everyone with zero modifiers (no defences). */
function setup() {
  const sim = d20Sim(1);
  const target = hero(sim, 5, 5);
  const attacker = minion(sim, 6, 5);
  for (const u of [target, attacker]) { const d = d20Of(u); d.abilities = { ...ZERO }; d.hp = d.maxHp = 50; }
  sim.drainEvents();
  return { sim, target, attacker };
}

describe("D20-FLOW-37: reactions granted by abilities (proposal: only through an ability)", () => {
  it("D20-FLOW-37: an arcane shield spends the reaction and mana and adds its AC to this attack", () => {
    const { sim, target, attacker } = setup();
    const t = d20Of(target);
    t.reactionAbilities = ["arcaneShield"];
    t.mana = 5;
    const ac = t.ac;
    forceDice(sim, [12]);
    const r = resolveD20Attack(sim, attacker, target);
    expect(r.ac).toBe(ac + ARCANE_SHIELD_AC);
    expect(t.reactionUsed).toBe(true);
    expect(t.mana).toBe(5 - ARCANE_SHIELD_MANA);
    const events = sim.drainEvents();
    expect(events[0]).toMatchObject({ type: "reaction", unitId: target.id, kind: "arcaneShield", detail: "+5 AC", againstId: attacker.id });
  });

  it("D20-FLOW-37, D20-FLOW-38: without the ability, the mana, or with the reaction spent, no shield is conjured", () => {
    const { sim, target, attacker } = setup();
    const t = d20Of(target);
    forceDice(sim, [12, 1]);
    expect(resolveD20Attack(sim, attacker, target).ac).toBe(t.ac); // no ability
    t.reactionAbilities = ["arcaneShield"];
    t.mana = ARCANE_SHIELD_MANA - 1;
    forceDice(sim, [12, 1]);
    expect(resolveD20Attack(sim, attacker, target).ac).toBe(t.ac); // not enough mana
    t.mana = 10;
    t.reactionUsed = true;
    forceDice(sim, [12, 1]);
    expect(resolveD20Attack(sim, attacker, target).ac).toBe(t.ac); // reaction spent this round
    expect(t.mana).toBe(10);
  });

  it("D20-FLOW-37: an ally next to the target shoves it aside: the attack misses, and the shover falls prone with its reaction spent", () => {
    const { sim, target, attacker } = setup();
    const ally = hero(sim, 4, 5);
    const a = d20Of(ally);
    a.reactionAbilities = ["shoveAlly"];
    const hpBefore = d20Of(target).hp;
    const r = resolveD20Attack(sim, attacker, target); // no die is rolled
    expect(r).toMatchObject({ hit: false, damage: 0 });
    expect(d20Of(target).hp).toBe(hpBefore);
    expect(a.reactionUsed).toBe(true);
    expect(hasStatus(a.statuses, "prone")).toBe(true);
    expect(sim.drainEvents().map((e) => e.type === "reaction" ? `${e.type}:${e.kind}:${e.unitId}` : e.type))
      .toEqual([`reaction:shoveAlly:${ally.id}`, "attack"]);
    // Its reaction is spent: the next attack this round is not shoved (D20-FLOW-38).
    forceDice(sim, [20, 4, 4]);
    expect(resolveD20Attack(sim, attacker, target).hit).toBe(true);
  });

  it("D20-FLOW-37: an ally two tiles away cannot shove", () => {
    const { sim, target, attacker } = setup();
    const far = hero(sim, 3, 5);
    d20Of(far).reactionAbilities = ["shoveAlly"];
    forceDice(sim, [20, 4, 4]);
    expect(resolveD20Attack(sim, attacker, target).hit).toBe(true);
    expect(d20Of(far).reactionUsed).toBe(false);
  });
});
