import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { newTurn } from "../../../src/sim/combat/d20/actions.ts";
import { addStatus, hasStatus, removeStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { gridDistance, spaceSide, turnMovement } from "../../../src/sim/combat/d20/movement.ts";
import { d20Reachable, d20RouteTo } from "../../../src/sim/combat/d20/routes.ts";
import { checkStep, sideAt, switchableModes } from "../../../src/sim/combat/d20/spaces.ts";
import { canStrike } from "../../../src/sim/combat/d20/resolve.ts";
import { creatureInTheWay, mapCover } from "../../../src/sim/combat/d20/cover.ts";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import { reachableTiles } from "../../../src/sim/combat/d20/reach.ts";
import { moveToward, stepTo } from "../../../src/sim/combat/d20/stepping.ts";
import { playPlan, takeD20Turn, type TurnState } from "../../../src/sim/combat/d20/turn.ts";
import { findPath, isDifficult } from "../../../src/sim/world/grid.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { projectState } from "../../../src/rooms/projection.ts";
import { projectTurnOptions } from "../../../src/rooms/turnProjection.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 7, d20move: movement modes in a live room (D20-MOVE-13 to D20-MOVE-21), creatures bigger
 * than one tile taking their space and squeezing (D20-SIZE-01 to D20-SIZE-12), and routes that
 * minimise the D20-MOVE cost (D20-MOVE-22 rubble) for the AI and the turn options.
 */

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const strip = (events: SimEvent[]) => events.map(({ tick: _t, ...e }) => e);
const xy = (u: { x: number; y: number }) => [u.x, u.y];

/** ARENA with a map edit: `edit(row, y)` returns the new row. */
const arena = (edit: (row: string, y: number) => string) => ARENA.split("\n").map(edit).join("\n");
/** Rubble on x = 4..8, rows 4..6. */
const RUBBLE = arena((r, y) => (y >= 4 && y <= 6 ? r.slice(0, 4) + ":::::" + r.slice(9) : r));
/** Deep water on x = 6..7, rows 2..9 (dry land round both ends). */
const POOL = arena((r, y) => (y >= 2 && y <= 9 ? r.slice(0, 6) + "~~" + r.slice(8) : r));
/** Deep water on x = 6..7, rows 1..10 (dry land only on rows 0 and 11). */
const LONG_POOL = arena((r, y) => (y >= 1 && y <= 10 ? r.slice(0, 6) + "~~" + r.slice(8) : r));
/** Walls on rows 4 and 6 for x = 6..12: row 5 is a 1-tile corridor from x = 6 to 12. */
const NARROW = arena((r, y) => (y === 4 || y === 6 ? r.slice(0, 6) + "#######" + r.slice(13) : r));

/** Every unit paralysed for the step that forms the encounter (so nobody acts), then freed. */
function form(sim: Simulation, units: UnitRecord[], aggressor: UnitRecord, target: UnitRecord) {
  for (const u of units) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; addStatus(d.statuses, "paralysed", "", 1); }
  aggressor.targetId = target.id;
  sim.step();
  for (const u of units) removeStatus(d20Of(u).statuses, "paralysed");
  sim.drainEvents();
  return Object.values(sim.state.encounters ?? {})[0]!;
}

const creature = (sim: Simulation, species: string, x: number, y: number, fields: Partial<UnitRecord> = {}) =>
  addUnit(sim, { kind: "creature", species, x, y, gear: { weapon: "bite", blunt: false, ranged: false, armour: "none", helm: 0 }, ...fields });

