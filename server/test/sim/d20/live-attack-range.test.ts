import { describe, expect, it } from "vitest";
import { RANGE_BANDS, THROW_RANGE } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { creature, of, plain } from "./live-helpers.ts";
import { attacks, damage, foe, party, playTurn } from "./live-turn.ts";

/**
 * Issue 17: reach and range (D20-ATTACK-21, D20-ATTACK-47 to D20-ATTACK-51, D20-ATTACK-54) in a
 * live d20 room: a player's Warrior or Scout plans an `attack` step with `planTurn` and
 * `sim.step()` plays it (forced dice), or the Master's AI picks its spell. The Scout's shortbow
 * reaches 2 to 16 tiles (its two ranges read as minimum and maximum); its marksmanship adds 1.
 * Initiative: the player 20, the minion 1.
 */
const OUT = "the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)";

describe("reach and range in a live d20 room (issue 17)", () => {
  it("D20-ATTACK-21: the Warrior's longsword reaches 1 tile: a foe 2 tiles off is refused; a diagonal neighbour is struck (d20 15, 1d8 4)", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const far = foe(sim, 6);
    expect(d20Of(w!).weapon.reach).toBe(1);
    const t = playTurn(sim, w!, far, [20, 1], [{ kind: "attack", targetId: far.id }], []);
    expect([t.refusals, attacks(t.events)]).toEqual([[OUT], []]);

    const sim2 = d20Sim(1);
    const [w2] = party(sim2, ["Warrior"]);
    const near = foe(sim2, 5, 6);
    const t2 = playTurn(sim2, w2!, near, [20, 1], [{ kind: "attack", targetId: near.id }], [15, 4]);
    expect([t2.refusals, damage(t2.events)]).toEqual([[null], [[w2!.id, near.id, 4]]]);
  });

  it("D20-ATTACK-47, D20-ATTACK-51: the Scout shoots a foe 16 tiles off (its shortbow's maximum) but its shot at 17 tiles is refused and draws no die", () => {
    /* The encounter forms around a nearer minion (7, 8) the Scout picks and a hero (12, 9) next to
       the far minion, so every participant keeps a foe within FLEE_DISTANCE; nobody stands on row 5. */
    const shoot = (x: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Scout"], { x0: 1 });
      const near = foe(sim, 7, 8);
      plain([hero(sim, 12, 9)]);
      const m = foe(sim, x);
      expect(d20Of(s!).weapon.range).toEqual([2, 16]);
      const t = playTurn(sim, s!, near, [20, 3, 2, 1], [{ kind: "attack", targetId: m.id }], dice);
      return { s: s!, m, t };
    };
    const within = shoot(17, [10, 4]);
    expect([within.t.refusals, attacks(within.t.events)]).toEqual([[null], [[within.s.id, within.m.id, true, 11, 11]]]);
    const beyond = shoot(18, []);
    expect([beyond.t.refusals, attacks(beyond.t.events), d20Of(beyond.m).hp]).toEqual([[OUT], [], 30]);
  });

  it("D20-ATTACK-47, D20-ATTACK-51, D20-ATTACK-48: the Rogue's dagger (swapped to its main hand) is thrown THROW_RANGE (5) tiles at most: a throw at 6 is refused; so is the Skyrider's gust (Short band, 5 tiles) on a foe 6 tiles off", () => {
    expect([THROW_RANGE, RANGE_BANDS.short]).toEqual([5, 5]);
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 10);
    const t = playTurn(sim, r!, m, [20, 1], [{ kind: "useObject", item: "swapWeapons" }, { kind: "attack", targetId: m.id, thrown: true }], []);
    expect([t.refusals, attacks(t.events), d20Of(r!).weapon.name]).toEqual([[null, OUT], [], "dagger"]);
    const sim2 = d20Sim(1);
    const [s] = party(sim2, ["Skyrider"]);
    const m2 = foe(sim2, 11); // 6 tiles from the griffon's 2 × 2 space (x 4..5), which the rider's ranges start from
    // initiative Skyrider 20, its griffon 1, the minion 2
    const t2 = playTurn(sim2, s!, m2, [20, 1, 2], [{ kind: "cast", spell: "gust", targetId: m2.id }], []);
    expect([t2.refusals, attacks(t2.events), d20Of(s!).mana]).toEqual([["out of the spell's range (D20-ATTACK-48)"], [], 4]);
  });

  it("D20-ATTACK-49: a foe nearer than the shortbow's 2 tiles is shot with disadvantage (d20s 15 and 3 keep 3: 3 + 1 = 4 misses); at 2 tiles the same 15 hits (16)", () => {
    const shoot = (x: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Scout"]);
      const m = foe(sim, x);
      return { s: s!, m, t: playTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice) };
    };
    const near = shoot(5, [15, 3]);
    expect(attacks(near.t.events)).toEqual([[near.s.id, near.m.id, false, 4, 11]]);
    const two = shoot(6, [15, 5]);
    expect(attacks(two.t.events)).toEqual([[two.s.id, two.m.id, true, 16, 11]]);
    expect(damage(two.t.events)).toEqual([[two.s.id, two.m.id, 5]]);
  });

  it("D20-ATTACK-50: within range the distance changes neither roll nor damage: the same dice (d20 10, 1d6 4) give 11 and 4 damage at 2 tiles and at 12", () => {
    const out = [3, 13].map((x) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Scout"], { x0: 1 });
      const m = foe(sim, x);
      const t = playTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [10, 4]);
      return [of(t.events, "attack").map((e) => [e.hit, e.attackRoll]), of(t.events, "damaged").map((e) => e.amount)];
    });
    expect(out).toEqual([[[[true, 11]], [4]], [[[true, 11]], [4]]]);
  });

  it("D20-ATTACK-54, D20-ATTACK-48: the Master's blind (Medium band, 15 tiles) is cast on hero A 15 tiles off; at 16 tiles A is out of its band and the Master casts its next spell, madness, on hero B instead", () => {
    /* The Master (2, 5), its minions at (8, 8) and (13, 9), hero A at (x, 5) and hero B at (10, 2),
       8 tiles off and already blinded (the AI casts no status on a foe that has it), so the Master
       keeps a foe within FLEE_DISTANCE. A picks the far minion; the encounter takes in everyone. */
    const cast = (x: number) => {
      const sim = d20Sim(1);
      const m = creature(sim, "master", 2, 5);
      const mm = foe(sim, 8, 8), mm2 = foe(sim, 13, 9);
      const a = hero(sim, x, 5), b = hero(sim, 10, 2);
      plain([a, b, m]);
      d20Of(b).statuses.push({ kind: "blinded", turnsLeft: 5, sourceId: "" });
      a.targetId = mm2.id;
      expect(d20Of(m).spells.slice(0, 3).map((s) => [s.name, s.band])).toEqual([["blind", "medium"], ["silence", "short"], ["madness", "medium"]]);
      // initiative Master 20, minions 4 and 3, heroes 2 and 1; the Master's AI turn in the same tick: a natural 20 (a critical hit: no damage die).
      const left = forceDice(sim, [20, 4, 3, 2, 1, 20]);
      const events = sim.step();
      expect(of(events, "encounterStarted")[0]!.order).toEqual([m.id, mm.id, mm2.id, a.id, b.id]);
      expect(left.left()).toBe(0);
      return { a, b, m, hit: of(events, "attack").map((e) => [e.attackerId, e.targetId, e.hit]), statuses: [a, b].map((u) => d20Of(u).statuses.map((s) => s.kind)), mana: d20Of(m).mana };
    };
    expect(RANGE_BANDS.medium).toBe(15);
    const at15 = cast(17);
    expect(at15).toMatchObject({ hit: [[at15.m.id, at15.a.id, true]], statuses: [["blinded"], ["blinded"]], mana: 10 });
    const at16 = cast(18);
    expect(at16).toMatchObject({ hit: [[at16.m.id, at16.b.id, true]], statuses: [[], ["blinded", "enraged"]], mana: 10 });
  });

  it("D20-ATTACK-56: the Scout shoots the minion 3 tiles off with disadvantage while another minion stands next to it (d20s 15 and 3 keep 3: 4 misses); not when that neighbour is paralysed (15 + 1 = 16 hits)", () => {
    const shoot = (paralysed: boolean, dice: number[]) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Scout"]);
      const m = foe(sim, 7);
      const next = foe(sim, 4, 6);
      if (paralysed) d20Of(next).statuses.push({ kind: "paralysed", turnsLeft: 3, sourceId: "" });
      // initiative Scout 20, minions 1 and 2
      return { s: s!, m, t: playTurn(sim, s!, m, [20, 1, 2], [{ kind: "attack", targetId: m.id }], dice) };
    };
    const pressed = shoot(false, [15, 3]);
    expect(attacks(pressed.t.events)).toEqual([[pressed.s.id, pressed.m.id, false, 4, 11]]);
    const free = shoot(true, [15, 2]);
    expect([attacks(free.t.events), damage(free.t.events)]).toEqual([[[free.s.id, free.m.id, true, 16, 11]], [[free.s.id, free.m.id, 2]]]);
  });
});
