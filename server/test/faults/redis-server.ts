import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { sleep } from "../crash/processes.ts";

/**
 * A private `redis-server` for the outage tests, on a port of their own, which they may stop and
 * start again (the shared Redis on 6379 is never stopped). No persistence: a restart comes back empty.
 */
export class OwnRedis {
  readonly port: number;
  #child: ChildProcess | undefined;

  constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** True when `redis-server` is on the PATH. */
  static available(): Promise<boolean> {
    return new Promise((resolve) => {
      const p = spawn("redis-server", ["--version"], { stdio: "ignore" });
      p.on("error", () => resolve(false));
      p.on("exit", (code) => resolve(code === 0));
    });
  }

  /** Starts it and waits until it answers PING. @throws Error when it does not within 5 s. */
  async start(): Promise<void> {
    this.#child = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    const deadline = Date.now() + 5_000;
    while (!(await this.ping())) {
      if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not answer`);
      await sleep(50);
    }
  }

  /** Stops it (SIGKILL: Redis vanishes at once) and waits until it exited. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  }

  /** True when it answers PING within 500 ms. */
  ping(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port: this.port });
      const timer = setTimeout(() => { socket.destroy(); resolve(false); }, 500);
      socket.on("connect", () => socket.write("PING\r\n"));
      socket.on("data", (d) => { clearTimeout(timer); socket.end(); resolve(d.toString().startsWith("+PONG")); });
      socket.on("error", () => { clearTimeout(timer); resolve(false); });
    });
  }
}
