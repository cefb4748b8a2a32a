import type { Logger } from "./logger.ts";
import { AbuseLog, abuseLog } from "./rooms/abuse.ts";

/**
 * One issue of a refused message payload, as Colyseus serialises a Standard Schema (zod) result:
 * `path` inside the payload (empty: the payload itself), zod's `code` and `message`.
 */
export interface MessageIssue {
  path: (string | number)[];
  code: string;
  message: string;
}

/**
 * A message Colyseus refused because it failed the schema its room registered with
 * `onMessage(type, schema, handler)`: `via` is how it came (`request`: answered with an error
 * reply; `send`: the sender is closed with 4002; `bytes`: a raw-bytes send, closed with 4002).
 */
export interface ValidationFailure {
  via: "request" | "send" | "bytes";
  issues: MessageIssue[];
}

/** Longest one-line summary of the issues, in characters (the rest is cut, marked "…"). */
export const MAX_ISSUE_SUMMARY_CHARS = 300;

const PREFIX = "Error: [";
const VALIDATOR_FRAME = "\n    at standardValidate ";

/**
 * Recognises what Colyseus 0.18 logs at error level when a message fails its room's schema: its
 * `debugAndPrintError` passes the stack of the `Error(JSON.stringify(issues, null, 2))` thrown
 * by `standardValidate`, called from `RoomMessages.onRequest`, `onData` or `onDataBytes`.
 * @param text the first argument Colyseus gave its logger's `error`.
 * @returns the failure, or undefined for anything else (a genuine error, left as it is).
 */
export function parseValidationFailure(text: unknown): ValidationFailure | undefined {
  if (typeof text !== "string" || !text.startsWith(PREFIX)) return undefined;
  const end = text.indexOf(VALIDATOR_FRAME);
  if (end < 0) return undefined;
  const rest = text.slice(end);
  const via = rest.includes("RoomMessages.onRequest") ? "request"
    : rest.includes("RoomMessages.onDataBytes") ? "bytes"
    : rest.includes("RoomMessages.onData") ? "send" : undefined;
  if (!via) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice("Error: ".length, end));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const issues = parsed.map((i: { path?: unknown; code?: unknown; message?: unknown }): MessageIssue => ({
    path: Array.isArray(i?.path) ? i.path.map((p) => (typeof p === "number" ? p : String(p))) : [],
    code: typeof i?.code === "string" ? i.code : "unknown",
    message: typeof i?.message === "string" ? i.message : "",
  }));
  return { via, issues };
}

/**
 * The issues on one line: `path: message (code)` joined by "; " (`(payload)` for the payload
 * itself), cut to {@link MAX_ISSUE_SUMMARY_CHARS} characters.
 */
export function summariseIssues(issues: readonly MessageIssue[]): string {
  const s = issues.map((i) => `${i.path.length ? i.path.join(".") : "(payload)"}: ${i.message.replace(/\s+/g, " ")} (${i.code})`).join("; ");
  return s.length > MAX_ISSUE_SUMMARY_CHARS ? `${s.slice(0, MAX_ISSUE_SUMMARY_CHARS - 1)}…` : s;
}

/**
 * Recognises what Colyseus logs at error level when a room refuses a client's create or join on
 * purpose: the stack of a {@link import("./rooms/options.ts").RoomRefusal} (bad options, a full
 * seat; the client gets the error), whose text starts with `RoomRefusal: `.
 * @returns the refusal's message (its first line, without the stack), or undefined.
 */
export function parseRoomRefusal(text: unknown): string | undefined {
  if (typeof text !== "string" || !text.startsWith("RoomRefusal: ")) return undefined;
  const end = text.indexOf("\n    at ");
  return (end < 0 ? text : text.slice(0, end)).slice("RoomRefusal: ".length).replace(/\s+/g, " ");
}

/**
 * What Colyseus 0.18 logs at info level when a room class defines both a static and an instance
 * `onAuth` (MatchMaker `defineRoomType`): `❌ "<room>"'s onAuth() defined at the instance level will
 * be ignored.` It is not true of the dungeon room: its static `onAuth` returns `true`, and Colyseus
 * then calls the instance `onAuth` too (Room `_onJoin`, `authedStatically` is false for `true`),
 * where the keeper key is checked. {@link colyseusLogger} logs it at debug level, with that reason.
 */
export const INSTANCE_ON_AUTH_NOTE = /^\S* ?"[^"]+"'s onAuth\(\) defined at the instance level will be ignored\.$/;

