import type { Transport } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { TransportPreference } from "./config.ts";
import type { Logger } from "./logger.ts";

/** The transport actually in use. */
export type TransportKind = "ws" | "uws";

/** A constructed transport, which kind it is and why it was chosen. */
export interface TransportChoice {
  transport: Transport;
  kind: TransportKind;
  /** Why this transport: forced by `TRANSPORT`, or uWebSockets.js loaded, or why it did not. */
  reason: string;
}

/** Loads `@colyseus/uwebsockets-transport` (and with it the uWebSockets.js native addon). */
type UwsLoader = () => Promise<{ uWebSocketsTransport: new () => Transport }>;

const importUws: UwsLoader = () => import("@colyseus/uwebsockets-transport");

/**
 * Builds the WebSocket transport. `auto` tries `@colyseus/uwebsockets-transport` (which loads
 * the uWebSockets.js native addon: it fails on glibc older than 2.38, among others) and falls
 * back to `@colyseus/ws-transport`; `ws` and `uws` force one. Logs the choice and the reason in
 * one info line; when uWebSockets.js did not load, that line carries only the short reason
 * (`transport: ws — uWebSockets.js did not load (GLIBC_2.38 not found); using ws`) and the full
 * load error, stack included, goes to a debug line (`err`).
 * @param loadUws how to load uWebSockets.js (default: the dynamic import of the package).
 * @throws Error when `uws` is forced and uWebSockets.js cannot be loaded.
 */
export async function createTransport(preference: TransportPreference, log: Logger, loadUws: UwsLoader = importUws): Promise<TransportChoice> {
  let choice: TransportChoice;
  if (preference === "ws") {
    choice = { transport: new WebSocketTransport(), kind: "ws", reason: "forced by TRANSPORT=ws" };
  } else {
    try {
      const { uWebSocketsTransport } = await loadUws();
      choice = {
        transport: new uWebSocketsTransport(),
        kind: "uws",
        reason: preference === "uws" ? "forced by TRANSPORT=uws" : "uWebSockets.js loaded",
      };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (preference === "uws") throw new Error(`TRANSPORT=uws but uWebSockets.js failed to load: ${message.replace(/\s+/g, " ").trim()}`, { cause: err });
      choice = {
        transport: new WebSocketTransport(),
        kind: "ws",
        reason: `uWebSockets.js did not load (${uwsLoadCause(message)}); using ws`,
      };
      // One short info line; the full load error (a paragraph on platforms, then the cause, and
      // its stack) only at debug level.
      log.info({ transport: choice.kind, reason: choice.reason }, `transport: ws — ${choice.reason}`);
      log.debug({ err }, "uWebSockets.js load error");
      return choice;
    }
  }
  log.info({ transport: choice.kind, reason: choice.reason }, `transport: ${choice.kind}`);
  return choice;
}

/**
 * The real reason in uWebSockets.js's load error, short: its message opens with a paragraph on the
 * supported platforms, and the cause follows. `GLIBC_2.38 not found` when the system's glibc is
 * too old; else the last line of the message (the underlying `Error: …`), at most 160 characters.
 */
function uwsLoadCause(message: string): string {
  const glibc = /`?(GLIBC_[\d.]+)'? not found/.exec(message);
  if (glibc) return `${glibc[1]} not found`;
  const lines = message.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const last = (lines[lines.length - 1] ?? "unknown error").replace(/^Error: /, "");
  return last.length > 160 ? `${last.slice(0, 159)}…` : last;
}

/** A socket that can hold its writes back (node:net's `cork`/`uncork`). */
export interface Corkable { cork(): void; uncork(): void }

/**
 * Corks the socket of every client on the ws transport, so all the frames sent to a client until
 * the returned function runs (a room step's events and its patch) leave in one `writev` system
 * call instead of one per frame. The bytes sent do not change. Clients on another transport
 * (uWebSockets.js has no corking outside its own callbacks) are left alone.
 * @returns the function that uncorks them (call it once, in a `finally`).
 */
export function corkClients(clients: Iterable<unknown>): () => void {
  const corked: Corkable[] = [];
  corkClientsInto(clients, corked);
  return () => uncorkAll(corked);
}

/**
 * {@link corkClients} without allocating: corks the ws socket of every client in `clients` and
 * appends each socket corked to `corked` (a list the caller keeps and reuses; it should be empty).
 * Undo with {@link uncorkAll}, once, in a `finally`.
 * @returns how many sockets were corked.
 */
export function corkClientsInto(clients: Iterable<unknown>, corked: Corkable[]): number {
  let n = 0;
  // An array (the room's ClientArray) is walked by index: no iterator allocated every step.
  const list = Array.isArray(clients) ? (clients as readonly unknown[]) : [...clients];
  for (let i = 0; i < list.length; i++) {
    const client = list[i];
    const socket = (client as { ref?: { _socket?: Partial<Corkable> } }).ref?._socket;
    if (socket && typeof socket.cork === "function" && typeof socket.uncork === "function") {
      socket.cork();
      corked.push(socket as Corkable);
      n++;
    }
  }
  return n;
}

/** Uncorks every socket of `corked` ({@link corkClientsInto}) and empties the list. */
export function uncorkAll(corked: Corkable[]): void {
  for (let i = 0; i < corked.length; i++) corked[i]!.uncork();
  corked.length = 0;
}
