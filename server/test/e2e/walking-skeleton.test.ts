import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { PARTS, WOUND_POINTS } from "@malignus/shared";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * The walking skeleton end to end, over a real WebSocket: the server runs in-process, a keeper
 * client builds and wires a trap in the entry corridor, and a spectator client sees the first
 * invasion's peasant step on the plate, the blades fire and wound it.
 */

const server = inProcessServer();

describe("walking skeleton over a real connection", () => {
  it("TRAP-01, TRAP-13, TRAP-28, TRAP-30: the keeper builds and wires a trap; the spectator sees the peasant step on the plate and take the blades' wound (INV-10, INV-38)", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon({ seed: 424242, timeScale: 1000, pauseOnSpot: false, spectatorsSeeAll: true, startPaused: true }, { role: "keeper" });
    server.track(keeper);
    // A join resolves once the first full state is in.
    expect([keeper.state.mapName, keeper.state.width, keeper.state.height]).toEqual(["default", 40, 30]);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { seen, eventually } = recordEvents(spectator);

    const plate = await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 });
    const blades = await keeper.placePart({ kind: "spinningBlades", x: 5, y: 15 });
    expect(plate).toEqual({ ok: true, id: expect.any(String) });
    expect(blades).toEqual({ ok: true, id: expect.any(String) });
    if (!plate.ok || !blades.ok) throw new Error("placement refused");
    const cable = await keeper.wire({ path: [6, 5].map((x) => ({ x, y: 15 })) });
    expect(cable).toEqual({ ok: true, id: expect.any(String) });

    // A spectator may not command; it stays connected.
    expect(await spectator.placePart({ kind: "pressurePlate", x: 3, y: 15 })).toEqual({
      ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "spectators cannot send commands",
    });
    // The room was created paused, so every command above applied at tick 0: the run replays
    // exactly for this seed. Start the clock.
    expect(spectator.state.clock.tick).toBe(0);
    expect(await keeper.resume()).toEqual({ ok: true });

    const started = await eventually("invasionStarted", () => true, 40_000);
    expect(started).toMatchObject({ invasionNumber: 1, size: 1 });
    const fired = await eventually("trapFired", () => true, 20_000);
    const peasantId = fired.byUnitId as string;
    expect(fired).toMatchObject({
      triggerId: plate.id, mechanismId: blades.id, mechanism: "spinningBlades", x: 5, y: 15, victims: [peasantId],
    });
    const wound = await eventually("wound", (e) => e.sourceId === blades.id, 5_000);
    expect(wound).toMatchObject({
      targetId: peasantId, severity: PARTS.spinningBlades.harm?.malignusSeverity,
      woundPoints: WOUND_POINTS.serious,
    });
    // Both parts were built on site by minions before the invasion (TRAP-28 to TRAP-30).
    const built = seen.filter((e): e is SimEventOf<"partBuilt"> => e.type === "partBuilt").map((e) => e.partId).sort();
    expect(built).toEqual([plate.id, blades.id].sort());
    // The first invasion came on day 2 (INV-10) as one peasant (INV-38).
    expect(Math.floor(started.tick / 14_400) + 1).toBe(2);
    // The spectator's decoded state shows the wounded peasant (patches follow events within 50 ms).
    const peasant = await new Promise<ReturnType<typeof spectator.state.units.get>>((resolve) => {
      const check = () => {
        const u = spectator.state.units.get(peasantId);
        if (u && u.woundPoints >= WOUND_POINTS.serious) { off(); resolve(u); }
      };
      const off = spectator.onStateChange(check);
      check();
    });
    expect(peasant?.adventurerClass).toBe("Peasant");
    expect(peasant?.kind).toBe("adventurer");
    // The invasion ends: death, knock-out, capture or escape.
    const ended = await eventually("invasionEnded", () => true, 20_000);
    expect(Object.keys(ended.fates)).toEqual([peasantId]);
    expect(["dead", "unconscious", "captured", "escaped"]).toContain(ended.fates[peasantId]);
  }, 90_000);
});
