import { describe, expect, it } from "vitest";
import { DungeonState } from "@malignus/shared/schema";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { projectTurnOptions } from "../../../src/rooms/turnProjection.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { bleedingAlly, creature, of, plain } from "./live-helpers.ts";

const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;

/** A hero at (5, 5) (plain sheet, 100 HP) and `foe` (plain), which wins the initiative (hero 1, foe 20); the first step plays the foe's turn with `dice`. */
function foeFirst(make: (sim: Simulation) => UnitRecord, dice: number[], plan?: (a: UnitRecord, f: UnitRecord) => unknown[]) {
  const sim = d20Sim();
  const a = hero(sim, 5, 5);
  const f = make(sim);
  plain([a, f]);
  a.targetId = f.id;
  if (plan) {
    f.controller = "seat-1";
    forceDice(sim, [1, 20]);
    sim.step();
    encOf(sim).plans[f.id] = { steps: plan(a, f) };
    const left = forceDice(sim, dice);
    const ev = sim.step();
    return { sim, a, f, ev, left: left.left() };
  }
  const left = forceDice(sim, [1, 20, ...dice]);
  const ev = sim.step();
  return { sim, a, f, ev, left: left.left() };
}

describe("d20 statuses inflicted in play", () => {
  it("D20-STATUS-01: an attack (a wolf's bite: bleeding), a damaging spell (the Master's silence: silenced, 1d4 = 2 psychic) and another effect (a giant spider's web, a technique with no damage: rooted) each inflict a status the client sees", () => {
    const bite = foeFirst((sim) => creature(sim, "wolf", 6, 5), [15, 3]);
    expect(of(bite.ev, "damaged")).toMatchObject([{ sourceId: bite.f.id, amount: 3, damageType: "piercing" }]);
    expect(bite.sim.ruleset.statuses(bite.a)).toEqual(["bleeding"]);
    expect(bite.left).toBe(0);

    const spell = foeFirst((sim) => creature(sim, "master", 8, 5), [15, 2], (a) => [{ kind: "cast", spell: "silence", targetId: a.id }]);
    expect(of(spell.ev, "damaged")).toMatchObject([{ sourceId: spell.f.id, amount: 2, damageType: "psychic" }]);
    expect(spell.sim.ruleset.statuses(spell.a)).toEqual(["silenced"]);
    expect(spell.left).toBe(0);

    const web = foeFirst((sim) => creature(sim, "giantSpider", 8, 5), [15]);
    expect(of(web.ev, "attack")).toMatchObject([{ attackerId: web.f.id, targetId: web.a.id, hit: true }]);
    expect(of(web.ev, "damaged")).toEqual([]);
    expect(web.sim.ruleset.statuses(web.a)).toEqual(["rooted"]);
    expect(web.left).toBe(0);
  });
});

describe("d20 bleeding treated in play", () => {
  it("D20-STATUS-11 (Left open: Medicine alone, 1d20 + Habilité + Médecine ≥ 10): the Priest's first aid with 7 + 1 + 2 = 10 stops its ally's bleeding; 6 + 1 + 2 = 9 does not", () => {
    for (const [roll, stops] of [[7, true], [6, false]] as const) {
      const f = bleedingAlly(1, 2);
      // the client's turn options (projected into the room state) offer first aid on the bleeding ally
      const state = new DungeonState();
      projectTurnOptions(state, f.sim);
      expect(state.turnOptions.get(f.p.id)!.firstAidTargets.toArray()).toEqual([f.w.id]);
      expect(f.sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: f.p.id }, { type: "planTurn", action: "steps", steps: [{ kind: "firstAid", targetId: f.w.id }] } as never)).toEqual({ ok: true });
      const dice = forceDice(f.sim, [roll]);
      const ev = f.sim.step();
      expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: f.p.id, refusals: [null] }]);
      expect(f.sim.ruleset.statuses(f.w)).toEqual(stops ? [] : ["bleeding"]);
      expect(dice.left()).toBe(0);
    }
  });

  it("D20-STATUS-12, D20-STATUS-13: the Priest's healing potion (2d4 + 2 = 6) heals its bleeding ally (90 → 96) but the bleeding stays; a bandage then stops it", () => {
    const f = bleedingAlly(0, 0);
    d20Of(f.w).hp = 90;
    const seat = { kind: "adventurer" as const, seatId: "a0", unitId: f.p.id };
    const plan = (item: string) => f.sim.enqueue(seat, { type: "planTurn", action: "steps", keepTurn: true, steps: [{ kind: "useObject", item, targetId: f.w.id }] } as never);
    expect(plan("healingPotion")).toEqual({ ok: true });
    const dice = forceDice(f.sim, [1, 3]);
    const potion = f.sim.step();
    expect(of(potion, "healed")).toMatchObject([{ unitId: f.w.id, byUnitId: f.p.id, hp: 96 }]);
    expect(f.sim.ruleset.statuses(f.w)).toEqual(["bleeding"]);
    expect(plan("bandage")).toEqual({ ok: true });
    const bandage = f.sim.step();
    expect(of(bandage, "turnPlanPlayed")).toMatchObject([{ unitId: f.p.id, refusals: [null] }]);
    expect(f.sim.ruleset.statuses(f.w)).toEqual([]);
    expect(dice.left()).toBe(0);
  });
});
