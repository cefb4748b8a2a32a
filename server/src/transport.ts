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

/**
 * Builds the WebSocket transport. `auto` tries `@colyseus/uwebsockets-transport` (which loads
 * the uWebSockets.js native addon: it fails on glibc older than 2.38, among others) and falls
 * back to `@colyseus/ws-transport`; `ws` and `uws` force one. Logs the choice and the reason.
 * @throws Error when `uws` is forced and uWebSockets.js cannot be loaded.
 */
export async function createTransport(preference: TransportPreference, log: Logger): Promise<TransportChoice> {
  let choice: TransportChoice;
  if (preference === "ws") {
    choice = { transport: new WebSocketTransport(), kind: "ws", reason: "forced by TRANSPORT=ws" };
  } else {
    try {
      const { uWebSocketsTransport } = await import("@colyseus/uwebsockets-transport");
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
        reason: `uWebSockets.js failed to load, falling back to ws: ${message.replace(/\s+/g, " ").trim()}`,
      };
    }
  }
  log.info({ transport: choice.kind, reason: choice.reason }, `transport: ${choice.kind}`);
  return choice;
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
