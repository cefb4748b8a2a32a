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
/** Protocol codes of state frames (`ROOM_STATE`, `ROOM_STATE_PATCH`): a counting probe counts them as patches. */
const STATE_CODES = new Set([14, 15]);
/** Protocol codes a counting probe still hands to the SDK (join, error, leave, ping): the connection's own life, no state. */
const PASSED_CODES = new Set([10, 11, 12, 18]);
/** Bits of the leading byte that hold the protocol code (the others are modifiers). */
const CODE_MASK = 0x1f;

/**
 * Counts the traffic a Colyseus room receives: wraps the connection's `onmessage` handler to
 * add each frame's byte length, and listens to state changes for patches. Works on any
 * `@colyseus/sdk` room (a DungeonConnection's `.room`, or a bare room).
 *
 * With `decode` false (issue 20 part 3: a lighter load generator) the probe only counts: state
 * frames (full state and patches, counted as patches) and room messages never reach the SDK, so
 * nothing is decoded and the room's state stays as it was at join; join, error, leave and ping
 * frames still do (the connection lives and leaves as usual). The bytes counted are the same.
 */
export function attachProbe(room: Room<any, any>, decode = true): TrafficCounters {
  const counters: TrafficCounters = { messages: 0, bytes: 0, patches: 0, byKind: {}, label: undefined };
  const events = (room as unknown as { connection: { events: { onmessage?: (e: MessageEvent) => void } } }).connection.events;
  const inner = events.onmessage;
  if (!decode) {
    events.onmessage = (event: MessageEvent) => {
      const d = event.data as ArrayBuffer | ArrayBufferView | string;
      const n = typeof d === "string" ? Buffer.byteLength(d) : d.byteLength;
      const code = typeof d === "string" ? -1 : ((d instanceof ArrayBuffer ? new Uint8Array(d, 0, 1)[0] : new Uint8Array(d.buffer, d.byteOffset, 1)[0]) ?? 0) & CODE_MASK;
      counters.messages++;
      counters.bytes += n;
      if (STATE_CODES.has(code)) counters.patches++;
      const k = (counters.byKind[FRAME_KINDS[code] ?? "other"] ??= { frames: 0, bytes: 0 });
      k.frames++;
      k.bytes += n;
      if (code === -1 || PASSED_CODES.has(code)) inner?.(event);
    };
    return counters;
  }
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
