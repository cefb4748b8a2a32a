import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * P100-FUMBLE-04 and P100-FUMBLE-05 in live d100 fights (issue 17, sweep s8), the mishaps of the
 * shot and the spell (live-attack.test.ts plays the melee blow's): the target, 4 tiles off with
 * a melee weapon, cannot counter-attack. A player holds the attacker and asks to keep its turn
 * open; `Simulation.step`, every draw recorded (fixtures.ts `recordDice`).
 */
describe("d100 mishaps in live fights (sweep s8)", () => {
  it("P100-FUMBLE-04, P100-FUMBLE-05: the Master's bolt at the warrior 4 tiles off (who cannot strike back from there): a natural 3 is a botched incantation: no effect, the charge kept, its turn over; an ordinary miss (50 against 60) spends the charge and leaves the turn open", () => {
    for (const [rolls, botched] of [[[3], true], [[50, 60], false]] as const) {
      const sim = d100Sim();
      const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
      master.controller = "k1"; // a test seat: the Master's turn waits for a plan
      const hero = adventurer(sim, "Warrior", 9, 5);
      hero.targetId = master.id;
      recordDice(sim, [90, 10]);
      sim.step();
      const dice = recordDice(sim, rolls);
      const ev = playPlan(sim, master, { action: "steps", steps: [{ kind: "cast", targetId: hero.id, spell: "shadowBolt" }], keepTurn: true });
      expect(lines(ev).filter((l) => l.includes(" attack ") || l.includes("damaged"))).toEqual([
        `2 attack attackerId=${master.id} targetId=${hero.id} hit=false attackRoll=${rolls[0]} defenceRoll=${botched ? 0 : 60}`,
      ]);
      expect([d100Of(master).spells.map((s) => [s.id, s.charges]), d100Of(master).hp, d100Of(hero).hp, encounterOf(sim, master.id)?.openTurn?.unitId, dice.draws, dice.left()])
        .toEqual([[["shadowBolt", botched ? 1 : 0]], 200, 200, botched ? undefined : master.id, rolls.map((r) => `d100=${r}`), 0]);
    }
  });

  it("P100-FUMBLE-04, P100-FUMBLE-05: a scout's arrow at a minion 4 tiles off (its club cannot reach): a natural 3 is a mishap (no counter-attack, no HP lost), its turn over; an ordinary miss (50 against 60) leaves it open", () => {
    for (const [rolls, mishap] of [[[3], true], [[50, 60], false]] as const) {
      const sim = d100Sim();
      const s = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
      s.controller = "a1";
      const m = addUnit(sim, { kind: "minion", x: 9, y: 5 });
      s.targetId = m.id;
      recordDice(sim, [90, 10]);
      sim.step();
      const dice = recordDice(sim, rolls);
      const ev = playPlan(sim, s, { action: "steps", steps: [{ kind: "attack", targetId: m.id }], keepTurn: true });
      expect(lines(ev)).toEqual([
        `2 attack attackerId=${s.id} targetId=${m.id} hit=false attackRoll=${rolls[0]} defenceRoll=${mishap ? 0 : 60}`,
        `2 turnPlanPlayed unitId=${s.id} refusals=[null]`,
      ]);
      expect([d100Of(s).hp, d100Of(m).hp, encounterOf(sim, s.id)?.openTurn?.unitId, dice.draws, dice.left()])
        .toEqual([150, 60, mishap ? undefined : s.id, rolls.map((r) => `d100=${r}`), 0]);
    }
  });
});
