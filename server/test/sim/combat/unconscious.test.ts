import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { applyWound, unconsciousChance } from "../../../src/sim/combat/malignus/wounds.ts";
import { BED_TENDING_RULESETS, BED_WAKE_WITHIN_TICKS, healNextTo, killingBlow, pickUp, putDown } from "../../../src/sim/combat/unconscious.ts";
import { stepConditions } from "../../../src/sim/combat/conditions.ts";
import { stepMinions } from "../../../src/sim/minions/minions.ts";
import { adventurer, forceDice, makeSim, OPEN_MAP, scriptedDice } from "./helpers.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";

/** Knocks `u` out: unconscious, due to wake at `wakeTick`. */
function knockOut(u: UnitRecord, wakeTick = 5000): UnitRecord {
  u.activity = "unconscious";
  u.wakeTick = wakeTick;
  u.walk = null;
  return u;
}

function run(sim: Simulation, ticks: number) {
  const out = [];
  for (let i = 0; i < ticks; i++) out.push(...sim.step());
  return out;
}

describe("wounds that take someone out (severity and head wounds)", () => {
  it("CMB-24 (malignus combat ruleset): the chance to fall unconscious falls with the wound's severity: 75, 50, 25", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2);
    expect(["light", "serious", "critical"].map((s) => unconsciousChance(u, s as "light", false))).toEqual([75, 50, 25]);
    // At 9 points a light wound knocks out: a d100 of 75 keeps it alive, 76 kills it.
    u.woundPoints = 9;
    expect(applyWound(sim, u, "x", "light", "arm", false, scriptedDice([75, 100]))?.knockOut).toEqual({ outcome: "unconscious", cause: "woundPoints" });
    const v = adventurer(sim, 3, 2, { woundPoints: 9 });
    expect(applyWound(sim, v, "x", "light", "arm", false, scriptedDice([76]))?.knockOut).toEqual({ outcome: "dead", cause: "woundPoints" });
    const w = adventurer(sim, 4, 2, { woundPoints: 6 });
    expect(applyWound(sim, w, "x", "critical", "arm", false, scriptedDice([26]))?.knockOut).toEqual({ outcome: "dead", cause: "woundPoints" });
  });

  it("CMB-27 (malignus combat ruleset): a serious or critical head wound can take someone out far below 10 wound points; a light one cannot", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2);
    // Serious head wound at 2 points: the 25% roll succeeds on 25, then unconscious at 100%.
    expect(applyWound(sim, u, "x", "serious", "head", false, scriptedDice([25, 7]))).toEqual({ woundPoints: 2, knockOut: { outcome: "unconscious", cause: "headWound" } });
    const v = adventurer(sim, 3, 2);
    expect(applyWound(sim, v, "x", "serious", "head", false, scriptedDice([26]))).toEqual({ woundPoints: 2, knockOut: null });
    const w = adventurer(sim, 4, 2);
    const dice = scriptedDice([]);
    expect(applyWound(sim, w, "x", "light", "head", false, dice)).toEqual({ woundPoints: 1, knockOut: null });
    expect(dice.left()).toBe(0);
  });
});

