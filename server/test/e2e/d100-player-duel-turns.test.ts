import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * Issue 8 over a real WebSocket: an adventurer player in a d100 room proposes and answers duels
 * (`proposeDuel`, `answerDuel` from its seat; the pending proposal in `state.duelProposals`), and
 * plays its duel turns from its own `turnOptions` (d100 fields) with step plans spent in parts
 * (`keepTurn`): a move first, then, with the options refreshed (no move left, the minion a target
 * with its hit chance), the attack. The spectator's event log is checked.
 */

const server = inProcessServer();

/**
 * P100-BASE-11/12, P100-WEAPON-04/05: a peasant's pitchfork is improvised: the natural roll is
 * halved and never critical; 1..5 always miss; against an even dodge n in 6..100 hits on a dodge
 * of at most floor(n / 2) − 1: Σ = 2494 − 95 = 2399 of 10000, shown as 24%.
 */
const PITCHFORK_VS_DODGE = 24;

/**
 * Seating the player restarts the clock (INV-79, the room's `seats` input, sim/inputs/seats.ts), and on seed 424242 the
 * peasant, spotted at (25, 15) at tick 22323, meets the Master 41 ticks later (tick 22364): from
 * then on it is in an encounter and every duel proposal is refused ("busy"). At timeScale 1000 the
 * room's first step after the seat ran those 41 ticks, so a proposal sent after joining lost the
 * race whenever it reached the room after that step. At timeScale 1 (one tick per room step) the
 * player has 41 room steps (4.1 s) to propose or answer; a pending proposal keeps the clock at one
 * tick per step too (turnProjection.ts awaitingPlayer). `skipToInvasion` starts the room on the
 * party's arrival (tick 22200), 123 ticks before the spotting.
 */
const SLOW_CLOCK = { seed: 424242, ruleset: "d100", timeScale: 1, skipToInvasion: true, pauseOnSpot: true, spectatorsSeeAll: true } as const;

