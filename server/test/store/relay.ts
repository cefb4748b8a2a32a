import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay to the test PostgreSQL server that can be cut (every connection dropped, the port
 * closed) and restored on the same port: the database "goes away" and "comes back". Used by the
 * store's writer tests and the durable room's PostgreSQL test.
 */
export class Relay {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  /** The loopback port it listens on (0 before the first start: any free port, then kept). */
  port = 0;
  readonly target: { host: string; port: number };
  constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  /** Listens on {@link Relay.port} (a free one the first time) and pipes each connection to the target. */
  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on("error", () => {});
        s.on("close", () => { this.#sockets.delete(s); client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
    this.#server = server;
  }

  /** Drops every connection and closes the port. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
