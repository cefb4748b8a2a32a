import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import { reachableTiles } from "../../../src/sim/combat/d20/reach.ts";
import { newTurn } from "../../../src/sim/combat/d20/actions.ts";
import { aiTurn } from "../../../src/sim/combat/d20/ai.ts";
import type { TurnState } from "../../../src/sim/combat/d20/turn.ts";
import type { D20Unit } from "../../../src/sim/combat/d20/types.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 7, d20finish: a controlled mount moves in its own movement mode (D20-MOUNT-16 to
 * D20-MOUNT-19 with D20-MOVE-13 to D20-MOVE-21): a flying mount's movement is doubled, a swimming
 * one's halved (doubled for a native swimmer), its Dash adds its movement × that factor, and a
 * switch of mode the rider asks for costs the mount 2 movement before the new factor applies.
 */

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const strip = (events: SimEvent[]) => events.map(({ tick: _t, ...e }) => e);
/** Deep water on x = 6..7, rows 2..9 (dry land round both ends). */
const POOL = ARENA.split("\n").map((r, y) => (y >= 2 && y <= 9 ? r.slice(0, 6) + "~~" + r.slice(8) : r)).join("\n");

/**
 * A player's hero riding (controlled) a Large trained mount of movement 10 at (`at`), the mount's
 * d20 fields set by `mount`; a minion at (12, 10). The step that forms the encounter gives
 * the hero the first turn (initiative 15, the mount 5, the minion 3): it waits for its plan.
 */
