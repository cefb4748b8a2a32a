import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { plain } from "./live-helpers.ts";

/** One line per turn-related event, with its tick: what the player and the table see. */
function lines(events: readonly SimEvent[], tick: number): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === "turnStarted") out.push(`${tick} turnStarted ${e.unitId}`);
    else if (e.type === "turnPlanPlayed") out.push(`${tick} turnPlanPlayed ${e.unitId} ${JSON.stringify(e.refusals)}`);
    else if (e.type === "deathSave") out.push(`${tick} deathSave ${e.unitId} roll=${e.roll} ${e.successes}/${e.failures} ${e.outcome}`);
    else if (e.type === "attack") out.push(`${tick} attack ${e.attackerId}->${e.targetId} hit=${e.hit}`);
    else if (e.type === "damaged") out.push(`${tick} damaged ${e.targetId} ${e.amount} hp=${e.hp}`);
    else if (e.type === "knockedOut") out.push(`${tick} knockedOut ${e.unitId} ${e.outcome}`);
  }
  return out;
}

/**
 * A player's hero (seat a0, 1 HP) at (4, 5) and a foe played by seat b0 at (5, 5), both plain.
 * Initiative foe 20, hero 1: the encounter opens on the foe's turn, waiting for b0's plan.
 * `setUp` puts the hero in the state under test; then both plans are sent (the hero's: attack the
 * foe), the foe's plays (`foeSteps`, dice `dice`), and the hero's turn comes at the next tick.
 */
function heroTurn(setUp: (h: ReturnType<typeof hero>) => void, foeSteps: (heroId: string) => unknown[], dice: number[], melee = false, heroPlans = true) {
  const sim = d20Sim(1);
  const h = hero(sim, 4, 5, { controller: "a0" });
  // An archer 4 tiles east (a ranged blow strikes to kill; Left open D20-HP-35: keeper-side melee knocks out), or a swordsman next to the hero.
  const foe = melee
    ? hero(sim, 5, 5, { faction: "dungeon", controller: "b0" })
    : hero(sim, 8, 5, { faction: "dungeon", controller: "b0", gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
  const ally = hero(sim, 3, 5, { controller: "a1" }); // keeps the heroes' side in the fight; its plan is empty
  plain([h, foe, ally]);
  d20Of(h).hp = 1;
  h.targetId = foe.id;
  forceDice(sim, [1, 20, 10]); // initiative hero 1, foe 20, ally 10
  sim.step();
  setUp(h);
  if (heroPlans) expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: h.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: foe.id }] } as never)).toEqual({ ok: true });
  expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: foe.id }, { type: "planTurn", action: "steps", steps: foeSteps(h.id) } as never)).toEqual({ ok: true });
  expect(sim.enqueue({ kind: "adventurer", seatId: "a1", unitId: ally.id }, { type: "planTurn", action: "steps", steps: [] } as never)).toEqual({ ok: true });
  const left = forceDice(sim, dice);
  const t2 = sim.state.tick;
  const out = lines(sim.step(), t2);
  const t3 = sim.state.tick;
  out.push(...lines(sim.step(), t3));
  const t4 = sim.state.tick;
  out.push(...lines(sim.step(), t4));
  return { out, h: h.id, foe: foe.id, ally: ally.id, sheet: d20Of(h), left: left.left(), t2 };
}

const shoot = (id: string) => [{ kind: "attack", targetId: id }];
const idle = () => [];

