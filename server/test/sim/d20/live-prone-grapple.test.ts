import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { ZERO, of } from "./live-helpers.ts";

/** A Warrior player arriving (the ruleset's live `partyArrived`) at (4, 5), played by seat `a0`, characteristics zeroed. */
function warrior(sim: Simulation): UnitRecord {
  const k = ADVENTURER_CLASSES.Warrior!;
  const w = hero(sim, 4, 5, { adventurerClass: "Warrior", partyId: "p1", level: 1, controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [w.id] } as unknown as PartyRecord);
  d20Of(w).abilities = { ...ZERO };
  return w;
}
const seat = (u: UnitRecord) => ({ kind: "adventurer" as const, seatId: u.controller!, unitId: u.id });

/** A minion foe at (5, 5) with 30 HP and zero characteristics. */
function foe(sim: Simulation): UnitRecord {
  const m = minion(sim, 5, 5);
  d20Of(m).abilities = { ...ZERO };
  d20Of(m).hp = d20Of(m).maxHp = 30;
  return m;
}

/**
 * Starts the encounter (`first` targets `target`; initiative d20s in unit id order), then plans
 * `first`'s turn through the live `planTurn` command and plays it on `dice` during `sim.step()`.
 */
function playTurn(sim: Simulation, first: UnitRecord, target: UnitRecord, initiative: number[], steps: unknown[], dice: number[]): { events: SimEvent[]; refusals: (string | null)[]; left: number } {
  first.targetId = target.id;
  forceDice(sim, initiative);
  sim.step();
  expect(sim.enqueue(seat(first), { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const left = forceDice(sim, dice);
  const events = sim.step();
  return { events, refusals: of(events, "turnPlanPlayed")[0]!.refusals, left: left.left() };
}

describe("prone and grapple in a live d20 room (D20-MOVE-28, D20-ATTACK-39)", () => {
  it("D20-MOVE-28: a Warrior player drops prone through planTurn and gets the `prone` status", () => {
    const sim = d20Sim(1);
    const w = warrior(sim);
    const m = foe(sim);
    const t = playTurn(sim, w, m, [20, 1], [{ kind: "dropProne" }], []);
    expect([t.refusals, t.left]).toEqual([[null], 0]);
    expect(d20Of(w).statuses.map((s) => s.kind)).toEqual(["prone"]);
  });

  it("D20-ATTACK-39: Strength decides the grapple: d20 11 + Strength 3 = 14 beats the minion's 12 + 1 = 13 (the lower die wins); 10 + 3 = 13 ties 13 and the defender holds", () => {
    const results = [11, 10].map((mine) => {
      const sim = d20Sim(1);
      const w = warrior(sim);
      const m = foe(sim);
      d20Of(w).abilities = { ...ZERO, strength: 3 };
      d20Of(m).abilities = { ...ZERO, strength: 1 };
      const t = playTurn(sim, w, m, [20, 1], [{ kind: "grapple", targetId: m.id }], [mine, 12]);
      return [t.refusals, t.left, d20Of(m).statuses.filter((s) => s.kind === "grappled").map((s) => s.sourceId === w.id)];
    });
    expect(results).toEqual([[[null], 0, [true]], [[null], 0, []]]);
  });
});
