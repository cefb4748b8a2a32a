import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { creature, of, plain } from "./live-helpers.ts";

/** The ARENA with walls on rows 4 and 6 for x = 6..12: row 5 is a 1-tile corridor from x = 6 to 12. */
const NARROW = ARENA.split("\n").map((r, y) => (y === 4 || y === 6 ? r.slice(0, 6) + "#######" + r.slice(13) : r)).join("\n");
const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;

/**
 * Issue 17, audit s9-r4: D20-SIZE-11 (Left open: a squeezing creature rolls its resisting rolls,
 * the Strength contests it defends, with disadvantage) in a live d20 room: the keeper's troll
 * (Large, 2 × 2 at (3, 5)) walks `path` (into the 1-tile corridor of NARROW: squeezed) and grapples
 * the hero player at (7, 5) (d20 15 against the hero's 5); on its turn the hero takes the hold's 1d4 asphyxiation (D20-DAMAGE-17) and tries to escape.
 */
describe("audit s9-r4: squeezing in a live d20 room", () => {
  it("D20-SIZE-11: the hero escapes the squeezed troll's hold: the troll's resisting Strength roll is the lower of 18 and 9, so the hero's 10 wins; unsqueezed in the open, the troll rolls one d20 (18) and holds", () => {
    const escape = (map: string, path: { x: number; y: number }[], dice: number[]) => {
      const sim = d20Sim(1, map);
      const t = creature(sim, "troll", 3, 5);
      t.controller = "seat-1";
      const a = hero(sim, 7, 5, { controller: "a1" });
      plain([t, a]);
      a.targetId = t.id;
      forceDice(sim, [20, 1]);
      sim.step();
      encOf(sim).plans[t.id] = { steps: [{ kind: "move", path }, { kind: "grapple", targetId: a.id }] };
      const hold = forceDice(sim, [15, 5]);
      sim.step(); // the troll's turn: it walks up to the hero and grapples it (15 against 5)
      expect([hold.left(), sim.ruleset.statuses(a)]).toEqual([0, ["grappled"]]);
      expect(sim.enqueue({ kind: "adventurer", seatId: "a1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "escape" }] } as never)).toEqual({ ok: true });
      const rec = recordD20Dice(sim, dice);
      const ev = sim.step();
      expect(rec.left()).toBe(0);
      return { refusals: of(ev, "turnPlanPlayed")[0]!.refusals, draws: rec.draws, troll: sim.ruleset.statuses(t), hero: sim.ruleset.statuses(a) };
    };
    expect(escape(NARROW, [{ x: 4, y: 5 }, { x: 5, y: 5 }, { x: 6, y: 5 }], [3, 10, 18, 9])).toEqual({ refusals: [null], draws: ["d4=3", "d20=10", "d20=18", "d20=9"], troll: ["squeezing"], hero: [] });
    expect(escape(ARENA, [{ x: 4, y: 5 }, { x: 5, y: 5 }], [3, 10, 18])).toEqual({ refusals: [null], draws: ["d4=3", "d20=10", "d20=18"], troll: [], hero: ["grappled"] });
  });

  it("D20-SIZE-05: eight heroes on the 8 tiles around a Medium minion leave no room: a ninth hero player's move onto (11, 6) next to it is refused (it stops at (12, 6), 2 tiles off); with the hero at (11, 6) away, the same move ends next to the minion", () => {
    const surround = (leaveGap: boolean) => {
      const sim = d20Sim(1);
      const m = minion(sim, 10, 6);
      const around = [[9, 5], [10, 5], [11, 5], [9, 6], [11, 6], [9, 7], [10, 7], [11, 7]].filter(([x, y]) => !(leaveGap && x === 11 && y === 6));
      const hs = around.map(([x, y], i) => hero(sim, x!, y!, { controller: `s${i}` }));
      const n = hero(sim, 13, 6, { controller: "s9" });
      plain([m, ...hs, n]);
      n.targetId = m.id;
      forceDice(sim, [1, ...hs.map((_, i) => 2 + i), 20]); // initiative in id order: the minion 1, the eight 2.., the ninth 20: it plays first
      sim.step();
      expect(sim.enqueue({ kind: "adventurer", seatId: "s9", unitId: n.id }, { type: "planTurn", action: "steps", steps: [{ kind: "move", path: [{ x: 12, y: 6 }] }, { kind: "move", path: [{ x: 11, y: 6 }] }] } as never)).toEqual({ ok: true });
      const dice = forceDice(sim, []);
      const ev = sim.step();
      expect(dice.left()).toBe(0);
      return { refusals: of(ev, "turnPlanPlayed")[0]!.refusals, at: [n.x, n.y], around: hs.length };
    };
    expect(surround(false)).toEqual({ refusals: [null, "a move cannot end in another creature's space"], at: [12, 6], around: 8 });
    expect(surround(true)).toEqual({ refusals: [null, null], at: [11, 6], around: 7 });
  });
});
