import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * A d100 duel end to end, over a real WebSocket: a keeper client creates a d100 dungeon; when the
 * first party (one peasant) is spotted (the clock pauses, INV-79), a player takes its seat (the AI peasant would refuse: its odds
 * are against it, issue 8), the keeper challenges it with a minion (`proposeDuel`), the player
 * accepts and plays each turn with the one-word plan `attack`, and the spectator's event log shows
 * the duel: bonus HP, an encounter of two, blows only between the duellists, each plan reported
 * (`turnPlanPlayed`), and its end with the bonus HP removed.
 */

const server = inProcessServer();

/**
 * Seating the player restarts the clock (INV-79, the room's `seats` input, sim/inputs/seats.ts), and on seed 424242 the
 * peasant, spotted at (25, 15) at tick 22323, meets the Master 41 ticks later (tick 22364): from
 * then on it is in an encounter and every duel proposal is refused ("busy"). At timeScale 1000 the
 * room's first step after the seat ran those 41 ticks, so a proposal or answer sent after joining
 * lost the race whenever it reached the room after that step. At timeScale 1 (one tick per room
 * step) the player has 41 room steps (4.1 s) to propose or answer; a pending proposal keeps the
 * clock at one tick per step too (turnProjection.ts awaitingPlayer). `skipToInvasion` starts the
 * room on the party's arrival (tick 22200), 123 ticks before the spotting.
 */
const SLOW_CLOCK = { seed: 424242, ruleset: "d100", timeScale: 1, skipToInvasion: true, pauseOnSpot: true, spectatorsSeeAll: true } as const;

describe("a d100 duel over a real connection", () => {
  it("P100-DUEL-01, P100-DUEL-03, P100-DUEL-05, P100-DUEL-07, P100-DUEL-08, P100-DUEL-18, P100-DUEL-21: the keeper's minion duels the first peasant and the spectator sees it through", async () => {
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
    expect(minionId).not.toBe("");
    // Seating a player restarts the clock (INV-79) before the challenge arrives: the keeper's fighters
    // keep away meanwhile (stance flight), so no fight takes the peasant first.
    for (const [id, u] of keeper.state.units.entries()) {
      if (u.kind === "minion" || u.kind === "creature") expect(await keeper.setStance({ unitId: id, stance: "flight" })).toEqual({ ok: true });
    }
    // issue 8: the AI peasant would refuse (its odds are against it, d100-duel-mercy.test.ts); a player
    // seated on it accepts, and plays every turn with the one-word plan `attack` on the minion.
    const hero = await client.joinAsAdventurer(keeper.roomId, peasantId);
    server.track(hero);
    const proposed = await keeper.proposeDuel({ unitId: minionId, opponentId: peasantId, toDeath: false });
    expect(proposed).toMatchObject({ ok: true });
    let planned = "";
    hero.onStateChange((state) => {
      const o = state.turnOptions.get(peasantId);
      if (!o) return;
      const key = `${o.encounterId}:${o.round}`;
      if (key === planned) return;
      planned = key;
      void hero.planTurn({ action: "attack", targetId: minionId });
    });
    expect(await hero.answerDuel({ proposalId: (proposed as { id: string }).id, accept: true })).toEqual({ ok: true });

    const started = await eventually("duelStarted", () => true, 5_000);
    expect(started).toMatchObject({ unitIds: [minionId, peasantId], toDeath: false, hp: { [minionId]: 110, [peasantId]: 70 } });
    const ended = await eventually("duelEnded", () => true, 60_000);
    expect([ended.winnerId, ended.loserId].sort()).toEqual([minionId, peasantId].sort());
    expect(ended.how).toBe("down");
    const from = seen.indexOf(started), to = seen.indexOf(ended);
    const during = seen.slice(from, to + 1);
    const encounter = during.find((e): e is SimEventOf<"encounterStarted"> => e.type === "encounterStarted")!;
    expect([...encounter.order].sort()).toEqual([minionId, peasantId].sort());
    for (const e of during) if (e.type === "attack") expect([e.attackerId, e.targetId].sort()).toEqual([minionId, peasantId].sort());
    // Every one of the player's turns played its one-word plan (turnPlanPlayed [null]).
    const plays = during.filter((e): e is SimEventOf<"turnPlanPlayed"> => e.type === "turnPlanPlayed");
    expect(plays.length).toBeGreaterThan(0);
    for (const p of plays) expect([p.unitId, p.refusals]).toEqual([peasantId, [null]]);
    expect(ended.hp[ended.winnerId]).toBeGreaterThanOrEqual(25);
    expect(ended.hp[ended.loserId]).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("P100-DUEL-19, P100-DUEL-22: an adventurer player seated on the peasant forfeits the keeper's duel with a turn plan", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon(SLOW_CLOCK, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { eventually } = recordEvents(spectator);

    const spotted = await eventually("partySpotted", () => true, 40_000);
    await eventually("paused", () => true, 5_000);
    const peasantId = spotted.members[0]!.unitId;
    const hero = await client.joinAsAdventurer(keeper.roomId, peasantId);
    server.track(hero);
    let minionId = "";
    keeper.state.units.forEach((u, id) => { if (!minionId && u.kind === "minion") minionId = id; });
    // The peasant has a player: the challenge waits for the player's answer (issue 8), who accepts.
    const proposed = await keeper.proposeDuel({ unitId: minionId, opponentId: peasantId, toDeath: false });
    expect(proposed).toMatchObject({ ok: true });
    expect(await hero.answerDuel({ proposalId: (proposed as { id: string }).id, accept: true })).toEqual({ ok: true });
    expect(await hero.planTurn({ action: "forfeit" })).toEqual({ ok: true });
    await keeper.resume({});
    const ended = await eventually("duelEnded", () => true, 20_000);
    expect([ended.winnerId, ended.loserId, ended.how, ended.loserDied]).toEqual([minionId, peasantId, "forfeit", false]);
    expect(ended.hp[minionId]).toBeGreaterThanOrEqual(25);
  }, 90_000);
});