describe("movement modes on units (D20-MOVE-13 to D20-MOVE-21)", () => {
  it("D20-MOVE-16 to D20-MOVE-19: species data give the modes; a turn starts with movement × the current mode's factor", () => {
    const sim = d20Sim(1, POOL);
    const bat = creature(sim, "giantBat", 2, 2);
    const croc = creature(sim, "crocodile", 6, 5);
    const h = hero(sim, 2, 8);
    expect([d20Of(bat).flyer, d20Of(bat).swimmer, d20Of(bat).mode]).toEqual([true, false, "walk"]);
    expect([d20Of(croc).flyer, d20Of(croc).swimmer]).toEqual([false, true]);
    expect([d20Of(h).flyer, d20Of(h).swimmer, d20Of(h).mode]).toEqual([false, false, "walk"]);
    expect(turnMovement(d20Of(h))).toBe(6);
    d20Of(bat).mode = "fly";
    expect(turnMovement(d20Of(bat))).toBe(12); // D20-MOVE-17
    d20Of(h).mode = "swim";
    expect(turnMovement(d20Of(h))).toBe(3); // D20-MOVE-18
    d20Of(croc).mode = "swim";
    expect(turnMovement(d20Of(croc))).toBe(12); // D20-MOVE-19: a native swimmer swims at ×2
  });

  it("D20-MOVE-15, D20-MOVE-17, D20-MOVE-21: a flyer's cheapest ways take off first (6 → 8 in the air) and ignore rubble", () => {
    const sim = d20Sim(1, RUBBLE);
    const bat = creature(sim, "giantBat", 2, 5);
    const h = hero(sim, 17, 5);
    form(sim, [bat, h], h, bat);
    const tiles = d20Reachable(sim, bat);
    // Take off (2), then 8 tiles over the rubble at 1 each in the air: 2 + 8 ÷ 2 = 6 of the walking 6.
    expect(tiles.find((t) => t.x === 10 && t.y === 5)).toEqual({
      x: 10, y: 5, mode: "fly", cost: 6, left: 0,
      steps: [{ kind: "switchMode", mode: "fly" }, { kind: "move", path: [3, 4, 5, 6, 7, 8, 9, 10].map((x) => ({ x, y: 5 })) }],
    });
    expect(tiles.some((t) => t.x === 11 && t.y === 5)).toBe(false); // 6.5 needed
    // A next tile stays cheaper on foot: 1 walking against 2 + ½ flying.
    expect(tiles.find((t) => t.x === 3 && t.y === 5)).toEqual({ x: 3, y: 5, mode: "walk", cost: 1, left: 5, steps: [{ kind: "move", path: [{ x: 3, y: 5 }] }] });
    // Taking off where it stands is a place too (2), not for a creature that cannot fly.
    expect(tiles.find((t) => t.x === 2 && t.y === 5)).toMatchObject({ mode: "fly", cost: 2, left: 8 });
    expect(d20Reachable(sim, h).every((t) => t.mode === "walk")).toBe(true);
    // The same tiles through the options (thin clients): the way with its switch.
    expect(reachableTiles(sim, Object.values(sim.state.encounters!)[0]!, bat, 6).find((t) => t.x === 10 && t.y === 5)).toMatchObject({ cost: 6, mode: "fly" });
  });

  it("D20-MOVE-15, D20-MOVE-17, D20-MOVE-21 (live AI): a flyer 9 tiles off takes off (6 → 8), flies 8 tiles over the rubble and bites, without Dashing; it is still flying next turn", () => {
    const sim = d20Sim(1, RUBBLE);
    const bat = creature(sim, "giantBat", 2, 5);
    const h = hero(sim, 11, 5);
    const enc = form(sim, [bat, h], h, bat);
    forceDice(sim, [15, 4]);
    takeD20Turn(sim, enc, bat, null);
    const events = strip(sim.drainEvents());
    expect(events.filter((e) => e.type === "moveModeChanged")).toEqual([{ type: "moveModeChanged", unitId: bat.id, from: "walk", mode: "fly", movementBefore: 6, movementLeft: 8 }]);
    expect([bat.x, bat.y, d20Of(bat).mode]).toEqual([10, 5, "fly"]);
    expect(events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: bat.id, targetId: h.id, hit: true, attackRoll: 15, defenceRoll: 12 }]);
    expect(d20Of(h).hp).toBe(96);
    expect(turnMovement(d20Of(bat))).toBe(12);
  });

  it("D20-MOVE-15, D20-MOVE-21, D20-ACTION-10, Left open (Dash × the mode's factor): out of reach even flying, the AI Dashes (12), takes off (20) and flies 11 tiles; Dash was its action", () => {
    const sim = d20Sim(1, RUBBLE);
    const bat = creature(sim, "giantBat", 2, 5);
    const h = hero(sim, 14, 5);
    const enc = form(sim, [bat, h], h, bat);
    forceDice(sim, []);
    takeD20Turn(sim, enc, bat, null);
    const events = strip(sim.drainEvents());
    expect(events.filter((e) => e.type === "moveModeChanged")).toEqual([{ type: "moveModeChanged", unitId: bat.id, from: "walk", mode: "fly", movementBefore: 12, movementLeft: 20 }]);
    expect([bat.x, bat.y]).toEqual([13, 5]);
    expect(events.filter((e) => e.type === "attack")).toEqual([]);
    // A player's Dash while flying adds the movement value × 2.
    const ts: TurnState = { budget: newTurn(turnMovement(d20Of(bat))), attacksLeft: 0 };
    expect(playPlan(sim, enc, bat, { steps: [{ kind: "dash" }] }, ts)).toEqual([null]);
    expect(ts.budget.movement).toBe(24);
  });

  it("D20-MOVE-14, D20-MOVE-15, D20-MOVE-18 (player plan): switch to swimming (6 → 2), swim a tile (1); walking cannot enter deep water; the next turn starts with 3", () => {
    const sim = d20Sim(1, POOL);
    const h = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 12, 5);
    const enc = form(sim, [h, m], h, m);
    const ts: TurnState = { budget: newTurn(turnMovement(d20Of(h))), attacksLeft: 0 };
    expect(playPlan(sim, enc, h, { steps: [{ kind: "move", path: [{ x: 6, y: 5 }] }] }, ts)).toEqual(["the tile cannot be entered"]);
    expect(switchableModes(sim, h, ts.budget.movement)).toEqual(["swim"]);
    expect(d20TurnOptions(sim, enc, h, ts)).toMatchObject({ moveMode: "walk", switchModes: ["swim"] });
    expect(d20TurnOptions(sim, enc, h, ts).actions).toContain("switchMode");
    expect(playPlan(sim, enc, h, { steps: [{ kind: "switchMode", mode: "swim" }, { kind: "move", path: [{ x: 6, y: 5 }] }] }, ts)).toEqual([null, null]);
    expect(strip(sim.drainEvents()).filter((e) => e.type === "moveModeChanged")).toEqual([{ type: "moveModeChanged", unitId: h.id, from: "walk", mode: "swim", movementBefore: 6, movementLeft: 2 }]);
    expect([h.x, h.y, d20Of(h).mode, ts.budget.movement]).toEqual([6, 5, "swim", 1]);
    // Back to walking needs 2 (D20-MOVE-15): refused with 1 left, nothing changes.
    expect(playPlan(sim, enc, h, { steps: [{ kind: "switchMode", mode: "walk" }] }, ts)).toEqual(["switching movement mode costs 2 movement (D20-MOVE-15)"]);
    expect(playPlan(sim, enc, h, { steps: [{ kind: "switchMode", mode: "fly" }] }, { budget: newTurn(6), attacksLeft: 0 })).toEqual(["only a creature with a flying ability can fly"]);
    expect([d20Of(h).mode, turnMovement(d20Of(h))]).toEqual(["swim", 3]);
    // A swimmer cannot climb on land without switching back.
    expect(checkStep(sim, h, { x: 5, y: 5 }, true)).toBe("the tile cannot be entered");
  });

  it("D20-MOVE-15, D20-MOVE-18, D20-MOVE-19: a hero crosses the pool swimming when the dry way is dearer (11 against 13); a crocodile swims at ×2", () => {
    const sim = d20Sim(1, LONG_POOL);
    const h = hero(sim, 5, 5);
    const croc = creature(sim, "crocodile", 6, 5);
    const m = minion(sim, 15, 5);
    form(sim, [h, croc, m], h, m);
    d20Of(croc).mode = "swim";
    croc.y = 8; // out of the way
    // Swimming: 2 (switch) + 2 × 2 (two water tiles at half speed) + 4 (switching back costs 2 of ½) + 1 on foot.
    expect(d20RouteTo(sim, h, (x, y) => x === 8 && y === 5)).toEqual({
      x: 8, y: 5, mode: "walk", cost: 11, left: Number.POSITIVE_INFINITY,
      steps: [{ kind: "switchMode", mode: "swim" }, { kind: "move", path: [{ x: 6, y: 5 }, { x: 7, y: 5 }] }, { kind: "switchMode", mode: "walk" }, { kind: "move", path: [{ x: 8, y: 5 }] }],
    });
    // On foot only, round the pool's north end (no corner cut past the water): 13.
    expect(d20RouteTo(sim, h, (x, y) => x === 8 && y === 5, { modes: ["walk"] })!.cost).toBe(13);
    // The crocodile starts its turn swimming: 12 of movement in the water.
    const tiles = d20Reachable(sim, croc);
    expect(tiles.find((t) => t.x === 7 && t.y === 4)).toMatchObject({ mode: "swim", cost: 4, left: 8 });
    // Ashore: 1 in the water, 2 to switch, then 1 walking (= 2 of its swimming movement): 5 spent, 3.5 walking left.
    expect(tiles.find((t) => t.x === 8 && t.y === 9)).toMatchObject({ mode: "walk", cost: 5, left: 3.5 });
  });
});

