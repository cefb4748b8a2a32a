import { describe, expect, it } from "vitest";
import { D20_SPECIES_TRAITS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, ZERO } from "../d20/live-helpers.ts";
import { build, place, wire } from "./helpers.ts";

/**
 * Issue 17: a minion turned enemy sets off the keeper's traps (TRAP-58). Murderous frenzy (Left open):
 * a minion enraged (D20-STATUS-09) against a creature of the keeper's side, here by a hero's madness.
 */

/**
 * The keeper's pressure plate at (6, 5) wired to an alarm trap at (6, 8), both built; a hero
 * (seat b0) at (2, 5) knowing the madness spell (as the Master does) with the Mana for it, going
 * for minion M at (5, 5), whose reaction is spent; minion N at (7, 5); all zero characteristics.
 * Steps the first tick (initiative hero 20, M 2, N 1) and plans the hero's madness on M (asserted
 * accepted).
 */
function madnessScene() {
  const sim = d20Sim(1);
  const plate = place(sim, "pressurePlate", 6, 5);
  const alarm = place(sim, "alarmTrap", 6, 8);
  wire(sim, [6, 5], [6, 8]);
  build(sim, plate); build(sim, alarm);
  const a = hero(sim, 2, 5, { controller: "b0" });
  const m = minion(sim, 5, 5);
  const n = minion(sim, 7, 5);
  for (const u of [a, m, n]) d20Of(u).abilities = { ...ZERO };
  d20Of(a).spells = D20_SPECIES_TRAITS.master!.spells!.filter((s) => s.name === "madness");
  d20Of(a).mana = 2;
  a.targetId = m.id;
  d20Of(m).reactionUsed = true;
  forceDice(sim, [20, 2, 1]); // initiative hero 20, M 2, N 1
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "cast", spell: "madness", targetId: m.id }] })).toEqual({ ok: true });
  return { sim, plate, alarm, a, m, n };
}

describe("murderous frenzy in a live d20 room (issue 17)", () => {
  it("TRAP-58: a hero's madness enrages minion M against minion N, the nearest creature; M, in murderous frenzy, walks onto the keeper's pressure plate and sets off the alarm trap", () => {
    const { sim, plate, alarm, a, m, n } = madnessScene();
    // madness hits M (d20 19), 1d4 = 1: M is enraged against N (2 tiles, nearer than the hero's 3);
    // M's turn: it steps east onto the plate (6, 5), the alarm sounds, and it swings at N (natural 1);
    // N's turn: a natural 1 at the hero.
    const dice = forceDice(sim, [19, 1, 1, 1]);
    const events: SimEvent[] = [];
    for (let i = 0; i < 3; i++) events.push(...sim.step());
    expect(of(events, "trapFired").map(({ tick: _t, ...e }) => e)).toEqual([
      { type: "trapFired", triggerId: plate, mechanismId: alarm, mechanism: "alarmTrap", x: 6, y: 8, byUnitId: m.id, victims: [] },
    ]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[a.id, m.id, true, 19], [m.id, n.id, false, 1], [n.id, a.id, false, 1]]);
    expect([m.x, m.y, d20Of(m).hp, sim.state.parts[plate]!.needsRearm, dice.left()]).toEqual([6, 5, 9, true, 0]);
  });

  it("TRAP-57, TRAP-58: without the frenzy (the madness misses, d20 2) M stays the keeper's and goes for the hero: no trap fires", () => {
    const { sim, plate, a, m, n } = madnessScene();
    // the madness misses (2); M steps west to the hero and misses (1); N comes round to (3, 4), never on the plate, and misses too (1).
    const dice = forceDice(sim, [2, 1, 1]);
    const events: SimEvent[] = [];
    for (let i = 0; i < 3; i++) events.push(...sim.step());
    expect(of(events, "trapFired")).toEqual([]);
    expect(d20Of(m).statuses).toEqual([]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.hit])).toEqual([[a.id, m.id, false], [m.id, a.id, false], [n.id, a.id, false]]);
    expect([m.x, m.y, n.x, n.y, sim.state.parts[plate]!.needsRearm, dice.left()]).toEqual([3, 5, 3, 4, false, 0]);
  });
});
