import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { beginDuel } from "../../../src/sim/combat/d100/duels.ts";
import { adventurer, attackOnce, d100Sim, lines, recordDice } from "./fixtures.ts";

/**
 * P100-DUEL-07, 21, 22 in live d100 fights (issue 17, sweep s8): a player's warrior (200 HP, a
 * defender) starting a duel at `hp` against a 60-HP minion, through `beginDuel` (what the room's
 * duel commands call once both agree) and `Simulation.step`, every draw recorded. Its critical
 * blow (natural 96, damage 80 × 1.5 = 120) brings the minion (60 + 50 = 110 in the duel) down.
 */
function duelWonFrom(hp: number) {
  const sim = d100Sim();
  const w = adventurer(sim, "Warrior", 5, 5);
  w.controller = "a1";
  d100Of(w).hp = hp;
  const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  const init = recordDice(sim, [90, 10]);
  const enc = beginDuel(sim, w.id, m.id, { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
  if (typeof enc === "string") throw new Error(enc);
  const start = sim.step();
  expect(init.left()).toBe(0);
  const inDuel = [d100Of(w).hp, d100Of(w).maxHp, d100Of(m).hp];
  const dice = recordDice(sim, [96, 80]);
  const ev = attackOnce(sim, w, m);
  return { w, m, start, inDuel, ev, dice };
}

describe("d100 the end of a duel in live fights (sweep s8)", () => {
  it("P100-DUEL-07, P100-DUEL-21, P100-DUEL-22: a warrior starting its duel at 24 HP fights it at 74 (max 250); it wins, loses the 50 bonus HP (24) and is raised to 25; its maximum is 200 again", () => {
    const { w, m, inDuel, ev, dice } = duelWonFrom(24);
    expect(inDuel).toEqual([74, 250, 110]);
    expect(lines(ev).slice(0, 4)).toEqual([
      `2 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=96 defenceRoll=0`,
      `2 damaged targetId=${m.id} sourceId=${w.id} amount=120 damageType=melee hp=-10 critical=true`,
      `2 knockedOut unitId=${m.id} outcome=unconscious cause=hitPoints`,
      `2 duelEnded duelId=3 winnerId=${w.id} loserId=${m.id} how=down loserDied=false hp={"${w.id}":25,"${m.id}":1}`,
    ]);
    expect([d100Of(w).hp, d100Of(w).maxHp, dice.draws, dice.left()]).toEqual([25, 200, ["d100=96", "1..100=80"], 0]);
  });

  it("P100-DUEL-22 (the other side): a warrior starting at 26 HP (76 in the duel) ends its won duel at 26, 25 or more, so it is not raised", () => {
    const { w, m, inDuel, ev, dice } = duelWonFrom(26);
    expect(inDuel).toEqual([76, 250, 110]);
    expect(lines(ev)[3]).toBe(`2 duelEnded duelId=3 winnerId=${w.id} loserId=${m.id} how=down loserDied=false hp={"${w.id}":26,"${m.id}":1}`);
    expect([d100Of(w).hp, d100Of(w).maxHp, dice.left()]).toEqual([26, 200, 0]);
  });

  it("P100-DUEL-05, P100-DUEL-06, P100-DUEL-08: unhurt duellists of each role: a priest (healer, 150) and a scout (attacker, 150) both go up to 200; a warrior (defender, 200) to 250; their d100 initiatives (30, 80) order the duel, the higher first", () => {
    const hps: number[][] = [];
    for (const [a, b] of [["Priest", "Scout"], ["Warrior", "Scout"]] as const) {
      const sim = d100Sim();
      const x = adventurer(sim, a, 5, 5, a === "Priest" ? { weapon: "mace", blunt: true } : {});
      const y = addUnit(sim, { kind: "adventurer", faction: "keeper", adventurerClass: b, level: 1, x: 6, y: 5, gear: { weapon: "dagger", blunt: false, ranged: false, armour: "none", helm: 0 } });
      const dice = recordDice(sim, [30, 80]);
      const enc = beginDuel(sim, x.id, y.id, { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
      if (typeof enc === "string") throw new Error(enc);
      expect([enc.order, enc.initiative, dice.draws, dice.left()]).toEqual([[y.id, x.id], { [x.id]: 30, [y.id]: 80 }, ["d100=30", "d100=80"], 0]);
      hps.push([d100Of(x).hp, d100Of(x).maxHp, d100Of(y).hp, d100Of(y).maxHp]);
    }
    expect(hps).toEqual([[200, 200, 200, 200], [250, 250, 200, 200]]);
  });
});