function riding(at: [number, number], mount: Partial<D20Unit>, map = ARENA) {
  const sim = d20Sim(1, map);
  const a = hero(sim, at[0], at[1], { controller: "seat-1" });
  const steed = addUnit(sim, { kind: "creature", faction: "heroes", species: "horse", x: at[0], y: at[1] });
  const m = minion(sim, 12, 10);
  Object.assign(d20Of(steed), { size: "large", movement: 10, mountTraits: { willing: true, trained: true, intelligent: false, summoned: false }, ...mount });
  for (const u of [a, steed, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
  d20Of(a).riding = { mountId: steed.id, controlled: true };
  d20Of(steed).riderId = a.id;
  a.targetId = m.id;
  forceDice(sim, [15, 5, 3]);
  sim.step();
  sim.drainEvents();
  const enc = Object.values(sim.state.encounters ?? {})[0]!;
  expect(enc.order[enc.turnIndex]).toBe(a.id);
  return { sim, a, steed, m, enc };
}

/** Plays one plan of the waiting hero's turn, kept open; returns the step's events. */
function play(f: { sim: ReturnType<typeof d20Sim>; enc: { plans: Record<string, unknown> }; a: UnitRecord }, steps: unknown[]) {
  f.enc.plans[f.a.id] = { action: "steps", steps, keepTurn: true };
  return strip(f.sim.step());
}

describe("a controlled mount moves in its own mode (issue 7, d20finish)", () => {
  it("D20-MOUNT-17, D20-MOVE-17, D20-ACTION-10 (Left open: Dash × the mode's factor): a flying mount of movement 10 gives its rider 20 tiles; its Dash adds 20; 10 tiles flown leave 30", () => {
    const f = riding([3, 5], { flyer: true, mode: "fly" });
    const o = d20TurnOptions(f.sim, f.enc, f.a);
    expect([o.moverId, o.moveMode, o.moverMovementLeft, o.movementLeft]).toEqual([f.steed.id, "fly", 20, 6]);
    expect(o.reachable).toEqual(reachableTiles(f.sim, f.enc, f.steed, 20));
    // 15 tiles east on the 20x12 arena (its 2x2 space then ends at x = 19): more than its 10 on foot.
    expect(o.reachable.find((t) => t.x === 18 && t.y === 5)?.cost).toBe(15);
    expect(o.switchModes).toEqual(["walk"]);

    const dashed = play(f, [{ kind: "mountAction", action: "dash" }]);
    expect(dashed.filter((e) => e.type === "turnPlanPlayed")).toEqual([{ type: "turnPlanPlayed", unitId: f.a.id, refusals: [null] }]);
    const after = d20TurnOptions(f.sim, f.enc, f.a);
    expect([after.moverMovementLeft, after.movementLeft, after.fullAction, after.actions.includes("mountAction")]).toEqual([40, 6, true, false]);

    play(f, [{ kind: "move", path: [4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((x) => ({ x, y: 5 })) }]);
    expect([f.steed.x, f.steed.y, f.a.x, f.a.y, d20Of(f.steed).mode]).toEqual([13, 5, 13, 5, "fly"]);
    expect(d20TurnOptions(f.sim, f.enc, f.a).moverMovementLeft).toBe(30);
  });

  it("D20-MOVE-15, D20-MOVE-21 for a mount: a walking flyer taking off at its rider's word pays 2 of its 10, then (10 - 2) x 2 = 16; the event names the mount", () => {
    const f = riding([3, 5], { flyer: true });
    const o = d20TurnOptions(f.sim, f.enc, f.a);
    expect([o.moveMode, o.moverMovementLeft, o.switchModes]).toEqual(["walk", 10, ["fly"]]);
    const events = play(f, [{ kind: "switchMode", mode: "fly" }]);
    expect(events.filter((e) => e.type === "moveModeChanged")).toEqual([{ type: "moveModeChanged", unitId: f.steed.id, from: "walk", mode: "fly", movementBefore: 10, movementLeft: 16 }]);
    expect([d20Of(f.steed).mode, d20Of(f.a).mode ?? "walk"]).toEqual(["fly", "walk"]);
    const up = d20TurnOptions(f.sim, f.enc, f.a);
    expect([up.moveMode, up.moverMovementLeft, up.movementLeft]).toEqual(["fly", 16, 6]);
    // Its Dash now adds 10 x 2.
    play(f, [{ kind: "mountAction", action: "dash" }]);
    expect(d20TurnOptions(f.sim, f.enc, f.a).moverMovementLeft).toBe(36);
  });

  it("D20-MOVE-18, D20-MOVE-19, D20-MOUNT-16: a walking mount left in deep water swims from its rider's turn start (10 / 2 = 5, Dash + 5); a native swimmer gets 20; the rider is carried, not swimming", () => {
    const f = riding([6, 4], {}, POOL);
    play(f, [{ kind: "say", text: "swim" }]);
    expect([d20Of(f.steed).mode, d20Of(f.a).mode ?? "walk"]).toEqual(["swim", "walk"]);
    const o = d20TurnOptions(f.sim, f.enc, f.a);
    expect([o.moveMode, o.moverMovementLeft]).toEqual(["swim", 5]);
    play(f, [{ kind: "mountAction", action: "dash" }]);
    expect(d20TurnOptions(f.sim, f.enc, f.a).moverMovementLeft).toBe(10);

    const g = riding([6, 4], { swimmer: true, mode: "swim" }, POOL);
    const n = d20TurnOptions(g.sim, g.enc, g.a);
    expect([n.moveMode, n.moverMovementLeft]).toEqual(["swim", 20]);
    // Four tiles down the pool cost 4 of the 20.
    play(g, [{ kind: "move", path: [5, 6, 7, 8].map((y) => ({ x: 6, y })) }]);
    expect([g.steed.x, g.steed.y, d20TurnOptions(g.sim, g.enc, g.a).moverMovementLeft]).toEqual([6, 8, 16]);
  });

  it("D20-MOUNT-18, D20-ACTION-10 (AI): an AI rider whose walking mount (4) falls short of the minion Dashes the mount (8) and rides 7 tiles to it, then strikes from the mount's space", () => {
    const f = riding([3, 5], { movement: 4 });
    f.sim.drainEvents();
    const ts: TurnState = { budget: newTurn(6), attacksLeft: 0 };
    forceDice(f.sim, [15, 5]);
    aiTurn(f.sim, f.enc, f.a, ts);
    // (3, 5) to (10, 8): 7 tiles, its 2x2 space then next to the minion at (12, 10); 4 + 4 - 7 = 1 left, the mount's action spent.
    expect([f.steed.x, f.steed.y, f.a.x, f.a.y]).toEqual([10, 8, 10, 8]);
    expect(ts.mountBudget).toEqual({ full: false, demi: false, movement: 1, freeInteraction: true, locked: true, disengaged: false });
    // d20rider (was: "the rider, on the mount's north-west tile, is 2 from the minion: no attack"): the rider measures its
    // reach from the mount's space, whose tile (11, 9) is next to the minion, so it attacks with its own action.
    expect(strip(f.sim.drainEvents()).filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.a.id, targetId: f.m.id, hit: true, attackRoll: 15, defenceRoll: d20Of(f.m).ac }]);
    expect([d20Of(f.m).hp, ts.budget.full, ts.budget.movement]).toEqual([95, false, 6]);
  });

  it("d20rider, D20-MOUNT-18 (AI): with a mount of movement 7 the 7 tiles are enough; measured from the rider's own tile (8 to go) it used to Dash needlessly, now it keeps the mount's action", () => {
    const f = riding([3, 5], { movement: 7 });
    f.sim.drainEvents();
    const ts: TurnState = { budget: newTurn(6), attacksLeft: 0 };
    forceDice(f.sim, [15, 5]);
    aiTurn(f.sim, f.enc, f.a, ts);
    expect([f.steed.x, f.steed.y, f.a.x, f.a.y]).toEqual([10, 8, 10, 8]);
    expect(ts.mountBudget).toEqual({ full: true, demi: true, movement: 0, freeInteraction: true, locked: false, disengaged: false });
    expect(strip(f.sim.drainEvents()).filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.a.id, targetId: f.m.id, hit: true, attackRoll: 15, defenceRoll: d20Of(f.m).ac }]);
    expect(d20Of(f.m).hp).toBe(95);
  });
});
