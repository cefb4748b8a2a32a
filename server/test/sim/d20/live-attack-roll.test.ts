import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { of } from "./live-helpers.ts";
import { attacks, damage, foe, party, playTurn } from "./live-turn.ts";

/**
 * Issue 17: the attack roll of D20-ATTACK-09 to D20-ATTACK-18 and the defences of D20-ACTION-23 to
 * D20-ACTION-29, played in a live d20 room: a player's adventurer (arrived through the ruleset's
 * `partyArrived`) plans an `attack` step with `planTurn`, the turn is played by `sim.step()` with
 * forced dice, and the `attack`, `reaction` and `damaged` events are asserted. The minion foe has
 * AC 11 and 30 HP; initiative is always the player 20, the minion 1.
 */
describe("the d20 attack roll in a live room (issue 17)", () => {
  it("D20-ATTACK-09, D20-ATTACK-10, D20-ATTACK-11, D20-ATTACK-12: a Warrior's longsword roll is 1d20 + Strength (2, not its Agility 5): 9 + 2 = 11 hits AC 11, 8 + 2 = 10 misses", () => {
    const outcome = (natural: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      Object.assign(d20Of(w!).abilities, { strength: 2, agility: 5 });
      const m = foe(sim, 5);
      expect([d20Of(w!).weapon.name, d20Of(w!).weapon.finesse, d20Of(m).ac]).toEqual(["longsword", false, 11]);
      const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [natural, ...dice]);
      return { t, w: w!, m };
    };
    // the hit: d20 9 + 2 = 11 >= 11, then its damage 1d8 = 5 (weapon skill 0 at level 1)
    const hit = outcome(9, [5]);
    expect(attacks(hit.t.events)).toEqual([[hit.w.id, hit.m.id, true, 11, 11]]);
    expect([damage(hit.t.events), d20Of(hit.m).hp]).toEqual([[[hit.w.id, hit.m.id, 5]], 25]);
    // the miss: d20 8 + 2 = 10 < 11, no damage die drawn
    const miss = outcome(8, []);
    expect(attacks(miss.t.events)).toEqual([[miss.w.id, miss.m.id, false, 10, 11]]);
    expect([damage(miss.t.events), d20Of(miss.m).hp]).toEqual([[], 30]);
  });

  it("D20-ATTACK-12: the Rogue's shortsword is a finesse weapon: its melee roll takes the higher of Strength 0 and Agility 3 (8 + 3 = 11 hits AC 11)", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    d20Of(r!).abilities.agility = 3;
    const m = foe(sim, 5);
    expect([d20Of(r!).weapon.name, d20Of(r!).weapon.finesse]).toEqual(["shortsword", true]);
    const t = playTurn(sim, r!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [8, 4]);
    expect(attacks(t.events)).toEqual([[r!.id, m.id, true, 11, 11]]);
    expect(damage(t.events)).toEqual([[r!.id, m.id, 4]]);
  });

  it("D20-ATTACK-12: the finesse shortsword takes Strength when it is the higher: Strength 4, Agility 1: 7 + 4 = 11 hits AC 11, 6 + 4 = 10 misses", () => {
    for (const [d20, hit] of [[7, true], [6, false]] as const) {
      const sim = d20Sim(1);
      const [r] = party(sim, ["Rogue"]);
      Object.assign(d20Of(r!).abilities, { strength: 4, agility: 1 });
      const m = foe(sim, 5);
      const t = playTurn(sim, r!, m, [20, 1], [{ kind: "attack", targetId: m.id }], hit ? [d20, 2] : [d20]);
      expect(attacks(t.events)).toEqual([[r!.id, m.id, hit, d20 + 4, 11]]);
    }
  });

  it("D20-ATTACK-11, D20-ATTACK-13: the Scout's shortbow shot 5 tiles off uses Agility (2), not Strength (5): 8 + 2 + 1 (marksmanship) = 11 hits AC 11", () => {
    const sim = d20Sim(1);
    const [s] = party(sim, ["Scout"]);
    Object.assign(d20Of(s!).abilities, { strength: 5, agility: 2 });
    const m = foe(sim, 9);
    expect([d20Of(s!).weapon.name, d20Of(s!).weapon.ranged]).toEqual(["shortbow", true]);
    const t = playTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [8, 3]);
    expect(attacks(t.events)).toEqual([[s!.id, m.id, true, 11, 11]]);
    expect(damage(t.events)).toEqual([[s!.id, m.id, 3]]);
  });

  it("D20-ATTACK-15, D20-ATTACK-16: a natural 20 hits AC 40 with Strength −5 (total 15) and is a critical hit: the longsword's 1d8 counts its maximum, 8, and the damaged event says critical", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    d20Of(w!).abilities.strength = -5;
    const m = foe(sim, 5);
    d20Of(m).ac = 40;
    const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [20]);
    expect(attacks(t.events)).toEqual([[w!.id, m.id, true, 15, 40]]);
    expect(of(t.events, "damaged").map((e) => [e.amount, e.critical])).toEqual([[8, true]]);
    expect(d20Of(m).hp).toBe(22);
  });

  it("D20-ATTACK-17, D20-ATTACK-18: a natural 1 misses AC 11 even with Strength 30 (total 31); the fumble costs the attacker its reaction (the server's fixed consequence); a natural 2, the next face, is no fumble: 32 hits (1d8 5), reaction kept", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    d20Of(w!).abilities.strength = 30;
    const m = foe(sim, 5);
    expect(d20Of(w!).reactionUsed).toBe(false);
    const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [1]);
    expect(attacks(t.events)).toEqual([[w!.id, m.id, false, 31, 11]]);
    expect([damage(t.events), d20Of(m).hp, d20Of(w!).reactionUsed]).toEqual([[], 30, true]);
    // s11-a: the other side of the statement, only the 1 misses whatever the modifiers.
    const sim2 = d20Sim(1);
    const [w2] = party(sim2, ["Warrior"]);
    d20Of(w2!).abilities.strength = 30;
    const m2 = foe(sim2, 5);
    const t2 = playTurn(sim2, w2!, m2, [20, 1], [{ kind: "attack", targetId: m2.id }], [2, 5]);
    expect(attacks(t2.events)).toEqual([[w2!.id, m2.id, true, 32, 11]]);
    expect([damage(t2.events), d20Of(m2).hp, d20Of(w2!).reactionUsed]).toEqual([[[w2!.id, m2.id, 5]], 25, false]);
  });

  it("D20-ACTION-23, D20-ACTION-24, D20-ACTION-27, D20-ACTION-28, D20-ACTION-29, D20-ATTACK-05: the minion answers the blow with its reaction: Dodge adds its Agility 2, Parry its Strength 2, Absorb its Constitution 2: 11 against AC 13 misses", () => {
    for (const [ability, defence] of [["agility", "dodge"], ["strength", "parry"], ["constitution", "absorb"]] as const) {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      d20Of(m).abilities[ability] = 2;
      const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [11]);
      expect(of(t.events, "reaction").map((e) => [e.unitId, e.kind, e.detail, e.againstId])).toEqual([[m.id, "defence", defence, w!.id]]);
      expect(attacks(t.events)).toEqual([[w!.id, m.id, false, 11, 13]]);
      expect(d20Of(m).reactionUsed).toBe(true);
    }
  });
});
