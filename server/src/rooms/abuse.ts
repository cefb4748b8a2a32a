import { Protocol, ServerError } from "@colyseus/core";
import { LimitErrorCode, type LimitRefusalName } from "@malignus/shared";
import { unpack } from "msgpackr";
import type { Logger } from "../logger.ts";
import { DEFAULT_JOIN_RATE_PER_ADDRESS, DEFAULT_MAX_ROOMS_PER_PROCESS } from "../config.ts";

/**
 * Issue 18's abuse limits (docs/operations.md, "Limits and abuse"): what one client or one address
 * may cost the server, and the refusals past it. Pure bookkeeping, no Colyseus room in here: the
 * dungeon room (DungeonRoom.ts) feeds every frame a client sends through {@link inspectFrame} and
 * a {@link ClientAbuse}, and kicks the client when it says so.
 */

/** Malformed frames (bad varint, undecodable type or payload, unknown protocol code) a client may send; the next one is refused the same way and the client is kicked with 4103. */
export const MAX_MALFORMED_FRAMES = 5;
/** Default seconds a kicked client's reconnection token and address are refused by its room (room option `kickCooldownSeconds`). */
export const DEFAULT_KICK_COOLDOWN_SECONDS = 30;
/** Longest kick cool-down a room may set, in seconds. */
export const MAX_KICK_COOLDOWN_SECONDS = 3600;
/** Default most clients one dungeon room holds, connected or holding a seat for a reconnection (room option `maxClients`). */
export const DEFAULT_MAX_CLIENTS = 32;
/** Largest `maxClients` a room may set. */
export const MAX_MAX_CLIENTS = 1000;
// Defined in config.ts (which must not load Colyseus: logger.ts imports it), re-exported here.
export { DEFAULT_JOIN_RATE_PER_ADDRESS, DEFAULT_MAX_ROOMS_PER_PROCESS };
/** The window of the abuse log's rate limit, in real milliseconds: at most one warn line per kind of abuse per window. */
export const ABUSE_LOG_WINDOW_MS = 1000;

// The refusal codes live in shared/ (limitCodes.ts, Colyseus-free: wire.json carries them), re-exported here.
export { LimitErrorCode };

/** A join, create or reconnection refused by a limit: a Colyseus `ServerError` (not logged as an error; the client gets it). */
export class LimitRefusal extends ServerError {
  override name = "LimitRefusal";
  /** Which limit. */
  readonly refusal: LimitRefusalName;
  constructor(refusal: LimitRefusalName, detail: string) {
    super(LimitErrorCode[refusal], `${refusal}: ${detail}`);
    this.refusal = refusal;
  }
}

/** What {@link inspectFrame} makes of a frame. */
export type FrameVerdict =
  /** Not a message frame (join ack, ping, leave, input…): Colyseus handles it. */
  | { kind: "other" }
  /** Cannot be decoded; `requestId` when a request's id could be read (it is answered). */
  | { kind: "malformed"; reason: string; requestId?: number }
  /** A decodable message: `send` (ROOM_DATA), `request` (ROOM_REQUEST with its id) or `bytes`. */
  | { kind: "message"; via: "send" | "request" | "bytes"; requestId?: number; type: string | number; payload: unknown };

/** The low bits of a frame's first byte that hold its protocol code (`PROTOCOL_CODE_MASK` of @colyseus/shared-types; the high bits are modifiers). */
const PROTOCOL_CODE_MASK = 31;

const NUMBER_SIZES: Record<number, number> = { 0xca: 5, 0xcb: 9, 0xcc: 2, 0xcd: 3, 0xce: 5, 0xcf: 9, 0xd0: 2, 0xd1: 3, 0xd2: 5, 0xd3: 9 };

