import { describe, expect, it, vi } from "vitest";
import { EVENT_MESSAGE, SEAT_MESSAGE, type SeatInfo } from "@malignus/shared";
import type { DungeonState } from "@malignus/shared/schema";
import {
  DungeonConnection, RESUMABLE_CLOSE_CODES, RESUME_FIRST_DELAY_MS, RESUME_MAX_ATTEMPTS, RESUME_MAX_DELAY_MS, resumeDelayMs,
} from "../src/index.ts";
import { fakeRoom } from "./fakeRoom.ts";

/** A fake room that has its first state already (a map name), as a rejoined room would. */
function joinedRoom(roomId: string) {
  const fake = fakeRoom();
  fake.room.roomId = roomId;
  fake.room.state = { mapName: "default" } as DungeonState;
  return fake;
}

const hour = (tick: number) => ({ type: "hour", tick, day: 1, hour: 1 }) as const;

describe("resume after the server process died or stopped (client-sdk/src/resume.ts)", () => {
  it("waits 200, 400, 800, 1600 then 3000 ms between attempts, at most 8 attempts", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(resumeDelayMs)).toEqual([200, 400, 800, 1600, 3000, 3000, 3000, 3000]);
    expect([RESUME_FIRST_DELAY_MS, RESUME_MAX_DELAY_MS, RESUME_MAX_ATTEMPTS]).toEqual([200, 3000, 8]);
    expect([...RESUMABLE_CLOSE_CODES].sort()).toEqual([1001, 1005, 1006, 4001, 4003]);
  });

  it("a 4003 close (the reconnection token died with the process) rejoins with the seat and key, and events flow from the new room", async () => {
    vi.useFakeTimers();
    try {
      const old = joinedRoom("d1");
      const next = joinedRoom("d1");
      const rejoin = vi.fn(async (_seat: SeatInfo | undefined, _key: string | undefined) => next.asRoom);
      Object.assign(old.room, { reconnectionToken: "d1:first" });
      Object.assign(next.room, { reconnectionToken: "d1:second" });
      const conn = new DungeonConnection(old.asRoom, "adventurer", rejoin, "key-1");
      const tokens: string[] = [];
      conn.onReconnectionToken((t) => tokens.push(t));
      old.push(SEAT_MESSAGE, { seatId: "a2", role: "adventurer", unitId: "7", dungeonId: "d1" } as never);
      const seen: number[] = [];
      conn.onEvent("hour", (e) => seen.push(e.tick));
      const drops: number[] = [];
      const leaves: number[] = [];
      let reconnected = 0;
      conn.onDrop((code) => drops.push(code));
      conn.onLeave((code) => leaves.push(code));
      conn.onReconnect(() => reconnected++);

      old.close(4003);
      expect(drops).toEqual([4003]);
      expect(rejoin).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(RESUME_FIRST_DELAY_MS);
      expect(rejoin).toHaveBeenCalledWith({ seatId: "a2", role: "adventurer", unitId: "7", dungeonId: "d1" }, "key-1");
      expect(reconnected).toBe(1);
      expect(leaves).toEqual([]);
      expect(conn.room).toBe(next.asRoom);
      expect([tokens, conn.reconnectionToken]).toEqual([["d1:second"], "d1:second"]);
      expect(old.push(EVENT_MESSAGE, hour(10))).toBe(false); // the old room is no longer listened to
      next.push(EVENT_MESSAGE, hour(20));
      expect(seen).toEqual([20]);
      next.push(SEAT_MESSAGE, { seatId: "a1", role: "adventurer", unitId: "7", dungeonId: "d1" } as never);
      expect(conn.seat).toEqual({ seatId: "a1", role: "adventurer", unitId: "7", dungeonId: "d1" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up after RESUME_MAX_ATTEMPTS refusals and tells onLeave the original code", async () => {
    vi.useFakeTimers();
    try {
      const old = joinedRoom("d2");
      const rejoin = vi.fn(async () => { throw new Error("DUNGEON_BUSY: run by another process"); });
      const conn = new DungeonConnection(old.asRoom, "keeper", rejoin);
      const leaves: number[] = [];
      conn.onLeave((code) => leaves.push(code));
      old.close(1006);
      const total = [1, 2, 3, 4, 5, 6, 7, 8].map(resumeDelayMs).reduce((a, b) => a + b, 0);
      await vi.advanceTimersByTimeAsync(total - 1);
      expect([rejoin.mock.calls.length, leaves]).toEqual([7, []]);
      await vi.advanceTimersByTimeAsync(1);
      expect([rejoin.mock.calls.length, leaves]).toEqual([8, [1006]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never resumes after leave(), a consented close (4000), a kick (4002, 4102, 4103), a seat taken over (4101) or without a rejoin", async () => {
    vi.useFakeTimers();
    try {
      const rejoin = vi.fn(async () => joinedRoom("x").asRoom);
      const outcomes: number[][] = [];
      for (const code of [4000, 4002, 4101, 4102, 4103]) {
        const fake = joinedRoom("d3");
        const conn = new DungeonConnection(fake.asRoom, "keeper", rejoin);
        const leaves: number[] = [];
        conn.onLeave((c) => leaves.push(c));
        fake.close(code);
        outcomes.push(leaves);
      }
      const bare = joinedRoom("d4");
      const conn = new DungeonConnection(bare.asRoom, "spectator");
      const leaves: number[] = [];
      conn.onLeave((c) => leaves.push(c));
      bare.close(4003);
      outcomes.push(leaves);
      // leave() while a resume waits: the resume stops.
      const dropped = joinedRoom("d5");
      const leaving = new DungeonConnection(dropped.asRoom, "keeper", rejoin);
      dropped.close(1006);
      await leaving.leave();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(outcomes).toEqual([[4000], [4002], [4101], [4102], [4103], [4003]]);
      expect(rejoin).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
