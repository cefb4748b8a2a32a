import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { creature, of, plain, run } from "./live-helpers.ts";

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

  it("D20-DAMAGE-24: the Master's fireWall on (5, 4) (radius 1: rows 3 to 5) burns hero A at (5, 5) at the start of each of its turns, one 1d2 each (2, then 1); hero B at (5, 6), just outside, takes none (both are AI archers that shoot the Master from where they stand, natural 1s)", () => {
    const sim = d20Sim();
    const bow = { weapon: "bow" as const, blunt: false, ranged: true, armour: "none" as const, helm: 0 }; // archers shoot from where they stand
    const a = hero(sim, 5, 5, { gear: bow });
    const b = hero(sim, 5, 6, { gear: bow });
    const m = creature(sim, "master", 9, 5);
    m.controller = "seat-1";
    plain([a, b, m]);
    a.targetId = m.id;
    forceDice(sim, [1, 2, 20]); // initiative: A 1, B 2, the Master 20 (its turn waits for the keeper's plan)
    sim.step();
    const enc = Object.values(sim.state.encounters ?? {})[0]!;
    enc.plans[m.id] = { steps: [{ kind: "cast", spell: "fireWall", x: 5, y: 4 }] };
    const cast = recordD20Dice(sim, [3]);
    const hit = sim.step();
    expect([cast.draws, of(hit, "damaged").map((e) => [e.targetId, e.amount, e.damageType])]).toEqual([["d4=3"], [[a.id, 3, "burn"]]]);
    // round 1: B's turn (no zone die; its shot: natural 1), A's turn (the zone's 1d2 = 2; natural 1)
    const r1 = recordD20Dice(sim, [1, 2, 1]);
    const ev1 = run(sim, 2);
    expect([r1.draws, r1.left(), of(ev1, "damaged").map((e) => [e.targetId, e.amount, e.damageType, e.hp])]).toEqual([["d20=1", "d2=2", "d20=1"], 0, [[a.id, 2, "burn", 95]]]);
    // round 2: the Master waits; B (natural 1), then A in the zone again (1d2 = 1; natural 1)
    const r2 = recordD20Dice(sim, [1, 1, 1]);
    const ev2 = [];
    for (let i = 0; i < 200 && r2.left() > 0; i++) {
      if (enc.round === 2 && !enc.plans[m.id]) enc.plans[m.id] = { steps: [] };
      ev2.push(...sim.step());
    }
    expect([r2.draws, r2.left(), of(ev2, "damaged").map((e) => [e.targetId, e.amount, e.damageType, e.hp]), d20Of(b).hp]).toEqual([["d20=1", "d2=1", "d20=1"], 0, [[a.id, 1, "burn", 94]], 100]);
    expect([a.x, a.y, b.x, b.y]).toEqual([5, 5, 5, 6]);
  });
});
