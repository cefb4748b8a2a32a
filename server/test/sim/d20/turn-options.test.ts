import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus, removeStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { coverAgainst, reachableTiles } from "../../../src/sim/combat/d20/reach.ts";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import { takeD20Turn, type TurnState } from "../../../src/sim/combat/d20/turn.ts";
import type { D20Spell } from "../../../src/sim/combat/d20/spells.ts";
import { TURN_TIMER_TICKS } from "@malignus/shared";
import { projectTurnOptions } from "../../../src/rooms/turnProjection.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { Simulation as SimulationClass, type Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 7 gaps closed here: turn options that follow the turn as it is spent (plans played with
 * `keepTurn`), a rider's options giving its controlled mount's tiles, spells listed with cost,
 * range and targets, and the AI that never shoots at a target behind total cover.
 */

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const strip = (events: SimEvent[]) => events.map(({ tick: _t, ...e }) => e);
const tileSet = (tiles: { x: number; y: number }[]) => tiles.map((t) => `${t.x},${t.y}`);

/**
 * A player's hero at `heroAt` and a minion at `minionAt` (100 HP, zero modifiers: AC 11 for the
 * minion, no defences); initiative 15 for the hero, 5 for the minion. Returns after the step that
 * formed the encounter: the hero's turn waits for its plan.
 */
