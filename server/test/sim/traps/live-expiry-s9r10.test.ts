import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { forceDice, makeSim, place } from "./helpers.ts";

/**
 * Audit s9-r10 of issue 17: TRAP-48 ("each trap part needs a rearm every 2 days, even if never
 * used") with the countdown started by the live construction, not by a test shortcut. A Trapping
 * minion hauls the metal and builds a pressure plate through `sim.step()`; the keeper moves the
 * built plate with `movePart` (decision: moving does not reset the countdown); the clients' state
 * marks it expired exactly 2 game days after the `partBuilt` tick: 2 × 24 h × 60 min × 10 ticks =
 * 28 800 ticks, written out here rather than read from the code's constant. No unit rolls a die
 * before then (no adventurer, nothing to rearm).
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
const TWO_GAME_DAYS_TICKS = 2 * 24 * 60 * 10;

describe.each(RULESETS.map((r) => [r]))("a part's 2-day countdown from its construction (%s)", (ruleset: RulesetId) => {
  it(`TRAP-48 (${ruleset}): a plate a minion builds, never used and moved once, is not expired on the tick before 28 800 ticks (2 game days) after its partBuilt and is expired on that tick`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.metal = 40;
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    addUnit(sim, { kind: "minion", job: "trapping", x: 3, y: 9 });
    const plate = place(sim, "pressurePlate", 10, 6);
    const quiet = forceDice(sim, []);
    let builtTick = -1;
    for (let i = 0; i < 3000 && builtTick < 0; i++) {
      const built = sim.step().filter((e: SimEvent) => e.type === "partBuilt");
      if (built.length > 0) { expect(built).toMatchObject([{ partId: plate }]); builtTick = sim.state.tick; }
    }
    expect(builtTick).toBe(343); // the same walk and work in every ruleset
    const state = new DungeonState();
    const expired = () => { projectState(state, sim, 1); return state.parts.get(plate)!.expired; };
    while (sim.state.tick < builtTick + 100) sim.step();
    expect(sim.apply({ type: "movePart", partId: plate, x: 12, y: 6 })).toEqual({ ok: true });
    while (sim.state.tick < builtTick + TWO_GAME_DAYS_TICKS - 1) sim.step();
    expect([expired(), sim.state.parts[plate]!.x, quiet.left()]).toEqual([false, 12, 0]);
    sim.step();
    expect([sim.state.tick - builtTick, expired()]).toEqual([28_800, true]);
    quiet.release();
  });
});
