import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, lines, recordDice } from "./fixtures.ts";
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
