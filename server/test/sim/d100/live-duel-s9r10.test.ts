import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { beginDuel } from "../../../src/sim/combat/d100/duels.ts";
import { adventurer, attackOnce, d100Sim, lines, recordDice } from "./fixtures.ts";

/**
 * Audit s9-r10 of issue 17: P100-DUEL-18 ("a duel ends as soon as one of the two duellists is
 * down, unconscious or dead") in a live d100 room. A player's warrior duels a minion through
 * `beginDuel` (what the duel commands call once both agree) and `Simulation.step`, every draw
 * recorded. The scenario sets the minion's HP in the duel; the blow (attack 70 against a defence
 * roll of 10, damage 60) decides whether it ends the duel. Left open DUEL: "down" is 0 HP or below;
 * a stunned duellist is not down.
 */
function duel(minionHp: number) {
  const sim = d100Sim();
  const w = adventurer(sim, "Warrior", 5, 5);
  w.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  recordDice(sim, [90, 10]);
  const enc = beginDuel(sim, w.id, m.id, { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
  if (typeof enc === "string") throw new Error(enc);
  sim.step();
  d100Of(m).hp = minionHp;
  return { sim, w, m, enc };
}

describe("d100 a duel ends when a duellist is down (P100-DUEL-18)", () => {
  it("P100-DUEL-18: a 60-damage blow on a minion at 60 HP (exactly 0 after) ends the duel on that blow: the minion falls unconscious, duelEnded how down, the encounter ends", () => {
    const { sim, w, m } = duel(60);
    const dice = recordDice(sim, [70, 10, 60]);
    const ev = attackOnce(sim, w, m);
    expect(dice.draws).toEqual(["d100=70", "d100=10", "1..100=60"]);
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=70 defenceRoll=10`,
      `2 damaged targetId=${m.id} sourceId=${w.id} amount=60 damageType=melee hp=0 critical=false`,
      `2 knockedOut unitId=${m.id} outcome=unconscious cause=hitPoints`,
      `2 duelEnded duelId=3 winnerId=${w.id} loserId=${m.id} how=down loserDied=false hp={"${w.id}":200,"${m.id}":1}`,
      `2 turnPlanPlayed unitId=${w.id} refusals=[null]`,
      `2 encounterEnded encounterId=3 rounds=1 reason=beaten`,
    ]);
    expect([d100Of(w).duel, d100Of(m).duel, m.activity]).toEqual([null, null, "unconscious"]);
  });

  it("P100-DUEL-18 (the other side): the same blow on a minion at 61 HP leaves it at 1 HP: no knock-out, no duelEnded, both still in the duel", () => {
    const { sim, w, m } = duel(61);
    const dice = recordDice(sim, [70, 10, 60]);
    const ev = attackOnce(sim, w, m);
    expect(dice.draws).toEqual(["d100=70", "d100=10", "1..100=60"]);
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=70 defenceRoll=10`,
      `2 damaged targetId=${m.id} sourceId=${w.id} amount=60 damageType=melee hp=1 critical=false`,
      `2 turnPlanPlayed unitId=${w.id} refusals=[null]`,
    ]);
    expect([d100Of(m).hp, d100Of(w).duel?.opponentId, d100Of(m).duel?.opponentId]).toEqual([1, m.id, w.id]);
  });

  it("P100-DUEL-18 (Left open DUEL): a stunned minion is not down: the warrior's blow (no defence roll: stunned, 60 damage) leaves it at 40 HP and the duel goes on", () => {
    const { sim, w, m } = duel(100);
    addStatus(d100Of(m), "stunned");
    const dice = recordDice(sim, [70, 60]);
    const ev = attackOnce(sim, w, m);
    expect(dice.draws).toEqual(["d100=70", "1..100=60"]);
    expect(lines(ev).filter((l) => / (damaged|knockedOut|duelEnded|encounterEnded) /.test(l))).toEqual([
      `2 damaged targetId=${m.id} sourceId=${w.id} amount=60 damageType=melee hp=40 critical=false`,
    ]);
    expect([d100Of(m).hp, d100Of(w).duel?.opponentId, d100Of(m).duel?.opponentId]).toEqual([40, m.id, w.id]);
  });
});