describe("deep water at the start of a turn (Left open D20-MOVE)", () => {
  it("D20-MOVE-13, D20-MOVE-15, D20-MOVE-19, D20-ACTION-10: a crocodile left walking on deep water starts its turn swimming, free (0 and 0), then swims at ×2 and goes ashore", () => {
    const sim = d20Sim(1, POOL);
    const croc = creature(sim, "crocodile", 6, 5);
    const h = hero(sim, 18, 5);
    const enc = form(sim, [croc, h], h, croc);
    expect(d20Of(croc).mode).toBe("walk");
    takeD20Turn(sim, enc, croc, null);
    const events = strip(sim.drainEvents()).filter((e) => e.type === "moveModeChanged");
    // Settled swimming (free), its turn has 6 × 2 = 12. The way to the hero (1 swimming, switch, 10 walking)
    // is 23 of that: it Dashes (+6 × 2 = 24), swims to (7, 5) (23 left), goes ashore ((23 − 2) × 1 ÷ 2 = 10.5)
    // and walks 10 tiles to (17, 5), next to the hero.
    expect(events).toEqual([
      { type: "moveModeChanged", unitId: croc.id, from: "walk", mode: "swim", movementBefore: 0, movementLeft: 0 },
      { type: "moveModeChanged", unitId: croc.id, from: "swim", mode: "walk", movementBefore: 23, movementLeft: 10.5 },
    ]);
    expect([croc.x, croc.y, d20Of(croc).mode]).toEqual([17, 5, "walk"]);
  });
});