describe("issue 17: d20 answers a plan its creature cannot play (as d100 does)", () => {
  it("D20-HP-14, D20-HP-16: the archer's plan shoots the hero (13 hits AC 12, 1 damage: 1 → 0 HP, dying); at the hero's turn (two ticks on) its jet de destin (12: a success) is its turn and its attack plan is answered turnPlanPlayed [\"dying\"]", () => {
    const r = heroTurn(() => {}, shoot, [13, 1, 12]);
    expect(r.out).toEqual([
      `${r.t2} turnStarted ${r.foe}`,
      `${r.t2} attack ${r.foe}->${r.h} hit=true`,
      `${r.t2} damaged ${r.h} 1 hp=0`,
      `${r.t2} knockedOut ${r.h} unconscious`,
      `${r.t2} turnPlanPlayed ${r.foe} [null]`,
      `${r.t2 + 1} turnStarted ${r.ally}`,
      `${r.t2 + 1} turnPlanPlayed ${r.ally} []`,
      `${r.t2 + 2} turnStarted ${r.h}`,
      `${r.t2 + 2} deathSave ${r.h} roll=12 1/0 success`,
      `${r.t2 + 2} turnPlanPlayed ${r.h} ["dying"]`,
    ]);
    expect([r.sheet.hp, r.sheet.stable, r.sheet.dead, r.left]).toEqual([0, false, false, 0]);
  });

  it("D20-HP-16 to D20-HP-18 (a third failure kills): the hero lies at 0 HP with two failures (the archer's plan empty); its jet de destin (5) is the third and it dies: turnPlanPlayed [\"dead\"]", () => {
    const r = heroTurn((h) => { d20Of(h).hp = 0; d20Of(h).deathSaves.failures = 2; }, idle, [5]);
    expect(r.out.slice(-3)).toEqual([
      `${r.t2 + 2} deathSave ${r.h} roll=5 0/3 dead`,
      `${r.t2 + 2} knockedOut ${r.h} dead`,
      `${r.t2 + 2} turnPlanPlayed ${r.h} ["dead"]`,
    ]);
    expect([r.sheet.dead, r.left]).toEqual([true, 0]);
  });

  it("D20-HP-35, D20-HP-20 (Left open D20-HP-35: keeper-side melee knocks out): a swordsman's blow (13, 1) leaves the hero unconscious and stable: no jet de destin at its turn, its plan is answered turnPlanPlayed [\"stable\"]", () => {
    const r = heroTurn(() => {}, shoot, [13, 1], true);
    expect(r.out.slice(1, 4)).toEqual([`${r.t2} attack ${r.foe}->${r.h} hit=true`, `${r.t2} damaged ${r.h} 1 hp=0`, `${r.t2} knockedOut ${r.h} unconscious`]);
    expect(r.out.slice(-2)).toEqual([`${r.t2 + 2} turnStarted ${r.h}`, `${r.t2 + 2} turnPlanPlayed ${r.h} ["stable"]`]);
    expect([r.sheet.hp, r.sheet.stable, r.left]).toEqual([0, true, 0]);
  });

  it("D20-STATUS-03: a paralysed hero (1 HP, the archer's plan empty) skips its turn; its attack plan is answered turnPlanPlayed [\"paralysed\"], and the archer is not struck", () => {
    const r = heroTurn((h) => addStatus(d20Of(h).statuses, "paralysed", "", 2), idle, []);
    expect(r.out).toEqual([
      `${r.t2} turnStarted ${r.foe}`,
      `${r.t2} turnPlanPlayed ${r.foe} []`,
      `${r.t2 + 1} turnStarted ${r.ally}`,
      `${r.t2 + 1} turnPlanPlayed ${r.ally} []`,
      `${r.t2 + 2} turnStarted ${r.h}`,
      `${r.t2 + 2} turnPlanPlayed ${r.h} ["paralysed"]`,
    ]);
    expect(r.sheet.statuses.map((s) => [s.kind, s.turnsLeft])).toEqual([["paralysed", 1]]); // counted down at the turn's end
  });

  it("D20-FLOW-12, D20-FLOW-13: a surprised hero's first turn passes; its attack plan is answered turnPlanPlayed [\"surprised\"]", () => {
    const r = heroTurn((h) => addStatus(d20Of(h).statuses, "surprised", "", 1), idle, []);
    expect(r.out.slice(-2)).toEqual([`${r.t2 + 2} turnStarted ${r.h}`, `${r.t2 + 2} turnPlanPlayed ${r.h} ["surprised"]`]);
    expect([r.sheet.statuses.length, r.left]).toEqual([0, 0]);
  });

  it("issue 17: without a plan nothing is answered: the paralysed hero's turn passes with no turnPlanPlayed of its own", () => {
    const r = heroTurn((h) => addStatus(d20Of(h).statuses, "paralysed", "", 2), idle, [], false, false);
    expect(r.out.slice(-1)).toEqual([`${r.t2 + 2} turnStarted ${r.h}`]);
  });
});