/** A msgpack number at `it.offset` (as @colyseus/schema's `decode.number` reads it), bounds-checked; undefined when malformed. */
function readNumber(b: Uint8Array, it: { offset: number }): number | undefined {
  const p = b[it.offset];
  if (p === undefined) return undefined;
  if (p < 0x80) { it.offset++; return p; }
  if (p > 0xdf) { it.offset++; return p - 0x100; }
  const size = NUMBER_SIZES[p];
  if (size === undefined || it.offset + size > b.length) return undefined;
  const view = new DataView(b.buffer, b.byteOffset + it.offset + 1, size - 1);
  it.offset += size;
  switch (p) {
    case 0xca: return view.getFloat32(0, true);
    case 0xcb: return view.getFloat64(0, true);
    case 0xcc: return view.getUint8(0);
    case 0xcd: return view.getUint16(0, true);
    case 0xce: return view.getUint32(0, true);
    case 0xcf: return Number(view.getBigUint64(0, true));
    case 0xd0: return view.getInt8(0);
    case 0xd1: return view.getInt16(0, true);
    case 0xd2: return view.getInt32(0, true);
    default: return Number(view.getBigInt64(0, true));
  }
}

/** A msgpack string at `it.offset` (fixstr, including the empty one, str8/16/32), bounds-checked; undefined when malformed. */
function readString(b: Uint8Array, it: { offset: number }): string | undefined {
  const p = b[it.offset]!;
  let header = 1, length: number;
  if (p >= 0xa0 && p <= 0xbf) length = p & 0x1f;
  else {
    header = p === 0xd9 ? 2 : p === 0xda ? 3 : 5;
    if (it.offset + header > b.length) return undefined;
    const view = new DataView(b.buffer, b.byteOffset + it.offset + 1, header - 1);
    length = p === 0xd9 ? view.getUint8(0) : p === 0xda ? view.getUint16(0, true) : view.getUint32(0, true);
  }
  const start = it.offset + header;
  if (start + length > b.length) return undefined;
  it.offset = start + length;
  return Buffer.from(b.buffer, b.byteOffset + start, length).toString("utf8");
}

const isStringPrefix = (p: number | undefined): boolean => p !== undefined && ((p >= 0xa0 && p <= 0xbf) || p === 0xd9 || p === 0xda || p === 0xdb);

/**
 * Decodes the header and payload of one frame a client sent, the way Colyseus 0.18 will
 * (`Room._onMessage`, `RoomMessages.onData`/`onRequest`/`onDataBytes`), but without throwing:
 * a request id or a type that runs past the frame (a "bad varint"), a payload msgpack cannot
 * read, an empty frame or an unknown protocol code is `malformed`. The type `""` is read as the
 * empty string (Colyseus' own reader takes it for a number and gets `undefined`).
 * @param buffer the frame's bytes, as the transport gives them.
 */
export function inspectFrame(buffer: Uint8Array): FrameVerdict {
  if (buffer.length === 0) return { kind: "malformed", reason: "empty frame" };
  const code = buffer[0]! & PROTOCOL_CODE_MASK;
  const via = code === Protocol.ROOM_DATA ? "send" : code === Protocol.ROOM_REQUEST ? "request" : code === Protocol.ROOM_DATA_BYTES ? "bytes" : undefined;
  if (!via) {
    const known = (Object.values(Protocol) as number[]).includes(code);
    return known ? { kind: "other" } : { kind: "malformed", reason: `unknown protocol code ${code}` };
  }
  const it = { offset: 1 };
  let requestId: number | undefined;
  if (via === "request") {
    requestId = readNumber(buffer, it);
    if (requestId === undefined) return { kind: "malformed", reason: "request id: bad varint" };
  }
  const withId = requestId === undefined ? {} : { requestId };
  if (it.offset >= buffer.length) return { kind: "malformed", reason: "no message type", ...withId };
  const type = isStringPrefix(buffer[it.offset]) ? readString(buffer, it) : readNumber(buffer, it);
  if (type === undefined) return { kind: "malformed", reason: "message type: bad varint or truncated string", ...withId };
  if (via === "bytes") return { kind: "message", via, type, payload: buffer.subarray(it.offset) };
  let payload: unknown;
  if (buffer.length > it.offset) {
    try {
      payload = unpack(buffer.subarray(it.offset));
    } catch (err) {
      return { kind: "malformed", reason: `payload: not msgpack (${(err as Error).message.slice(0, 80)})`, ...withId };
    }
  }
  return { kind: "message", via, ...withId, type, payload };
}

