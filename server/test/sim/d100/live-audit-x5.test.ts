import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, of, playerDuel, playPlan, recordDice } from "./fixtures.ts";
import { player } from "../actors.ts";

/*
 * Audit a8-x5 (issue 17): d100 rules found weak, played through `Simulation.step` with recorded
 * dice ("d100=v", "min..max=v").
 */

/** A player's hunter at (3, 5) with its hound at (4, 5) hurt to `hp`, a bear at (9, 5); the first tick rolls initiative (hunter 90, hound 50, bear 10) and the hunter's turn waits for its plan. */
function hunterAndWoundedHound(hp: number) {
  const sim = d100Sim();
  const hunter = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
  hunter.controller = "seat-1";
  const hound = companion(sim, hunter, 4, 5);
  const bear = addUnit(sim, { ...speciesFields("bear"), x: 9, y: 5 });
  hunter.targetId = bear.id;
  d100Of(hound).hp = hp;
  const init = recordDice(sim, [90, 50, 10]);
  sim.step();
  expect(init.left()).toBe(0);
  return { sim, hunter, hound };
}

describe("audit a8-x5: a hunter heals its wounded (not dying) hound as a healer would (P100-FAMILIAR-13)", () => {
  it("P100-FAMILIAR-13: the hound at 30 of 75 HP; the hunter's whole turn on it: a d100 of 51 (above 50) heals it as a healing spell, 20..40 = 40 → 70 HP; a d100 of 50 fails and it stays at 30; no attack either way", () => {
    const ok = hunterAndWoundedHound(30);
    expect(d100Of(ok.hound).maxHp).toBe(75);
    let dice = recordDice(ok.sim, [51, 40]);
    let ev = playPlan(ok.sim, ok.hunter, { action: "healFamiliar" });
    expect(lines(ev).filter((l) => !l.includes("turnPlanPlayed"))).toEqual([
      `2 rescue unitId=${ok.hound.id} byUnitId=${ok.hunter.id} roll=51 needed=50 success=true`,
      `2 healed unitId=${ok.hound.id} byUnitId=${ok.hunter.id} woundPoints=0 hp=70`,
    ]);
    expect([dice.draws, dice.left(), d100Of(ok.hound).hp, ev.filter((e) => e.type === "attack")]).toEqual([["d100=51", "20..40=40"], 0, 70, []]);

    const ko = hunterAndWoundedHound(30);
    dice = recordDice(ko.sim, [50]);
    ev = playPlan(ko.sim, ko.hunter, { action: "healFamiliar" });
    expect(lines(ev).filter((l) => !l.includes("turnPlanPlayed"))).toEqual([
      `2 rescue unitId=${ko.hound.id} byUnitId=${ko.hunter.id} roll=50 needed=50 success=false`,
    ]);
    expect([dice.draws, dice.left(), d100Of(ko.hound).hp, ev.filter((e) => e.type === "attack")]).toEqual([["d100=50"], 0, 30, []]);
  });
});

describe("audit a8-x5: duel HP through the duel commands (P100-DUEL-06)", () => {
  it("P100-DUEL-06: the keeper's minion challenges a player's adventurer (proposeDuel, answerDuel accepted): both defender classes, a Warrior and a Doorbreaker (200 HP), fight at 250 of 250; an attacker, a Rogue (150), only at 200; the minion (60) at 110; initiatives recorded d100 30, 80", () => {
    const hps: number[][] = [];
    for (const cls of ["Warrior", "Doorbreaker", "Rogue"]) {
      const sim = d100Sim();
      const hero = adventurer(sim, cls, 5, 5);
      hero.controller = "a1";
      const m = addUnit(sim, { kind: "minion", x: 7, y: 5 });
      const before = [d100Of(hero).hp, d100Of(hero).maxHp];
      const r = sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: false });
      expect(r).toMatchObject({ ok: true });
      const dice = recordDice(sim, [30, 80]);
      expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: (r as { id: string }).id, accept: true })).toEqual({ ok: true });
      const started = of(sim.drainEvents(), "duelStarted")[0]!;
      expect([dice.draws, dice.left()]).toEqual([["d100=30", "d100=80"], 0]);
      hps.push([...before, started.hp[hero.id]!, d100Of(hero).hp, d100Of(hero).maxHp, started.hp[m.id]!]);
    }
    expect(hps).toEqual([[200, 200, 250, 250, 250, 110], [200, 200, 250, 250, 250, 110], [150, 150, 200, 200, 200, 110]]);
  });
});