describe("d100 duels and turns played by an adventurer player over a real connection", () => {
  it("P100-DUEL-01, P100-DUEL-23, P100-BASE-06 to 09: the player challenges a minion, the keeper accepts, and the player plays each turn as a move then an attack from its refreshed options", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon(SLOW_CLOCK, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { seen, eventually } = recordEvents(spectator);

    const spotted = await eventually("partySpotted", () => true, 40_000);
    await eventually("paused", () => true, 5_000);
    const peasantId = spotted.members[0]!.unitId;
    let minionId = "";
    keeper.state.units.forEach((u, id) => { if (!minionId && u.kind === "minion") minionId = id; });
    const hero = await client.joinAsAdventurer(keeper.roomId, peasantId);
    server.track(hero);

    // The player's thin client: on each refresh of its options, move toward the minion (keeping the
    // turn open) when it is not in reach, else attack it; with nothing left, end the turn.
    const sent: string[] = [];
    const seenOptions: { key: string; movement: number; reachable: number; targets: string[]; chances: number[]; actions: string[] }[] = [];
    const plans: Promise<unknown>[] = [];
    let last = "";
    hero.onStateChange((state) => {
      const o = state.turnOptions.get(peasantId);
      if (!o) return;
      const key = `${o.encounterId}:${o.round}:${o.movement}:${[...o.actions].join(",")}:${[...o.targets].join(",")}`;
      if (key === last) return;
      last = key;
      seenOptions.push({ key, movement: o.movement, reachable: o.reachable.length, targets: [...o.targets], chances: [...o.d100HitChances], actions: [...o.actions] });
      // Where the minion stands (the player may not see it yet: the spectator's view tells the test).
      const me = state.units.get(peasantId), foe = spectator.state.units.get(minionId);
      if (o.targets.includes(minionId)) {
        sent.push("attack");
        plans.push(hero.planTurn({ action: "steps", steps: [{ kind: "attack", targetId: minionId }] }));
      } else if (o.movement > 0 && me && foe && o.reachable.length > 0) {
        const w = state.width;
        let best = o.reachable.at(0)!, bestD = Number.POSITIVE_INFINITY;
        o.reachable.forEach((i) => {
          const d = Math.max(Math.abs((i % w) - foe.x), Math.abs(Math.floor(i / w) - foe.y));
          if (d < bestD) { bestD = d; best = i; }
        });
        sent.push("move");
        plans.push(hero.planTurn({ action: "steps", steps: [{ kind: "move", x: best % w, y: Math.floor(best / w) }], keepTurn: true }));
      } else {
        sent.push("endTurn");
        plans.push(hero.planTurn({ action: "steps", steps: [{ kind: "endTurn" }] }));
      }
    });

    const proposed = await hero.proposeDuel({ unitId: peasantId, opponentId: minionId, toDeath: false, noMagic: true });
    expect(proposed).toMatchObject({ ok: true });
    const proposalId = (proposed as { id: string }).id;
    // The keeper sees the pending proposal in its state and accepts it.
    const deadline = Date.now() + 10_000;
    while (!keeper.duelProposalsToAnswer().some((p) => p.id === proposalId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const pending = keeper.duelProposalsToAnswer().find((p) => p.id === proposalId)!;
    expect([pending.challengerId, pending.opponentId, pending.by, pending.toDeath, pending.noMagic, pending.unarmedOnly]).toEqual([peasantId, minionId, "adventurer", false, true, false]);
    expect(hero.duelProposalsToAnswer()).toEqual([]); // its own proposal is the keeper's to answer
    expect(await keeper.answerDuel({ proposalId, accept: true })).toEqual({ ok: true });

    const started = await eventually("duelStarted", () => true, 10_000);
    // P100-DUEL-05/07: the peasant's 20 HP + 50, the minion's 60 + 50.
    expect(started).toMatchObject({ unitIds: [peasantId, minionId], toDeath: false, hp: { [peasantId]: 70, [minionId]: 110 } });
    const ended = await eventually("duelEnded", () => true, 60_000);
    for (const p of plans) expect(await p).toEqual({ ok: true });

    const during = seen.slice(seen.indexOf(started), seen.indexOf(ended) + 1);
    expect(seen.find((e): e is SimEventOf<"duelProposed"> => e.type === "duelProposed")).toMatchObject({ proposalId, challengerId: peasantId, opponentId: minionId, by: "adventurer", noMagic: true });
    expect(seen.find((e): e is SimEventOf<"duelAnswered"> => e.type === "duelAnswered")).toMatchObject({ proposalId, answer: "accepted" });
    // P100-DUEL-03: blows only between the duellists; P100-DUEL-23: no spell in a duel without magic.
    for (const e of during) if (e.type === "attack") expect([e.attackerId, e.targetId].sort()).toEqual([peasantId, minionId].sort());
    expect(during.filter((e) => e.type === "spellCast")).toEqual([]);
    // Every plan the player sent was played as sent (no refused step).
    const played = during.filter((e): e is SimEventOf<"turnPlanPlayed"> => e.type === "turnPlanPlayed" && e.unitId === peasantId);
    expect(played.length).toBeGreaterThan(0);
    for (const p of played) expect(p.refusals.every((r) => r === null)).toBe(true);
    // The options the player saw: a fresh turn offers moves; after a kept move they are refreshed
    // (no movement, no tile), and the minion in reach comes with the pitchfork's chance.
    const fresh = seenOptions.filter((o) => o.movement === 6);
    expect(fresh.length).toBeGreaterThan(0);
    for (const o of fresh) expect(o.actions.slice(0, 2)).toEqual(["move", "guardedMove"]);
    const refreshed = seenOptions.filter((o) => o.movement === 0);
    expect(refreshed.length).toBe(sent.filter((k) => k === "move").length);
    for (const o of refreshed) expect([o.reachable, o.actions.includes("move"), o.actions.includes("guardedMove")]).toEqual([0, false, false]);
    const inReach = seenOptions.filter((o) => o.targets.includes(minionId));
    expect(inReach.length).toBeGreaterThan(0);
    for (const o of inReach) expect(o.chances).toEqual([PITCHFORK_VS_DODGE]);
    // The player's attacks are in the log, on the minion.
    const heroAttacks = during.filter((e): e is SimEventOf<"attack"> => e.type === "attack" && e.attackerId === peasantId);
    expect(heroAttacks.length).toBeGreaterThan(0);
    expect([ended.winnerId, ended.loserId].sort()).toEqual([peasantId, minionId].sort());
  }, 120_000);

  it("P100-DUEL-01, P100-DUEL-19, P100-DUEL-20: the keeper's challenge waits for the player, who refuses it, then accepts a duel to the death and forfeits on its turn (spared)", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon(SLOW_CLOCK, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { seen, eventually } = recordEvents(spectator);

    const spotted = await eventually("partySpotted", () => true, 40_000);
    await eventually("paused", () => true, 5_000);
    const peasantId = spotted.members[0]!.unitId;
    let minionId = "";
    keeper.state.units.forEach((u, id) => { if (!minionId && u.kind === "minion") minionId = id; });
    const hero = await client.joinAsAdventurer(keeper.roomId, peasantId);
    server.track(hero);

    const first = await keeper.proposeDuel({ unitId: minionId, opponentId: peasantId, toDeath: false });
    expect(first).toMatchObject({ ok: true });
    const firstId = (first as { id: string }).id;
    // A keeper cannot answer its own challenge; the player refuses it.
    expect(await keeper.answerDuel({ proposalId: firstId, accept: true })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    expect(await hero.answerDuel({ proposalId: firstId, accept: false })).toEqual({ ok: true });
    expect(await hero.answerDuel({ proposalId: firstId, accept: true })).toMatchObject({ ok: false, code: "NO_DUEL_PROPOSAL" });
    // The player may not speak for another unit.
    expect(await hero.proposeDuel({ unitId: minionId, opponentId: peasantId, toDeath: false })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });

    const second = await keeper.proposeDuel({ unitId: minionId, opponentId: peasantId, toDeath: true, unarmedOnly: true });
    const secondId = (second as { id: string }).id;
    const deadline = Date.now() + 10_000;
    while (!hero.duelProposalsToAnswer().some((p) => p.id === secondId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const shown = hero.duelProposalsToAnswer().find((p) => p.id === secondId)!;
    expect([shown.challengerId, shown.by, shown.toDeath, shown.unarmedOnly]).toEqual([minionId, "keeper", true, true]);
    // On its first turn the player forfeits (a free action of its options).
    let forfeited: Promise<unknown> | undefined;
    hero.onStateChange((state) => {
      const o = state.turnOptions.get(peasantId);
      if (!o || forfeited || !o.d100FreeActions.includes("forfeit")) return;
      forfeited = hero.planTurn({ action: "steps", steps: [{ kind: "forfeit" }] });
    });
    expect(await hero.answerDuel({ proposalId: secondId, accept: true })).toEqual({ ok: true });

    const started = await eventually("duelStarted", () => true, 10_000);
    expect(started).toMatchObject({ unitIds: [minionId, peasantId], toDeath: true, hp: { [minionId]: 110, [peasantId]: 70 } });
    const ended = await eventually("duelEnded", () => true, 30_000);
    expect(await forfeited).toEqual({ ok: true });
    // Spared by the AI winner (AI_SPARES_FORFEIT): the peasant lives, at its HP − 50 (at least 1).
    expect([ended.winnerId, ended.loserId, ended.how, ended.loserDied]).toEqual([minionId, peasantId, "forfeit", false]);
    const answers = seen.filter((e): e is SimEventOf<"duelAnswered"> => e.type === "duelAnswered").map((e) => [e.proposalId, e.answer]);
    expect(answers).toEqual([[firstId, "refused"], [secondId, "accepted"]]);
  }, 120_000);
});
