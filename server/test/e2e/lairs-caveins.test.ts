import { describe, expect, it } from "vitest";
import { connect, type DungeonConnection } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * Lairs (TRAP-61, TRAP-62) and cave-ins (DOOR-52) end to end, over a real WebSocket, on the
 * shipped `wolf-den` map: the default map with a wild wolf in the dark cellar (23,26). The keeper
 * builds a lair in the cellar; the wolf moves in, stays a game hour and joins the dungeon, which
 * a spectator reads from its state. Then the keeper brings two ceilings down.
 */

const server = inProcessServer();

/** Resolves once `ready()` holds on the connection's decoded state. */
function stateWhere(conn: DungeonConnection, ready: () => boolean, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { off(); reject(new Error("state never matched")); }, ms);
    const check = () => { if (ready()) { clearTimeout(timer); off(); resolve(); } };
    const off = conn.onStateChange(check);
    check();
  });
}

describe("lairs and cave-ins over a real connection", () => {
  it("TRAP-61, TRAP-62, DOOR-52: a wild wolf moves into the keeper's lair and joins; a cave-in spares the last walking path", async () => {
    const client = connect(server.url());
    const keeper = server.track(await client.createDungeon({ seed: 61, map: "wolf-den", timeScale: 60, pauseOnSpot: false }, { role: "keeper" }));
    const spectator = server.track(await client.spectate(keeper.roomId));
    const events = recordEvents(keeper);
    await stateWhere(spectator, () => spectator.state.units.size > 0);
    const wolf = [...spectator.state.units.values()].find((u) => u.faction === "wild");
    expect(wolf).toMatchObject({ species: "wolf", x: 23, y: 26 });

    // Refused lairs answer with a code: rock, and a sealed cave the keeper dug (not his ground).
    expect(await keeper.buildLair({ x: 2, y: 2, width: 2, height: 2 }))
      .toEqual({ ok: false, code: "NOT_FLOOR", reason: "a lair needs plain floor; 2,2 is '#'" });
    expect(await keeper.dig({ x: 3, y: 3 })).toEqual({ ok: true });
    expect(await keeper.buildLair({ x: 3, y: 3, width: 1, height: 1 }))
      .toEqual({ ok: false, code: "NOT_KEEPER_GROUND", reason: "3,3 is not the keeper's ground: the Sanctum's side cannot walk there" });

    const built = await keeper.buildLair({ x: 16, y: 22, width: 2, height: 2 });
    expect(built).toEqual({ ok: true, id: expect.stringMatching(/^\d+$/) });
    const lairId = (built as { id: string }).id;
    const movingIn = await events.eventually("creatureMovingIn", (e) => e.lairId === lairId, 10_000);
    expect(movingIn).toMatchObject({ unitId: wolf!.id, x: 17, y: 22 }); // the lair tile nearest the wolf (Chebyshev 6), lowest index first
    // 616 ticks after the lair was built (headless: 15 ticks to walk in, then a game hour), about
    // a real second at timeScale 60; the wait allows for a loaded machine.
    const joined = await events.eventually("creatureJoined", (e) => e.lairId === lairId, 60_000);
    expect(joined.tick - movingIn.tick).toBe(615);
    expect(joined.unitId).toBe(wolf!.id);
    await stateWhere(spectator, () => spectator.state.lairs.get(lairId)?.residentId === wolf!.id
      && spectator.state.units.get(wolf!.id)?.faction === "dungeon");
    expect(spectator.state.lairs.get(lairId)?.toJSON()).toEqual({
      id: lairId, x: 16, y: 22, width: 2, height: 2, residentId: wolf!.id, settlerId: "", settlesAtTick: 0,
    });
    expect(spectator.state.units.get(wolf!.id)).toMatchObject({ x: 17, y: 22, faction: "dungeon" });

    // DOOR-52: on the 1-tile entry corridor (row 15) the ceiling's rock would cut the last walking
    // path, so the tile is spared; the corridor tiles beside it turn to rubble.
    expect(await keeper.collapse({ x: 5, y: 15 })).toEqual({ ok: true });
    const spared = await events.eventually("caveIn", (e) => e.x === 5, 5_000);
    expect(spared).toMatchObject({ y: 15, rock: [], rubble: [{ x: 4, y: 15 }, { x: 6, y: 15 }], spared: [{ x: 5, y: 15 }] });
    // In the guard room the tile fills with rock and its 8 neighbours turn to rubble.
    expect(await keeper.collapse({ x: 15, y: 12 })).toEqual({ ok: true });
    const fell = await events.eventually("caveIn", (e) => e.x === 15, 5_000);
    expect(fell).toMatchObject({ y: 12, rock: [{ x: 15, y: 12 }], spared: [] });
    expect(fell.rubble).toHaveLength(8);
    const tile = (x: number, y: number) => spectator.state.tiles[y * spectator.state.width + x];
    await stateWhere(spectator, () => tile(15, 12) === "#");
    expect([tile(4, 15), tile(5, 15), tile(6, 15), tile(14, 11), tile(15, 12), tile(16, 13)]).toEqual([":", ".", ":", ":", "#", ":"]);
    expect(await keeper.collapse({ x: 15, y: 12 })).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(await keeper.removeLair({ lairId })).toEqual({ ok: true });
    expect(await keeper.removeLair({ lairId })).toEqual({ ok: false, code: "UNKNOWN_LAIR", reason: `no lair ${lairId}` });
  }, 120_000);
});