describe("audit a8-x5: a free action at any moment of the own turn (P100-BASE-09)", () => {
  for (const [when, steps, at] of [
    ["at the very start of its turn, before moving or attacking", [{ kind: "forfeit" }], [5, 5]],
    ["after its move (5, 5) → (7, 5) and before its attack", [{ kind: "move", x: 7, y: 5 }, { kind: "forfeit" }], [7, 5]],
  ] as const) {
    it(`P100-BASE-09, P100-DUEL-19: a player's duellist takes the free action (forfeit) ${when}: it is played in its own turn and the duel ends at once, no die drawn`, () => {
      const { sim, hero, m, init } = playerDuel();
      expect([init.draws, init.left()]).toEqual([["d100=10", "d100=90"], 0]);
      const dice = recordDice(sim, []);
      const ev = playPlan(sim, hero, { action: "steps", steps: steps.map((st) => ({ ...st })) } as never);
      expect(ev.filter((e) => e.type === "turnStarted").map((e) => (e as { unitId: string }).unitId)).toEqual([hero.id]);
      expect(lines(ev).filter((l) => l.includes("duelEnded") || l.includes("turnPlanPlayed") || l.includes("attack"))).toEqual([
        `1 duelEnded duelId=${(ev.find((e) => e.type === "duelEnded") as { duelId: string }).duelId} winnerId=${m.id} loserId=${hero.id} how=forfeit loserDied=false hp={"${hero.id}":200,"${m.id}":60}`,
        `1 turnPlanPlayed unitId=${hero.id} refusals=[${steps.map(() => "null").join(",")}]`,
      ]);
      expect([hero.x, hero.y, dice.draws, dice.left()]).toEqual([...at, [], 0]);
    });
  }
});

/*
 * Audit s10-a (issue 17): P100-BASE-09 ("a free action can be taken at any moment during the
 * character's own turn") on its other side: not outside that turn. A player's warrior accepts the
 * minion's duel (initiative warrior 90, minion 10) and plans its turns with the `planTurn` command;
 * `sim.step()` plays them with recorded dice. The free action is the duel's forfeit.
 */

const shown = (ev: SimEvent[]) => lines(ev).filter((l) => /duelEnded|turnPlanPlayed|attack /.test(l));
const turns = (ev: SimEvent[]) => ev.filter((e) => e.type === "turnStarted").map((e) => [e.tick, (e as { unitId: string }).unitId]);

describe("audit s10-a: a free action only in the character's own turn (P100-BASE-09)", () => {
  it("P100-BASE-09: a forfeit planned after the warrior's endTurn is not played: it is refused turnOver, the turn being over (turnPlanPlayed [null, \"turnOver\"], no duelEnded), and the duel goes on", () => {
    const { sim, hero, m, init } = playerDuel();
    expect([init.draws, init.left()]).toEqual([["d100=10", "d100=90"], 0]);
    const dice = recordDice(sim, []);
    expect(sim.enqueue(player(hero.id), { type: "planTurn", action: "steps", steps: [{ kind: "endTurn" }, { kind: "forfeit" }] })).toEqual({ ok: true });
    const ev = sim.step();
    expect(turns(ev)).toEqual([[1, hero.id]]);
    expect(shown(ev)).toEqual([`1 turnPlanPlayed unitId=${hero.id} refusals=[null,"turnOver"]`]);
    expect([d100Of(hero).duel !== null, d100Of(m).duel !== null, hero.x, hero.y, dice.draws, dice.left()]).toEqual([true, true, 5, 5, [], 0]);
  });

  it("P100-BASE-09: a forfeit planned during the minion's turn waits for the warrior's own next turn (round 2), where it is played at once and ends the duel", () => {
    const { sim, hero, m, init } = playerDuel();
    expect([init.draws, init.left()]).toEqual([["d100=10", "d100=90"], 0]);
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
