import fc from "fast-check";
import { COMMAND_TYPES, EVENT_MESSAGE, MOVE_TO_MESSAGE, PLAN_TURN_MESSAGE, SEAT_MESSAGE } from "@malignus/shared";

/**
 * Raw Colyseus 0.18 protocol frames for the fuzzer (chaos/src/scenarios.ts `fuzz`): what a
 * hostile client can put on the socket, below the SDK. A frame is a leading protocol byte
 * (`Protocol` in @colyseus/shared-types: 13 ROOM_DATA, 17 ROOM_DATA_BYTES, 19/20 ROOM_INPUT,
 * 21 ROOM_REQUEST, …) then, for ROOM_DATA, the message type (msgpack string or number) and its
 * msgpack payload; for ROOM_REQUEST, a msgpack request id first.
 */

/** Protocol codes of @colyseus/shared-types used here. */
export const PROTOCOL = { ROOM_DATA: 13, ROOM_DATA_BYTES: 17, ROOM_INPUT_RELIABLE: 19, ROOM_INPUT_UNRELIABLE: 20, ROOM_REQUEST: 21 } as const;

/** What the fuzzer sends, before encoding (so fast-check can shrink it). */
export type FrameSpec =
  | { kind: "bytes"; bytes: Uint8Array }
  | { kind: "data"; type: string | number; payload: unknown; cut?: number }
  | { kind: "request"; requestId: number; type: string | number; payload: unknown; cut?: number };

/** msgpack encoding of a string (fixstr, str8, str16) as the Colyseus SDK writes a message type. */
export function msgpackString(s: string): Uint8Array {
  const bytes = new TextEncoder().encode(s);
  const n = bytes.length;
  const head = n < 32 ? [0xa0 | n] : n < 256 ? [0xd9, n] : [0xda, n >> 8, n & 0xff];
  return Uint8Array.from([...head, ...bytes]);
}

/** msgpack encoding of an integer (what the SDK's `encode.number` writes for ids and numeric types). */
export function msgpackInt(n: number): Uint8Array {
  if (n >= 0 && n < 128) return Uint8Array.of(n);
  if (n < 0 && n >= -32) return Uint8Array.of(n & 0xff);
  const view = new DataView(new ArrayBuffer(9));
  if (n >= 0 && n <= 0xffffffff) { view.setUint8(0, 0xce); view.setUint32(1, n); return new Uint8Array(view.buffer, 0, 5); }
  if (n < 0 && n >= -0x80000000) { view.setUint8(0, 0xd2); view.setInt32(1, n); return new Uint8Array(view.buffer, 0, 5); }
  view.setUint8(0, 0xcb); view.setFloat64(1, n);
  return new Uint8Array(view.buffer, 0, 9);
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};

/**
 * The bytes of `frame`; `pack` is a msgpack encoder (the SDK room's own). A payload msgpack
 * cannot encode is sent as nil. `cut` truncates the frame to that many bytes.
 */
export function encodeFrame(frame: FrameSpec, pack: (value: unknown) => Uint8Array): Uint8Array {
  if (frame.kind === "bytes") return frame.bytes;
  const type = typeof frame.type === "string" ? msgpackString(frame.type) : msgpackInt(frame.type);
  let payload: Uint8Array;
  try {
    payload = frame.payload === undefined ? new Uint8Array(0) : pack(frame.payload);
  } catch {
    payload = Uint8Array.of(0xc0);
  }
  const bytes = frame.kind === "data"
    ? concat(Uint8Array.of(PROTOCOL.ROOM_DATA), type, payload)
    : concat(Uint8Array.of(PROTOCOL.ROOM_REQUEST), msgpackInt(frame.requestId), type, payload);
  return frame.cut === undefined ? bytes : bytes.subarray(0, Math.min(frame.cut, bytes.length));
}

/** Message types: every command, the server's own, hostile names, random strings and numbers. */
const messageType = (): fc.Arbitrary<string | number> => fc.oneof(
  fc.constantFrom<string>(...COMMAND_TYPES, PLAN_TURN_MESSAGE, MOVE_TO_MESSAGE, SEAT_MESSAGE, EVENT_MESSAGE, "__proto__", "constructor", "", "*"),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -40, max: 70_000 }),
);

/** Payloads: anything, near-valid commands, nothing. */
const payload = (): fc.Arbitrary<unknown> => fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 6 }),
  fc.record({ kind: fc.constantFrom("pressurePlate", "spinningBlades", "catapult", ""), x: fc.integer({ min: -5, max: 80 }), y: fc.integer({ min: -5, max: 40 }) }),
  fc.record({ path: fc.array(fc.record({ x: fc.integer({ min: -2, max: 60 }), y: fc.integer({ min: -2, max: 40 }) }), { maxLength: 12 }) }),
  fc.record({ partId: fc.string({ maxLength: 12 }) }),
  fc.constant(undefined),
);

/** One fuzzer frame: random bytes, a random protocol code with random bytes, ROOM_DATA or ROOM_REQUEST (maybe truncated). */
export function frameArbitrary(): fc.Arbitrary<FrameSpec> {
  const cut = fc.option(fc.nat({ max: 64 }), { nil: undefined, freq: 4 });
  return fc.oneof(
    fc.uint8Array({ maxLength: 96 }).map((bytes): FrameSpec => ({ kind: "bytes", bytes })),
    fc.tuple(fc.constantFrom(...Object.values(PROTOCOL), 10, 12, 18, 22, 31, 255), fc.uint8Array({ maxLength: 64 }))
      .map(([code, rest]): FrameSpec => ({ kind: "bytes", bytes: concat(Uint8Array.of(code), rest) })),
    fc.record({ type: messageType(), payload: payload(), cut }).map((f): FrameSpec => ({ kind: "data", ...f })),
    fc.record({ requestId: fc.oneof(fc.nat({ max: 0xffffffff }), fc.integer({ min: -100, max: -1 })), type: messageType(), payload: payload(), cut })
      .map((f): FrameSpec => ({ kind: "request", ...f })),
  );
}
