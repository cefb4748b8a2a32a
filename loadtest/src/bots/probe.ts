import type { Room } from "@colyseus/sdk";

/** Frames and bytes of one kind of message. */
export interface KindCount { frames: number; bytes: number }

/** What a client received since its probe was attached (or last reset). */
export interface TrafficCounters {
  /** WebSocket messages received. */
  messages: number;
  /** Bytes of those messages. */
  bytes: number;
  /** State changes applied (full state or patch). */
  patches: number;
  /**
   * The same bytes by kind of message: `patch`, `full` (state frames), `event:<type>` (an event
   * a handler named with {@link TrafficCounters.label} while the frame was being handled),
   * `message` (other room messages), `other` (protocol frames).
   */
  byKind: Record<string, KindCount>;
  /** Set by a message handler (the spectator bot's event handler) to name the frame it handles. */
  label: string | undefined;
}

/** Protocol codes of the frames the probe names (@colyseus/shared-types Protocol). */
const FRAME_KINDS: Record<number, string> = { 13: "message", 14: "full", 15: "patch" };

/**
 * Counts the traffic a Colyseus room receives: wraps the connection's `onmessage` handler to
 * add each frame's byte length, and listens to state changes for patches. Works on any
 * `@colyseus/sdk` room (a DungeonConnection's `.room`, or a bare room).
 */
export function attachProbe(room: Room<any, any>): TrafficCounters {
  const counters: TrafficCounters = { messages: 0, bytes: 0, patches: 0, byKind: {}, label: undefined };
  const events = (room as unknown as { connection: { events: { onmessage?: (e: MessageEvent) => void } } }).connection.events;
  const inner = events.onmessage;
  events.onmessage = (event: MessageEvent) => {
    counters.messages++;
    const d = event.data as ArrayBuffer | ArrayBufferView | string;
    const n = typeof d === "string" ? Buffer.byteLength(d) : d.byteLength;
    counters.bytes += n;
    counters.label = undefined;
    inner?.(event);
    const code = typeof d === "string" ? -1 : d instanceof ArrayBuffer ? new Uint8Array(d, 0, 1)[0] : new Uint8Array(d.buffer, d.byteOffset, 1)[0];
    const kind = counters.label ?? FRAME_KINDS[code ?? -1] ?? "other";
    counters.label = undefined;
    const k = (counters.byKind[kind] ??= { frames: 0, bytes: 0 });
    k.frames++;
    k.bytes += n;
  };
  room.onStateChange(() => { counters.patches++; });
  return counters;
}

/** Zeroes the counters (at the start of the measured window). */
export function resetCounters(c: TrafficCounters): void {
  c.messages = 0; c.bytes = 0; c.patches = 0; c.byKind = {};
}
