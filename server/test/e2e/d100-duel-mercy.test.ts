import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * Issue 8 over a real WebSocket (d100finish): the winner's side of a duel to the death decides
 * whether the loser lives (P100-DUEL-20, `decideDuelMercy`, `duelMercyPending` / `duelMercy`); an AI
 * adventurer answers the keeper's challenge by its odds (Left open DUEL, AI); a player's one-word
 * plan is reported with `turnPlanPlayed`. The spectator's event log is checked.
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

/**
 * A seeded d100 room (keeper and an all-seeing spectator) run until its first party (one peasant)
 * is spotted and the clock pauses (INV-79). With `calm`, the keeper then sets its minions and
 * creatures to the flight stance, so that when a seated player restarts the clock no fight takes
 * the peasant before a duel is proposed.
 */
async function spottedRoom(calm: boolean) {
  const client = connect(server.url());
  const keeper = await client.createDungeon(SLOW_CLOCK, { role: "keeper" });
  server.track(keeper);
  const spectator = await client.spectate(keeper.roomId);
  server.track(spectator);
  const rec = recordEvents(spectator);
  const spotted = await rec.eventually("partySpotted", () => true, 40_000);
  await rec.eventually("paused", () => true, 5_000);
  const peasantId = spotted.members[0]!.unitId;
  let minionId = "";
  keeper.state.units.forEach((u, id) => { if (!minionId && u.kind === "minion") minionId = id; });
  if (calm) {
    for (const [id, u] of keeper.state.units.entries()) {
      if (u.kind === "minion" || u.kind === "creature") expect(await keeper.setStance({ unitId: id, stance: "flight" })).toEqual({ ok: true });
    }
  }
  return { client, keeper, spectator, peasantId, minionId, ...rec };
}

describe("d100 duel mercy and AI answers over a real connection", () => {
  it("P100-DUEL-19, P100-DUEL-20: the player's peasant forfeits a duel to the death by a one-word plan (turnPlanPlayed [null]); the keeper, whose minion won, decides not to spare it and it dies", async () => {
    const { client, keeper, peasantId, minionId, seen, eventually } = await spottedRoom(true);
    const hero = await client.joinAsAdventurer(keeper.roomId, peasantId);
    server.track(hero);
    const proposed = await keeper.proposeDuel({ unitId: minionId, opponentId: peasantId, toDeath: true });
    expect(proposed).toMatchObject({ ok: true });
    expect(await hero.answerDuel({ proposalId: (proposed as { id: string }).id, accept: true })).toEqual({ ok: true });
    expect(await hero.planTurn({ action: "forfeit" })).toEqual({ ok: true });

    const pending = await eventually("duelMercyPending", () => true, 30_000);
    const ended = seen.find((e): e is SimEventOf<"duelEnded"> => e.type === "duelEnded")!;
    expect([ended.winnerId, ended.loserId, ended.how, ended.loserDied, ended.hp[peasantId]]).toEqual([minionId, peasantId, "forfeit", false, 20]);
    expect([pending.winnerId, pending.loserId, pending.by, pending.aiSpares, pending.duelId, pending.expiresTick - pending.tick]).toEqual([minionId, peasantId, "keeper", true, ended.duelId, 50]);
    const played = seen.filter((e): e is SimEventOf<"turnPlanPlayed"> => e.type === "turnPlanPlayed");
    expect(played.map((e) => [e.unitId, e.refusals])).toEqual([[peasantId, [null]]]);
    // The pending decision is in the state for every client (DungeonState.duelMercies).
    const shownBy = Date.now() + 5_000;
    while (!hero.state.duelMercies.get(pending.mercyId) && Date.now() < shownBy) await new Promise((r) => setTimeout(r, 10));
    const shown = hero.state.duelMercies.get(pending.mercyId)!;
    expect([shown.winnerId, shown.loserId, shown.how, shown.by, shown.aiSpares, shown.expiresTick]).toEqual([minionId, peasantId, "forfeit", "keeper", true, pending.expiresTick]);
    // The loser's player may not decide; the keeper does.
    expect(await hero.decideDuelMercy({ mercyId: pending.mercyId, spare: true })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    // The server-internal name of old (adventurerDecideDuelMercy) is no message any more (issue 15).
    await expect(keeper.room.request("adventurerDecideDuelMercy" as never, { unitId: minionId, mercyId: pending.mercyId, spare: true })).rejects.toThrow(/^unknown message type "adventurerDecideDuelMercy"/);
    expect(await keeper.decideDuelMercy({ mercyId: pending.mercyId, spare: false })).toEqual({ ok: true });
    const mercy = await eventually("duelMercy", () => true, 10_000);
    expect([mercy.mercyId, mercy.winnerId, mercy.loserId, mercy.spared, mercy.by]).toEqual([pending.mercyId, minionId, peasantId, false, "keeper"]);
    expect(await keeper.decideDuelMercy({ mercyId: pending.mercyId, spare: true })).toMatchObject({ ok: false, code: "NO_DUEL_MERCY" });
    const deadline = Date.now() + 10_000;
    while (keeper.state.units.get(peasantId)?.state !== "dead" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(keeper.state.units.get(peasantId)?.state).toBe("dead");
    expect(keeper.state.duelMercies.size).toBe(0);
  }, 120_000);

  it("Left open DUEL (AI): with no keeper connected, the keeper side's AI answers the player's challenge at once: its minion (110 HP x 25.25) accepts the peasant (70 HP x 6.12)", async () => {
    const { client, keeper, peasantId, minionId, seen, eventually } = await spottedRoom(true);
    const hero = await client.joinAsAdventurer(keeper.roomId, peasantId);
    server.track(hero);
    await keeper.leave();
    const r = await hero.proposeDuel({ unitId: peasantId, opponentId: minionId, toDeath: false });
    expect(r).toMatchObject({ ok: true });
    const id = (r as { id: string }).id;
    const answered = await eventually("duelAnswered", (e) => e.proposalId === id, 10_000);
    const proposed = seen.find((e): e is SimEventOf<"duelProposed"> => e.type === "duelProposed" && e.proposalId === id)!;
    expect([proposed.by, proposed.challengerId, proposed.opponentId, answered.answer, answered.tick]).toEqual(["adventurer", peasantId, minionId, "accepted", proposed.tick]);
    const started = await eventually("duelStarted", () => true, 10_000);
    expect(started).toMatchObject({ unitIds: [peasantId, minionId], toDeath: false, hp: { [peasantId]: 70, [minionId]: 110 } });
  }, 90_000);

  it("Left open DUEL (AI): the first party's AI peasant refuses the keeper's minion, its odds being against it; nothing starts", async () => {
    const { keeper, peasantId, minionId, seen } = await spottedRoom(false);
    const r = await keeper.proposeDuel({ unitId: minionId, opponentId: peasantId, toDeath: false });
    // Peasant: 20 + 50 = 70 duel HP, its pitchfork 24% (improvised) of 25.5; the minion: 60 + 50 = 110, its club's chance x 50.5.
    expect(r).toMatchObject({ ok: false, code: "DUEL_REFUSED", rule: "P100-DUEL-01" });
    expect((r as { reason: string }).reason).toBe(PEASANT_REFUSAL);
    expect(seen.filter((e) => e.type === "duelStarted" || e.type === "duelProposed")).toEqual([]);
  }, 90_000);
});

const PEASANT_REFUSAL = "the opponent declines: its odds are against it (70 HP and 6.12 expected damage a blow against 110 HP and 25.25)";
