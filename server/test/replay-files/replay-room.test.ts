import { beforeAll, describe, expect, it } from "vitest";
import { matchMaker } from "@colyseus/core";
import { ReplayConnection } from "@malignus/client-sdk";
import type { ReplayStatus } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { rejection, replayServer } from "./harness.ts";
import { until } from "../until.ts";
import type { ReplayRoom } from "../../src/replay/ReplayRoom.ts";
import { formatReplay, type ReplayFile } from "../../src/replay/format.ts";
import { headlessGame } from "./fixture.ts";

/**
 * The replay room (issue 16 part 5) over real connections: a replay file played read-only with
 * pause, speed and seek (exact tick and hash after a seek, both ways), the controller rule, a
 * stored dungeon's replay seen exactly as its live spectator saw it, and the refusals (another
 * format version, an unknown dungeon).
 */

const h = replayServer();
const replayRoomOf = (roomId: string): ReplayRoom => matchMaker.getLocalRoomById(roomId) as unknown as ReplayRoom;
let file: ReplayFile;
let text: string;
beforeAll(async () => {
  ({ file } = await headlessGame());
  text = formatReplay(file).join("");
});

/** Resolves with the next status `conn` receives that matches `check`. */
const statusWhen = (conn: ReplayConnection, check: (s: ReplayStatus) => boolean): Promise<ReplayStatus> =>
  until("a replay status", () => (conn.status && check(conn.status) ? conn.status : undefined));
const plates = (state: DungeonState): string[] => [...state.parts.values()].filter((p) => p.kind === "pressurePlate").map((p) => `${p.x},${p.y}`).sort();

