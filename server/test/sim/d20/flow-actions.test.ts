import { describe, expect, it } from "vitest";
import { hideRoll, initiativeOrder, initiativeRoll, isSurprised, notices, passivePerception } from "../../../src/sim/combat/d20/flow.ts";
import { HELP_RANGE, type SimEvent } from "@malignus/shared";
import { ACTION_COST, interact, newTurn, spendAction } from "../../../src/sim/combat/d20/actions.ts";
import { scriptedDice } from "./helpers.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { plain } from "./live-helpers.ts";

describe("d20 flow: surprise and initiative", () => {
  it("D20-FLOW-09: passive Perception is 10 + Perception modifier + vigilance", () => {
    expect(passivePerception(2, 3)).toBe(15);
  });

  it("D20-ACTION-38, D20-ACTION-39: a Hide roll is 1d20 + Furtivité + Discrétion against passive Perception; ties favour the observer", () => {
    expect(hideRoll(scriptedDice([12]), 2, 1)).toBe(15);
    expect(notices(15, 15)).toBe(true);
    expect(notices(14, 15)).toBe(false);
  });

  it("D20-FLOW-06, D20-FLOW-07: with nobody hiding nobody is surprised", () => {
    expect(isSurprised(5, [null, null])).toBe(false);
  });

  it("D20-FLOW-08, D20-FLOW-10, D20-FLOW-11: an observer that notices no hider is surprised, decided per observer", () => {
    expect(isSurprised(12, [15, 16])).toBe(true);
    expect(isSurprised(15, [15, 16])).toBe(false);
    expect(isSurprised(12, [15, null])).toBe(false);
  });

  it("D20-FLOW-17, D20-FLOW-18: initiative is 1d20 + Agility modifier", () => {
    expect(initiativeRoll(scriptedDice([14]), 3)).toBe(17);
  });

  it("D20-FLOW-02, D20-FLOW-19: participants act from the highest total down", () => {
    expect(initiativeOrder(scriptedDice([]), [{ id: "a", total: 5 }, { id: "b", total: 17 }, { id: "c", total: 11 }])).toEqual(["b", "c", "a"]);
  });

  it("D20-FLOW-22, D20-FLOW-23: a tie is broken by a d20 roll-off, higher first, re-rolled while tied", () => {
    const dice = scriptedDice([7, 7, 3, 12]);
    expect(initiativeOrder(dice, [{ id: "m", total: 10 }, { id: "p", total: 10 }])).toEqual(["p", "m"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-FLOW-21: tied player characters keep the order their players agreed on", () => {
    expect(initiativeOrder(scriptedDice([]), [{ id: "p1", total: 9 }, { id: "p2", total: 9 }], ["p2", "p1"])).toEqual(["p2", "p1"]);
  });
});

describe("d20 actions", () => {
  it("D20-ACTION-03, D20-ACTION-04, D20-ACTION-05, D20-ACTION-06: Attack is a full action, one per turn", () => {
    const b = newTurn(9);
    expect(ACTION_COST.attack).toBe("full");
    expect(spendAction(b, "attack")).toBeNull();
    expect(spendAction(b, "attack")).toMatch(/full action is spent/);
  });

  it("D20-ACTION-07, D20-ACTION-08, D20-ACTION-19, D20-ACTION-37, D20-ACTION-12, D20-ACTION-15: full actions", () => {
    for (const k of ["cast", "technique", "help", "ready"] as const) expect(ACTION_COST[k]).toBe("full");
    // Dash and Disengage (not in the table) spend the full action, the demi-action with it: never after an attack.
    for (const k of ["dash", "disengage"] as const) {
      const b = newTurn(9);
      expect(spendAction(b, "attack")).toBeNull();
      expect(spendAction(b, k)).toBe("Dash and Disengage allow no other action that turn (D20-ACTION-11, D20-ACTION-14)");
      const c = newTurn(9);
      expect(spendAction(c, k)).toBeNull();
      expect([c.full, c.demi, c.locked]).toEqual([false, false, true]);
    }
  });

  it("D20-ACTION-22, D20-ACTION-41, D20-ACTION-45: Use an Object, Hide and Reload are demi-actions taken beside the full action", () => {
    for (const k of ["useObject", "hide", "reload"] as const) expect(ACTION_COST[k]).toBe("demi");
    const b = newTurn(9);
    expect(spendAction(b, "attack")).toBeNull();
    expect(spendAction(b, "hide")).toBeNull();
    expect(spendAction(b, "reload")).toMatch(/no action left/);
  });

  it("D20-ACTION-10, D20-ACTION-11, D20-ACTION-13, D20-ACTION-14: Dash and Disengage allow no other action", () => {
    const b = newTurn(9);
    expect(spendAction(b, "dash")).toBeNull();
    expect(spendAction(b, "hide")).toMatch(/D20-ACTION-11/);
    const c = newTurn(9);
    expect(spendAction(c, "useObject")).toBeNull();
    expect(spendAction(c, "disengage")).toMatch(/D20-ACTION-14/);
    const d = newTurn(9);
    expect(spendAction(d, "disengage")).toBeNull();
    expect(d.disengaged).toBe(true);
  });

  it("D20-FLOW-31, D20-FLOW-32, D20-FLOW-33, D20-ACTION-20, D20-ACTION-21: one free object interaction, then Use an Object", () => {
    const b = newTurn(9);
    expect(interact(b)).toBeNull();
    expect(b.demi).toBe(true);
    expect(interact(b)).toBeNull();
    expect(b.demi).toBe(false);
    const c = newTurn(9);
    expect(interact(c, true)).toBeNull();
    expect(c.freeInteraction).toBe(true);
    expect(c.demi).toBe(false);
  });

});

describe("Help in a live d20 room, through planTurn commands (D20-ACTION-17 to D20-ACTION-19)", () => {
  /**
   * Two player heroes, A at (5, 5) and B at (7, 6), against a minion at (`minionX`, 5), everyone plain
   * (zero characteristics, 100 HP; the minion's AC 11). Initiative A 20, B 19, minion 1. A's player
   * plans `aStep` (Help for B against the minion, or a wait), B's player an attack on the minion;
   * B's attack dice are `attackDice`, its damage 1d8 = 4, then the minion's natural 1 misses.
   */
  function helpThenAttack(minionX: number, help: boolean, attackDice: number[]) {
    const sim = d20Sim(1);
    const a = hero(sim, 5, 5, { controller: "a0" });
    const b = hero(sim, 7, 6, { controller: "a1" });
    const m = minion(sim, minionX, 5, { faction: "dungeon" });
    plain([a, b, m]);
    a.targetId = m.id;
    forceDice(sim, [20, 19, 1]);
    sim.step();
    const seatA = { kind: "adventurer", seatId: "a0", unitId: a.id } as const;
    expect(help
      ? sim.enqueue(seatA, { type: "planTurn", action: "steps", steps: [{ kind: "help", allyId: b.id, targetId: m.id }] })
      : sim.enqueue(seatA, { type: "planTurn", action: "wait" })).toEqual({ ok: true });
    const aTurn = sim.step();
    const statuses = d20Of(b).statuses.map(({ kind, sourceId, detail }) => ({ kind, sourceId, detail }));
    expect(sim.enqueue({ kind: "adventurer", seatId: "a1", unitId: b.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] })).toEqual({ ok: true });
    const dice = forceDice(sim, attackDice);
    const bTurn = [...sim.step(), ...sim.step()];
    return { a, b, m, aTurn, statuses, bTurn, dice };
  }
  const attacks = (ev: readonly SimEvent[]) => ev.flatMap((e) => e.type === "attack" ? [{ attackerId: e.attackerId, hit: e.hit, attackRoll: e.attackRoll }] : []);

  it(`D20-ACTION-17, D20-ACTION-18, D20-ACTION-19: A helps B against the minion ${HELP_RANGE} tiles away (its full action); B's first attack on it has advantage: 2 and 15, the 15 hits for 4`, () => {
    const f = helpThenAttack(8, true, [2, 15, 4, 1]);
    expect(f.aTurn.filter((e) => e.type === "turnPlanPlayed")).toMatchObject([{ unitId: f.a.id, refusals: [null] }]);
    expect(f.statuses).toEqual([{ kind: "helped", sourceId: f.a.id, detail: f.m.id }]);
    expect(attacks(f.bTurn)).toEqual([{ attackerId: f.b.id, hit: true, attackRoll: 15 }, { attackerId: f.m.id, hit: false, attackRoll: 1 }]);
    expect(d20Of(f.m).hp).toBe(96);
    expect(d20Of(f.b).statuses).toEqual([]); // used: only the first attack has advantage
    expect(f.dice.left()).toBe(0);
  });

  it("D20-ACTION-18: without Help the same 2 is B's only die and misses", () => {
    const f = helpThenAttack(8, false, [2, 1]);
    expect(f.statuses).toEqual([]);
    expect(attacks(f.bTurn)).toEqual([{ attackerId: f.b.id, hit: false, attackRoll: 2 }, { attackerId: f.m.id, hit: false, attackRoll: 1 }]);
    expect(d20Of(f.m).hp).toBe(100);
    expect(f.dice.left()).toBe(0);
  });

  /**
   * Player heroes A (`helperAt`), B at (6, 6) and C at (6, 5), a minion at (10, 5); initiative A 20,
   * B 19, C 2, the minion 1. Then C lies dying (0 HP, 1 failure: first aid needs 10 + 1). A's player
   * plans Help for B's first aid on C (or waits), B's player first aid on C, rolled on `aidDice`.
   */
  function helpFirstAid(helperAt: [number, number], help: boolean, aidDice: number[]) {
    const sim = d20Sim(1);
    const a = hero(sim, helperAt[0], helperAt[1], { controller: "a0" });
    const b = hero(sim, 6, 6, { controller: "a1" });
    const c = hero(sim, 6, 5, { controller: "a2" });
    const m = minion(sim, 10, 5, { faction: "dungeon" });
    plain([a, b, c, m]);
    a.targetId = m.id;
    forceDice(sim, [20, 19, 2, 1]);
    sim.step();
    const cd = d20Of(c);
    cd.hp = 0; cd.deathSaves.failures = 1; c.activity = "unconscious";
    const seatA = { kind: "adventurer", seatId: "a0", unitId: a.id } as const;
    expect(help
      ? sim.enqueue(seatA, { type: "planTurn", action: "steps", steps: [{ kind: "help", allyId: b.id, targetId: c.id }] })
      : sim.enqueue(seatA, { type: "planTurn", action: "wait" })).toEqual({ ok: true });
    const aRefusals = sim.step().flatMap((e) => e.type === "turnPlanPlayed" ? e.refusals : []);
    expect(sim.enqueue({ kind: "adventurer", seatId: "a1", unitId: b.id }, { type: "planTurn", action: "steps", steps: [{ kind: "firstAid", targetId: c.id }] })).toEqual({ ok: true });
    const dice = forceDice(sim, aidDice);
    const bRefusals = sim.step().flatMap((e) => e.type === "turnPlanPlayed" ? e.refusals : []);
    return { b, c: cd, aRefusals, bRefusals, left: dice.left() };
  }

  it("D20-ACTION-16, D20-HP-29: A helps B with the task of first aid on dying C; B's roll has advantage: 4 and 11, the 11 reaches 10 + 1 and C is stable", () => {
    const f = helpFirstAid([5, 5], true, [4, 11]);
    expect([f.aRefusals, f.bRefusals, f.left]).toEqual([[null], [null], 0]);
    expect([f.c.stable, f.c.hp]).toEqual([true, 0]);
    expect(d20Of(f.b).statuses).toEqual([]); // the help is spent on that roll
  });

  it("D20-ACTION-16: without the help the same 4 is B's only die: C stays dying", () => {
    const f = helpFirstAid([5, 5], false, [4]);
    expect([f.aRefusals, f.bRefusals, f.left]).toEqual([[], [null], 0]);
    expect([f.c.stable, f.c.hp, f.c.dead]).toEqual([false, 0, false]);
  });

  it("D20-ACTION-16 (Left open: the helper stands within 1 tile of the patient): A 3 tiles from C cannot help; B rolls one die", () => {
    const f = helpFirstAid([3, 5], true, [4]);
    expect([f.aRefusals, f.bRefusals, f.left]).toEqual([["the dying creature must be within 1 tile of the helper (D20-ACTION-16)"], [null], 0]);
    expect(f.c.stable).toBe(false);
  });

  it(`D20-ACTION-17: a minion ${HELP_RANGE + 1} tiles from A cannot be helped against: the step is refused and B gets no help`, () => {
    const sim = d20Sim(1);
    const a = hero(sim, 5, 5, { controller: "a0" });
    const b = hero(sim, 8, 6, { controller: "a1" });
    const m = minion(sim, 9, 5, { faction: "dungeon" });
    plain([a, b, m]);
    a.targetId = m.id;
    forceDice(sim, [20, 19, 1]);
    sim.step();
    sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "help", allyId: b.id, targetId: m.id }] });
    expect(sim.step().filter((e) => e.type === "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: ["the foe must be within 3 tiles of the helper (D20-ACTION-17)"] }]);
    expect(d20Of(b).statuses).toEqual([]);
  });
});
