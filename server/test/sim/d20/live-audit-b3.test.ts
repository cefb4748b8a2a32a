import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";

/*
 * Audit b3 of issue 17, d20 findings fixed with live tests (Simulation.step, the live `planTurn`
 * command, forced dice):
 * - D20-HP-29: no live test had a non-zero Médecine, so the skill half of the "Habilité (Médecine)"
 *   roll was never seen in play;
 * - D20-MOVE-02: only a move mixing walking and swimming was played, never a whole move swum.
 */

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

/**
 * A hero played by seat-1 at (`x`, `y`), a standing minion at (15, 10) (out of reach) and, when
 * `fallen` is given, a dying minion at that tile (0 HP, unconscious, `failures` failed death saves);
 * all with zero characteristics and 20 HP. Initiative hero 20, then 1 (and 2): the hero's turn
 * comes first and waits for its plan. The plan `steps` is sent through the live `planTurn`
 * command; returns that tick's events and the plan's refusals.
 */
function heroTurn(opts: { steps: unknown[]; map?: string; x?: number; y?: number; prepare?: (sim: Simulation, a: UnitRecord) => void; fallen?: { x: number; y: number; failures: number }; dice?: number[] }) {
  const sim = d20Sim(1, opts.map ?? ARENA);
  const a = hero(sim, opts.x ?? 5, opts.y ?? 5, { controller: "seat-1" });
  const m = minion(sim, 15, 10);
  const f = opts.fallen ? minion(sim, opts.fallen.x, opts.fallen.y) : null;
  plain(f ? [a, m, f] : [a, m], 20);
  if (f) {
    const d = d20Of(f);
    d.hp = 0;
    d.stable = false;
    d.deathSaves = { successes: 0, failures: opts.fallen!.failures };
    f.activity = "unconscious";
  }
  opts.prepare?.(sim, a);
  a.targetId = m.id;
  forceDice(sim, f ? [20, 1, 2] : [20, 1]);
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: opts.steps } as never)).toEqual({ ok: true });
  const dice = forceDice(sim, opts.dice ?? []);
  const events: SimEvent[] = sim.step();
  expect(dice.left()).toBe(0);
  return { sim, a, f, events, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

describe("audit b3: first aid is an Habilité (Médecine) roll in play (D20-HP-29)", () => {
  it("D20-HP-29, D20-HP-30: the hero (Habilité 2, Médecine 3) gives first aid with its action to the dying minion with 2 failures (DC 12): a natural 7 (7 + 2 + 3 = 12) stabilises it, a 6 (11) does not; with Médecine 0 the same 7 (9) fails and a 10 (12) is needed", () => {
    const aid = (medecine: number, natural: number) => {
      const t = heroTurn({
        steps: [{ kind: "firstAid", targetId: "3" }, { kind: "dash" }],
        fallen: { x: 6, y: 6, failures: 2 },
        prepare: (_s, a) => { d20Of(a).abilities.habilite = 2; d20Of(a).skills.medecine = medecine; },
        dice: [natural],
      });
      expect(t.f!.id).toBe("3");
      // first aid is the turn's action: the Dash after it is refused
      expect(t.refusals).toEqual([null, expect.stringContaining("action")]);
      return [d20Of(t.f!).stable, d20Of(t.f!).hp, t.f!.activity];
    };
    expect(aid(3, 7)).toEqual([true, 0, "unconscious"]);
    expect(aid(3, 6)).toEqual([false, 0, "unconscious"]);
    expect(aid(0, 7)).toEqual([false, 0, "unconscious"]);
    expect(aid(0, 10)).toEqual([true, 0, "unconscious"]);
  });
});

/** The ARENA with deep water `~` on x = 4..11, rows 2..9: the hero can swim 3 tiles (6 ÷ 2) in any direction from (7, 5). */
const LAKE = ARENA.split("\n").map((r, y) => (y >= 2 && y <= 9 ? r.slice(0, 4) + "~".repeat(8) + r.slice(12) : r)).join("\n");

describe("audit b3: a whole move swum (D20-MOVE-02)", () => {
  it("D20-MOVE-02, D20-MOVE-18: a hero starting its turn in deep water is swimming at no cost and makes its whole move swimming: 3 tiles of movement 6 (each costs 2), a 4th is refused; it never walks", () => {
    const t = heroTurn({ steps: [{ kind: "move", path: at([8, 5], [9, 5], [10, 5]) }, { kind: "move", path: at([11, 5]) }], map: LAKE, x: 7, y: 5 });
    expect(t.refusals).toEqual([null, expect.stringContaining("D20-MOVE-07")]);
    expect([t.a.x, t.a.y, d20Of(t.a).mode]).toEqual([10, 5, "swim"]);
    expect(of(t.events, "moveModeChanged").map((e) => [e.unitId, e.from, e.mode])).toEqual([[t.a.id, "walk", "swim"]]);
  });
});