describe("rubble and the cheapest route (D20-MOVE-22 to D20-MOVE-24)", () => {
  it("D20-MOVE-22: the route round the rubble costs 7 where the shortest walk through it costs 12; the old rot-js walk goes through", () => {
    const sim = d20Sim(1, RUBBLE);
    const h = hero(sim, 2, 5);
    const m = minion(sim, 12, 3);
    const enc = form(sim, [h, m], h, m);
    const route = d20RouteTo(sim, h, (x, y) => x === 9 && y === 4)!;
    expect(route.cost).toBe(7);
    expect(route.steps).toEqual([{ kind: "move", path: [[3, 4], [4, 3], [5, 3], [6, 3], [7, 3], [8, 3], [9, 4]].map(([x, y]) => ({ x, y })) }]);
    const walk = findPath(sim.state.map, h, { x: 9, y: 4 })!;
    expect(walk.length).toBe(7);
    expect(walk.filter((i) => isDifficult(sim.state.map, i % 20, Math.floor(i / 20))).length).toBeGreaterThan(0);
    // Live: the AI's approach spends its 6 on the way round.
    const budget = newTurn(6);
    moveToward(sim, enc, h, m, budget);
    expect([h.x, h.y, budget.movement]).toEqual([8, 3, 0]);
  });

  it("D20-MOVE-22, D20-MOVE-24: a one-word attack plan approaches by the cheapest way, not across the rubble", () => {
    const sim = d20Sim(1, RUBBLE);
    const h = hero(sim, 2, 5, { controller: "seat-1" });
    const m = minion(sim, 12, 3);
    const enc = form(sim, [h, m], h, m);
    takeD20Turn(sim, enc, h, { action: "attack", targetId: m.id });
    expect(strip(sim.drainEvents()).filter((e) => e.type === "turnPlanPlayed")).toEqual([{ type: "turnPlanPlayed", unitId: h.id, refusals: [null] }]);
    expect(xy(h)).toEqual([8, 3]);
  });
});

