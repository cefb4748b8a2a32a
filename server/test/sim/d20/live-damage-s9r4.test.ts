import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { recordD20Dice } from "./drawRecorder.ts";
import { of, plain } from "./live-helpers.ts";

/**
 * Issue 17, audit s9-r4: D20-DAMAGE-13 through the running simulation: the trap fires because the
 * hero's planned step (the live `planTurn` command, `sim.step()`) enters the plate, not because a
 * test calls the firing; the gas jet's d20 damage (1d6, the trap table) is recorded with its die.
 */
describe("audit s9-r4: damage types in a live d20 room", () => {
  it("D20-DAMAGE-13: toxic gas deals poison: the hero player steps on the plate wired to a gas jet, whose gas deals the minion by it one 1d6 (4) of poison: 50 → 46", () => {
    const sim = d20Sim(1);
    const plate = placeBuilt(sim, "pressurePlate", 6, 5);
    const jet = placeBuilt(sim, "gasJet", 12, 5);
    wire(sim, [6, 5], [12, 5]);
    const a = hero(sim, 5, 5, { controller: "a1" });
    const m = minion(sim, 13, 5);
    plain([a, m], 50);
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "a1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "move", path: [{ x: 6, y: 5 }] }] } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, [4]);
    const ev = sim.step();
    expect([of(ev, "turnPlanPlayed")[0]!.refusals, rec.draws, rec.left()]).toEqual([[null], ["d6=4"], 0]);
    expect(of(ev, "trapFired").map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims])).toEqual([[plate, jet, a.id, [m.id]]]);
    expect(of(ev, "damaged").map((e) => [e.sourceId, e.targetId, e.amount, e.damageType, e.hp])).toEqual([[jet, m.id, 4, "poison", 46]]);
    expect(d20Of(m).hp).toBe(46);
  });
});
