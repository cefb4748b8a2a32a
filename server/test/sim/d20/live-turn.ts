/**
 * Shared set-up of the issue-17 live tests of the d20 attack, action, equipment and water families
 * (live-attack-*, live-action-*, live-equip-*, live-water-*): a party arriving through the
 * ruleset's live `partyArrived`, a plain minion foe, and one planned player turn played through the
 * live `planTurn` command and `sim.step()` with forced dice. Nothing here resolves a rule itself.
 */
import { expect } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, ZERO } from "./live-helpers.ts";

/**
 * A party "p1" of `classes` arriving through the ruleset's live `partyArrived` (class kit, spells,
 * mounts), members on row `y` from x = `x0` (tiles), member i played by seat `a<i>`, then every
 * member's characteristics set to zero (so each test names the one modifier it checks).
 */
export function party(sim: Simulation, classes: readonly string[], opts: { level?: number; x0?: number; y?: number } = {}): UnitRecord[] {
  const { level = 1, x0 = 4, y = 5 } = opts;
  const members = classes.map((c, i) => {
    const k = ADVENTURER_CLASSES[c]!;
    return hero(sim, x0 + i, y, { adventurerClass: c, partyId: "p1", level, controller: `a${i}`, gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: members.map((m) => m.id) } as unknown as PartyRecord);
  for (const m of members) d20Of(m).abilities = { ...ZERO };
  return members;
}

/** The seat that plays `u` (its `controller`). */
export const seat = (u: UnitRecord) => ({ kind: "adventurer" as const, seatId: u.controller!, unitId: u.id });

/** A dungeon minion foe at (x, y) with `hp` HP (and maximum), zero characteristics (no defence reaction), AC 11. */
export function foe(sim: Simulation, x: number, y = 5, hp = 30): UnitRecord {
  const m = minion(sim, x, y);
  d20Of(m).abilities = { ...ZERO };
  d20Of(m).hp = d20Of(m).maxHp = hp;
  return m;
}

/** The `damaged` events as [source id, target id, amount]. */
export const damage = (events: readonly SimEvent[]) => of(events, "damaged").map((e) => [e.sourceId, e.targetId, e.amount]);

/** The `attack` events as [attacker id, target id, hit, attack total, AC to reach]. */
export const attacks = (events: readonly SimEvent[]) => of(events, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll]);

/**
 * Starts the encounter (`first` targets `target`; the initiative dice `initiative` drawn in unit id
 * order), then plans `first`'s turn through the live `planTurn` command with `steps` and plays it
 * with `dice` (asserting every one is drawn); `started`, when given, runs between the two (the
 * encounter started, the turn not played yet). Returns the turn's events and its step refusals.
 */
export function playTurn(sim: Simulation, first: UnitRecord, target: UnitRecord, initiative: readonly number[], steps: readonly unknown[], dice: readonly number[], started?: () => void): { events: SimEvent[]; refusals: (string | null)[] } {
  first.targetId = target.id;
  forceDice(sim, initiative);
  sim.step();
  started?.();
  expect(sim.enqueue(seat(first), { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const left = forceDice(sim, dice);
  const events = sim.step();
  expect(left.left()).toBe(0);
  return { events, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

/** The test arena (encounters/helpers.ts `ARENA`, 20 × 12 tiles) with a wall on each of `walls` ([x, y] tiles). */
export function walled(walls: readonly (readonly [number, number])[]): string {
  const rows = ARENA.split("\n").map((r) => r.split(""));
  for (const [x, y] of walls) rows[y]![x] = "#";
  return rows.map((r) => r.join("")).join("\n");
}

/** The test arena with deep water ("~", fully submerged: resolve.ts `isSubmerged`) on x = 6..7, rows 1 to 10. */
export const POOL = ARENA.split("\n").map((r, y) => (y >= 1 && y <= 10 ? r.slice(0, 6) + "~~" + r.slice(8) : r)).join("\n");
