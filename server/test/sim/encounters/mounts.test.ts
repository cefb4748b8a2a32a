import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus, hasStatus, removeStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { newTurn } from "../../../src/sim/combat/d20/actions.ts";
import { playPlan, takeD20Turn, type D20Step, type TurnState } from "../../../src/sim/combat/d20/turn.ts";
import { hurt } from "../../../src/sim/combat/d20/resolve.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "./helpers.ts";

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);

/** A hero next to a large horse of its side, a minion foe further east; everyone paralysed for the first step. */
function ride(opts: { intelligent?: boolean } = {}) {
  const sim = d20Sim(1);
  const a = hero(sim, 3, 5);
  const horse = addUnit(sim, { kind: "creature", faction: "heroes", species: "horse", x: 4, y: 5 });
  const m = minion(sim, 12, 5);
  const hd = d20Of(horse);
  hd.size = "large";
  hd.movement = 10;
  hd.mountTraits = { willing: true, trained: true, intelligent: opts.intelligent === true, summoned: false };
  for (const u of [a, horse, m]) {
    const d = d20Of(u);
    d.hp = d.maxHp = 100;
    d.abilities = { ...ZERO };
    addStatus(d.statuses, "paralysed", "", 1);
  }
  a.targetId = m.id;
  sim.step();
  for (const u of [a, horse, m]) removeStatus(d20Of(u).statuses, "paralysed");
  sim.drainEvents();
  const enc = Object.values(sim.state.encounters ?? {})[0]!;
  return { sim, a, horse, m, enc };
}
const turn = (movement = 6): TurnState => ({ budget: newTurn(movement), attacksLeft: 0 });
const path = (...xy: [number, number][]): D20Step => ({ kind: "move", path: xy.map(([x, y]) => ({ x, y })) });

describe("d20 mounted combat", () => {
  it("D20-MOUNT-01, D20-MOUNT-02, D20-MOUNT-03, D20-MOUNT-04: mounting a willing larger creature within 1 tile costs half the movement, once a turn", () => {
    const f = ride();
    const ts = turn();
    expect(playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "mount", mountId: f.horse.id }] }, ts)).toEqual([null]);
    expect(ts.budget.movement).toBe(3);
    expect([f.a.x, f.a.y]).toEqual([f.horse.x, f.horse.y]);
    expect(playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "dismount", x: 4, y: 4 }] }, ts)[0]).toMatch(/once a turn/);
    const g = ride();
    expect(playPlan(g.sim, g.enc, g.a, { steps: [{ kind: "mount", mountId: g.horse.id }] }, turn(2.5))[0]).toMatch(/D20-MOUNT-02/);
    d20Of(g.horse).size = "medium";
    expect(playPlan(g.sim, g.enc, g.a, { steps: [{ kind: "mount", mountId: g.horse.id }] }, turn())[0]).toMatch(/D20-MOUNT-01/);
  });

  it("D20-MOUNT-12, D20-MOUNT-14, D20-MOUNT-15, D20-MOUNT-16, D20-MOUNT-17, D20-MOUNT-19: a controlled mount takes the rider's initiative and moves where directed on the turn it is mounted", () => {
    const f = ride();
    const ts = turn();
    expect(playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "mount", mountId: f.horse.id }, path([5, 5], [6, 5], [7, 5], [8, 5], [9, 5], [10, 5])] }, ts)).toEqual([null, null]);
    expect([f.horse.x, f.horse.y, f.a.x, f.a.y]).toEqual([10, 5, 10, 5]);
    expect(ts.budget.movement).toBe(3);
    expect(ts.mountBudget!.movement).toBe(4);
    expect(f.enc.initiative[f.horse.id]).toBe(f.enc.initiative[f.a.id]);
  });

  it("D20-MOUNT-16: a controlled mount does nothing in its own slot", () => {
    const f = ride();
    playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "mount", mountId: f.horse.id }] }, turn());
    const before = { x: f.horse.x, y: f.horse.y };
    takeD20Turn(f.sim, f.enc, f.horse, null);
    expect(f.sim.drainEvents()).toEqual([]);
    expect({ x: f.horse.x, y: f.horse.y }).toEqual(before);
    // In the rider's own AI turn the rider rides the horse toward the foe.
    takeD20Turn(f.sim, f.enc, f.a, null);
    expect(f.horse.x).toBeGreaterThan(before.x);
    expect([f.a.x, f.a.y]).toEqual([f.horse.x, f.horse.y]);
  });

  it("D20-MOUNT-18: a controlled mount can only Dash or Disengage", () => {
    const f = ride();
    const ts = turn();
    expect(playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "mount", mountId: f.horse.id }, { kind: "mountAction", action: "dash" }] }, ts)).toEqual([null, null]);
    expect(ts.mountBudget!.movement).toBe(20);
    expect(playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "mountAction", action: "attack" as "dash" }] }, ts)[0]).toMatch(/D20-MOUNT-18/);
  });

  it("D20-MOUNT-13, D20-MOUNT-20, D20-MOUNT-21: an intelligent mount is independent: it keeps its slot, refuses directions and acts on its own, rider aboard", () => {
    const f = ride({ intelligent: true });
    const ts = turn();
    const own = f.enc.initiative[f.horse.id];
    expect(playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "mount", mountId: f.horse.id }, path([5, 5])] }, ts)).toEqual([null, expect.stringContaining("D20-MOUNT-21")]);
    expect(f.enc.initiative[f.horse.id]).toBe(own);
    d20Of(f.a).hp = 100;
    const events: SimEvent[] = [];
    for (let i = 0; i < 25 && !events.some((e) => e.type === "turnStarted" && e.unitId === f.horse.id); i++) events.push(...f.sim.step());
    expect([f.a.x, f.a.y]).toEqual([f.horse.x, f.horse.y]);
    expect(f.horse.x).toBeGreaterThan(4);
  });

  it("D20-MOUNT-22: an opportunity attack provoked by a ridden mount may strike the rider", () => {
    const f = ride();
    f.m.x = 5; f.m.y = 6; // next to the horse
    playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "mount", mountId: f.horse.id }] }, turn());
    d20Of(f.a).hp = 10;
    forceDice(f.sim, [2]);
    playPlan(f.sim, f.enc, f.a, { steps: [path([4, 4], [4, 3])] }, turn());
    const events = f.sim.drainEvents();
    expect(of(events, "reaction")).toEqual([expect.objectContaining({ unitId: f.m.id, kind: "opportunityAttack", againstId: f.a.id })]);
  });

  it("D20-MOUNT-08, D20-MOUNT-09: when the mount drops, the rider leaps off with its reaction, or falls prone next to it", () => {
    const f = ride();
    playPlan(f.sim, f.enc, f.a, { steps: [{ kind: "mount", mountId: f.horse.id }] }, turn());
    hurt(f.sim, f.horse, 100, "slashing", "x");
    expect(d20Of(f.a).riding).toBeNull();
    expect(Math.max(Math.abs(f.a.x - f.horse.x), Math.abs(f.a.y - f.horse.y))).toBe(1);
    expect(hasStatus(d20Of(f.a).statuses, "prone")).toBe(false);
    expect(d20Of(f.a).reactionUsed).toBe(true);
    const g = ride();
    playPlan(g.sim, g.enc, g.a, { steps: [{ kind: "mount", mountId: g.horse.id }] }, turn());
    d20Of(g.a).reactionUsed = true;
    hurt(g.sim, g.horse, 100, "slashing", "x");
    expect(hasStatus(d20Of(g.a).statuses, "prone")).toBe(true);
  });
});
