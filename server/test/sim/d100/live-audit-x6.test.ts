import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { player } from "../actors.ts";

/**
 * Audit a8-x6 (issue 17): P100-DUEL-04 through the room's commands: an adventurer player's
 * `proposeDuel`, the keeper's `answerDuel`, then `Simulation.step` with every draw recorded.
 */
describe("audit x6: a duel reactivates every ability of both duellists (P100-DUEL-04)", () => {
  it("P100-DUEL-04: a player's priest (heal and ward spent) challenges a troll (maul spent and locked by a counterspell); once the keeper accepts, all three abilities are back to a charge and nothing stays locked; the troll mauls in its first duel turn", () => {
    const sim = d100Sim();
    const p = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
    p.controller = "a1";
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 6, y: 5 });
    const [ps, ts] = [d100Of(p), d100Of(troll)];
    for (const s of [...ps.spells, ...ts.spells]) s.charges = 0;
    ts.lockedSpells = ["maul"];
    const proposal = sim.enqueue(player(p.id), { type: "proposeDuel", unitId: p.id, opponentId: troll.id, toDeath: false });
    expect(proposal).toEqual({ ok: true, id: "3" });
    expect([ps.spells.map((s) => s.charges), ts.spells.map((s) => s.charges), ts.lockedSpells]).toEqual([[0, 0], [0], ["maul"]]); // a proposal alone reactivates nothing
    const init = recordDice(sim, [10, 90]);
    expect(sim.apply({ type: "answerDuel", proposalId: "3", accept: true })).toEqual({ ok: true });
    expect([init.draws, init.left()]).toEqual([["d100=10", "d100=90"], 0]);
    expect([ps.spells.map((s) => [s.id, s.charges]), ts.spells.map((s) => [s.id, s.charges]), ts.lockedSpells]).toEqual([[["heal", 1], ["ward", 1]], [["maul", 1]], []]);
    const dice = recordDice(sim, [60, 30, 20]);
    const ev = sim.step();
    expect(lines(ev)).toEqual([
      `0 duelProposed proposalId=3 challengerId=${p.id} opponentId=${troll.id} by=adventurer toDeath=false noMagic=false unarmedOnly=false weapons=[] expiresTick=300`,
      `0 duelAnswered proposalId=3 challengerId=${p.id} opponentId=${troll.id} answer=accepted`,
      `0 duelStarted duelId=4 unitIds=["${p.id}","${troll.id}"] toDeath=false hp={"${p.id}":200,"${troll.id}":200} warnings=["differentRoles"]`,
      `1 spellCast unitId=${troll.id} spellId=maul targetId=${p.id} chargesLeft=0`,
      `1 attack attackerId=${troll.id} targetId=${p.id} hit=true attackRoll=60 defenceRoll=30`,
      `1 damaged targetId=${p.id} sourceId=${troll.id} amount=20 damageType=magic hp=180 critical=false`,
      `1 statusApplied unitId=${p.id} byUnitId=${troll.id} spellId=maul status=stunned turns=1 x=5 y=5`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=60", "d100=30", "10..40=20"], 0]);
  });
});

describe("audit x6: a botched ability is a mishap (P100-FUMBLE-04)", () => {
  it("P100-FUMBLE-04, P100-FUMBLE-05: a player's doorbreaker cleaves at a stunned minion next to it (no counter-attack): a natural 3 botches it: no effect, no HP lost on either side, the cleave's charge kept and the turn it asked to keep open over; a 50 (no dodge while stunned) cleaves it for 60 (10..60), spends the charge and leaves the turn open", () => {
    for (const [rolls, botched] of [[[3], true], [[50, 60], false]] as const) {
      const sim = d100Sim();
      const db = adventurer(sim, "Doorbreaker", 5, 5, { weapon: "maul", blunt: true });
      db.controller = "a1";
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      d100Of(m).hp = d100Of(m).maxHp = 300;
      db.targetId = m.id;
      recordDice(sim, [90, 10]);
      sim.step();
      addStatus(d100Of(m), "stunned", 1);
      const hp = d100Of(db).hp;
      const dice = recordDice(sim, rolls);
      const ev = playPlan(sim, db, { action: "steps", steps: [{ kind: "cast", targetId: m.id, spell: "cleave" }], keepTurn: true });
      expect(lines(ev).filter((l) => / (attack|damaged|statusApplied) /.test(l))).toEqual(botched
        ? [`2 attack attackerId=${db.id} targetId=${m.id} hit=false attackRoll=3 defenceRoll=0`]
        : [`2 attack attackerId=${db.id} targetId=${m.id} hit=true attackRoll=50 defenceRoll=0`, `2 damaged targetId=${m.id} sourceId=${db.id} amount=60 damageType=magic hp=240 critical=false`]);
      expect([d100Of(db).spells.map((s) => [s.id, s.charges]), d100Of(db).hp, d100Of(m).hp, encounterOf(sim, db.id)?.openTurn?.unitId, dice.draws, dice.left()])
        .toEqual([[["cleave", botched ? 1 : 0]], hp, botched ? 300 : 240, botched ? undefined : db.id, botched ? ["d100=3"] : ["d100=50", "10..60=60"], 0]);
    }
  });
});
