import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { isSubmerged } from "../../../src/sim/combat/d20/resolve.ts";
import { d20Sim, forceDice } from "../encounters/helpers.ts";
import { of } from "./live-helpers.ts";
import { attacks, damage, foe, party, playTurn, POOL } from "./live-turn.ts";

/**
 * Issue 17 audit a6 (/work/wt/audit-a6.md): live tests for the D20-ATTACK, D20-ACTION and D20-WATER
 * rules the audit found tested only through helpers or only in part. Parties arrive through the
 * ruleset's live `partyArrived`; turns are planned with the live `planTurn` command and played by
 * `sim.step()` with forced dice (live-turn.ts). The minion foe has AC 11, 30 HP, zero modifiers.
 */

describe("audit a6: d20 attacks and defences in a live room", () => {
  it("D20-ATTACK-24, D20-ATTACK-20: the dungeon minion, which has no weapon, strikes the Warrior unarmed in its AI turn: d20 15 reaches AC 15, 1 bludgeoning + its unarmed skill (0, then 2), no damage die", () => {
    for (const skill of [0, 2]) {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      d20Of(m).skills.weapon = skill;
      w!.targetId = m.id; m.targetId = w!.id;
      expect([d20Of(m).weapon.name, d20Of(w!).ac]).toEqual(["unarmed", 15]);
      // Initiative (id order): Warrior 1, minion 20; the minion's turn is the AI's, in the same tick: its d20 15.
      const left = forceDice(sim, [1, 20, 15]);
      const events = sim.step();
      expect([attacks(events), damage(events), left.left()]).toEqual([[[m.id, w!.id, true, 15, 15]], [[m.id, w!.id, 1 + skill]], 0]);
      expect(of(events, "damaged").map((e) => e.damageType)).toEqual(["bludgeoning"]);
    }
  });

  it("D20-ATTACK-42: after its grapple (15 against 9) has used its Attack, the Warrior releases the minion with no action and walks off alone (the freed minion's opportunity attack, 2, misses); without the release it drags the minion along", () => {
    for (const release of [true, false]) {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      const steps = [{ kind: "grapple", targetId: m.id }, ...(release ? [{ kind: "release" }] : []), { kind: "move", path: [{ x: 3, y: 5 }] }];
      const t = playTurn(sim, w!, m, [20, 1], steps, release ? [15, 9, 2] : [15, 9]);
      expect(t.refusals).toEqual(release ? [null, null, null] : [null, null]);
      expect(of(t.events, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual(release ? [[m.id, "opportunityAttack", w!.id]] : []);
      expect(attacks(t.events)).toEqual(release ? [[m.id, w!.id, false, 2, 15]] : []);
      expect([w!.x, m.x, m.y, d20Of(m).statuses.map((s) => [s.kind, s.sourceId])]).toEqual([3, release ? 5 : 4, 5, release ? [] : [["grappled", w!.id]]]);
    }
  });
});

describe("audit a6: siblings of the helper-only plan tests (encounters/plans.test.ts)", () => {
  it("D20-ATTACK-35, D20-ATTACK-41: the Warrior's grapple (15 against 9) is its Attack: the minion is grappled, and the attack planned after it is refused with no die drawn", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    const t = playTurn(sim, w!, m, [20, 1], [{ kind: "grapple", targetId: m.id }, { kind: "attack", targetId: m.id }], [15, 9]);
    expect([t.refusals, attacks(t.events), d20Of(m).statuses.map((s) => [s.kind, s.sourceId])])
      .toEqual([[null, "the full action is spent (D20-ACTION-03)"], [], [["grappled", w!.id]]]);
  });

  it("D20-ATTACK-70, D20-ATTACK-71: the Warrior's attack on the empty tile (5, 6) misses though its d20 (18 of 18 and 19) would beat AC 11, and its event is shaped like the miss on the minion's tile (3 against AC 11): no target named", () => {
    const shot = (x: number, y: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attackTile", x, y }], dice);
      return { t, m };
    };
    const empty = shot(5, 6, [18, 19]), occupied = shot(5, 5, [3, 4]);
    const [e] = of(empty.t.events, "attack"), [o] = of(occupied.t.events, "attack");
    // An unseen target's tile is attacked with disadvantage (D20-ATTACK-68): the lower d20 is kept, 18 and 3.
    expect([e, o]).toEqual([
      { type: "attack", tick: 2, attackerId: "1", targetId: "", hit: false, attackRoll: 18, defenceRoll: 0 },
      { type: "attack", tick: 2, attackerId: "1", targetId: "", hit: false, attackRoll: 3, defenceRoll: 0 },
    ]);
    expect([damage(empty.t.events), damage(occupied.t.events), d20Of(empty.m).hp, d20Of(occupied.m).hp]).toEqual([[], [], 30, 30]);
  });
});

describe("audit a6: the exempt weapons under water in a live room", () => {
  it("D20-WATER-03: the Rogue swaps to its dagger and stabs from the water with one d20 (15 hits, 1d4 3); the Warrior's longsword there rolls two and keeps the lower", () => {
    const sim = d20Sim(1, POOL);
    const [r] = party(sim, ["Rogue"], { x0: 6 });
    const m = foe(sim, 7);
    const t = playTurn(sim, r!, m, [20, 1], [{ kind: "useObject", item: "swapWeapons" }, { kind: "attack", targetId: m.id }], [15, 3]);
    expect([t.refusals, d20Of(r!).weapon.name, attacks(t.events), damage(t.events)]).toEqual([[null, null], "dagger", [[r!.id, m.id, true, 15, 11]], [[r!.id, m.id, 3]]]);
    const sim2 = d20Sim(1, POOL);
    const [w] = party(sim2, ["Warrior"], { x0: 6 });
    const m2 = foe(sim2, 7);
    const t2 = playTurn(sim2, w!, m2, [20, 1], [{ kind: "attack", targetId: m2.id }], [15, 3]);
    expect([d20Of(w!).weapon.name, attacks(t2.events)]).toEqual(["longsword", [[w!.id, m2.id, false, 3, 11]]]);
  });

  it("D20-WATER-03: the Skyrider, in the saddle of its griffon swimming in the pool, stands in deep water at (6, 5) and thrusts its spear (reach 2) at the minion on (8, 5): one d20, 15 hits (1d6 5)", () => {
    const sim = d20Sim(1, POOL);
    const [s] = party(sim, ["Skyrider"], { x0: 6 });
    const m = foe(sim, 8);
    // Initiative (id order): Skyrider 20, its griffon 1, the minion 1.
    const t = playTurn(sim, s!, m, [20, 1, 1], [{ kind: "attack", targetId: m.id }], [15, 5]);
    expect([isSubmerged(sim, s!), d20Of(s!).weapon.name, t.refusals, attacks(t.events), damage(t.events)])
      .toEqual([true, "spear", [null], [[s!.id, m.id, true, 15, 11]], [[s!.id, m.id, 5]]]);
  });
});
