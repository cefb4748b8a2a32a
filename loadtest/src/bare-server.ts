/**
 * The framework's floor for the transport comparison: a Colyseus 0.18 server whose only room,
 * `bare`, has an empty state and answers an `echo` message with the same payload, so the load
 * runner (`--target bare`) can put the same client load on it as on our dungeon rooms and the
 * CPU ratio shows our overhead. NOT the production server: it lives in loadtest only.
 *
 * Run: `PORT=2577 TRANSPORT=ws|uws npx tsx loadtest/src/bare-server.ts`. Serves `GET /health`
 * ({ status, pid, rooms, transport }) like the production server, so the runner can read its CPU.
 */
import { Room, Server, createEndpoint, createRouter, matchMaker, type Client } from "@colyseus/core";
import { schema } from "@colyseus/schema";
import { createTransport } from "../../server/src/transport.ts";
import { createLogger } from "../../server/src/logger.ts";

/** Name of the bare room. */
export const BARE_ROOM = "bare";
/** The message the bare room echoes. */
export const ECHO_MESSAGE = "echo";

/** An empty room state. */
export const BareState = schema({});

/** A room with an empty state that echoes `echo` messages back to their sender. */
export class BareRoom extends Room {
  override maxClients = 50;

  override onCreate(): void {
    this.setState(new BareState());
    this.onMessage(ECHO_MESSAGE, (client: Client, payload: unknown) => client.send(ECHO_MESSAGE, payload));
  }
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 2577);
  const preference = (process.env.TRANSPORT ?? "ws") as "ws" | "uws" | "auto";
  const log = createLogger((process.env.LOG_LEVEL ?? "warn") as never);
  const choice = await createTransport(preference, log);
  const server = new Server({ transport: choice.transport, greet: false, gracefullyShutdown: false, logger: log });
  const health = createEndpoint("/health", { method: "GET" }, async () => ({
    status: "ok" as const, pid: process.pid, rooms: matchMaker.stats.local.roomCount, transport: choice.kind,
  }));
  server.router = createRouter({ health });
  server.define(BARE_ROOM, BareRoom);
  await server.listen(port);
  console.log(`bare server: ${choice.kind} on port ${port}, pid ${process.pid}`);
  const stop = () => { void server.gracefullyShutdown(false).finally(() => process.exit(0)); };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1]?.endsWith("bare-server.ts")) {
  main().catch((err: unknown) => { console.error(`bare server: ${String(err)}`); process.exit(1); });
}
