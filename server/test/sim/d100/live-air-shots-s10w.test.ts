import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { ARENA } from "../encounters/helpers.ts";
import { adventurer, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * Shots past a body in the line of fire, live (P100-AIR-24, P100-AIR-25, CMB-14): a keeper's harpy
 * archer (seat k1) at (3, 5), a peasant standing at (5, 5) right on the line to the warrior at
 * (7, 5). Initiative harpy 90, peasant 10, warrior 20: the harpy's turn waits for its plan, one
 * attack on the warrior. Along the ground (on the ground or at low height) the shot may strike the
 * peasant: the CMB-14 die (`BYSTANDER_HIT_CHANCE`, 25) is drawn first; from moderate or high height
 * it passes over the ground and no such die is drawn.
 */
function setUp(altitude: "ground" | "low" | "moderate" | "high") {
  const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
  const h = addUnit(sim, { kind: "creature", species: "harpy", x: 3, y: 5, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
  d100Of(h).altitude = altitude;
  h.controller = "k1";
  const body = adventurer(sim, "Peasant", 5, 5);
  const w = adventurer(sim, "Warrior", 7, 5);
  w.targetId = h.id;
  body.targetId = h.id;
  return { sim, h, body, w };
}

/** The harpy at `altitude` shoots at the warrior with the dice `values` (after the initiative): the events of its turn and the dice left. */
function shoot(altitude: "ground" | "low" | "moderate" | "high", values: readonly number[]) {
  const { sim, h, body, w } = setUp(altitude);
  const init = recordDice(sim, [90, 10, 20]);
  expect(lines(sim.step())).toEqual([]); // the harpy's turn waits for its plan
  expect(init.left()).toBe(0);
  const dice = recordDice(sim, values);
  const ev = lines(playPlan(sim, h, { action: "steps", steps: [{ kind: "attack", targetId: w.id }] }));
  return { ev, draws: dice.draws, left: dice.left(), h: h.id, body: body.id, w: w.id, bodyHp: d100Of(body).hp, warriorHp: d100Of(w).hp };
}

describe("s10: a body in the line of fire and shots from the air", () => {
  it("CMB-14 (the ground shot): on the ground and at low height the harpy's shot draws the bystander die first: 25 (at most 25) and the peasant at (5, 5) is struck instead (shotIntercepted; 50 against its dodge 30, 10 damage); 26 and the shot goes on to the warrior (50 against 30, 10 damage)", () => {
    for (const altitude of ["ground", "low"] as const) {
      // At low height the attack line carries its air fields (no modifier there, P100-AIR-07 read for low).
      const air = altitude === "low" ? " natural=50 airModifier=0 damageRoll=10" : "";
      const hit = shoot(altitude, [25, 50, 30, 10]);
      expect(hit.ev).toEqual([
        `2 shotIntercepted attackerId=${hit.h} intendedId=${hit.w} targetId=${hit.body}`,
        `2 attack attackerId=${hit.h} targetId=${hit.body} hit=true attackRoll=50 defenceRoll=30${air}`,
        `2 damaged targetId=${hit.body} sourceId=${hit.h} amount=10 damageType=ranged hp=10 critical=false`,
        `2 turnPlanPlayed unitId=${hit.h} refusals=[null]`,
      ]);
      expect([hit.bodyHp, hit.warriorHp, hit.left]).toEqual([10, 200, 0]);
      const past = shoot(altitude, [26, 50, 30, 10]);
      expect(past.ev).toEqual([
        `2 attack attackerId=${past.h} targetId=${past.w} hit=true attackRoll=50 defenceRoll=30${air}`,
        `2 damaged targetId=${past.w} sourceId=${past.h} amount=10 damageType=ranged hp=190 critical=false`,
        `2 turnPlanPlayed unitId=${past.h} refusals=[null]`,
      ]);
      expect([past.bodyHp, past.warriorHp, past.left]).toEqual([20, 190, 0]);
    }
  });

  it("P100-AIR-24, P100-AIR-25: from moderate and from high height the same shot flies over the peasant: no bystander die, the first die (25) is the attack itself, against the warrior (moderate: 25 + 20 = 45 against its dodge 10, hits for 10; high: 25 − 20 = 5 against 10, a miss)", () => {
    for (const altitude of ["moderate", "high"] as const) {
      const r = shoot(altitude, [25, 10, 10]);
      const hits = altitude === "moderate";
      expect(r.ev).toEqual([
        `2 attack attackerId=${r.h} targetId=${r.w} hit=${hits} attackRoll=${hits ? 45 : 5} defenceRoll=10 natural=25 airModifier=${hits ? 20 : -20} damageRoll=${hits ? 10 : 0}`,
        ...(hits ? [`2 damaged targetId=${r.w} sourceId=${r.h} amount=10 damageType=ranged hp=190 critical=false`] : []),
        `2 turnPlanPlayed unitId=${r.h} refusals=[null]`,
      ]);
      // The dice drawn: the attack, the dodge and (on a hit) the damage; none for the peasant.
      expect([r.draws, r.left, r.bodyHp, r.warriorHp]).toEqual([hits ? ["d100=25", "d100=10", "1..100=10"] : ["d100=25", "d100=10"], hits ? 0 : 1, 20, hits ? 190 : 200]);
    }
  });
});

/**
 * An immune flyer is not unseated (P100-AIR-16, P100-STATUS-11, Left open AIR: unseating needs damage
 * taken): a keeper's harpy (200 HP here) at moderate height, a player's scout (seat a0) at (7, 5)
 * shoots it (initiative harpy 10, scout 90): 50 + 20 against its dodge 30, damage roll 85 (above 80).
 */
describe("s10: an immune flyer is not unseated", () => {
  it("P100-AIR-16, P100-AIR-18, P100-STATUS-11: the damage roll 85 (>80) takes 85 from the harpy (200 → 115) and unseats it: it falls to the ground and loses half its current HP (57: one damaged event of 142, 58 HP left); warded (immune 2 turns), the same hit takes nothing and it stays at moderate height", () => {
    for (const immune of [false, true]) {
      const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
      const h = addUnit(sim, { kind: "creature", species: "harpy", x: 3, y: 5, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
      d100Of(h).altitude = "moderate";
      d100Of(h).hp = d100Of(h).maxHp = 200;
      if (immune) addStatus(d100Of(h), "immune", 2);
      const s = adventurer(sim, "Scout", 7, 5, { weapon: "bow", ranged: true });
      s.controller = "a0";
      s.targetId = h.id;
      h.targetId = s.id;
      const init = recordDice(sim, [10, 90]); // initiative harpy 10, scout 90: the scout's turn waits for its plan
      expect(lines(sim.step())).toEqual([]);
      const dice = recordDice(sim, [50, 30, 85]);
      const ev = lines(playPlan(sim, s, { action: "steps", steps: [{ kind: "attack", targetId: h.id }] }));
      expect(ev).toEqual([
        `2 attack attackerId=${s.id} targetId=${h.id} hit=true attackRoll=70 defenceRoll=30 natural=50 airModifier=20 damageRoll=85`,
        ...(immune ? [] : [`2 damaged targetId=${h.id} sourceId=${s.id} amount=142 damageType=ranged hp=58 critical=false`]),
        ...(immune ? [] : [`2 altitudeChanged unitId=${h.id} altitude=ground cause=fall`]),
        `2 turnPlanPlayed unitId=${s.id} refusals=[null]`,
      ]);
      expect([init.left(), dice.draws, dice.left(), d100Of(h).altitude, d100Of(h).hp]).toEqual([0, ["d100=50", "d100=30", "1..100=85"], 0, immune ? "moderate" : "ground", immune ? 200 : 58]);
    }
  });
});
