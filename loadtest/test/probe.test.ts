import { describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import { attachProbe } from "../src/bots/probe.ts";

/** A stand-in for an @colyseus/sdk room: the connection's `onmessage` the probe wraps, and the frames the SDK was handed. */
function fakeRoom(): { room: Room<any, any>; handed: number[]; deliver: (bytes: number[]) => void } {
  const handed: number[] = [];
  const events: { onmessage?: (e: MessageEvent) => void } = { onmessage: (e) => { handed.push(new Uint8Array(e.data as ArrayBuffer)[0] as number); } };
  const room = { connection: { events }, onStateChange: () => {} } as unknown as Room<any, any>;
  return { room, handed, deliver: (bytes) => events.onmessage?.({ data: new Uint8Array(bytes).buffer } as MessageEvent) };
}

describe("the traffic probe", () => {
  it("counting only (a light spectator): counts every frame's bytes, state frames as patches, and hands the SDK only join, error, leave and ping frames", () => {
    const f = fakeRoom();
    const c = attachProbe(f.room, false);
    f.deliver([15, 1, 2, 3]);        // ROOM_STATE_PATCH, 4 bytes
    f.deliver([14, 1, 2, 3, 4, 5]);  // ROOM_STATE, 6 bytes
    f.deliver([13 | 0x20, 9, 9]);    // ROOM_DATA with a modifier bit, 3 bytes
    f.deliver([18]);                 // PING
    f.deliver([12, 0]);              // LEAVE_ROOM
    expect(c.bytes).toBe(16);
    expect(c.messages).toBe(5);
    expect(c.patches).toBe(2);
    expect(c.byKind).toEqual({ patch: { frames: 1, bytes: 4 }, full: { frames: 1, bytes: 6 }, message: { frames: 1, bytes: 3 }, other: { frames: 2, bytes: 3 } });
    expect(f.handed).toEqual([18, 12]);
  });

  it("decoding (the default): counts the same bytes and hands the SDK every frame", () => {
    const f = fakeRoom();
    const c = attachProbe(f.room);
    f.deliver([15, 1, 2, 3]);
    f.deliver([18]);
    expect(c.bytes).toBe(5);
    expect(c.byKind).toEqual({ patch: { frames: 1, bytes: 4 }, other: { frames: 1, bytes: 1 } });
    expect(f.handed).toEqual([15, 18]);
  });
});