function duel(heroAt: [number, number] = [2, 5], minionAt: [number, number] = [8, 5], map = ARENA) {
  const sim = d20Sim(1, map);
  const h = hero(sim, heroAt[0], heroAt[1], { controller: "seat-1" });
  const m = minion(sim, minionAt[0], minionAt[1]);
  for (const u of [h, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
  h.targetId = m.id;
  forceDice(sim, [15, 5]);
  sim.step();
  const enc = Object.values(sim.state.encounters ?? {})[0]!;
  return { sim, h, m, enc };
}

/**
 * The step that forms the encounter around the player's `player` and its target, with the
 * initiative dice `dice` (participants in id order) putting the player first: its turn waits.
 */
function formWaiting(sim: Simulation, player: { targetId: string }, targetId: string, dice: number[]) {
  player.targetId = targetId;
  forceDice(sim, dice);
  sim.step();
  sim.drainEvents();
  return Object.values(sim.state.encounters ?? {})[0]!;
}

/** Every unit paralysed for the step that forms the encounter (so nobody acts), then freed. */
function formQuietly(sim: Simulation, units: { id: string }[], aggressor: { targetId: string }, targetId: string) {
  for (const u of units) addStatus(d20Of(sim.state.units[u.id]!).statuses, "paralysed", "", 1);
  aggressor.targetId = targetId;
  sim.step();
  for (const u of units) removeStatus(d20Of(sim.state.units[u.id]!).statuses, "paralysed");
  sim.drainEvents();
  return Object.values(sim.state.encounters ?? {})[0]!;
}

describe("d20 turn options follow the turn as it is spent (issue 7 gap 1)", () => {
  it("D20-FLOW-27, D20-MOVE-07, D20-MOVE-10, D20-ACTION-03: plans with keepTurn play now; the options show what is left after each; wait ends the turn", () => {
    const { sim, h, m, enc } = duel();
    const start = enc.waitingSince;
    const fresh = d20TurnOptions(sim, enc, h);
    expect([fresh.movement, fresh.movementLeft, fresh.fullAction, fresh.halfAction, fresh.reaction, fresh.attacksLeft]).toEqual([6, 6, true, true, true, 0]);
    expect(fresh.targets).toEqual([]);
    expect(fresh.actions).toEqual(["wait", "say", "move", "attackTile", "dash", "disengage", "hide", "search", "ready", "reload", "useObject", "dropProne"]);

    // 1. Three tiles east: the turn stays open, on the same timer; no second turnStarted.
    enc.plans[h.id] = { action: "move", x: 5, y: 5, keepTurn: true };
    expect(strip(sim.step())).toEqual([
      { type: "turnStarted", encounterId: enc.id, round: 1, unitId: h.id },
      { type: "turnPlanPlayed", unitId: h.id, refusals: [null] },
    ]);
    expect([h.x, h.y]).toEqual([5, 5]);
    expect(enc.openTurn?.unitId).toBe(h.id);
    expect(enc.waitingSince).toBe(start);
    expect(enc.turnIndex).toBe(0);
    const o1 = d20TurnOptions(sim, enc, h);
    expect([o1.movement, o1.movementLeft, o1.fullAction, o1.halfAction]).toEqual([6, 3, true, true]);
    // From (5, 5) with 3 left: the 7×7 square minus its own tile and the minion's (8, 5).
    expect(o1.reachable.length).toBe(7 * 7 - 2);
    expect(o1.reachable.find((t) => t.x === 2 && t.y === 5)).toEqual({ x: 2, y: 5, cost: 3, path: [{ x: 4, y: 5 }, { x: 3, y: 5 }, { x: 2, y: 5 }] });
    expect(o1.reachable.some((t) => t.x === 1)).toBe(false);
    expect(o1.targets).toEqual([]);

    // The state a thin client reads says the same.
    const state = new DungeonState();
    projectTurnOptions(state, sim);
    const p1 = state.turnOptions.get(h.id)!;
    expect([p1.movement, p1.movementLeft, p1.fullAction, p1.halfAction, p1.reaction, p1.moverId, p1.moverMovementLeft]).toEqual([6, 3, true, true, true, h.id, 3]);
    expect(p1.reachable.toArray()).toEqual(o1.reachable.map((t) => t.y * 20 + t.x));
    expect(p1.deadlineTick).toBe(start + TURN_TIMER_TICKS);

    // 2. Two more tiles: next to the minion, 1 movement left, the minion in reach.
    enc.plans[h.id] = { action: "steps", steps: [{ kind: "move", path: [{ x: 6, y: 5 }, { x: 7, y: 5 }] }], keepTurn: true };
    expect(strip(sim.step())).toEqual([{ type: "turnPlanPlayed", unitId: h.id, refusals: [null] }]);
    const o2 = d20TurnOptions(sim, enc, h);
    expect(o2.movementLeft).toBe(1);
    expect(o2.targets).toEqual([m.id]);
    expect(o2.targetCover).toEqual(["none"]);
    expect(o2.actions).toContain("attack");
    expect(o2.reachable.map((t) => [t.x, t.y, t.cost])).toEqual([[6, 4], [7, 4], [8, 4], [6, 5], [6, 6], [7, 6], [8, 6]].map(([x, y]) => [x, y, 1]));
    projectTurnOptions(state, sim);
    expect([p1.movementLeft, p1.targets.toArray(), p1.targetCover.toArray()]).toEqual([1, [m.id], ["none"]]);

    // 3. The attack (a natural 20: 8 damage): the full action is spent; the demi-action is left.
    enc.plans[h.id] = { action: "attack", targetId: m.id, keepTurn: true };
    forceDice(sim, [20]);
    expect(sim.step().filter((e) => e.type === "turnPlanPlayed" || e.type === "damaged").map((e) => e.type)).toEqual(["damaged", "turnPlanPlayed"]);
    expect(d20Of(m).hp).toBe(92);
    const o3 = d20TurnOptions(sim, enc, h);
    expect([o3.movementLeft, o3.fullAction, o3.halfAction, o3.attacksLeft]).toEqual([1, false, true, 0]);
    expect(o3.actions).toEqual(["wait", "say", "move", "hide", "reload", "useObject", "dropProne"]);
    projectTurnOptions(state, sim);
    expect([p1.fullAction, p1.halfAction, p1.actions.toArray()]).toEqual([false, true, o3.actions]);

    // 4. A refused step keeps the turn open (reported); `wait` ends it: the minion's turn comes next.
    enc.plans[h.id] = { action: "steps", steps: [{ kind: "dash" }], keepTurn: true };
    expect(strip(sim.step())).toEqual([{ type: "turnPlanPlayed", unitId: h.id, refusals: ["Dash and Disengage allow no other action that turn (D20-ACTION-11, D20-ACTION-14)"] }]);
    expect(enc.openTurn?.unitId).toBe(h.id);
    enc.plans[h.id] = { action: "wait" };
    expect(strip(sim.step())).toEqual([{ type: "turnPlanPlayed", unitId: h.id, refusals: [] }]);
    expect(enc.openTurn).toBeUndefined();
    expect(enc.turnIndex).toBe(1);
    expect(enc.waitingSince).toBe(-1);
    projectTurnOptions(state, sim);
    expect(state.turnOptions.size).toBe(0);
    forceDice(sim, [1]);
    expect(sim.step().map((e) => e.type)).toEqual(["turnStarted", "attack"]);
  });

  it("D20-FLOW-24, D20-MOVE-10: when the turn timer runs out on an open turn, the AI plays what is left of it (3 tiles, then the attack)", () => {
    const { sim, h, m, enc } = duel();
    const start = enc.waitingSince;
    enc.plans[h.id] = { action: "move", x: 5, y: 5, keepTurn: true };
    sim.step();
    const quiet: SimEvent[] = [];
    while (sim.state.tick < start + TURN_TIMER_TICKS - 1) quiet.push(...sim.step());
    expect(quiet).toEqual([]);
    forceDice(sim, [1]);
    const last = strip(sim.step());
    expect(sim.state.tick).toBe(start + TURN_TIMER_TICKS);
    // No second turnStarted: the same turn goes on; 3 left: two tiles to (7, 5) and the attack.
    expect(last).toEqual([{ type: "attack", attackerId: h.id, targetId: m.id, hit: false, attackRoll: 1, defenceRoll: 11 }]);
    expect([h.x, h.y]).toEqual([7, 5]);
    expect(enc.turnIndex).toBe(1);
    expect(enc.openTurn).toBeUndefined();
  });

  it("D20-FLOW-24: an open turn is part of the state: a snapshot restored mid-turn plays the rest the same way (same hash)", () => {
    const { sim, h, m, enc } = duel();
    enc.plans[h.id] = { action: "move", x: 5, y: 5, keepTurn: true };
    sim.step();
    const restored = SimulationClass.restore(JSON.parse(JSON.stringify(sim.snapshot())));
    expect(restored.hash()).toBe(sim.hash());
    const renc = Object.values(restored.state.encounters ?? {})[0]!;
    expect(renc.openTurn).toEqual({ unitId: h.id, state: { budget: expect.objectContaining({ movement: 3, full: true }), attacksLeft: 0 } });
    for (const s of [sim, restored]) {
      const e = Object.values(s.state.encounters ?? {})[0]!;
      e.plans[h.id] = { action: "attack", targetId: m.id };
      forceDice(s, [20]);
      s.step();
    }
    expect(d20Of(restored.state.units[m.id]!).hp).toBe(92);
    expect(restored.hash()).toBe(sim.hash());
  });

  it("Left open D20-FLOW (latecomers): a latecomer with a higher initiative joining during an open turn acts next round; the open turn goes on", () => {
    const { sim, h, m, enc } = duel();
    enc.plans[h.id] = { action: "move", x: 4, y: 5, keepTurn: true };
    sim.step();
    const late = hero(sim, 6, 8); // an AI adventurer coming to help
    d20Of(late).abilities = { ...ZERO };
    late.targetId = m.id;
    forceDice(sim, [20]); // its initiative: 20, above the hero's 15
    expect(strip(sim.step())).toEqual([{ type: "encounterJoined", encounterId: enc.id, unitId: late.id, initiative: 20, order: [late.id, h.id, m.id] }]);
    expect([enc.turnIndex, enc.acted, enc.openTurn?.unitId]).toEqual([1, [late.id], h.id]);
    enc.plans[h.id] = { action: "move", x: 5, y: 5, keepTurn: true };
    expect(strip(sim.step())).toEqual([{ type: "turnPlanPlayed", unitId: h.id, refusals: [null] }]);
    expect(d20TurnOptions(sim, enc, h).movementLeft).toBe(3);
  });

  it("D20-MOVE-11, D20-MOVE-10: two attacks per action: after the first the options still offer attack, with the movement between", () => {
    const { sim, h, m, enc } = duel([7, 5], [8, 5]);
    d20Of(h).attacksPerAction = 2;
    enc.plans[h.id] = { action: "attack", targetId: m.id, keepTurn: true };
    forceDice(sim, [1]);
    sim.step();
    const o = d20TurnOptions(sim, enc, h);
    expect([o.fullAction, o.attacksLeft, o.movementLeft]).toEqual([false, 1, 6]);
    expect(o.actions).toContain("attack");
    expect(o.actions).toContain("attackTile");
    expect(o.actions).not.toContain("search");
  });
});

describe("the other targets a player may name (issue 7: every option in the state)", () => {
  const DAGGER = { name: "dagger", damage: "1d4", damageType: "piercing" as const, ranged: false, reach: 1, range: [1, 1] as const, light: true, finesse: true, reload: false, magical: false };

  it("D20-ATTACK-30, D20-ATTACK-31: after the Attack action with two light weapons the options offer the off-hand attack, until it is made", () => {
    const { sim, h, m, enc } = duel([7, 5], [8, 5]);
    const me = d20Of(h);
    me.weapon = { ...DAGGER };
    me.offHand = { ...DAGGER, name: "second dagger" };
    expect(d20TurnOptions(sim, enc, h).offHandTargets).toEqual([]);
    enc.plans[h.id] = { action: "attack", targetId: m.id, keepTurn: true };
    forceDice(sim, [10]); // a miss that is not a natural 1 (a natural 1 would spend the reaction, D20-ATTACK-18)
    sim.step();
    const after = d20TurnOptions(sim, enc, h);
    expect([after.offHandTargets, after.targets, after.fullAction, after.halfAction, after.reaction]).toEqual([[m.id], [m.id], false, true, true]);
    expect(after.actions).toContain("attack");
    const state = new DungeonState();
    projectTurnOptions(state, sim);
    expect(state.turnOptions.get(h.id)!.offHandTargets.toArray()).toEqual([m.id]);
    enc.plans[h.id] = { action: "steps", steps: [{ kind: "attack", targetId: m.id, offHand: true }], keepTurn: true };
    forceDice(sim, [10]);
    expect(sim.step().filter((e) => e.type === "turnPlanPlayed")).toEqual([expect.objectContaining({ refusals: [null] })]);
    const spent = d20TurnOptions(sim, enc, h);
    expect([spent.offHandTargets, spent.halfAction, spent.reaction, spent.actions.includes("attack")]).toEqual([[], false, false, false]);
  });

  it("D20-ACTION-16, D20-ACTION-17, D20-HP-29, D20-ATTACK-35 to D20-ATTACK-38: Help, first aid and grapple list whom they may name, and nothing once the full action is spent", () => {
    const { sim, h, m, enc } = duel([7, 5], [8, 5]);
    // Two friends join: one standing 2 tiles off, one dying next to the hero; a second minion 4 tiles off (beyond Help's 3).
    const friend = hero(sim, 5, 5);
    const dying = hero(sim, 7, 6);
    const far = minion(sim, 11, 5);
    for (const u of [friend, dying, far]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; enc.participants.push(u.id); }
    d20Of(dying).hp = 0;
    d20Of(h).equipment = { head: [], body: [], feet: [], jewellery: [], mainHand: ["longsword"], offHand: [] };
    const o = d20TurnOptions(sim, enc, h);
    expect([o.helpAllies, o.helpFoes, o.firstAidTargets, o.grappleTargets]).toEqual([[friend.id], [m.id], [dying.id], [m.id]]);
    expect(o.actions).toEqual(expect.arrayContaining(["help", "firstAid", "grapple"]));
    // No free hand (D20-ATTACK-38): no grapple.
    d20Of(h).equipment = { head: [], body: [], feet: [], jewellery: [], mainHand: ["longsword"], offHand: ["shield"] };
    expect(d20TurnOptions(sim, enc, h).grappleTargets).toEqual([]);
    // The full action spent (an attack): none of them.
    enc.plans[h.id] = { action: "attack", targetId: m.id, keepTurn: true };
    forceDice(sim, [1]);
    sim.step();
    const spent = d20TurnOptions(sim, enc, h);
    expect([spent.helpAllies, spent.helpFoes, spent.firstAidTargets, spent.grappleTargets]).toEqual([[], [], [], []]);
    expect(["help", "firstAid", "grapple"].filter((k) => spent.actions.includes(k))).toEqual([]);
  });
});

describe("a rider's options give its controlled mount's tiles (issue 7 gap 2)", () => {
  /** A player's hero at (3, 5) next to a large trained horse (movement 10) at (4, 5); a minion at (12, 5). */
  function ride(opts: { trained?: boolean } = {}) {
    const sim = d20Sim(1);
    const a = hero(sim, 3, 5, { controller: "seat-1" });
    const horse = addUnit(sim, { kind: "creature", faction: "heroes", species: "horse", x: 4, y: 5 });
    const m = minion(sim, 12, 5);
    const hd = d20Of(horse);
    hd.size = "large";
    hd.movement = 10;
    hd.mountTraits = { willing: true, trained: opts.trained !== false, intelligent: false, summoned: false };
    for (const u of [a, horse, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    const enc = formWaiting(sim, a, m.id, [15, 5, 3]);
    return { sim, a, horse, m, enc };
  }

  it("D20-MOUNT-01 to D20-MOUNT-04, D20-MOUNT-16, D20-MOUNT-17, D20-MOUNT-19: the options offer the horse for half the movement; once mounted, a move goes where the horse can go on its own 10", () => {
    const f = ride();
    const ts: TurnState = { budget: { full: true, demi: true, movement: 6, freeInteraction: true, locked: false, disengaged: false }, attacksLeft: 0 };
    const before = d20TurnOptions(f.sim, f.enc, f.a, ts);
    expect(before.mounts).toEqual([f.horse.id]);
    expect(before.mountCost).toBe(3);
    expect(before.actions).toContain("mount");
    expect(before.moverId).toBe(f.a.id);
    // D20-MOUNT-04: with less than half the movement value left, no mounting.
    const tired = d20TurnOptions(f.sim, f.enc, f.a, { ...ts, budget: { ...ts.budget, movement: 2.5 } });
    expect(tired.mounts).toEqual([]);
    expect(tired.actions).not.toContain("mount");

    // Mount (keepTurn) in the live encounter: the horse's tiles on its full 10 (D20-MOUNT-19).
    f.enc.plans[f.a.id] = { action: "steps", steps: [{ kind: "mount", mountId: f.horse.id }], keepTurn: true };
    expect(f.sim.step().filter((e) => e.type === "turnPlanPlayed")).toEqual([expect.objectContaining({ unitId: f.a.id, refusals: [null] })]);
    expect(d20Of(f.a).riding).toEqual({ mountId: f.horse.id, controlled: true });
    expect(f.enc.openTurn?.unitId).toBe(f.a.id);
    const [hx, hy] = [f.horse.x, f.horse.y];
    const on = d20TurnOptions(f.sim, f.enc, f.a);
    expect([on.movementLeft, on.moverId, on.moverMovementLeft]).toEqual([3, f.horse.id, 10]);
    expect(on.reachable).toEqual(reachableTiles(f.sim, f.enc, f.horse, 10));
    expect(on.reachable.find((t) => t.x === hx + 7 && t.y === hy - 3)?.cost).toBe(7);
    expect(on.reachable.some((t) => t.x === hx + 11)).toBe(false);
    expect(on.reachable.some((t) => t.x === hx && t.y === hy)).toBe(false);
    // D20-MOUNT-02 (once a turn): no dismounting right after mounting.
    expect(on.dismountTiles).toEqual([]);
    expect(on.actions).toContain("mountAction");

    // A one-word move plan moves the horse (and its rider) on the horse's movement; the options follow.
    f.enc.plans[f.a.id] = { action: "move", x: hx + 6, y: hy, keepTurn: true };
    f.sim.step();
    expect([f.horse.x, f.horse.y, f.a.x, f.a.y]).toEqual([hx + 6, hy, hx + 6, hy]);
    const moved = d20TurnOptions(f.sim, f.enc, f.a);
    expect([moved.movementLeft, moved.moverMovementLeft]).toEqual([3, 4]);
    expect(moved.reachable).toEqual(reachableTiles(f.sim, f.enc, f.horse, 4));
    expect(Math.max(...moved.reachable.map((t) => t.cost))).toBe(4);
  });

  it("D20-MOUNT-19 (Left open): a horse that has already had its own turn this round brings no movement when mounted; next round it moves on its 10", () => {
    const sim = d20Sim(1);
    const a = hero(sim, 3, 5, { controller: "seat-1" });
    const horse = addUnit(sim, { kind: "creature", faction: "heroes", species: "horse", x: 4, y: 5 });
    const m = minion(sim, 12, 5);
    const hd = d20Of(horse);
    hd.size = "large";
    hd.movement = 0; // it stays put on its own turn
    hd.mountTraits = { willing: true, trained: true, intelligent: false, summoned: false };
    for (const u of [a, horse, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    const enc = formWaiting(sim, a, m.id, [10, 15, 3]); // the horse first, then the hero, then the minion
    expect(enc.order).toEqual([horse.id, a.id, m.id]);
    expect(enc.acted).toEqual([horse.id]);
    hd.movement = 10;
    enc.plans[a.id] = { action: "steps", steps: [{ kind: "mount", mountId: horse.id }], keepTurn: true };
    sim.step();
    expect(d20Of(a).riding).toEqual({ mountId: horse.id, controlled: true });
    const spent = d20TurnOptions(sim, enc, a);
    expect([spent.movementLeft, spent.moverId, spent.moverMovementLeft, spent.reachable, spent.actions.includes("move"), spent.actions.includes("mountAction")])
      .toEqual([3, horse.id, 0, [], false, false]);
    enc.plans[a.id] = { action: "wait" };
    forceDice(sim, [1, 1, 1, 1]);
    for (let i = 0; i < 40 && !(enc.round === 2 && enc.order[enc.turnIndex] === a.id && enc.waitingSince >= 0); i++) sim.step();
    expect([enc.round, enc.order[enc.turnIndex]]).toEqual([2, a.id]);
    const fresh = d20TurnOptions(sim, enc, a);
    expect([fresh.moverId, fresh.moverMovementLeft]).toEqual([horse.id, 10]);
    expect(fresh.reachable).toEqual(reachableTiles(sim, enc, horse, 10));
  });

  it("D20-MOUNT-16, D20-MOUNT-21: a rider's fresh turn gives the controlled horse's tiles (10), an independent mount gives none", () => {
    const f = ride();
    d20Of(f.a).riding = { mountId: f.horse.id, controlled: true };
    d20Of(f.horse).riderId = f.a.id;
    f.a.x = f.horse.x; f.a.y = f.horse.y;
    const o = d20TurnOptions(f.sim, f.enc, f.a, { budget: { full: true, demi: true, movement: 6, freeInteraction: true, locked: false, disengaged: false }, attacksLeft: 0 });
    expect([o.moverId, o.moverMovementLeft]).toEqual([f.horse.id, 10]);
    expect(o.reachable.length).toBe(reachableTiles(f.sim, f.enc, f.horse, 10).length);
    // (4, 5) ± 10 on the 20×12 arena: x 0..14, every row; minus the horse's tile, the minion's (12, 5) and the stockpile "K" (1, 11).
    // The large horse's 2×2 space (D20-SIZE-01) 7 tiles east and 3 north costs 7; nothing is 11 away.
    expect(o.reachable.find((t) => t.x === 11 && t.y === 2)?.cost).toBe(7);
    expect(o.reachable.some((t) => t.x === 15)).toBe(false);
    expect(Math.max(...o.reachable.map((t) => t.cost))).toBeLessThanOrEqual(10);
    // The ring of tiles 1 away from the large horse's 2×2 space (4..5, 5..6), D20-MOUNT-02, D20-SIZE-01.
    expect(o.dismountTiles.map((t) => [t.x, t.y])).toEqual([[3, 4], [4, 4], [5, 4], [6, 4], [3, 5], [6, 5], [3, 6], [6, 6], [3, 7], [4, 7], [5, 7], [6, 7]]);
    expect(o.actions).toContain("dismount");
    d20Of(f.a).riding = { mountId: f.horse.id, controlled: false };
    const free = d20TurnOptions(f.sim, f.enc, f.a);
    expect([free.moverId, free.reachable, free.actions.includes("move"), free.actions.includes("mountAction")]).toEqual(["", [], false, false]);
  });
});

describe("spells in the turn options (issue 7 gap 3)", () => {
  const FIREBALL: D20Spell = { name: "fireball", cost: 3, pool: "mana", kind: "area", band: "short", damage: "2d6", damageType: "burn", element: "fire", radius: 1 };
  const BOLT: D20Spell = { name: "bolt", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d10", damageType: "magic", element: "fire", radius: 0 };
  const KICK: D20Spell = { name: "kick", cost: 4, pool: "stamina", kind: "attack", band: "contact", damage: "1d4", damageType: "bludgeoning", element: "", radius: 0 };
  /** 12×9 room, a wall column at x = 6, rows 2 to 6; the caster at (3, 4); minions at (8, 4) (behind the wall), (3, 8) and (10, 1). */
  const ROOM = [
    "P...........",
    "............",
    "......#.....",
    "......#.....",
    "......#.....",
    "......#.....",
    "......#.....",
    "............",
    "SK..........",
  ].join("\n");
  function caster() {
    const sim = d20Sim(1, ROOM);
    const c = hero(sim, 3, 4, { controller: "seat-1" });
    const hidden = minion(sim, 8, 4), south = minion(sim, 3, 8), far = minion(sim, 10, 1);
    for (const u of [c, hidden, south, far]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    const cd = d20Of(c);
    cd.spells = [BOLT, FIREBALL, KICK];
    cd.mana = 5;
    cd.stamina = 3;
    const enc = formWaiting(sim, c, hidden.id, [15, 5, 4, 3]);
    return { sim, c, hidden, south, far, enc };
  }

  it("D20-ACTION-07 to D20-ACTION-09, D20-ATTACK-48, D20-ATTACK-53, D20-ATTACK-65, D20-ATTACK-66: each spell with its cost, whether it can be paid, its range and its targets or tiles from here", () => {
    const f = caster();
    const o = d20TurnOptions(f.sim, f.enc, f.c);
    const [bolt, fireball, kick] = o.spells;
    // Bolt: short (5): the minion behind the wall (total cover: only a natural 20 hits) and the one 4 south; not (10, 1) at 7.
    expect(bolt).toEqual({
      name: "bolt", pool: "mana", cost: 2, affordable: true, castable: true, kind: "attack", band: "short", range: 5, radius: 0,
      targets: [f.hidden.id, f.south.id], targetCover: ["total", "none"], tiles: [],
    });
    // Fireball: every walkable tile 1 to 5 tiles away (x 0..8, y 0..8: 9×9, minus its own tile and the 5 wall tiles; the stockpile "K" is floor), behind the wall too.
    expect(fireball!.tiles.length).toBe(9 * 9 - 1 - 5);
    expect(tileSet(fireball!.tiles)).toContain("8,4");
    expect(tileSet(fireball!.tiles)).not.toContain("6,4");
    expect(tileSet(fireball!.tiles)).not.toContain("3,4");
    expect([fireball!.affordable, fireball!.castable, fireball!.range, fireball!.radius, fireball!.targets]).toEqual([true, true, 5, 1, []]);
    // Kick: a technique (Stamina 3 < 4): not affordable; contact (2) reaches nobody.
    expect(kick).toMatchObject({ pool: "stamina", cost: 4, affordable: false, castable: false, range: 2, targets: [] });
    expect(o.actions).toContain("cast");
    expect(o.actions).toContain("readySpell");

    // After casting the bolt (keepTurn): 3 mana left, the full action spent: nothing castable.
    f.enc.plans[f.c.id] = { action: "steps", steps: [{ kind: "cast", spell: "bolt", targetId: f.south.id }], keepTurn: true };
    forceDice(f.sim, [1]);
    expect(f.sim.step().filter((e) => e.type === "turnPlanPlayed")).toEqual([expect.objectContaining({ unitId: f.c.id, refusals: [null] })]);
    expect(d20Of(f.c).mana).toBe(3);
    const after = d20TurnOptions(f.sim, f.enc, f.c);
    expect(after.spells.map((s) => [s.name, s.affordable, s.castable])).toEqual([["bolt", true, false], ["fireball", true, false], ["kick", false, false]]);
    expect(after.actions).not.toContain("cast");

    // Silenced (D20-STATUS-04): no spell can be paid; the technique is not a spell.
    addStatus(d20Of(f.c).statuses, "silenced");
    d20Of(f.c).stamina = 4;
    const quiet = d20TurnOptions(f.sim, f.enc, f.c, { budget: { full: true, demi: true, movement: 6, freeInteraction: true, locked: false, disengaged: false }, attacksLeft: 0 });
    expect(quiet.spells.map((s) => [s.name, s.affordable])).toEqual([["bolt", false], ["fireball", false], ["kick", true]]);

    // The state carries the spells as the client sees them (tiles as y × width + x).
    removeStatus(d20Of(f.c).statuses, "silenced");
    f.enc.waitingSince = f.sim.state.tick;
    const state = new DungeonState();
    projectTurnOptions(state, f.sim);
    const sp = state.turnOptions.get(f.c.id)!.d20Spells;
    expect(sp.length).toBe(3);
    expect([sp.at(0)!.name, sp.at(0)!.cost, sp.at(0)!.range, sp.at(0)!.targets.toArray(), sp.at(0)!.targetCover.toArray()]).toEqual(["bolt", 2, 5, [f.hidden.id, f.south.id], ["total", "none"]]);
    expect(sp.at(1)!.tiles.toArray()).toEqual(after.spells[1]!.tiles.map((t) => t.y * 12 + t.x));
  });
});

describe("the AI and cover (issue 7 gap 4)", () => {
  /** A 20×12 arena with a 3-tile wall at x = 4, rows 4 to 6. */
  const WALLED = ARENA.split("\n").map((row, y) => (y >= 4 && y <= 6 ? row.slice(0, 4) + "#" + row.slice(5) : row)).join("\n");

  function shooter(foes: [number, number][], opts: { spell?: boolean; map?: string; allies?: [number, number][] } = {}) {
    const sim = d20Sim(1, opts.map ?? WALLED);
    const a = hero(sim, 2, 5, opts.spell ? {} : { gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    const ms = foes.map(([x, y]) => minion(sim, x, y));
    const friends = (opts.allies ?? []).map(([x, y]) => hero(sim, x, y));
    for (const u of [a, ...ms, ...friends]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    if (opts.spell) {
      d20Of(a).spells = [{ name: "bolt", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d10", damageType: "magic", element: "", radius: 0 }];
      d20Of(a).mana = 5;
    }
    const enc = formQuietly(sim, [a, ...ms, ...friends], a, ms[0]!.id);
    return { sim, a, ms, enc };
  }

  it("D20-ATTACK-65, D20-ATTACK-67: an archer does not shoot the nearer foe behind total cover; it shoots the one in the open", () => {
    const f = shooter([[5, 5], [2, 9]]);
    const [behind, open] = f.ms;
    expect(coverAgainst(f.sim, f.enc, f.a, behind!)).toBe("total");
    expect(coverAgainst(f.sim, f.enc, f.a, open!)).toBe("none");
    forceDice(f.sim, [15, 4]);
    takeD20Turn(f.sim, f.enc, f.a, null);
    const events = f.sim.drainEvents();
    expect(strip(events.filter((e) => e.type === "attack"))).toEqual([{ type: "attack", attackerId: f.a.id, targetId: open!.id, hit: true, attackRoll: 15, defenceRoll: 11 }]);
    expect([f.a.x, f.a.y]).toEqual([2, 5]);
    expect(d20Of(open!).hp).toBe(96);
    expect(d20Of(behind!).hp).toBe(100);
  });

  it("D20-ATTACK-61, D20-ATTACK-62: an archer prefers the farther foe in the open to the nearer one half covered by a creature", () => {
    const f = shooter([[2, 8], [6, 5]], { map: ARENA, allies: [[2, 7]] });
    const [covered, open] = f.ms;
    expect(coverAgainst(f.sim, f.enc, f.a, covered!)).toBe("half");
    forceDice(f.sim, [12, 3]);
    takeD20Turn(f.sim, f.enc, f.a, null);
    expect(strip(f.sim.drainEvents().filter((e) => e.type === "attack"))).toEqual([{ type: "attack", attackerId: f.a.id, targetId: open!.id, hit: true, attackRoll: 12, defenceRoll: 11 }]);
  });

  it("D20-ATTACK-65: with its only foe behind total cover, an archer walks until it has a line and shoots from there, never through the wall", () => {
    const f = shooter([[5, 5]]);
    const [behind] = f.ms;
    forceDice(f.sim, [15, 4]);
    takeD20Turn(f.sim, f.enc, f.a, null);
    const attacks = f.sim.drainEvents().filter((e) => e.type === "attack");
    // Two steps toward it (round the wall's north end) reach (3, 3), where the wall gives three-quarters cover (+3):
    // it shoots from there; the tiles of its first step, (2, 4) or (3, 4), are still walled off.
    expect([f.a.x, f.a.y]).toEqual([3, 3]);
    expect(coverAgainst(f.sim, f.enc, f.a, behind!)).toBe("threeQuarters");
    expect(coverAgainst(f.sim, f.enc, f.a, behind!, { x: 2, y: 4 })).toBe("total");
    expect(coverAgainst(f.sim, f.enc, f.a, behind!, { x: 3, y: 4 })).toBe("total");
    expect(strip(attacks)).toEqual([{ type: "attack", attackerId: f.a.id, targetId: behind!.id, hit: true, attackRoll: 15, defenceRoll: 14 }]);
  });

  it("D20-ATTACK-65, D20-ACTION-07: the AI casts its bolt at the foe in the open, never at the nearer one behind the wall; with only that one it casts nothing", () => {
    const f = shooter([[5, 5], [2, 9]], { spell: true });
    const [behind, open] = f.ms;
    forceDice(f.sim, [14, 6]);
    takeD20Turn(f.sim, f.enc, f.a, null);
    expect(strip(f.sim.drainEvents().filter((e) => e.type === "attack"))).toEqual([{ type: "attack", attackerId: f.a.id, targetId: open!.id, hit: true, attackRoll: 14, defenceRoll: 11 }]);
    expect(d20Of(f.a).mana).toBe(3);
    expect(d20Of(open!).hp).toBe(94);
    // Alone behind the wall: no bolt (mana kept); the sword-armed caster walks round the wall and strikes with its sword.
    const g = shooter([[5, 5]], { spell: true });
    forceDice(g.sim, [1]);
    takeD20Turn(g.sim, g.enc, g.a, null);
    expect(d20Of(g.a).mana).toBe(5);
    expect(strip(g.sim.drainEvents().filter((e) => e.type === "attack"))).toEqual([{ type: "attack", attackerId: g.a.id, targetId: g.ms[0]!.id, hit: false, attackRoll: 1, defenceRoll: 11 }]);
    expect(Math.max(Math.abs(g.a.x - 5), Math.abs(g.a.y - 5))).toBe(1);
  });
});