describe("creatures bigger than one tile (D20-SIZE-01 to D20-SIZE-12)", () => {
  it("D20-SIZE-01, D20-MOVE-09, Left open (reach from the nearest tile): a Large troll covers 2×2; distances and reach run from its nearest tile", () => {
    const sim = d20Sim(1, ARENA);
    const troll = creature(sim, "troll", 4, 4, { gear: { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 } });
    const h = hero(sim, 6, 5);
    expect([d20Of(troll).size, spaceSide(troll), spaceSide(h)]).toEqual(["large", 2, 1]);
    expect(gridDistance(troll, h)).toBe(1); // (5, 5) is next to (6, 5); Chebyshev from (4, 4) says 2
    expect(canStrike(sim, troll, h)).toBe(true);
    expect(canStrike(sim, h, troll)).toBe(true);
    h.x = 7;
    expect([gridDistance(troll, h), canStrike(sim, troll, h)]).toEqual([2, true]); // D20-ATTACK-22: the troll's long arms reach 2
    h.x = 8;
    expect([gridDistance(troll, h), canStrike(sim, troll, h)]).toEqual([3, false]);
  });

  it("D20-SIZE-01, D20-MOVE-36, Left open (no ending in a space): no one ends a move on any tile of the troll's space, nor crosses it", () => {
    const sim = d20Sim(1, ARENA);
    const troll = creature(sim, "troll", 4, 4);
    const h = hero(sim, 6, 6, { controller: "seat-1" });
    const enc = form(sim, [troll, h], h, troll);
    expect(checkStep(sim, h, { x: 5, y: 5 }, true)).toBe("a move cannot end in another creature's space");
    expect(checkStep(sim, h, { x: 5, y: 5 }, false)).toBe("a hostile creature's space blocks the way (D20-MOVE-36)");
    const tiles = reachableTiles(sim, enc, h, 6).map((t) => `${t.x},${t.y}`);
    for (const t of ["4,4", "5,4", "4,5", "5,5"]) expect(tiles).not.toContain(t);
    expect(tiles).toContain("6,4");
    // The troll's own places are 2×2: it cannot end where its space would cover the hero.
    const trollTiles = d20Reachable(sim, troll).map((t) => `${t.x},${t.y}`);
    expect(trollTiles).not.toContain("5,5"); // would cover (6, 6)
    expect(trollTiles).not.toContain("6,5");
    expect(trollTiles).toContain("3,3");
  });

  it("D20-SIZE-08, D20-SIZE-09: the troll squeezes into the 1-tile corridor at 2 a tile and stops squeezing out of it; a Huge creature cannot get in", () => {
    const sim = d20Sim(1, NARROW);
    const troll = creature(sim, "troll", 4, 5);
    const h = hero(sim, 16, 5);
    const enc = form(sim, [troll, h], h, troll);
    expect([sideAt(sim.state.map, 4, 5, "large", "walk"), sideAt(sim.state.map, 6, 5, "large", "walk"), sideAt(sim.state.map, 6, 5, "huge", "walk")]).toEqual([2, 1, 0]);
    const b = newTurn(8);
    expect(stepTo(sim, enc, troll, { x: 5, y: 5 }, b, false)).toBeNull();
    expect([b.movement, hasStatus(d20Of(troll).statuses, "squeezing"), spaceSide(troll)]).toEqual([6, true, 1]);
    expect(sim.ruleset.statuses(troll)).toEqual(["squeezing"]); // shown to clients (Unit.statuses)
    expect(stepTo(sim, enc, troll, { x: 6, y: 5 }, b, false)).toBeNull();
    expect([troll.x, b.movement]).toEqual([6, 4]);
    expect(stepTo(sim, enc, troll, { x: 5, y: 5 }, b, false)).toBeNull();
    expect(stepTo(sim, enc, troll, { x: 4, y: 5 }, b, false)).toBeNull();
    expect([b.movement, hasStatus(d20Of(troll).statuses, "squeezing"), spaceSide(troll)]).toEqual([1, false, 2]);
    d20Of(troll).size = "huge";
    expect(checkStep(sim, troll, { x: 5, y: 5 }, false)).toBe("the tile cannot be entered");
  });

  it("D20-SIZE-10, D20-SIZE-12: squeezing in the corridor, the troll attacks with disadvantage and is attacked with advantage", () => {
    const sim = d20Sim(1, NARROW);
    const troll = creature(sim, "troll", 8, 5);
    const h = hero(sim, 9, 5);
    const enc = form(sim, [troll, h], troll, h);
    forceDice(sim, [17, 4]);
    takeD20Turn(sim, enc, troll, null);
    expect(hasStatus(d20Of(troll).statuses, "squeezing")).toBe(true);
    const attack = strip(sim.drainEvents()).find((e) => e.type === "attack") as { attackRoll: number; hit: boolean };
    expect([attack.attackRoll, attack.hit]).toEqual([4, false]); // the lower of 17 and 4, +0
    forceDice(sim, [3, 16, 5]);
    takeD20Turn(sim, enc, h, { action: "attack", targetId: troll.id });
    const back = strip(sim.drainEvents()).find((e) => e.type === "attack") as { attackRoll: number; hit: boolean };
    expect([back.attackRoll, back.hit]).toEqual([16, true]); // the higher of 3 and 16, +0 against AC 12
  });
});

