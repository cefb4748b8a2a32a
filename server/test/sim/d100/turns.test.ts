import { describe, expect, it } from "vitest";
import { scriptedDice } from "./dice.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, forceDice } from "./fixtures.ts";
import {
  castSpell, fightStartRecharge, moveAllowance, newTurn, opportunityAttacks, refundSpell, orderTotals,
  spendAction, surpriseOrder, type Placed,
} from "../../../src/sim/combat/d100/turns.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { makeD100Unit as unit, type D100Unit } from "../../../src/sim/combat/d100/types.ts";

/** Initiative as the live d100 encounter rolls it: one d100 per participant in order, then `orderTotals`. */
const rollInitiative = (dice: ReturnType<typeof scriptedDice>, ids: readonly string[]) =>
  orderTotals(dice, ids.map((id) => ({ id, total: dice.d100() })));

const spell = (id: string, extra: object = {}) => ({ id, charges: 1, maxCharges: 1, passive: false, ...extra });
const at = (id: string, x: number, y: number, u: D100Unit = unit()): Placed => ({ id, x, y, unit: u });
const line = (n: number) => Array.from({ length: n + 1 }, (_, i) => ({ x: i, y: 0 }));

describe("d100 initiative and turns", () => {
  it("P100-BASE-04, P100-BASE-05: everyone rolls a d100 and the highest acts first", () => {
    const { order, rolls } = rollInitiative(scriptedDice([40, 90, 12]), ["1", "2", "3"]);
    expect(order).toEqual(["2", "1", "3"]);
    expect(rolls.map((r) => r.roll)).toEqual([40, 90, 12]);
  });

  it("Left open BASE: tied participants re-roll once; still tied, the lower id goes first", () => {
    expect(rollInitiative(scriptedDice([50, 50, 10, 20]), ["7", "3"]).order).toEqual(["3", "7"]);
    expect(rollInitiative(scriptedDice([50, 50, 30, 30]), ["7", "3"]).order).toEqual(["3", "7"]);
    expect(rollInitiative(scriptedDice([50, 50, 30, 20]), ["7", "3"]).order).toEqual(["7", "3"]);
  });

  it("P100-BASE-01: surprise attacks come before round 1, in initiative order", () => {
    expect(surpriseOrder(["4", "2", "9"], new Set(["9", "4"]))).toEqual(["4", "9"]);
  });

  it("P100-BASE-06: one main action a turn (attack or cast)", () => {
    const ts = newTurn();
    expect([spendAction(ts, "main"), spendAction(ts, "main")]).toEqual([null, "actionSpent"]);
  });

  it("P100-BASE-07: in a live fight the player's attack names its target (the farther minion, not the nearest) and rolls the attack against that target's dodge; a second attack in the turn is refused", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ["P.........", ...Array.from({ length: 8 }, () => ".........."), "SK........"].join("\n")) });
    const w = adventurer(sim, "Warrior", 5, 5);
    const near = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const far = addUnit(sim, { kind: "minion", x: 6, y: 6 });
    near.targetId = w.id; far.targetId = w.id;
    // Initiative (by id): warrior 50, near 90, far 10. Tick 1: near misses (20 against 80). Tick 2, the warrior's
    // plan attacks `far` twice: the first attack rolls 60 against far's dodge 40 and deals 30 (of 1..100); the
    // second is refused (actionSpent) with nothing drawn.
    const dice = forceDice(sim, [50, 90, 10, 20, 80, 60, 40, 30]);
    sim.step();
    encounterOf(sim, w.id)!.plans[w.id] = { action: "steps", steps: [{ kind: "attack", targetId: far.id }, { kind: "attack", targetId: far.id }] };
    const events = sim.step();
    expect(events.filter((e) => e.type === "attack" || e.type === "damaged" || e.type === "turnPlanPlayed")).toEqual([
      { type: "attack", tick: 2, attackerId: w.id, targetId: far.id, hit: true, attackRoll: 60, defenceRoll: 40 },
      { type: "damaged", tick: 2, targetId: far.id, sourceId: w.id, amount: 30, damageType: "melee", hp: 30, critical: false },
      { type: "turnPlanPlayed", tick: 2, unitId: w.id, refusals: [null, "actionSpent"] },
    ]);
    expect([d100Of(near).hp, dice.left()]).toEqual([60, 0]);
  });

  it("P100-BASE-08: a combatant may move before attacking, never after (Contradiction 7)", () => {
    const ts = newTurn();
    expect([spendAction(ts, "move"), spendAction(ts, "main")]).toEqual([null, null]);
    const ts2 = newTurn();
    expect([spendAction(ts2, "main"), spendAction(ts2, "move")]).toEqual([null, "moveAfterAction"]);
  });

  it("P100-BASE-09: free actions can be taken at any moment of the own turn, not after it", () => {
    const ts = newTurn();
    expect([spendAction(ts, "free"), spendAction(ts, "move"), spendAction(ts, "free"), spendAction(ts, "main"), spendAction(ts, "free")]).toEqual([null, null, null, null, null]);
    ts.over = true;
    expect(spendAction(ts, "free")).toBe("turnOver");
  });
});

