import { describe, expect, it } from "vitest";
import { D20_CLASS_SPELLS, MAGIC_ADVANTAGE_BONUS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, hero, minion } from "../encounters/helpers.ts";
import { creature, of, plain, run } from "./live-helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";

/*
 * Audit b1 of issue 17 (D20-DAMAGE-03: "magic weapons, special abilities and other factors may
 * add bonus damage"). The existing live test shows the magic weapon only. Here, stepping a d20
 * room with forced dice whose sides are recorded: the Master's magic staff (+1, `damageBonus` of
 * D20_SPECIES_TRAITS) and the elemental advantage of the Skyrider's gust (wind beats earth:
 * +MAGIC_ADVANTAGE_BONUS), each beside the same die without the bonus.
 */
const dmg = (ev: readonly SimEvent[]) => of(ev, "damaged").map(({ targetId, sourceId, amount, damageType, hp }) => ({ targetId, sourceId, amount, damageType, hp }));

describe("audit b1: bonus damage in play (D20-DAMAGE-03)", () => {
  /** The hero at (5, 5) picks `striker` at (6, 5), which strikes first (initiative hero 1, it 20): d20 15 hits, the d6 shows 4; the hero's own swing misses (1). */
  function strike(kind: "master" | "minion") {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = kind === "master" ? creature(sim, "master", 6, 5) : minion(sim, 6, 5);
    plain([a, m]);
    if (kind === "master") d20Of(m).mana = 0; // no spell: it strikes with its staff
    else d20Of(m).weapon = { ...d20Of(creature(d20Sim(), "master", 1, 1)).weapon, magical: false }; // the same 1d6 staff, without the Master's trait
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [1, 20, 15, 4, 1]);
    const ev = run(sim, 2);
    return { a, m, ev, dice };
  }

  it("D20-DAMAGE-03: the Master's magic staff adds +1 to its d6 (4): 5 damage; the same 1d6 staff in a minion's hands, same die, deals 4", () => {
    const master = strike("master");
    expect(d20Of(master.m).weapon).toMatchObject({ damage: "1d6", damageType: "bludgeoning", magical: true });
    expect(master.dice.draws).toEqual(["d20=1", "d20=20", "d20=15", "d6=4", "d20=1"]);
    expect(dmg(master.ev)).toEqual([{ targetId: master.a.id, sourceId: master.m.id, amount: 5, damageType: "bludgeoning", hp: 95 }]);
    const plainStaff = strike("minion");
    expect(plainStaff.dice.draws).toEqual(["d20=1", "d20=20", "d20=15", "d6=4", "d20=1"]);
    expect(dmg(plainStaff.ev)).toEqual([{ targetId: plainStaff.a.id, sourceId: plainStaff.m.id, amount: 4, damageType: "bludgeoning", hp: 96 }]);
    expect([master.dice.left(), plainStaff.dice.left()]).toEqual([0, 0]);
  });

  it("D20-DAMAGE-03: another factor, the gust's wind element against the Master's earth, adds MAGIC_ADVANTAGE_BONUS (2) to its d6 (3): 5; the same gust and die on a minion (no element) deal 3", () => {
    expect(MAGIC_ADVANTAGE_BONUS).toBe(2);
    const got = (["master", "minion"] as const).map((foe) => {
      const sim = d20Sim();
      const s = hero(sim, 5, 5, { adventurerClass: "Skyrider" });
      const m: UnitRecord = foe === "master" ? creature(sim, "master", 9, 5) : minion(sim, 9, 5);
      plain([s, m]);
      d20Of(s).spells = D20_CLASS_SPELLS.Skyrider!.spells.map((sp) => ({ ...sp }));
      d20Of(s).mana = 4;
      s.targetId = m.id;
      // initiative Skyrider 20, foe 1; the gust hits (17), its d6 shows 3.
      const dice = recordD20Dice(sim, [20, 1, 17, 3]);
      const ev = sim.step();
      return [d20Of(m).element, dice.draws, dmg(ev).map((d) => [d.sourceId === s.id, d.amount, d.damageType, d.hp]), dice.left()];
    });
    expect(got).toEqual([
      ["earth", ["d20=20", "d20=1", "d20=17", "d6=3"], [[true, 5, "magic", 95]], 0],
      ["", ["d20=20", "d20=1", "d20=17", "d6=3"], [[true, 3, "magic", 97]], 0],
    ]);
  });
});