describe("spaces in reactions and attacks on tiles (D20-SIZE-01)", () => {
  it("D20-ATTACK-25, D20-MOVE-09: leaving reach is measured from the troll's whole space: a step that keeps its space next to the hero provokes nothing, one that takes it away does", () => {
    const sim = d20Sim(1, ARENA);
    const troll = creature(sim, "troll", 4, 4);
    const h = hero(sim, 6, 5);
    const enc = form(sim, [troll, h], h, troll);
    // North to (4, 3): its space (4..5, 3..4) is still next to (6, 5) (its NW tile would be 2 away).
    expect(stepTo(sim, enc, troll, { x: 4, y: 3 }, newTurn(6), false)).toBeNull();
    expect(strip(sim.drainEvents()).filter((e) => e.type === "reaction")).toEqual([]);
    // West to (3, 3): its space (3..4, 3..4) is 2 from the hero: the hero's opportunity attack (15 hits AC 12, 1d8 = 6).
    forceDice(sim, [15, 6]);
    expect(stepTo(sim, enc, troll, { x: 3, y: 3 }, newTurn(6), false)).toBeNull();
    const events = strip(sim.drainEvents());
    expect(events.filter((e) => e.type === "reaction")).toEqual([{ type: "reaction", unitId: h.id, kind: "opportunityAttack", detail: "longsword", againstId: troll.id }]);
    expect(d20Of(troll).hp).toBe(94);
  });

  it("D20-ATTACK-57 to D20-ATTACK-59, D20-ATTACK-62: cover against the troll is judged by the best tile of its space; a troll in the way covers with its whole space", () => {
    // Walls at (4, 3) and (4, 4); an attacker at (2, 4); the troll's space (5..6, 4..5).
    const sim = d20Sim(1, arena((r, y) => (y === 3 || y === 4 ? r.slice(0, 4) + "#" + r.slice(5) : r)));
    const troll = creature(sim, "troll", 5, 4);
    const map = sim.state.map;
    expect(mapCover(map, { x: 2, y: 4 }, { x: 5, y: 4 })).toBe("half"); // its north-west tile alone: 2 of 4 lines cross the wall
    expect(mapCover(map, { x: 2, y: 4 }, troll)).toBe("none"); // (5, 5) is in the open
    // Between (2, 5) and (9, 5) the centre line crosses the troll's lower row (y 5), not its north-west tile.
    const sim2 = d20Sim(1, ARENA);
    const t2 = creature(sim2, "troll", 5, 4);
    expect(creatureInTheWay({ x: 2, y: 5 }, { x: 9, y: 5 }, t2)).toBe(true);
    expect(creatureInTheWay({ x: 2, y: 5 }, { x: 9, y: 5 }, { x: 5, y: 4 })).toBe(false); // its north-west tile alone is off the line
  });

  it("D20-ATTACK-68, D20-ATTACK-70: an attack on any tile of the troll's space finds it (with disadvantage)", () => {
    const sim = d20Sim(1, ARENA);
    const troll = creature(sim, "troll", 4, 4);
    const h = hero(sim, 6, 6);
    const enc = form(sim, [troll, h], h, troll);
    forceDice(sim, [18, 17, 5]);
    expect(playPlan(sim, enc, h, { steps: [{ kind: "attackTile", x: 5, y: 5 }] }, { budget: newTurn(6), attacksLeft: 0 })).toEqual([null]);
    expect(d20Of(troll).hp).toBe(95); // the lower of 18 and 17 hits AC 12; 5 damage
  });
});

