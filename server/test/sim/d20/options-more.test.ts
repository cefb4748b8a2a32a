import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus, hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import type { D20Weapon } from "../../../src/sim/combat/d20/types.ts";
import { projectTurnOptions } from "../../../src/rooms/turnProjection.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 7, d20finish: the turn options also name a thrown weapon's foes (D20-ATTACK-33), the items
 * and creatures of Use an Object (D20-ACTION-20 to D20-ACTION-22, D20-STATUS-11 to D20-STATUS-13),
 * dying foes for first aid (D20-HP-29) and escaping a grapple (D20-ATTACK-43); each listed step is
 * played as listed.
 */

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const strip = (events: SimEvent[]) => events.map(({ tick: _t, ...e }) => e);
const DAGGER: D20Weapon = { name: "dagger", damage: "1d4", damageType: "piercing", ranged: false, reach: 1, range: [1, 1], light: true, finesse: true, reload: false, magical: false, thrown: true };

/**
 * A player's hero at (2, 5) (id 1) and minions at `at` (ids 2, 3, ...), all 100 HP with zero
 * modifiers; initiative puts the hero first: after the step that forms the encounter its turn waits.
 */
function fight(at: [number, number][], extra: UnitRecord[] = []) {
  const sim = d20Sim(1);
  const h = hero(sim, 2, 5, { controller: "seat-1" });
  const ms = at.map(([x, y]) => minion(sim, x, y));
  for (const u of [h, ...ms, ...extra]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
  h.targetId = ms[0]!.id;
  forceDice(sim, [19, ...ms.map((_, i) => 2 + i)]);
  sim.step();
  sim.drainEvents();
  const enc = Object.values(sim.state.encounters ?? {})[0]!;
  expect(enc.order[0]).toBe(h.id);
  return { sim, h, ms, enc };
}

function play(f: ReturnType<typeof fight>, steps: unknown[]) {
  f.enc.plans[f.h.id] = { action: "steps", steps, keepTurn: true };
  return strip(f.sim.step());
}

describe("more targets in the d20 turn options (issue 7, d20finish)", () => {
  it("D20-ATTACK-33 (Left open: 5 tiles): a thrown dagger lists the foes 1 to 5 tiles away; the throw is a ranged attack with the Attack action", () => {
    const f = fight([[5, 5], [8, 5]]);
    d20Of(f.h).weapon = DAGGER;
    const o = d20TurnOptions(f.sim, f.enc, f.h);
    expect([o.targets, o.thrownTargets, o.actions.includes("attack")]).toEqual([[], [f.ms[0]!.id], true]);
    // A sword has no thrown property: nothing to throw.
    d20Of(f.h).weapon = { ...DAGGER, name: "longsword", thrown: false };
    expect(d20TurnOptions(f.sim, f.enc, f.h).thrownTargets).toEqual([]);
    d20Of(f.h).weapon = DAGGER;
    forceDice(f.sim, [17, 3]); // the d20, then 1d4
    const events = play(f, [{ kind: "attack", targetId: f.ms[0]!.id, thrown: true }]);
    expect(events.find((e) => e.type === "turnPlanPlayed")).toEqual({ type: "turnPlanPlayed", unitId: f.h.id, refusals: [null] });
    expect(events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.h.id, targetId: f.ms[0]!.id, hit: true, attackRoll: 17, defenceRoll: 11 }]);
    expect(d20Of(f.ms[0]!).hp).toBe(97);
    // The Attack action is spent (one attack): no more throws.
    const after = d20TurnOptions(f.sim, f.enc, f.h);
    expect([after.thrownTargets, after.fullAction, after.offHandThrownTargets]).toEqual([[], false, []]);
  });

  it("D20-ATTACK-30, D20-ATTACK-31, D20-ATTACK-33: after the Attack action, a second dagger in the off hand may be thrown at the foes 1 to 5 tiles away, with the demi-action and the reaction", () => {
    const f = fight([[3, 5], [5, 8], [9, 5]]);
    d20Of(f.h).weapon = DAGGER;
    d20Of(f.h).offHand = { ...DAGGER }; // a second dagger
    expect(d20TurnOptions(f.sim, f.enc, f.h).offHandThrownTargets).toEqual([]); // no Attack action yet
    forceDice(f.sim, [2, 1, 1, 1]); // a miss on the minion next to it
    play(f, [{ kind: "attack", targetId: f.ms[0]!.id }]);
    const o = d20TurnOptions(f.sim, f.enc, f.h);
    expect([o.offHandTargets, o.offHandThrownTargets, o.halfAction, o.reaction]).toEqual([[f.ms[0]!.id], [f.ms[0]!.id, f.ms[1]!.id], true, true]);
    // Thrown with a foe next to it: disadvantage (D20-ATTACK-56), the lower of 14 and 16; then 1d4 = 2.
    forceDice(f.sim, [14, 16, 2]);
    const events = play(f, [{ kind: "attack", targetId: f.ms[1]!.id, offHand: true, thrown: true }]);
    expect(events.find((e) => e.type === "turnPlanPlayed")).toEqual({ type: "turnPlanPlayed", unitId: f.h.id, refusals: [null] });
    expect(events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.h.id, targetId: f.ms[1]!.id, hit: true, attackRoll: 14, defenceRoll: 11 }]);
    // D20-ATTACK-32: no damage modifiers on the off-hand blow (zero here): the 1d4 as rolled.
    expect(d20Of(f.ms[1]!).hp).toBe(98);
    const spent = d20TurnOptions(f.sim, f.enc, f.h);
    expect([spent.offHandThrownTargets, spent.halfAction, spent.reaction]).toEqual([[], false, false]);
  });

  it("D20-ACTION-22, D20-STATUS-12, D20-STATUS-13, HEALING_POTION_DICE 2d4+2: Use an Object lists its items and the creatures within 1 tile (itself first); a potion heals 9, a bandage stops a friend's bleeding", () => {
    const f = fight([[9, 5]]);
    const friend = hero(f.sim, 3, 6);
    d20Of(friend).hp = d20Of(friend).maxHp = 100;
    f.enc.participants.push(friend.id);
    f.enc.order.push(friend.id);
    addStatus(d20Of(friend).statuses, "bleeding", f.ms[0]!.id, -1);
    d20Of(f.h).hp = 50;
    const o = d20TurnOptions(f.sim, f.enc, f.h);
    expect([o.useObjectItems, o.useObjectTargets, o.actions.includes("useObject")]).toEqual([["bandage", "medicalTools", "healingPotion"], [f.h.id, friend.id], true]);
    forceDice(f.sim, [3, 4]);
    const drank = play(f, [{ kind: "useObject", item: "healingPotion" }]);
    expect(drank.filter((e) => e.type === "healed")).toEqual([{ type: "healed", unitId: f.h.id, byUnitId: f.h.id, woundPoints: f.h.woundPoints, hp: 59 }]);
    // The demi-action is spent; the full action may still be spent on a demi-action (Left open D20-ACTION).
    const mid = d20TurnOptions(f.sim, f.enc, f.h);
    expect([mid.halfAction, mid.fullAction, mid.useObjectTargets]).toEqual([false, true, [f.h.id, friend.id]]);
    play(f, [{ kind: "useObject", item: "bandage", targetId: friend.id }]);
    expect(hasStatus(d20Of(friend).statuses, "bleeding")).toBe(false);
    const spent = d20TurnOptions(f.sim, f.enc, f.h);
    expect([spent.useObjectItems, spent.useObjectTargets, spent.actions.includes("useObject")]).toEqual([[], [], false]);
    // Projected for thin clients.
    const state = new DungeonState();
    projectTurnOptions(state, f.sim);
    expect(state.turnOptions.get(f.h.id)!.useObjectItems.toArray()).toEqual([]);
  });

  it("D20-HP-29, D20-HP-30 (Left open DC 10 + failures): first aid lists a dying foe within 1 tile and stabilises it on 1d20 ≥ 11 after 1 failure", () => {
    const f = fight([[3, 5], [9, 5]]);
    const dying = d20Of(f.ms[0]!);
    dying.hp = 0;
    dying.deathSaves = { successes: 0, failures: 1 };
    const o = d20TurnOptions(f.sim, f.enc, f.h);
    expect([o.firstAidTargets, o.targets, o.actions.includes("firstAid")]).toEqual([[f.ms[0]!.id], [], true]);
    const state = new DungeonState();
    projectTurnOptions(state, f.sim);
    expect(state.turnOptions.get(f.h.id)!.firstAidTargets.toArray()).toEqual([f.ms[0]!.id]);
    forceDice(f.sim, [11]);
    expect(play(f, [{ kind: "firstAid", targetId: f.ms[0]!.id }]).find((e) => e.type === "turnPlanPlayed")).toMatchObject({ refusals: [null] });
    expect([dying.stable, dying.hp]).toEqual([true, 0]);
    expect(d20TurnOptions(f.sim, f.enc, f.h).firstAidTargets).toEqual([]);
  });

  it("D20-ATTACK-43: a grappled creature's options list escape (with the full action); 1d20 14 against the grappler's 9 frees it, and escape is gone", () => {
    const f = fight([[3, 5]]);
    addStatus(d20Of(f.h).statuses, "grappled", f.ms[0]!.id, -1);
    const o = d20TurnOptions(f.sim, f.enc, f.h);
    expect(o.actions.includes("escape")).toBe(true);
    forceDice(f.sim, [14, 9]);
    expect(play(f, [{ kind: "escape" }]).find((e) => e.type === "turnPlanPlayed")).toMatchObject({ refusals: [null] });
    expect(hasStatus(d20Of(f.h).statuses, "grappled")).toBe(false);
    expect(d20TurnOptions(f.sim, f.enc, f.h).actions.includes("escape")).toBe(false);
  });
});