/** What {@link ClientAbuse.frame} decides for one frame. */
export type AbuseDecision = "pass" | "flood" | "malformed" | "kick-malformed";

/**
 * One client's abuse counters: frames in the current second (the flood check, in place of
 * Colyseus' `maxMessagesPerSecond`, whose kick closes the socket only after `onDrop` ends) and
 * malformed frames so far.
 */
export class ClientAbuse {
  #windowEnd = -Infinity;
  #frames = 0;
  /** Malformed frames this client sent. */
  malformed = 0;
  /** Set once the client is kicked: its later frames are ignored. */
  kicked = false;

  /**
   * Counts one frame.
   * @param now the room clock, in real milliseconds.
   * @param maxPerSecond the room's `maxMessagesPerSecond`: the frame past it in one second (a
   *   window opened by the first frame after the last one closed) is a flood.
   * @param malformed whether the frame is malformed ({@link inspectFrame}).
   * @returns `flood` (kick with 4102), `kick-malformed` (the {@link MAX_MALFORMED_FRAMES}+1-th
   *   malformed frame: kick with 4103), `malformed` (refuse it), or `pass`.
   */
  frame(now: number, maxPerSecond: number, malformed: boolean): AbuseDecision {
    if (now >= this.#windowEnd) {
      this.#windowEnd = now + 1000;
      this.#frames = 0;
    }
    if (++this.#frames > maxPerSecond) return "flood";
    if (!malformed) return "pass";
    return ++this.malformed > MAX_MALFORMED_FRAMES ? "kick-malformed" : "malformed";
  }
}

/**
 * A warn log of abuse limited to one line per kind per {@link ABUSE_LOG_WINDOW_MS} for the whole
 * process (a flood of bad frames from many clients still writes one line a second): the first
 * event of a window is written, with the count of the previous windows' events left out
 * (`suppressed`); the others are only counted. Never a stack trace.
 */
export class AbuseLog {
  readonly #windows = new Map<string, { end: number; suppressed: number }>();
  readonly #now: () => number;
  constructor(now: () => number = Date.now) { this.#now = now; }

  /**
   * Logs (or counts) one event of kind `kind`.
   * @returns whether a line was written.
   */
  warn(log: Logger, kind: string, fields: Record<string, unknown>, message: string): boolean {
    const t = this.#now();
    const w = this.#windows.get(kind);
    if (w && t < w.end) { w.suppressed++; return false; }
    const suppressed = w?.suppressed ?? 0;
    this.#windows.set(kind, { end: t + ABUSE_LOG_WINDOW_MS, suppressed: 0 });
    log.warn({ abuse: kind, ...fields, ...(suppressed > 0 ? { suppressed } : {}) }, suppressed > 0 ? `${message} (${suppressed} more like it not logged)` : message);
    return true;
  }
}

/** The process's abuse log (rooms share it: one line per kind per second across all rooms). */
export const abuseLog = new AbuseLog();

/**
 * Requests per address over a sliding minute, in place of nothing (Colyseus has no per-address
 * limit). Addresses are forgotten once their minute is over (no growth with distinct addresses
 * beyond one minute's worth).
 */
export class AddressRate {
  readonly #hits = new Map<string, number[]>();
  #lastSweep = 0;
  /** Most requests an address may make in any 60 s (0 = no limit). */
  readonly perMinute: number;
  readonly #now: () => number;
  /**
   * @param perMinute most requests an address may make in any 60 s (0 = no limit).
   * @param now the clock, in real milliseconds.
   */
  constructor(perMinute: number, now: () => number = Date.now) {
    this.perMinute = perMinute;
    this.#now = now;
  }