describe("fleeing in a mode (D20-STATUS-07)", () => {
  it("D20-STATUS-07, D20-MOVE-17: a terrified bat already flying flees over the pool, 12 tiles in the air, to (17, 0)", () => {
    const sim = d20Sim(1, POOL);
    const bat = creature(sim, "giantBat", 5, 5);
    const h = hero(sim, 3, 5);
    const enc = form(sim, [bat, h], h, bat);
    d20Of(bat).mode = "fly";
    addStatus(d20Of(bat).statuses, "terrified", h.id, 1);
    takeD20Turn(sim, enc, bat, null);
    // Each step to the neighbour farthest from the hero (first found): 5 diagonal steps up to row 0, then 7 east.
    expect([bat.x, bat.y, d20Of(bat).mode]).toEqual([17, 0, "fly"]);
  });
});

describe("flyers fall (D20-MOVE-37)", () => {
  it("D20-MOVE-37, Left open (falling): a paralysed flyer falls at the next turn: walking, prone, 1 bludgeoning damage; over deep water it lands swimming, unhurt", () => {
    const sim = d20Sim(1, POOL);
    const bat = creature(sim, "giantBat", 3, 5);
    const wet = creature(sim, "giantBat", 6, 3);
    const up = creature(sim, "giantBat", 3, 8);
    const h = hero(sim, 12, 5);
    const enc = form(sim, [bat, wet, up, h], h, bat);
    expect(enc.participants).toContain(up.id);
    for (const b of [bat, wet, up]) d20Of(b).mode = "fly";
    for (const b of [bat, wet]) addStatus(d20Of(b).statuses, "paralysed", "", 1);
    takeD20Turn(sim, enc, h, { action: "wait" });
    const events = strip(sim.drainEvents());
    expect(events.filter((e) => e.type === "moveModeChanged")).toEqual([
      { type: "moveModeChanged", unitId: bat.id, from: "fly", mode: "walk", movementBefore: 0, movementLeft: 0 },
      { type: "moveModeChanged", unitId: wet.id, from: "fly", mode: "swim", movementBefore: 0, movementLeft: 0 },
    ]);
    expect([d20Of(bat).hp, hasStatus(d20Of(bat).statuses, "prone")]).toEqual([99, true]);
    expect([d20Of(wet).hp, hasStatus(d20Of(wet).statuses, "prone"), d20Of(wet).mode]).toEqual([100, false, "swim"]);
    // A flyer still able to move stays up.
    expect(d20Of(up).mode).toBe("fly");
  });
});