/**
 * Recognises what the ws transport logs at error level when a client's WebSocket frame breaks the
 * protocol (`rawClient.on("error")` → `debugAndPrintError(err.message + "\n" + err.stack)`): a
 * frame over the transport's payload limit (`Max payload size exceeded`, the socket is closed
 * with 1009), an invalid opcode, bad UTF-8… The ws library closes that socket itself.
 * @returns the error's message, and whether it is an oversized frame; undefined for anything else.
 */
export function parseSocketError(text: unknown): { message: string; oversized: boolean } | undefined {
  if (typeof text !== "string") return undefined;
  const [first, second] = text.split("\n", 2);
  if (!first || !second || !/^\w*Error: /.test(second) || second.slice(second.indexOf(": ") + 2) !== first) return undefined;
  if (!text.includes("/ws/lib/")) return undefined;
  return { message: first, oversized: first.startsWith("Max payload size exceeded") };
}

/** Most invalid-message warn lines {@link colyseusLogger} writes per second (a hostile client cannot flood the log). */
export const MAX_INVALID_MESSAGE_LOGS_PER_SECOND = 10;

/**
 * The logger handed to Colyseus (`new Server({ logger })`): every call goes to `log` unchanged,
 * except an expected schema refusal of a client's message ({@link parseValidationFailure}),
 * which is logged at warn level as one line — `invalid message refused (<via>): <issues>` with
 * `{ invalidMessage: { via, issues } }` — instead of an error with a stack trace, at most
 * {@link MAX_INVALID_MESSAGE_LOGS_PER_SECOND} a second (the next line logged after a busy second
 * first says how many were not: `{ suppressed }`). Colyseus does not pass the client or the
 * message type with it; a `send` refusal closes the client with 4002, which the room logs with
 * its session id ("client dropped"/"client left").
 * A client's frame the ws transport refuses ({@link parseSocketError}: oversized, invalid) is
 * one warn line without a stack, `oversized frame refused: …` or `bad WebSocket frame refused: …`,
 * at most one a second for each (rooms/abuse.ts `AbuseLog`).
 * @param now the clock for the rate limit, in milliseconds (default `Date.now`).
 */
export function colyseusLogger(log: Logger, now: () => number = Date.now): { debug(...a: unknown[]): void; info(...a: unknown[]): void; warn(...a: unknown[]): void; error(...a: unknown[]): void; trace(...a: unknown[]): void } {
  const forward = (level: "debug" | "info" | "warn" | "error" | "trace") => (...args: unknown[]): void => {
    (log[level] as (...a: unknown[]) => void).apply(log, args);
  };
  const error = forward("error");
  let windowEnd = 0, logged = 0, suppressed = 0;
  const socketLog = now === Date.now ? abuseLog : new AbuseLog(now);
  return {
    debug: forward("debug"),
    info: (...args: unknown[]): void => {
      if (args.length === 1 && typeof args[0] === "string" && INSTANCE_ON_AUTH_NOTE.test(args[0])) {
        log.debug({ colyseus: args[0] }, "a static and an instance onAuth are both defined; the instance one still runs when the static one returns true (the keeper-key check)");
        return;
      }
      (log.info as (...a: unknown[]) => void).apply(log, args);
    },
    warn: forward("warn"),
    trace: forward("trace"),
    error: (...args: unknown[]): void => {
      const socket = args.length === 1 ? parseSocketError(args[0]) : undefined;
      if (socket) {
        if (socket.oversized) socketLog.warn(log, "oversizedFrame", { reason: socket.message }, `oversized frame refused, socket closed (1009): ${socket.message}`);
        else socketLog.warn(log, "badSocketFrame", { reason: socket.message }, `bad WebSocket frame refused, socket closed: ${socket.message}`);
        return;
      }
      const failure = args.length === 1 ? parseValidationFailure(args[0]) : undefined;
      const refusal = args.length === 1 && !failure ? parseRoomRefusal(args[0]) : undefined;
      if (!failure && refusal === undefined) { error(...args); return; }
      const t = now();
      if (t >= windowEnd) {
        windowEnd = t + 1000;
        logged = 0;
        if (suppressed > 0) log.warn({ suppressed }, `${suppressed} more invalid message(s) refused without a log line (over ${MAX_INVALID_MESSAGE_LOGS_PER_SECOND} a second)`);
        suppressed = 0;
      }
      if (logged >= MAX_INVALID_MESSAGE_LOGS_PER_SECOND) { suppressed++; return; }
      logged++;
      if (failure) log.warn({ invalidMessage: failure }, `invalid message refused (${failure.via}): ${summariseIssues(failure.issues)}`);
      else log.warn({ roomRefusal: refusal }, `room refused a client: ${refusal}`);
    },
  };
}
