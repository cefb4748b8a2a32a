import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import type { D100Step } from "../../../src/sim/combat/d100/plan.ts";
import { adventurer, companion, d100Sim, forceDice, of, playPlan, run } from "./fixtures.ts";

/**
 * Issue 17, audit s10-e: P100-AIR-20 ("mounting or dismounting, or landing or taking off, costs a
 * full turn") in a live d100 fight. The earlier tests played each of the four as a one-step plan
 * (the turn then ends anyway); here a player's Skyrider plays step lists through `Simulation.step`,
 * so the "full turn" shows: after a move each of the four is refused `needsFullTurn`, and after
 * one of them the next step is refused `turnOver` (issue 17 follow-up: the list's last entry says it
 * was cut short, as a refused step does) and nothing after it is played. Nothing is drawn but the initiative dice.
 */

/** A player's Skyrider (unit 1) at (5, 5) on its griffon, a bear far off at (14, 5); initiative rider 90, griffon 50, bear 10; the rider's turn waits for its plan. */
function fight(opts: { mounted?: boolean; altitude?: "ground" | "low" } = {}) {
  const sim = d100Sim();
  const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
  const griffon = companion(sim, sky, 5, 5);
  const bear = addUnit(sim, { ...speciesFields("bear"), x: 14, y: 5 });
  sky.controller = "seat-1";
  sky.targetId = bear.id;
  if (opts.mounted === false) { d100Of(sky).mountId = ""; griffon.x = 6; griffon.y = 5; }
  if (opts.altitude === "low") for (const u of [sky, griffon]) d100Of(u).altitude = "low";
  const dice = forceDice(sim, [90, 50, 10]);
  run(sim, 1); // the encounter starts and waits for the rider's plan
  return { sim, sky, griffon, bear, dice };
}

/** The rider plays `steps` (its turn then ends); the refusals of its `turnPlanPlayed` and the mount and flight events. */
function play(f: ReturnType<typeof fight>, steps: D100Step[]) {
  const ev = playPlan(f.sim, f.sky, { action: "steps", steps });
  return {
    refusals: of(ev, "turnPlanPlayed").filter((e) => e.unitId === f.sky.id).map((e) => e.refusals),
    mounts: of(ev, "mountChanged").map((e) => [e.riderId, e.mountId, e.mounted]),
    heights: of(ev, "altitudeChanged").map((e) => [e.unitId, e.altitude, e.cause]),
  };
}

describe("P100-AIR-20: taking off, landing, mounting and dismounting each cost the full turn (live, audit s10-e)", () => {
  it("P100-AIR-20: a move of one tile first (to (5, 6)) leaves no full turn: takeOff is refused needsFullTurn and the griffon stays on the ground; planned first, takeOff lifts both to low height and the move after it is refused turnOver, not played (the turn is over); with a third step the list stops at that refusal", () => {
    const late = fight();
    expect(play(late, [{ kind: "move", x: 5, y: 6 }, { kind: "takeOff" }])).toEqual({ refusals: [[null, "needsFullTurn"]], mounts: [], heights: [] });
    expect([late.sky.x, late.sky.y, d100Of(late.sky).altitude, d100Of(late.griffon).altitude, late.dice.left()]).toEqual([5, 6, "ground", "ground", 0]);

    const first = fight();
    expect(play(first, [{ kind: "takeOff" }, { kind: "move", x: 5, y: 6 }])).toEqual({
      refusals: [[null, "turnOver"]], mounts: [],
      heights: [[first.griffon.id, "low", "takeOff"], [first.sky.id, "low", "takeOff"]],
    });
    expect([first.sky.x, first.sky.y, d100Of(first.sky).altitude, d100Of(first.griffon).altitude, first.dice.left()]).toEqual([5, 5, "low", "low", 0]);

    const three = fight();
    expect(play(three, [{ kind: "takeOff" }, { kind: "move", x: 5, y: 6 }, { kind: "attack", targetId: three.bear.id }])).toEqual({
      refusals: [[null, "turnOver"]], mounts: [],
      heights: [[three.griffon.id, "low", "takeOff"], [three.sky.id, "low", "takeOff"]],
    });
    expect([three.sky.x, three.sky.y, d100Of(three.bear).hp === d100Of(three.bear).maxHp, three.dice.left()]).toEqual([5, 5, true, 0]);
  });

  it("P100-AIR-20: at low height a move first makes land refuse needsFullTurn (still low); land first brings both down and a move after it (to (5, 6)) is refused turnOver, not played", () => {
    const late = fight({ altitude: "low" });
    expect(play(late, [{ kind: "move", x: 5, y: 6 }, { kind: "land" }])).toEqual({ refusals: [[null, "needsFullTurn"]], mounts: [], heights: [] });
    expect([d100Of(late.sky).altitude, d100Of(late.griffon).altitude]).toEqual(["low", "low"]);

    const first = fight({ altitude: "low" });
    expect(play(first, [{ kind: "land" }, { kind: "move", x: 5, y: 6 }])).toEqual({
      refusals: [[null, "turnOver"]], mounts: [],
      heights: [[first.griffon.id, "ground", "land"], [first.sky.id, "ground", "land"]],
    });
    expect([d100Of(first.sky).altitude, d100Of(first.griffon).altitude, first.sky.x, first.sky.y, first.dice.left()]).toEqual(["ground", "ground", 5, 5, 0]);
  });

  it("P100-AIR-20: a move first makes dismount refuse needsFullTurn (still riding); dismount first gets off and a move after it (to (5, 6)) is refused turnOver, not played", () => {
    const late = fight();
    expect(play(late, [{ kind: "move", x: 5, y: 6 }, { kind: "dismount" }])).toEqual({ refusals: [[null, "needsFullTurn"]], mounts: [], heights: [] });
    expect(d100Of(late.sky).mountId).toBe(late.griffon.id);

    const first = fight();
    expect(play(first, [{ kind: "dismount" }, { kind: "move", x: 5, y: 6 }])).toEqual({
      refusals: [[null, "turnOver"]], mounts: [[first.sky.id, first.griffon.id, false]], heights: [],
    });
    expect([d100Of(first.sky).mountId, first.sky.x, first.sky.y, first.dice.left()]).toEqual(["", 5, 5, 0]);
  });

  it("P100-AIR-20: on foot beside its griffon at (6, 5), a move first (to (5, 6), still beside it) makes mount refuse needsFullTurn; mount first gets on (onto (6, 5)) and a move after it is refused turnOver, not played", () => {
    const late = fight({ mounted: false });
    expect(play(late, [{ kind: "move", x: 5, y: 6 }, { kind: "mount", targetId: late.griffon.id }])).toEqual({ refusals: [[null, "needsFullTurn"]], mounts: [], heights: [] });
    expect([d100Of(late.sky).mountId, late.sky.x, late.sky.y]).toEqual(["", 5, 6]);

    const first = fight({ mounted: false });
    expect(play(first, [{ kind: "mount", targetId: first.griffon.id }, { kind: "move", x: 6, y: 6 }])).toEqual({
      refusals: [[null, "turnOver"]], mounts: [[first.sky.id, first.griffon.id, true]], heights: [],
    });
    expect([d100Of(first.sky).mountId, first.sky.x, first.sky.y, first.dice.left()]).toEqual([first.griffon.id, 6, 5, 0]);
  });
});
