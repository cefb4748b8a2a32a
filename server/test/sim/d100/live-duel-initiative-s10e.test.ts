import { describe, expect, it } from "vitest";
import type { Actor } from "../../../src/sim/index.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, of, recordDice, run } from "./fixtures.ts";

/**
 * Issue 17, audit s10-e: P100-DUEL-08 ("duellists set their turn order with initiative rolls")
 * from the keeper's `proposeDuel` command, as a live game starts a duel (the earlier tests called
 * `beginDuel` directly). The keeper's minion challenges an AI Warrior, which accepts (its odds are
 * for it); the command draws one d100 initiative each, challenger first, and the higher acts first.
 */

const KEEPER: Actor = { kind: "keeper", seatId: "k1" };

describe("P100-DUEL-08: a duel proposed by the keeper orders its turns by d100 initiative (live, audit s10-e)", () => {
  for (const [minionRoll, warriorRoll, first] of [[30, 80, "warrior"], [80, 30, "minion"]] as const) {
    it(`P100-DUEL-08: initiative minion ${minionRoll}, Warrior ${warriorRoll}: the ${first} takes the duel's first turn`, () => {
      const sim = d100Sim();
      const w = adventurer(sim, "Warrior", 5, 5);
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      const dice = recordDice(sim, [minionRoll, warriorRoll]);
      expect(sim.enqueue(KEEPER, { type: "proposeDuel", unitId: m.id, opponentId: w.id, toDeath: false })).toEqual({ ok: true });
      const started = sim.drainEvents();
      const order = first === "warrior" ? [w.id, m.id] : [m.id, w.id];
      expect(of(started, "encounterStarted").map((e) => [e.order, e.initiative])).toEqual([[order, { [m.id]: minionRoll, [w.id]: warriorRoll }]]);
      expect([dice.draws, dice.left()]).toEqual([[`d100=${minionRoll}`, `d100=${warriorRoll}`], 0]);
      expect([d100Of(w).duel !== null, d100Of(m).duel !== null]).toEqual([true, true]);
      // The first turn is the higher roller's: its attack 50 against the other's dodge 60 misses (no damage die).
      const turn = recordDice(sim, [50, 60]);
      const ev = run(sim, 1);
      expect(of(ev, "turnStarted").map((e) => e.unitId)).toEqual([order[0]]);
      expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit])).toEqual([[order[0], order[1], false]]);
      expect([turn.draws, turn.left()]).toEqual([["d100=50", "d100=60"], 0]);
    });
  }
});
