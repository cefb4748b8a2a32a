import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, hero } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";
import { attacks, foe, party, playTurn } from "./live-turn.ts";

/**
 * Issue 17: grapples (D20-ATTACK-36, D20-ATTACK-37, D20-ATTACK-40, D20-ATTACK-44, D20-ATTACK-45),
 * forced movement (D20-ATTACK-29) and perceiving the unseen (D20-ATTACK-69) in a live d20 room: a
 * player's Warrior (or Skyrider) plans its turn with `planTurn`, `sim.step()` plays it with forced
 * dice. The Warrior (Medium, 6 tiles of movement) starts at (4, 5), the minion at (5, 5).
 * Initiative: the player 20, the minion 1.
 */
const grappled = (u: Parameters<typeof d20Of>[0]) => d20Of(u).statuses.filter((s) => s.kind === "grappled").map((s) => s.sourceId);
const DOWN = [6, 7, 8, 9, 10, 11].map((y) => ({ x: 4, y }));

describe("grapples, forced moves and perceiving in a live d20 room (issue 17)", () => {
  it("D20-ATTACK-36: the Medium Warrior may grapple a Large creature (d20 15 against 1) but not a Huge one: refused, no die drawn", () => {
    const out = (["large", "huge"] as const).map((size) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      d20Of(m).size = size;
      const t = playTurn(sim, w!, m, [20, 1], [{ kind: "grapple", targetId: m.id }], size === "large" ? [15, 1] : []);
      return [t.refusals, grappled(m).length];
    });
    expect(out).toEqual([[[null], 1], [["the target is more than one size larger (D20-ATTACK-36)"], 0]]);
  });

  it("D20-ATTACK-37: a minion 2 tiles off is out of the Warrior's reach (1): the grapple is refused and draws no die", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 6);
    const t = playTurn(sim, w!, m, [20, 1], [{ kind: "grapple", targetId: m.id }], []);
    expect([t.refusals, grappled(m)]).toEqual([["the target is out of reach (D20-ATTACK-37)"], []]);
  });

  it("D20-ATTACK-38: the Scout's shortbow fills both hands: its grapple on the minion next to it is refused, no die drawn", () => {
    const sim = d20Sim(1);
    const [s] = party(sim, ["Scout"]);
    const m = foe(sim, 5);
    expect([d20Of(s!).equipment.mainHand, d20Of(s!).equipment.offHand]).toEqual([["weapon:bow"], ["weapon:bow"]]);
    const t = playTurn(sim, s!, m, [20, 1], [{ kind: "grapple", targetId: m.id }], []);
    expect([t.refusals, grappled(m)]).toEqual([["grappling needs a free hand (D20-ATTACK-38)"], []]);
  });

  it("D20-ATTACK-40: a paralysed minion (incapable of acting) is grappled with no Strength contest: no die drawn", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    d20Of(m).statuses.push({ kind: "paralysed", turnsLeft: 3, sourceId: "" });
    const t = playTurn(sim, w!, m, [20, 1], [{ kind: "grapple", targetId: m.id }], []);
    expect([t.refusals, grappled(m)]).toEqual([[null], [w!.id]]);
  });

  it("D20-ATTACK-44, D20-ATTACK-45: dragging a Small minion halves the Warrior's movement (3 of its 6 tiles, then refused); a Tiny one, two sizes smaller, costs nothing extra (all 6)", () => {
    const out = (["small", "tiny"] as const).map((size) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      d20Of(m).size = size;
      expect(d20Of(w!).movement).toBe(6);
      // the grapple: the Warrior's d20 15 against the minion's 1
      const t = playTurn(sim, w!, m, [20, 1], [{ kind: "grapple", targetId: m.id }, { kind: "move", path: DOWN }], [15, 1]);
      return [t.refusals[1], [w!.x, w!.y], grappled(m)[0] === w!.id];
    });
    expect(out).toEqual([
      ["not enough movement left (D20-MOVE-07)", [4, 8], true],
      [null, [4, 11], true],
    ]);
  });

  it("D20-ATTACK-29: the Skyrider's gust pushes the minion 1 tile, out of the reach of the hero next to it (6, 4): the push provokes no opportunity attack", () => {
    const sim = d20Sim(1);
    const [s] = party(sim, ["Skyrider"]);
    const m = foe(sim, 7);
    const ally = hero(sim, 6, 4);
    plain([ally]);
    // initiative Skyrider 20, griffon 1, minion 2, hero 3; the gust: d20 15 against AC 11 (+1 half cover from the hero), 1d6 3.
    const t = playTurn(sim, s!, m, [20, 1, 2, 3], [{ kind: "cast", spell: "gust", targetId: m.id }], [15, 3]);
    expect(t.refusals).toEqual([null]);
    expect([m.x, m.y, d20Of(m).hp]).toEqual([8, 5, 27]);
    expect(attacks(t.events).map((a) => a[0])).toEqual([s!.id]);
    expect([of(t.events, "reaction"), d20Of(ally).reactionUsed]).toEqual([[], false]);
  });

  it("D20-ATTACK-69: the Warrior's Search rolls 1d20 + Perception 2 + Vigilance 1 against the hidden minion's Hide total 13: 10 (13) finds it, 9 (12) does not", () => {
    const out = [10, 9].map((natural) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 8);
      d20Of(w!).abilities.perception = 2;
      d20Of(w!).skills.vigilance = 1;
      // hidden once the encounter has started (a Hide total of 13, as its hide step would leave it)
      const t = playTurn(sim, w!, m, [20, 1], [{ kind: "search" }], [natural], () => d20Of(m).statuses.push({ kind: "hidden", turnsLeft: -1, sourceId: m.id, value: 13 }));
      return [t.refusals, d20Of(m).statuses.map((s) => s.kind)];
    });
    expect(out).toEqual([[[null], []], [[null], ["hidden"]]]);
  });
});
