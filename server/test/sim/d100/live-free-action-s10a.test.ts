import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, lines, recordDice } from "./fixtures.ts";
import { player } from "../actors.ts";

/*
 * Audit s10-a (issue 17): P100-BASE-09 ("a free action can be taken at any moment during the
 * character's own turn") on its other side: not outside that turn. A player's warrior accepts the
 * minion's duel (initiative warrior 90, minion 10) and plans its turns with the `planTurn` command;
 * `sim.step()` plays them with recorded dice. The free action is the duel's forfeit.
 */

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

/** A player's warrior at (5, 5) in a duel (not to the death) with a minion at (8, 5); the warrior acts first. */
function playerDuel() {
  const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
  const hero = adventurer(sim, "Warrior", 5, 5);
  hero.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 8, y: 5 });
  const r = sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: false });
  const init = recordDice(sim, [10, 90]);
  expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: (r as { id: string }).id, accept: true })).toEqual({ ok: true });
  sim.drainEvents();
  expect([init.draws, init.left()]).toEqual([["d100=10", "d100=90"], 0]);
  return { sim, hero, m };
}

const shown = (ev: SimEvent[]) => lines(ev).filter((l) => /duelEnded|turnPlanPlayed|attack /.test(l));
const turns = (ev: SimEvent[]) => ev.filter((e) => e.type === "turnStarted").map((e) => [e.tick, (e as { unitId: string }).unitId]);

describe("audit s10-a: a free action only in the character's own turn (P100-BASE-09)", () => {
  it("P100-BASE-09: a forfeit planned after the warrior's endTurn is not played: it is refused turnOver, the turn being over (turnPlanPlayed [null, \"turnOver\"], no duelEnded), and the duel goes on", () => {
    const { sim, hero, m } = playerDuel();
    const dice = recordDice(sim, []);
    expect(sim.enqueue(player(hero.id), { type: "planTurn", action: "steps", steps: [{ kind: "endTurn" }, { kind: "forfeit" }] })).toEqual({ ok: true });
    const ev = sim.step();
    expect(turns(ev)).toEqual([[1, hero.id]]);
    expect(shown(ev)).toEqual([`1 turnPlanPlayed unitId=${hero.id} refusals=[null,"turnOver"]`]);
    expect([d100Of(hero).duel !== null, d100Of(m).duel !== null, hero.x, hero.y, dice.draws, dice.left()]).toEqual([true, true, 5, 5, [], 0]);
  });

  it("P100-BASE-09: a forfeit planned during the minion's turn waits for the warrior's own next turn (round 2), where it is played at once and ends the duel", () => {
    const { sim, hero, m } = playerDuel();
    expect(sim.enqueue(player(hero.id), { type: "planTurn", action: "steps", steps: [{ kind: "endTurn" }] })).toEqual({ ok: true });
    sim.step();
    // The minion's turn: it walks up to the warrior and strikes, 50 against the warrior's dodge 50: a miss (a tie misses, P100-BASE-12).
    const dice = recordDice(sim, [50, 50]);
    expect(sim.enqueue(player(hero.id), { type: "planTurn", action: "steps", steps: [{ kind: "forfeit" }] })).toEqual({ ok: true });
    const minionTurn = sim.step();
    expect(turns(minionTurn)).toEqual([[2, m.id]]);
    expect(shown(minionTurn)).toEqual([`2 attack attackerId=${m.id} targetId=${hero.id} hit=false attackRoll=50 defenceRoll=50`]);
    expect([d100Of(hero).duel !== null, dice.draws, dice.left()]).toEqual([true, ["d100=50", "d100=50"], 0]);
    // The duel's encounter started on tick 0, so round 2 (the warrior first again) starts on tick ROUND_TICKS.
    const rest: SimEvent[] = [];
    for (let t = 0; t < ROUND_TICKS && !rest.some((e) => e.type === "duelEnded"); t++) rest.push(...sim.step());
    expect(turns(rest)).toEqual([[ROUND_TICKS, hero.id]]);
    const duelId = (rest.find((e) => e.type === "duelEnded") as { duelId: string }).duelId;
    expect(shown(rest)).toEqual([
      `${ROUND_TICKS} duelEnded duelId=${duelId} winnerId=${m.id} loserId=${hero.id} how=forfeit loserDied=false hp={"${hero.id}":200,"${m.id}":60}`,
      `${ROUND_TICKS} turnPlanPlayed unitId=${hero.id} refusals=[null]`,
    ]);
    expect(dice.left()).toBe(0);
  });
});
