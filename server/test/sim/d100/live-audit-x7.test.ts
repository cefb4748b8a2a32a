import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, attackOnce, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * Audit a8-x7 (issue 17): live d100 fights through `Simulation.step`, the player's plan in its
 * encounter, every die recorded (`recordDice`: "d100=v" or "min..max=v").
 */

/** A player-held `cls` at (5, 5) with `gear` next to a 300-HP minion at (6, 5); initiative hero 90, minion 10, so the hero's turn waits for its plan. */
function playerNextToMinion(cls: string, gear: Partial<UnitRecord["gear"]>) {
  const sim = d100Sim();
  const hero = adventurer(sim, cls, 5, 5, gear);
  hero.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  hero.targetId = m.id;
  const dice = recordDice(sim, [90, 10]);
  sim.step();
  dice.draws.length = 0;
  return { sim, hero, m };
}

describe("audit a8-x7: improvised weapons and criticals (P100-WEAPON-05)", () => {
  it("P100-WEAPON-05: a peasant's pitchfork (improvised) rolling a natural 96, the lowest critical (not the heroic 100), is no critical hit: it counts 48 (halved), a dodge is rolled and 49 makes it miss; against 47 it hits for its plain damage 40 (not ×1.5), critical=false", () => {
    for (const [defence, hit] of [[49, false], [47, true]] as const) {
      const { sim, hero, m } = playerNextToMinion("Peasant", { weapon: "pitchfork" });
      const dice = recordDice(sim, hit ? [96, defence, 40] : [96, defence]);
      const ev = attackOnce(sim, hero, m);
      expect(lines(ev).filter((l) => / (attack|damaged) /.test(l))).toEqual([
        `2 attack attackerId=${hero.id} targetId=${m.id} hit=${hit} attackRoll=48 defenceRoll=${defence}`,
        ...(hit ? [`2 damaged targetId=${m.id} sourceId=${hero.id} amount=40 damageType=melee hp=260 critical=false`] : []),
      ]);
      expect([dice.draws, dice.left(), d100Of(m).hp]).toEqual([hit ? ["d100=96", `d100=${defence}`, "1..50=40"] : ["d100=96", `d100=${defence}`], 0, hit ? 260 : 300]);
    }
  });
});

describe("audit a8-x7: the chosen action's target and roll (P100-BASE-07)", () => {
  /** A player's Master at (5, 5), warrior A (200 HP) next to it at (6, 5), warrior B (150 HP) at (9, 5); initiative Master 90, A 10, B 20. */
  function masterBetweenTwo() {
    const sim = d100Sim();
    const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
    master.controller = "k1";
    const a = adventurer(sim, "Warrior", 6, 5);
    const b = adventurer(sim, "Warrior", 9, 5);
    d100Of(b).hp = 150;
    a.targetId = master.id; b.targetId = master.id;
    recordDice(sim, [90, 10, 20]);
    sim.step();
    return { sim, master, a, b };
  }

  it("P100-BASE-07: the Master chooses the cast-a-spell action: its bolt names warrior B (4 tiles off, not A next to it) and makes the spell's attack roll, d100 60 against B's dodge 30, then the bolt's own damage die 30..80 (40): B 150 → 110, A untouched", () => {
    const { sim, master, a, b } = masterBetweenTwo();
    const dice = recordDice(sim, [60, 30, 40]);
    const ev = playPlan(sim, master, { action: "steps", steps: [{ kind: "cast", targetId: b.id, spell: "shadowBolt" }] });
    expect(lines(ev).filter((l) => / (attack|damaged|spellCast|turnPlanPlayed) /.test(l))).toEqual([
      `2 spellCast unitId=${master.id} spellId=shadowBolt targetId=${b.id} chargesLeft=0`,
      `2 attack attackerId=${master.id} targetId=${b.id} hit=true attackRoll=60 defenceRoll=30`,
      `2 damaged targetId=${b.id} sourceId=${master.id} amount=40 damageType=magic hp=110 critical=false`,
      `2 turnPlanPlayed unitId=${master.id} refusals=[null]`,
    ]);
    expect([d100Of(a).hp, d100Of(b).hp, dice.draws, dice.left()]).toEqual([200, 110, ["d100=60", "d100=30", "30..80=40"], 0]);
  });

  it("P100-BASE-07: the Master chooses the attack action on A instead: the weapon's attack roll (d100 60 against A's dodge 30) and its bare hands' damage die 1..50 (40): A 200 → 160, B untouched", () => {
    const { sim, master, a, b } = masterBetweenTwo();
    const dice = recordDice(sim, [60, 30, 40]);
    const ev = playPlan(sim, master, { action: "steps", steps: [{ kind: "attack", targetId: a.id }] });
    expect(lines(ev).filter((l) => / (attack|damaged|spellCast) /.test(l))).toEqual([
      `2 attack attackerId=${master.id} targetId=${a.id} hit=true attackRoll=60 defenceRoll=30`,
      `2 damaged targetId=${a.id} sourceId=${master.id} amount=40 damageType=melee hp=160 critical=false`,
    ]);
    expect([d100Of(a).hp, d100Of(b).hp, dice.draws, dice.left()]).toEqual([160, 150, ["d100=60", "d100=30", "1..50=40"], 0]);
  });
});