describe("modes and spaces in the state (snapshot, hash, client projection)", () => {
  it("D20-MOVE-13, D20-SIZE-01: the mode survives snapshot/restore and changes the hash; units show moveMode and space", () => {
    const sim = d20Sim(1, RUBBLE);
    const bat = creature(sim, "giantBat", 2, 5);
    const troll = creature(sim, "troll", 12, 2);
    const h = hero(sim, 17, 5);
    const enc = form(sim, [bat, troll, h], h, bat);
    const before = sim.hash();
    expect(playPlan(sim, enc, bat, { steps: [{ kind: "switchMode", mode: "fly" }] }, { budget: newTurn(6), attacksLeft: 0 })).toEqual([null]);
    expect(sim.hash()).not.toBe(before);
    const copy = Simulation.restore(sim.snapshot());
    expect(d20Of(copy.state.units[bat.id]!).mode).toBe("fly");
    expect(copy.hash()).toBe(sim.hash());
    const state = new DungeonState();
    projectState(state, sim, 1);
    expect([state.units.get(bat.id)!.moveMode, state.units.get(bat.id)!.space]).toEqual(["fly", 1]);
    expect([state.units.get(troll.id)!.moveMode, state.units.get(troll.id)!.space, state.units.get(troll.id)!.size]).toEqual(["walk", 2, "large"]);
    expect([state.units.get(h.id)!.moveMode, state.units.get(h.id)!.space]).toEqual(["walk", 1]);
  });

  it("D20-MOVE-14: a player's turn options in the state show its mode, the modes it may switch to, and each reachable tile's end mode", () => {
    const sim = d20Sim(1, POOL);
    const h = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 12, 5);
    h.targetId = m.id;
    for (const u of [h, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    forceDice(sim, [15, 5]);
    sim.step();
    const enc = Object.values(sim.state.encounters!)[0]!;
    expect(enc.waitingSince).toBeGreaterThanOrEqual(0);
    const state = new DungeonState();
    projectTurnOptions(state, sim);
    const o = state.turnOptions.get(h.id)!;
    expect(o.moveMode).toBe("walk");
    expect(o.switchModes.toArray()).toEqual(["swim"]);
    const direct = d20TurnOptions(sim, enc, h);
    expect(o.reachableMode.toArray()).toEqual(direct.reachable.map((t) => t.mode ?? "walk"));
    // The water tile next to it: switch (2) then one tile swimming (1 of ½): 4 of its walking 6.
    const i = direct.reachable.findIndex((t) => t.x === 6 && t.y === 5);
    expect([o.reachableMode.at(i), o.reachableCost.at(i)]).toEqual(["swim", 4]);
  });
});