  /**
   * Counts one request of `address` (unknown address: `"unknown"`).
   * @throws LimitRefusal `JOIN_RATE_LIMITED` past {@link AddressRate.perMinute} in the last minute (the refused request is not counted).
   */
  hit(address: string | undefined): void {
    if (this.perMinute <= 0) return;
    const t = this.#now();
    if (t - this.#lastSweep > 60_000) this.#sweep(t);
    const key = address ?? "unknown";
    const list = this.#hits.get(key) ?? [];
    while (list.length > 0 && list[0]! <= t - 60_000) list.shift();
    if (list.length >= this.perMinute) {
      const wait = Math.ceil((list[0]! + 60_000 - t) / 1000);
      throw new LimitRefusal("JOIN_RATE_LIMITED", `address ${key} made ${this.perMinute} matchmaking requests in the last minute (JOIN_RATE_PER_ADDRESS); try again in ${wait} s`);
    }
    list.push(t);
    this.#hits.set(key, list);
  }

  /** Addresses tracked now (tests: the map does not grow without bound). */
  get size(): number { return this.#hits.size; }

  #sweep(t: number): void {
    this.#lastSweep = t;
    for (const [key, list] of this.#hits) if (list.length === 0 || list[list.length - 1]! <= t - 60_000) this.#hits.delete(key);
  }
}

/** The process's limits, set by `createServer` (app.ts); the dungeon room reads them. */
export interface ProcessLimits {
  /** Per-address matchmaking rate (`JOIN_RATE_PER_ADDRESS`). */
  joins: AddressRate;
  /** Most dungeon rooms in this process (`MAX_ROOMS_PER_PROCESS`; 0 = no cap). */
  maxRooms: number;
  /** Dungeon rooms living in this process now (created, not yet disposed). */
  rooms: number;
}

/** The limits in force (module singleton, like the Colyseus matchmaker: one server per process). Default: no join rate limit, the default room cap. */
export const processLimits: ProcessLimits = { joins: new AddressRate(0), maxRooms: DEFAULT_MAX_ROOMS_PER_PROCESS, rooms: 0 };

/**
 * Sets the process's limits (app.ts `createServer`).
 * @param joinRatePerAddress requests per address per minute, 0 = no limit.
 * @param maxRooms dungeon rooms per process, 0 = no cap.
 */
export function configureLimits(joinRatePerAddress: number, maxRooms: number): void {
  processLimits.joins = new AddressRate(joinRatePerAddress);
  processLimits.maxRooms = maxRooms;
}

/**
 * The room cap, checked when a dungeon room is created.
 * @throws LimitRefusal `TOO_MANY_ROOMS` when this process already runs `maxRooms` dungeon rooms.
 */
export function checkRoomCap(): void {
  const { maxRooms, rooms } = processLimits;
  if (maxRooms > 0 && rooms >= maxRooms) {
    throw new LimitRefusal("TOO_MANY_ROOMS", `this server already runs ${rooms} dungeons (MAX_ROOMS_PER_PROCESS ${maxRooms}); try again later`);
  }
}

/**
 * The readable answer to a request whose payload failed its schema: the first issue's path and
 * message, with NaN and ±Infinity named as such (msgpack carries them as floats; zod calls them
 * "received NaN"/"expected number").
 * @param type the message type.
 * @param issues the schema's issues (zod's `error.issues`).
 * @param payload the payload as decoded, to read the offending value.
 */
export function describeInvalidPayload(type: string, issues: readonly { path: readonly PropertyKey[]; message: string }[], payload: unknown): string {
  const first = issues[0];
  if (!first) return `invalid ${type} payload`;
  const path = first.path.map(String);
  let value: unknown = payload;
  for (const key of first.path) value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  const where = path.length ? path.join(".") : "(payload)";
  const what = typeof value === "number" && !Number.isFinite(value) ? `${value} is not a finite number` : first.message;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  return `invalid ${type}: ${where}: ${what}${more}`;
}
