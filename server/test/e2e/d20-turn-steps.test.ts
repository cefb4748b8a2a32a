import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * A d20 turn played in two plans over a real WebSocket (issue 7: the options follow the turn as it
 * is spent). An adventurer player claims the first spotted peasant; the keeper orders a minion to
 * attack it. On its first turn the thin client reads its options, moves one tile with
 * `keepTurn: true`, waits for the options to come back refreshed (movement left, tiles reachable
 * from the new tile, same turn timer), then attacks or waits, which ends the turn (should the turn
 * timer beat it on a loaded machine, it tries again on its next turn). The spectator's log shows
 * one turn for both plans.
 */

const server = inProcessServer();

interface Seen { movement: number; movementLeft: number; reachable: number[]; reachableCost: number[]; deadlineTick: number; fullAction: boolean; round: number; encounterId: string; at: number }

describe("a d20 turn played step by step over a real connection", () => {
  it("D20-FLOW-27, D20-MOVE-07, D20-MOVE-10: after a keepTurn move the state's options show what is left, from the new tile, on the same turn", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon({ seed: 424242, ruleset: "d20", timeScale: 1000, pauseOnSpot: true, spectatorsSeeAll: true }, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { seen, eventually } = recordEvents(spectator);

    const minions: string[] = [];
    keeper.state.units.forEach((u, id) => { if (u.kind === "minion") minions.push(id); });
    const spotted = await eventually("partySpotted", () => true, 40_000);
    const peasantId = spotted.members[0]!.unitId;
    const hero = await client.joinAsAdventurer(keeper.roomId, peasantId);
    server.track(hero);

    let phase: "fresh" | "moved" | "done" = "fresh";
    let first: Seen | undefined, second: Seen | undefined;
    let tile = -1;
    const results: Promise<unknown>[] = [];
    const snapshot = (o: NonNullable<ReturnType<typeof hero.state.turnOptions.get>>, width: number): Seen => {
      const me = hero.state.units.get(peasantId);
      return {
        movement: o.movement, movementLeft: o.movementLeft, reachable: o.reachable.toArray(), reachableCost: o.reachableCost.toArray(),
        deadlineTick: o.deadlineTick, fullAction: o.fullAction, round: o.round, encounterId: o.encounterId, at: me ? me.y * width + me.x : -1,
      };
    };
    let lastKey = "";
    hero.onStateChange((state) => {
      const o = state.turnOptions.get(peasantId);
      if (!o) return;
      const key = `${o.encounterId}:${o.round}`;
      // Should the turn timer end that turn before the refresh is answered (a loaded machine), try again on the next one.
      if (phase === "moved" && key !== lastKey) phase = "fresh";
      if (phase === "fresh") {
        // First turn: one tile (the cheapest, listed first), keeping the turn open.
        if (o.reachable.length === 0) return;
        first = snapshot(o, state.width);
        tile = o.reachable.at(0)!;
        lastKey = key;
        phase = "moved";
        results.push(hero.planTurn({ action: "move", x: tile % state.width, y: Math.floor(tile / state.width), keepTurn: true }));
        return;
      }
      if (phase === "moved") {
        if (o.movementLeft === first!.movementLeft) return; // the refresh has not come yet
        second = snapshot(o, state.width);
        phase = "done";
        const target = o.targets.at(0);
        results.push(hero.planTurn(target ? { action: "attack", targetId: target } : { action: "wait" }));
        return;
      }
      // Later turns: end them at once, attacking when a foe is in reach.
      if (key === lastKey) return;
      lastKey = key;
      const target = o.targets.at(0);
      results.push(hero.planTurn(target ? { action: "attack", targetId: target } : { action: "wait" }));
    });
    expect(await keeper.command("orderAttack", { unitId: minions[0]!, targetId: peasantId })).toEqual({ ok: true });

    const started = await eventually("encounterStarted", (e) => e.order.includes(peasantId), 30_000);
    await eventually("turnPlanPlayed", (e) => e.unitId === peasantId && phase === "done", 30_000);
    const ended = await eventually("encounterEnded", (e) => e.encounterId === started.encounterId, 60_000);
    for (const r of results) expect(await r).toEqual({ ok: true });

    // The refreshed options: same encounter, round and turn timer; the movement left is the
    // movement less the tile's cost; the unit stands on that tile and every tile listed is
    // within what is left, the tile it came from among them.
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    const cost = first!.reachableCost[first!.reachable.indexOf(tile)]!;
    expect(cost).toBe(1);
    expect([second!.encounterId, second!.round, second!.deadlineTick, second!.movement]).toEqual([first!.encounterId, first!.round, first!.deadlineTick, first!.movement]);
    expect(second!.movementLeft).toBe(first!.movementLeft - cost);
    expect(first!.movementLeft).toBe(first!.movement);
    expect(second!.at).toBe(tile);
    expect(second!.reachable).not.toContain(tile);
    expect(second!.reachable).toContain(first!.at);
    expect(second!.reachableCost[second!.reachable.indexOf(first!.at)]).toBe(1);
    expect(Math.max(...second!.reachableCost)).toBeLessThanOrEqual(second!.movementLeft);
    expect(second!.reachable).not.toEqual(first!.reachable);

    // The log: the first turn of the peasant started once and played both plans, the move first.
    const during = seen.slice(seen.indexOf(started), seen.indexOf(ended) + 1);
    const firstTurn = during.find((e): e is SimEventOf<"turnStarted"> => e.type === "turnStarted" && e.unitId === peasantId && e.encounterId === second!.encounterId && e.round === second!.round);
    expect(firstTurn).toBeDefined();
    const nextTurnAt = during.findIndex((e, i) => i > during.indexOf(firstTurn!) && e.type === "turnStarted");
    const turn = during.slice(during.indexOf(firstTurn!), nextTurnAt < 0 ? undefined : nextTurnAt);
    const plays = turn.filter((e): e is SimEventOf<"turnPlanPlayed"> => e.type === "turnPlanPlayed" && e.unitId === peasantId);
    expect(plays.length).toBe(2);
    expect(plays[0]!.refusals).toEqual([null]);
    expect(plays[1]!.tick).toBeGreaterThan(plays[0]!.tick);
    expect(turn.filter((e) => e.type === "turnStarted").length).toBe(1);
  }, 120_000);
});
