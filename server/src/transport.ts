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
      if (preference === "uws") throw new Error(`TRANSPORT=uws but uWebSockets.js failed to load: ${message}`, { cause: err });
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
