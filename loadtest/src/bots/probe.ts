import type { Room } from "@colyseus/sdk";

/** What a client received since its probe was attached (or last reset). */
export interface TrafficCounters {
  /** WebSocket messages received. */
  messages: number;
  /** Bytes of those messages. */
  bytes: number;
  /** State changes applied (full state or patch). */
  patches: number;
}

/**
 * Counts the traffic a Colyseus room receives: wraps the connection's `onmessage` handler to
 * add each frame's byte length, and listens to state changes for patches. Works on any
 * `@colyseus/sdk` room (a DungeonConnection's `.room`, or a bare room).
 */
export function attachProbe(room: Room<any, any>): TrafficCounters {
  const counters: TrafficCounters = { messages: 0, bytes: 0, patches: 0 };
  const events = (room as unknown as { connection: { events: { onmessage?: (e: MessageEvent) => void } } }).connection.events;
  const inner = events.onmessage;
  events.onmessage = (event: MessageEvent) => {
    counters.messages++;
    const d = event.data as ArrayBuffer | ArrayBufferView | string;
    counters.bytes += typeof d === "string" ? Buffer.byteLength(d) : d.byteLength;
    inner?.(event);
  };
  room.onStateChange(() => { counters.patches++; });
  return counters;
}

/** Zeroes the counters (at the start of the measured window). */
export function resetCounters(c: TrafficCounters): void {
  c.messages = 0; c.bytes = 0; c.patches = 0;
}