describe("d100 movement", () => {
  it("P100-MOVE-01, P100-MOVE-02: characters move in combat, 6 tiles by default or their own allowance", () => {
    expect([moveAllowance(unit(), false), moveAllowance(unit({ moveTiles: 9 }), false)]).toEqual([6, 9]);
  });

  it("P100-MOVE-03: moving openly past an enemy gives it an opportunity attack; ending next to it does not", () => {
    expect(opportunityAttacks(line(3), unit(), [at("5", 1, 1)])).toEqual([{ attackerId: "5", step: 0 }]);
    expect(opportunityAttacks([{ x: 0, y: 3 }, { x: 1, y: 3 }], unit(), [at("5", 2, 3)])).toEqual([]);
  });

  it("P100-MOVE-04: each character passed gets its own opportunity attack, once per move", () => {
    const hostiles = [at("5", 1, 1), at("6", 3, -1), at("7", 9, 9)];
    expect(opportunityAttacks(line(5), unit(), hostiles)).toEqual([{ attackerId: "5", step: 0 }, { attackerId: "6", step: 2 }]);
  });

  it("Left open MOVE: a stunned enemy, or a ranged enemy with no melee weapon, takes no opportunity attack", () => {
    const stunned = unit();
    addStatus(stunned, "stunned");
    const archer = unit({ placement: "ranged", hasMeleeWeapon: false, hasRangedWeapon: true });
    expect(opportunityAttacks(line(3), unit(), [at("5", 1, 1, stunned), at("6", 2, 1, archer)])).toEqual([]);
  });

  it("P100-MOVE-05, P100-MOVE-06: a guarded move triggers none and covers floor(6 / 4) = 1 tile", () => {
    expect(opportunityAttacks(line(1), unit(), [at("5", 1, 1)], { guarded: true })).toEqual([]);
    expect([moveAllowance(unit(), true), moveAllowance(unit({ moveTiles: 8 }), true)]).toEqual([1, 2]);
  });
});

describe("d100 spells", () => {
  it("P100-SPELL-01: only spells chosen beforehand can be cast", () => {
    expect(castSpell(unit({ spells: [spell("heal")] }), "fireball", true)).toBe("notInLoadout");
  });

  it("P100-SPELL-02, P100-SPELL-03: a spell is cast on the caster's turn, unless its description allows a reaction", () => {
    const u = unit({ spells: [spell("bolt"), spell("ward", { reaction: true })] });
    expect(castSpell(u, "bolt", false)).toBe("notYourTurn");
    expect(castSpell(u, "ward", false)).toMatchObject({ id: "ward", charges: 0 });
  });

  it("P100-SPELL-04: a spell's own description sets its effect (its damage range replaces the weapon's)", async () => {
    const { resolveD100Attack } = await import("../../../src/sim/combat/d100/attack.ts");
    const r = resolveD100Attack(scriptedDice([50, 10, 12]), unit({ placement: "magic" }), unit(), { mode: "magic", spellDamage: [12, 24] });
    expect(r.damage).toBe(12);
    expect(() => resolveD100Attack(scriptedDice([50, 10, 11]), unit({ placement: "magic" }), unit(), { mode: "magic", spellDamage: [12, 24] })).toThrow(/outside 12..24/);
  });

  it("P100-SPELL-05: casting spends the charge until a recharge; a botched incantation keeps it", () => {
    const u = unit({ spells: [spell("bolt")] });
    castSpell(u, "bolt", true);
    expect(castSpell(u, "bolt", true)).toBe("noCharge");
    refundSpell(u, "bolt");
    expect(u.spells[0]?.charges).toBe(1);
  });

  it("P100-SPELL-06, P100-SPELL-07: spells recharge when a boss fight starts, not an ordinary one", () => {
    const u = unit({ spells: [spell("bolt", { charges: 0 })] });
    expect([fightStartRecharge([u], false, false), u.spells[0]?.charges]).toEqual([false, 0]);
    expect([fightStartRecharge([u], true, false), u.spells[0]?.charges]).toEqual([true, 1]);
  });

  it("P100-SPELL-08: the room may grant a recharge between ordinary fights", () => {
    const u = unit({ spells: [spell("bolt", { charges: 0 })] });
    expect([fightStartRecharge([u], false, true), u.spells[0]?.charges]).toEqual([true, 1]);
  });
});