describe("the unconscious", () => {
  it("CMB-44: someone unconscious can be picked up next to the carrier, moves with it, and is put down where it stands", () => {
    const sim = makeSim();
    const carrier = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    const body = knockOut(addUnit(sim, { kind: "minion", x: 4, y: 4 }));
    sim.drainEvents();
    pickUp(sim, carrier, body);
    expect([carrier.carryingId, body.carriedBy, body.x, body.y]).toEqual([body.id, carrier.id, 3, 3]);
    carrier.x = 6; carrier.y = 5;
    stepConditions(sim);
    expect([body.x, body.y]).toEqual([6, 5]);
    putDown(sim, carrier);
    expect([carrier.carryingId, body.carriedBy, body.x, body.y, body.activity]).toEqual(["", "", 6, 5, "unconscious"]);
    expect(sim.drainEvents()).toEqual([
      { type: "carried", unitId: body.id, byUnitId: carrier.id, x: 3, y: 3, tick: 0 },
      { type: "dropped", unitId: body.id, byUnitId: carrier.id, x: 6, y: 5, tick: 0 },
    ]);
  });

  it("CMB-44: only the unconscious can be carried, by a standing unit next to them, one at a time; a carrier that falls drops its load", () => {
    const sim = makeSim();
    const carrier = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    const awake = addUnit(sim, { kind: "minion", x: 4, y: 3 });
    const far = knockOut(addUnit(sim, { kind: "minion", x: 6, y: 3 }));
    const near = knockOut(addUnit(sim, { kind: "minion", x: 3, y: 4 }));
    const near2 = knockOut(addUnit(sim, { kind: "minion", x: 2, y: 4 }));
    expect(() => pickUp(sim, carrier, awake)).toThrow(/only the unconscious/);
    expect(() => pickUp(sim, carrier, far)).toThrow(/not next to/);
    pickUp(sim, carrier, near);
    expect(() => pickUp(sim, carrier, near2)).toThrow(/already carries/);
    expect(() => pickUp(sim, awake, near)).toThrow(/already carried/);
    carrier.activity = "unconscious";
    expect(() => pickUp(sim, carrier, near2)).toThrow(/cannot carry/);
    sim.drainEvents();
    stepConditions(sim);
    expect(sim.drainEvents()).toEqual([{ type: "dropped", unitId: near.id, byUnitId: carrier.id, x: 3, y: 3, tick: 0 }]);
    expect(near.carriedBy).toBe("");
  });

  it("CMB-45: someone unconscious can be healed: the worst wound goes, they stay unconscious", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2, { woundPoints: 9 });
    applyWound(sim, u, "x", "serious", "torso", false, scriptedDice([50, 100]));
    expect([u.activity, u.woundPoints]).toEqual(["unconscious", 11]);
    u.wounds = [{ severity: "critical", location: "arm", tick: 0 }, { severity: "serious", location: "torso", tick: 0 }];
    u.woundPoints = 6;
    const healer = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 3, y: 3 });
    sim.drainEvents();
    healNextTo(sim, healer, u);
    expect([u.activity, u.woundPoints, u.wounds.length]).toEqual(["unconscious", 2, 1]);
    expect(sim.drainEvents()).toEqual([{ type: "healed", unitId: u.id, byUnitId: healer.id, woundPoints: 2, hp: 0, tick: 0 }]);
    healer.x = 5;
    expect(() => healNextTo(sim, healer, u)).toThrow(/not next to/);
    healer.x = 3;
    u.activity = "dead";
    expect(() => healNextTo(sim, healer, u)).toThrow(/cannot be healed/);
  });

  it("CMB-44, CMB-45 (live): a jobless minion carries an unconscious minion to its bed and tends it there: its worst wound goes, it stays unconscious (forced dice)", () => {
    const sim = makeSim(8);
    const rescuer = addUnit(sim, { kind: "minion", x: 9, y: 3 });
    const body = knockOut(addUnit(sim, { kind: "minion", x: 2, y: 3 }), 4 * TICKS_PER_GAME_HOUR);
    body.x = 6; // it fell away from its bed (its home, 2,3)
    body.wounds = [{ severity: "serious", location: "torso", tick: 0 }, { severity: "critical", location: "leg", tick: 0 }];
    body.woundPoints = 6;
    const dice = forceDice(sim, [300]); // the bed wake draw (CMB-49): 300 ticks after the drop; the malignus heal draws nothing
    const events = run(sim, 60);
    const seq = events.filter((e) => ["carried", "dropped", "healed"].includes(e.type)).map((e) => e.type);
    expect(seq).toEqual(["carried", "dropped", "healed"]);
    const dropTick = events.find((e) => e.type === "dropped")!.tick;
    expect(events.find((e) => e.type === "healed")).toEqual({ type: "healed", unitId: body.id, byUnitId: rescuer.id, woundPoints: 2, hp: 0, tick: dropTick });
    expect([body.activity, body.woundPoints, body.wounds.map((w) => w.severity), body.wakeTick - dropTick, dice.left()]).toEqual(["unconscious", 2, ["serious"], 300, 0]);
  });

  it("CMB-45 (live): in a d20 room the carrier does not tend the body (BED_TENDING_RULESETS is malignus only)", () => {
    expect(BED_TENDING_RULESETS).toEqual(["malignus"]);
    const sim = Simulation.create({ seed: 8, ruleset: "d20", map: parseMap("t", OPEN_MAP) });
    addUnit(sim, { kind: "minion", x: 9, y: 3 });
    const body = knockOut(addUnit(sim, { kind: "minion", x: 2, y: 3 }), 4 * TICKS_PER_GAME_HOUR);
    body.x = 6;
    const events = run(sim, 60);
    expect(events.filter((e) => ["carried", "dropped", "healed"].includes(e.type)).map((e) => e.type)).toEqual(["carried", "dropped"]);
  });

  it("CMB-46: a minion with no job takes an unconscious adventurer prisoner", () => {
    const sim = makeSim();
    const m = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    const a = knockOut(adventurer(sim, 4, 3));
    sim.drainEvents();
    stepMinions(sim);
    expect(a.activity).toBe("captured");
    expect(sim.drainEvents()).toEqual([{ type: "captured", unitId: a.id, byUnitId: m.id, tick: 0 }]);
  });

  it("CMB-47: someone unconscious can be killed: an ordered minion walks up and strikes a killing blow, no roll; the death makes a noise", () => {
    const sim = makeSim(3);
    const m = addUnit(sim, { kind: "minion", x: 2, y: 3, job: "trapping" });
    const a = knockOut(adventurer(sim, 6, 3));
    expect(sim.apply({ type: "orderAttack", unitId: m.id, targetId: a.id })).toEqual({ ok: true });
    const rng = JSON.stringify(sim.rng.getState());
    const events = run(sim, 40);
    expect(a.activity).toBe("dead");
    expect(JSON.stringify(sim.rng.getState())).toBe(rng);
    const ko = events.find((e) => e.type === "knockedOut");
    expect(ko).toMatchObject({ unitId: a.id, outcome: "dead", cause: "killingBlow", byUnitId: m.id });
    expect(events.find((e) => e.type === "noise")).toMatchObject({ cause: "death", sourceId: a.id, x: 6, y: 3 });
    expect(m.orderTargetId).toBe("");
    expect(() => killingBlow(sim, m, adventurer(sim, 3, 3))).toThrow(/unconscious target/);
  });

  it(`CMB-49: a minion carried to its own bed wakes within 1 game hour (${BED_WAKE_WITHIN_TICKS} ticks)`, () => {
    expect(BED_WAKE_WITHIN_TICKS).toBe(TICKS_PER_GAME_HOUR);
    const sim = makeSim(8);
    const rescuer = addUnit(sim, { kind: "minion", x: 9, y: 3 });
    const body = knockOut(addUnit(sim, { kind: "minion", x: 2, y: 3 }), 4 * TICKS_PER_GAME_HOUR);
    body.x = 6; // it fell away from its bed (its home, 2,3)
    const events = run(sim, 60);
    const types = events.flatMap((e) => (e.type === "carried" || e.type === "dropped" ? [[e.type, e.x, e.y]] : []));
    expect(types).toEqual([["carried", 7, 3], ["dropped", 2, 3]]);
    const dropTick = events.find((e) => e.type === "dropped")!.tick;
    expect([body.x, body.y, body.activity, rescuer.carryingId]).toEqual([2, 3, "unconscious", ""]);
    expect(body.wakeTick - dropTick).toBeGreaterThanOrEqual(1);
    expect(body.wakeTick - dropTick).toBeLessThanOrEqual(BED_WAKE_WITHIN_TICKS);
    const due = body.wakeTick;
    const woke = run(sim, BED_WAKE_WITHIN_TICKS).find((e) => e.type === "woke");
    expect(woke).toEqual({ type: "woke", unitId: body.id, tick: due });
    expect(body.wakeTick).toBe(-1);
  });

  it("CMB-49: the bed wake time is uniform over 1..600 ticks (mean 300.5 ± 10 over 4,000 drops); off the bed, or for an adventurer, nothing changes", () => {
    const sim = makeSim(12);
    const carrier = addUnit(sim, { kind: "minion", x: 2, y: 3 });
    const body = knockOut(addUnit(sim, { kind: "minion", x: 2, y: 3 }), 100_000);
    let sum = 0, min = Infinity, max = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      body.wakeTick = 100_000;
      pickUp(sim, carrier, body);
      putDown(sim, carrier);
      const d = body.wakeTick - sim.state.tick;
      sum += d; min = Math.min(min, d); max = Math.max(max, d);
    }
    expect(Math.abs(sum / n - 300.5)).toBeLessThan(10);
    expect(min).toBeGreaterThanOrEqual(1);
    expect(max).toBeLessThanOrEqual(600);
    // Sooner is kept: a body due in 5 ticks still wakes in 5.
    body.wakeTick = 5;
    pickUp(sim, carrier, body); putDown(sim, carrier);
    expect(body.wakeTick).toBe(5);
    carrier.x = 3;
    body.wakeTick = 100_000;
    pickUp(sim, carrier, body); putDown(sim, carrier);
    expect(body.wakeTick).toBe(100_000);
    const a = knockOut(adventurer(sim, 3, 3), 100_000);
    pickUp(sim, carrier, a); putDown(sim, carrier);
    expect(a.wakeTick).toBe(100_000);
  });
});
