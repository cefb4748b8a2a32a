import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { plain } from "./live-helpers.ts";

/** One line per turn-related event, with its tick. */
function lines(events: readonly SimEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === "turnStarted") out.push(`${e.tick} turnStarted ${e.unitId}`);
    else if (e.type === "turnPlanPlayed") out.push(`${e.tick} turnPlanPlayed ${e.unitId} ${JSON.stringify(e.refusals)}`);
    else if (e.type === "attack") out.push(`${e.tick} attack ${e.attackerId}->${e.targetId} hit=${e.hit}`);
    else if (e.type === "damaged") out.push(`${e.tick} damaged ${e.targetId} ${e.amount} hp=${e.hp}`);
    else if (e.type === "deathSave") out.push(`${e.tick} deathSave ${e.unitId} ${e.successes}/${e.failures} ${e.outcome}`);
    else if (e.type === "knockedOut") out.push(`${e.tick} knockedOut ${e.unitId} ${e.outcome}`);
  }
  return out;
}

/**
 * A player's hero (seat a0) at (4, 5) lying at 0 HP with two failed jets de destin, an archer
 * played by seat b0 4 tiles east, and an ally (seat a1) at (3, 5). Initiative hero 1, archer 20,
 * ally 10: the encounter opens on the archer's turn, waiting for b0's plan.
 */
function scene() {
  const sim = d20Sim(1);
  const h = hero(sim, 4, 5, { controller: "a0" });
  const foe = hero(sim, 8, 5, { faction: "dungeon", controller: "b0", gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
  const ally = hero(sim, 3, 5, { controller: "a1" });
  plain([h, foe, ally]);
  h.targetId = foe.id;
  forceDice(sim, [1, 20, 10]);
  expect(lines(sim.step())).toEqual([]);
  Object.assign(d20Of(h), { hp: 0 });
  d20Of(h).deathSaves.failures = 2;
  const plan = (unitId: string, seatId: string, steps: unknown[]) => sim.enqueue({ kind: "adventurer", seatId, unitId }, { type: "planTurn", action: "steps", steps } as never);
  return { sim, h, foe, ally, plan };
}

describe("issue 17: d20 answers at once a plan for a dead creature (it has no turn)", () => {
  it("D20-HP-18, D20-FLOW-24: the hero's attack plan waits; the archer's shot (13 hits, 1 damage) at the hero at 0 HP is its third failure and kills it: the plan is answered turnPlanPlayed [\"dead\"] that tick and dropped, and no turn of the hero ever comes", () => {
    const { sim, h, foe, ally, plan } = scene();
    expect(plan(h.id, "a0", [{ kind: "attack", targetId: foe.id }])).toEqual({ ok: true });
    expect(plan(foe.id, "b0", [{ kind: "attack", targetId: h.id }])).toEqual({ ok: true });
    expect(plan(ally.id, "a1", [])).toEqual({ ok: true });
    const enc = encounterOf(sim, h.id)!;
    expect(Object.keys(enc.plans).sort()).toEqual([ally.id, foe.id, h.id].sort());
    const left = forceDice(sim, [13, 1]);
    const t = sim.state.tick + 1;
    const out = [...lines(sim.step()), ...lines(sim.step()), ...lines(sim.step())];
    expect(out).toEqual([
      `${t} turnStarted ${foe.id}`,
      `${t} attack ${foe.id}->${h.id} hit=true`,
      `${t} damaged ${h.id} 1 hp=0`,
      `${t} knockedOut ${h.id} dead`,
      `${t} turnPlanPlayed ${foe.id} [null]`,
      `${t} turnPlanPlayed ${h.id} ["dead"]`,
      `${t + 1} turnStarted ${ally.id}`,
      `${t + 1} turnPlanPlayed ${ally.id} []`,
    ]);
    expect([d20Of(h).dead, h.activity, enc.participants.includes(h.id), h.id in enc.plans, left.left()]).toEqual([true, "dead", false, false, 0]);
  });

  it("D20-HP-18: a plan sent for a hero already dead (still listed in the encounter until its next step) is answered at once turnPlanPlayed [\"dead\"] with the tick it was sent, and not kept", () => {
    const { sim, h, foe, plan } = scene();
    Object.assign(d20Of(h), { dead: true });
    h.activity = "dead";
    const enc = encounterOf(sim, h.id)!;
    const tick = sim.state.tick;
    expect(plan(h.id, "a0", [{ kind: "attack", targetId: foe.id }])).toEqual({ ok: true });
    expect(h.id in enc.plans).toBe(false);
    expect(lines(sim.drainEvents())).toEqual([`${tick} turnPlanPlayed ${h.id} ["dead"]`]);
  });
});
