import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import { coverAgainst } from "../../../src/sim/combat/d20/reach.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 17: the Locksmith's oil flask in a live d20 room: an area technique that reaches behind
 * total cover (D20-ATTACK-66) and leaves spilled slippery liquid for 3 rounds (D20-MOVE-26, D20-MOVE-27).
 */

const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);
const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** An open room with a wall at x = 5 on rows 4 to 6. */
const WALLED = [
  "P...................",
  "....................",
  "....................",
  "....................",
  ".....#..............",
  ".....#..............",
  ".....#..............",
  ...Array.from({ length: 4 }, () => "...................."),
  "SK..................",
].join("\n");

/** A Locksmith played by seat a0 at (3, 5) (its class arriving through the live `partyArrived`), a minion behind the wall at (6, 5); the Locksmith's turn comes first and waits for its plan. */
function setUp(): { sim: Simulation; lock: UnitRecord; m: UnitRecord } {
  const sim = d20Sim(1, WALLED);
  const k = ADVENTURER_CLASSES.Locksmith!;
  const lock = hero(sim, 3, 5, { adventurerClass: "Locksmith", partyId: "p1", controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [lock.id] } as unknown as PartyRecord);
  const m = minion(sim, 6, 5);
  for (const u of [lock, m]) d20Of(u).abilities = { ...ZERO };
  lock.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  return { sim, lock, m };
}

function play(sim: Simulation, lock: UnitRecord, steps: unknown[], dice: number[]): { events: SimEvent[]; refusals: (string | null)[] } {
  expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: lock.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const left = forceDice(sim, dice);
  const events = sim.step();
  expect(left.left()).toBe(0);
  return { events, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

describe("spilled oil in a live d20 room (issue 17)", () => {
  it("D20-ATTACK-66: the oil flask thrown at (7, 5) splashes the minion behind the wall (total cover against attacks) for 1", () => {
    const { sim, lock, m } = setUp();
    const enc = Object.values(sim.state.encounters ?? {})[0]!;
    const o = d20TurnOptions(sim, enc, lock);
    const flask = o.spells.find((s) => s.name === "oilFlask")!;
    expect([flask.kind, flask.pool, flask.cost, flask.castable, flask.tiles.some((t) => t.x === 7 && t.y === 5)]).toEqual(["area", "stamina", 1, true, true]);
    expect(coverAgainst(sim, enc, lock, m)).toBe("total");
    const hp = d20Of(m).hp;
    const t = play(sim, lock, [{ kind: "cast", spell: "oilFlask", x: 7, y: 5 }], []);
    expect([t.refusals, of(t.events, "damaged").map((e) => [e.targetId, e.amount]), d20Of(m).hp, d20Of(lock).stamina]).toEqual([[null], [[m.id, 1]], hp - 1, 1]);
    expect(enc.zones!.filter((z) => z.type === "slippery").map((z) => [z.x, z.y, z.roundsLeft])).toEqual([
      [6, 4, 3], [7, 4, 3], [8, 4, 3], [6, 5, 3], [7, 5, 3], [8, 5, 3], [6, 6, 3], [7, 6, 3], [8, 6, 3],
    ]);
  });

  it("D20-MOVE-26, D20-MOVE-27: oily ground is difficult terrain (2 a tile, so 6 movement stops one oily tile short) and entering it takes an Agility roll against 10: 9 falls prone, 10 keeps its footing", () => {
    for (const [roll, prone] of [[9, true], [10, false]] as const) {
      const { sim, lock } = setUp();
      const t = play(sim, lock, [
        { kind: "cast", spell: "oilFlask", x: 7, y: 3 },
        { kind: "move", path: [{ x: 4, y: 4 }, { x: 4, y: 3 }, { x: 5, y: 3 }, { x: 6, y: 3 }, { x: 7, y: 3 }] },
      ], [roll]);
      // 1 + 1 + 1 + 2 (oil: difficult) of 6 spent; the next oily tile would cost 2 more (3 crawling).
      expect(t.refusals).toEqual([null, "not enough movement left (D20-MOVE-07)"]);
      expect([lock.x, lock.y, d20Of(lock).statuses.some((s) => s.kind === "prone")]).toEqual([6, 3, prone]);
    }
  });
});
