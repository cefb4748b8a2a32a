import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { creature, of, plain } from "./live-helpers.ts";

/** The ARENA with walls on rows 4 and 6 for x = 6..12: row 5 is a 1-tile corridor from x = 6 to 12. */
const NARROW = ARENA.split("\n").map((r, y) => (y === 4 || y === 6 ? r.slice(0, 6) + "#######" + r.slice(13) : r)).join("\n");
const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;
const attacks = (ev: readonly SimEvent[]) => of(ev, "attack").map(({ attackerId, targetId, hit, attackRoll, defenceRoll }) => ({ attackerId, targetId, hit, attackRoll, defenceRoll }));

describe("squeezing in play (a Large troll in a 1-tile corridor)", () => {
  it("D20-SIZE-08, D20-SIZE-09, D20-SIZE-10, D20-SIZE-12: the keeper's troll (2 × 2 at (3, 5), movement 6) squeezes into the corridor: 1 + 2 + 2, too little left for another squeezed tile; the hero's blow on it has advantage (3 and 16: 16); its own blow next round disadvantage (17 and 4: 4)", () => {
    const sim = d20Sim(1, NARROW);
    const t = creature(sim, "troll", 3, 5);
    t.controller = "seat-1";
    const a = hero(sim, 8, 5);
    plain([t, a]);
    a.targetId = t.id;
    forceDice(sim, [20, 1]); // the troll first; its turn waits for the keeper's plan
    sim.step();
    const enc = encOf(sim);
    expect(d20Of(t).movement).toBe(6);
    // (4, 5): still 2 × 2, 1; (5, 5) and (6, 5): squeezed to 1 tile, 2 each; (7, 5) would need 2 more, 1 is left.
    enc.plans[t.id] = { steps: [{ kind: "move", path: [{ x: 4, y: 5 }, { x: 5, y: 5 }, { x: 6, y: 5 }] }, { kind: "move", path: [{ x: 7, y: 5 }] }] };
    // the hero walks up to (7, 5) and strikes with advantage: 3 and 16, 1d8 = 5.
    let dice = forceDice(sim, [3, 16, 5]);
    const ev = [...sim.step(), ...sim.step()];
    expect(of(ev, "turnPlanPlayed")[0]!.refusals).toEqual([null, "not enough movement left (D20-MOVE-07)"]);
    expect([t.x, t.y, a.x, a.y]).toEqual([6, 5, 7, 5]);
    expect(sim.ruleset.statuses(t)).toEqual(["squeezing"]);
    expect(attacks(ev)).toEqual([{ attackerId: a.id, targetId: t.id, hit: true, attackRoll: 16, defenceRoll: 12 }]);
    expect(dice.left()).toBe(0);
    // round 2: the squeezed troll strikes the hero with disadvantage: 17 and 4 keep 4.
    for (let i = 0; i < 20 && !(enc.round === 2 && enc.waitingSince >= 0); i++) sim.step();
    enc.plans[t.id] = { steps: [{ kind: "attack", targetId: a.id }] };
    dice = forceDice(sim, [17, 4]);
    expect(attacks(sim.step())).toEqual([{ attackerId: t.id, targetId: a.id, hit: false, attackRoll: 4, defenceRoll: 12 }]);
    expect(dice.left()).toBe(0);
  });

  it("D20-SIZE-11 (Left open: the disadvantage falls on its contest rolls): a hero player grapples the squeezed troll: its Strength roll is the lower of 18 and 9, so the hero's 10 wins; unsqueezed in the open, the same dice keep 18 and the grapple fails", () => {
    const grapple = (map: string, path: { x: number; y: number }[]) => {
      const sim = d20Sim(1, map);
      const t = creature(sim, "troll", 3, 5);
      t.controller = "seat-1";
      const a = hero(sim, 7, 5, { controller: "a1" });
      plain([t, a]);
      a.targetId = t.id;
      forceDice(sim, [20, 1]);
      sim.step();
      encOf(sim).plans[t.id] = { steps: [{ kind: "move", path }] };
      sim.step(); // the troll's turn: it walks up to the hero
      expect(sim.enqueue({ kind: "adventurer", seatId: "a1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "grapple", targetId: t.id }] } as never)).toEqual({ ok: true });
      const dice = forceDice(sim, map === NARROW ? [10, 18, 9] : [10, 18]);
      const ev = sim.step();
      expect(dice.left()).toBe(0);
      return { refusals: of(ev, "turnPlanPlayed")[0]!.refusals, statuses: sim.ruleset.statuses(t) };
    };
    expect(grapple(NARROW, [{ x: 4, y: 5 }, { x: 5, y: 5 }, { x: 6, y: 5 }])).toEqual({ refusals: [null], statuses: ["grappled", "squeezing"] });
    expect(grapple(ARENA, [{ x: 4, y: 5 }, { x: 5, y: 5 }])).toEqual({ refusals: [null], statuses: [] });
  });
});