describe("the replay room", () => {
  it("plays a replay file paused, seeks to exact ticks and hashes both ways, plays at a chosen speed, pauses, ends; commands are refused", async () => {
    const replay = h.track(await h.client().watchReplay({ file: text }, { paused: true, speed: 10 }));
    const room = replayRoomOf(replay.roomId);
    expect(replay.status).toEqual({ tick: 14400, startTick: 14400, endTick: 18500, speed: 10, paused: true, ended: false, controller: replay.room.sessionId });
    expect(replay.state.clock.tick).toBe(14400);
    expect(replay.seat).toEqual({ seatId: "s1", role: "spectator" });

    // Paused: no time passes.
    await new Promise((r) => setTimeout(r, 400));
    expect(room.simulation.tick).toBe(14400);

    const forward = await replay.seek(17000);
    expect(forward).toEqual({ ok: true, status: { tick: 17000, startTick: 14400, endTick: 18500, speed: 10, paused: true, ended: false, controller: replay.room.sessionId } });
    expect(room.simulation.hash()).toBe(file.checkpoints[2]!.hash);
    await until("the client at tick 17000", () => (replay.state.clock.tick === 17000 ? true : undefined));
    expect(plates(replay.state)).toEqual(["10,15", "5,15"]);

    expect(await replay.seek(15000)).toMatchObject({ ok: true, status: { tick: 15000 } });
    expect(room.simulation.hash()).toBe(file.checkpoints[0]!.hash);
    await until("the client back at tick 15000", () => (replay.state.clock.tick === 15000 ? true : undefined));
    expect(plates(replay.state)).toEqual(["5,15"]); // the second plate is placed at tick 16700

    // Speed 50 game minutes a second: 50 ticks per room step, one patch per step.
    expect(await replay.setSpeed(50)).toMatchObject({ ok: true, status: { speed: 50, paused: true } });
    const ticks: number[] = [];
    const off = replay.onStateChange((s) => { if (ticks.at(-1) !== s.clock.tick) ticks.push(s.clock.tick); });
    expect(await replay.play()).toMatchObject({ ok: true, status: { paused: false } });
    await until("five patches", () => (ticks.length >= 6 ? true : undefined));
    off();
    const steps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    expect(steps.slice(1)).toEqual(steps.slice(1).map(() => 50));
    expect(replay.state.clock.timeScale).toBe(50);
    const paused = await replay.pause();
    expect(paused).toMatchObject({ ok: true, status: { paused: true } });
    const pausedAt = room.simulation.tick;
    await new Promise((r) => setTimeout(r, 300));
    expect(room.simulation.tick).toBe(pausedAt);

    expect(await replay.seek(99_999)).toMatchObject({ ok: true, status: { tick: 18500, ended: true } });
    expect(room.simulation.hash()).toBe(file.end.hash);

    expect(await replay.placePart({ kind: "pressurePlate", x: 20, y: 15 })).toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "a replay is read-only" });
    expect(await replay.control({ action: "seek", tick: -5 } as never).catch((e: Error) => e.message)).toMatch(/^invalid replay control: tick: /);
    await replay.leave();
  });

  it("onStatus fires at each status change: playing, each move of the position, the end; nothing while paused (fresh-user finding 7)", async () => {
    const replay = h.track(await h.client().watchReplay({ file: text }, { paused: true, speed: 600 }));
    const seen: [tick: number, paused: boolean, ended: boolean][] = [];
    const off = replay.onStatus((s) => seen.push([s.tick, s.paused, s.ended]));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]); // paused: no change
    expect(await replay.play()).toMatchObject({ ok: true, status: { tick: 14400, paused: false } });
    await statusWhen(replay, (s) => s.ended);
    // Speed 600: 600 ticks a room step (one patch each), the clock synced every patch; the end tick 18500.
    expect(seen).toEqual([
      [14400, false, false], [15000, false, false], [15600, false, false], [16200, false, false], [16800, false, false],
      [17400, false, false], [18000, false, false], [18500, false, false], [18500, false, true],
    ]);
    expect(replay.status).toMatchObject({ tick: 18500, ended: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(9); // ended: no change
    off();
    await replay.leave();
  });

  it("obeys only its controller: the opener, then the viewer present longest", async () => {
    const opener = h.track(await h.client().watchReplay({ file: text }, { paused: true }));
    const joined = await h.client().colyseus.joinById<DungeonState>(opener.roomId, {}, DungeonState);
    const viewer = h.track(new ReplayConnection(joined));
    await statusWhen(viewer, (s) => s.controller === opener.room.sessionId);
    expect(await viewer.seek(16000)).toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only the replay's controller (the viewer who opened it, then the longest present) may control playback" });
    expect(await opener.seek(16000)).toMatchObject({ ok: true, status: { tick: 16000 } });
    await until("the viewer at tick 16000", () => (viewer.state.clock.tick === 16000 ? true : undefined));
    await opener.leave();
    await statusWhen(viewer, (s) => s.controller === viewer.room.sessionId);
    expect(await viewer.seek(17000)).toMatchObject({ ok: true, status: { tick: 17000, controller: viewer.room.sessionId } });
    expect(replayRoomOf(viewer.roomId).simulation.hash()).toBe(file.checkpoints[2]!.hash);
    await viewer.leave();
  });

  it("shows a stored dungeon's replay as its live spectator saw it", async () => {
    // timeScale 0.001: a tick every 100 real seconds, so the live game stands still meanwhile.
    const keeper = h.track(await h.client().createDungeon({ seed: 7, skipToInvasion: true, pauseOnSpot: false, timeScale: 0.001 }, { name: "Morag" }));
    const id = keeper.roomId;
    const spectator = h.track(await h.client().spectate(id, "Ann"));
    expect(await keeper.placePart({ kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
    await until("the spectator sees the plate", () => (plates(spectator.state).length === 1 ? true : undefined));
    const seen = {
      tick: spectator.state.clock.tick,
      units: [...spectator.state.units.entries()].map(([uid, u]) => `${uid}:${u.kind}@${u.x},${u.y}`).sort(),
      plates: plates(spectator.state),
    };
    await spectator.leave();
    await keeper.leave();
    const record = await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting");
    expect(record.tick).toBe(seen.tick);

    const replay = h.track(await h.client().watchReplay(id, { paused: true }));
    expect(replay.status).toMatchObject({ dungeonId: id, startTick: seen.tick, endTick: seen.tick, ended: false });
    expect(await replay.seek(seen.tick)).toMatchObject({ ok: true, status: { ended: true } });
    expect(replayRoomOf(replay.roomId).simulation.hash()).toBe(record.hash);
    await until("the replay shows the plate", () => (plates(replay.state).length === 1 ? true : undefined));
    expect(seen.units.length).toBeGreaterThan(0);
    expect({
      tick: replay.state.clock.tick,
      units: [...replay.state.units.entries()].map(([uid, u]) => `${uid}:${u.kind}@${u.x},${u.y}`).sort(),
      plates: plates(replay.state),
    }).toEqual(seen);
    await replay.leave();
  });

  it("refuses a replay file of another format version, and an unknown dungeon, with a clear error", async () => {
    const lines = text.split("\n");
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0]!), version: 2 });
    const before = h.logs().length;
    const v2 = await rejection(h.client().watchReplay({ file: lines.join("\n") }));
    expect(v2.message).toBe("replay line 1: unknown-version: replay format version 2 is not supported (this server reads version 1)");
    const unknown = await rejection(h.client().watchReplay("no-such-dungeon"));
    expect(unknown.message).toBe("UNKNOWN_DUNGEON: no stored dungeon has id no-such-dungeon");
    // The server logs each refusal as one warning (captured by the harness, not printed).
    expect(h.logs().slice(before).filter((l) => (l.level as number) >= 40).map((l) => l.msg)).toEqual([
      "room refused a client: replay line 1: unknown-version: replay format version 2 is not supported (this server reads version 1)",
      "room refused a client: UNKNOWN_DUNGEON: no stored dungeon has id no-such-dungeon",
    ]);
  });
});
