import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord } from "../../../src/sim/state.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 17: a swimming spell in a live d20 room (D20-MOVE-20). The Priest's `waterborne` (2 Mana, on
 * itself) makes it swim at ×1 instead of ×½ (D20-MOVE-18): 6 tiles of deep water a turn, not 3.
 */

const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);
/** Deep water on x = 6..7, rows 1..10. */
const POOL = ARENA.split("\n").map((r, y) => (y >= 1 && y <= 10 ? r.slice(0, 6) + "~~" + r.slice(8) : r)).join("\n");
const SWIM_DOWN = [4, 5, 6, 7, 8, 9].map((y) => ({ x: 6, y }));

/** A player's Priest (unit 1) swimming at (6, 3), a minion (unit 2) far off at (18, 3); the Priest plays `first` on round 1, then swims 6 tiles down the pool on round 2. */
function play(first: "waterborne" | "wait") {
  const sim = d20Sim(1, POOL);
  const k = ADVENTURER_CLASSES.Priest!;
  const p = hero(sim, 6, 3, { adventurerClass: "Priest", partyId: "p1", controller: "b0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [p.id] } as unknown as PartyRecord);
  d20Of(p).mode = "swim";
  const m = minion(sim, 18, 3);
  p.targetId = m.id;
  const mana = d20Of(p).mana;
  forceDice(sim, [20, 1]); // initiative Priest 20, minion 1
  sim.step();
  const seat = { kind: "adventurer", seatId: "b0", unitId: p.id } as const;
  expect(sim.enqueue(seat, { type: "planTurn", ...(first === "wait" ? { action: "wait" } : { action: "steps", steps: [{ kind: "cast", spell: "waterborne" }] }) })).toEqual({ ok: true });
  const events: SimEvent[] = [...sim.step()]; // the Priest's round-1 plan
  // its plan for its coming turn (round 2): swim 6 tiles down the pool
  expect(sim.enqueue(seat, { type: "planTurn", action: "steps", steps: [{ kind: "move", path: SWIM_DOWN }] })).toEqual({ ok: true });
  for (let i = 0; i < 10 && of(events, "turnPlanPlayed").length < 2; i++) events.push(...sim.step());
  return { p, mana, events };
}

describe("a swimming spell in a live d20 room (issue 17)", () => {
  it("D20-MOVE-20: under the Priest's waterborne it swims at ×1: 6 tiles down the pool in one turn, (6, 3) to (6, 9), for 2 Mana", () => {
    const f = play("waterborne");
    expect(of(f.events, "turnPlanPlayed").map((e) => e.refusals)).toEqual([[null], [null]]);
    expect([f.p.x, f.p.y, d20Of(f.p).swimSpell, d20Of(f.p).mana]).toEqual([6, 9, true, f.mana - 2]);
  });

  it("D20-MOVE-18, D20-MOVE-20: without it the Priest swims at ×½: 3 tiles, the rest of the way refused", () => {
    const f = play("wait");
    expect(of(f.events, "turnPlanPlayed").map((e) => e.refusals)).toEqual([[], ["not enough movement left (D20-MOVE-07)"]]);
    expect([f.p.x, f.p.y, d20Of(f.p).swimSpell, d20Of(f.p).mana]).toEqual([6, 6, undefined, f.mana]);
  });
});
