/**
 * The framework's floors for the transport comparison: a Colyseus 0.18 server whose only room,
 * `bare`, answers an `echo` message with the same payload, so the load runner (`--target bare`)
 * can put the same client load on it as on our dungeon rooms and the CPU ratio shows our
 * overhead. NOT the production server: it lives in loadtest only. Two floors:
 *
 * - `BARE_ENTITIES=0` (default): an empty state; the room sends nothing but the echoes.
 * - `BARE_ENTITIES=20`: a state of 20 entities on a 40 × 30 grid (the default map's size), each
 *   moving one tile in a random direction every step, stepped at 10 Hz with one patch per step
 *   (Colyseus's own `setSimulationInterval` + `patchRate` of 100 ms): a room that, like ours,
 *   sends every client a small patch ten times a second. The issue quotes this floor (about 56 %
 *   of a core for 2,000 ws clients on this machine).
 *
 * Run: `PORT=2577 TRANSPORT=ws|uws BARE_ENTITIES=0|20 npx tsx loadtest/src/bare-server.ts`.
 * Serves `GET /health` ({ status, pid, rooms, transport }) like the production server, so the
 * runner can read its CPU.
 */
import { Room, Server, createEndpoint, createRouter, matchMaker, type Client } from "@colyseus/core";
import { MapSchema, schema, t } from "@colyseus/schema";
import { createTransport } from "../../server/src/transport.ts";
import { createLogger } from "../../server/src/logger.ts";
import { parseCli, runCli } from "../../tools/cli.ts";

/** Name of the bare room. */
export const BARE_ROOM = "bare";
/** The message the bare room echoes. */
export const ECHO_MESSAGE = "echo";

/** Steps (and patches) per second of the moving floor. */
export const BARE_STEPS_PER_SECOND = 10;
/** Grid the moving floor's entities walk on, in tiles (the default map's size). */
export const BARE_GRID = { width: 40, height: 30 } as const;

/** An empty room state. */
export const BareState = schema({});

/** One moving entity of the moving floor: a tile position. */
export const BareEntity = schema({ x: t.uint16().default(0), y: t.uint16().default(0) }, "BareEntity");
export type BareEntity = InstanceType<typeof BareEntity>;

/** The moving floor's state: entities by id. */
export const MovingState = schema({ entities: t.map(BareEntity) }, "MovingState");
export type MovingState = InstanceType<typeof MovingState>;

/** Moves each entity one tile in a random direction (8 directions), kept on the grid. */
export function moveEntities(entities: Iterable<{ x: number; y: number }>, random: () => number = Math.random): void {
  for (const e of entities) {
    const dx = Math.floor(random() * 3) - 1, dy = Math.floor(random() * 3) - 1;
    e.x = Math.min(BARE_GRID.width - 1, Math.max(0, e.x + dx));
    e.y = Math.min(BARE_GRID.height - 1, Math.max(0, e.y + dy));
  }
}

/**
 * The bare room: echoes `echo` messages back to their sender. With `entities` > 0 (create option,
 * or the server's `BARE_ENTITIES`) its state holds that many entities that move every step at
 * {@link BARE_STEPS_PER_SECOND} Hz, one patch per step; with 0 its state is empty.
 */
export class BareRoom extends Room {
  override maxClients = 50;

  override onCreate(options?: { entities?: number }): void {
    const n = Math.max(0, Math.min(1000, Math.floor(options?.entities ?? Number(process.env.BARE_ENTITIES ?? 0))));
    this.onMessage(ECHO_MESSAGE, (client: Client, payload: unknown) => client.send(ECHO_MESSAGE, payload));
    if (n === 0) {
      this.setState(new BareState());
      return;
    }
    const state = new MovingState();
    for (let i = 0; i < n; i++) {
      const e = new BareEntity();
      e.x = Math.floor(Math.random() * BARE_GRID.width);
      e.y = Math.floor(Math.random() * BARE_GRID.height);
      state.entities.set(`e${i}`, e);
    }
    this.setState(state);
    this.patchRate = 1000 / BARE_STEPS_PER_SECOND;
    this.setSimulationInterval(() => moveEntities((state.entities as MapSchema<BareEntity>).values()), 1000 / BARE_STEPS_PER_SECOND);
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

/** The usage of the bare server (`--help`); it takes no options, only the environment. */
export const BARE_USAGE = `usage: PORT=2577 TRANSPORT=ws|uws BARE_ENTITIES=0|20 npx tsx loadtest/src/bare-server.ts
The framework's floor for the transport comparison: a Colyseus room "bare" that echoes "echo" messages.
  PORT            port to listen on (default 2577)
  TRANSPORT       ws, uws or auto (default ws)
  BARE_ENTITIES   entities moving at ${BARE_STEPS_PER_SECOND} Hz in each room (0..1000, default 0)
  LOG_LEVEL       pino level (default warn)
  -h, --help      print this usage and exit`;

if (process.argv[1]?.endsWith("bare-server.ts")) {
  runCli("bare-server", BARE_USAGE, () => parseCli(process.argv.slice(2), {}));
  main().catch((err: unknown) => { console.error(`bare server: ${String(err)}`); process.exit(1); });
}
