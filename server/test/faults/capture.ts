import { afterAll, beforeAll, vi } from "vitest";
import { Writable } from "node:stream";
import { pino } from "pino";
import type { Room } from "@colyseus/sdk";
import type { CreateServerOptions, DungeonServer } from "../../src/app.ts";

/** One JSON log line the server wrote. */
export interface LogLine { level: number; msg: string; abuse?: string; err?: unknown; stack?: unknown; suppressed?: number; [k: string]: unknown }

/**
 * The abuse tests' harness: the real server in-process on a free loopback port (ws transport),
 * its log captured line by line (`lines`, every level from debug up) instead of printed: the
 * server's logger, and the rooms' (an ephemeral room logs through a child of the process logger,
 * so `logger.child` hands out children of the capturing logger for the file's duration).
 * @param open the rooms the file's tests joined; left after the tests, then the server shuts down.
 * @param options createServer options (limits).
 */
export function capturedServer(open: readonly Room[], options: Omit<CreateServerOptions, "logger" | "transport"> = {}): { base(): string; lines: LogLine[]; app(): DungeonServer } {
  const lines: LogLine[] = [];
  const capture = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split("\n")) if (l) lines.push(JSON.parse(l) as LogLine); done(); } });
  let app: DungeonServer | undefined;
  let base = "";
  beforeAll(async () => {
    const { createServer } = await import("../../src/app.ts");
    const { logger } = await import("../../src/logger.ts");
    const captured = pino({ level: "debug" }, capture);
    vi.spyOn(logger, "child").mockImplementation(((bindings: pino.Bindings) => captured.child(bindings)) as never);
    app = await createServer({ ...options, transport: "ws", logger: captured });
    base = `http://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((r) => (r.connection.isOpen ? r.leave() : undefined)));
    await app?.shutdown();
    vi.restoreAllMocks();
  });
  return { base: () => base, lines, app: () => app! };
}

/** The close code a raw Colyseus room is left with. */
export const leaveCode = (room: Room) => new Promise<number>((resolve) => room.onLeave((code: number) => resolve(code)));

/**
 * Runs `p` (a join the room refuses once its socket is open: the SDK prints
 * "Room connection was closed unexpectedly (4002): " before it rejects) with console.warn captured.
 * @returns the rejection, and the SDK's warnings (awaited until `expected` of them arrived).
 */
export async function refusedOnSocket(p: () => Promise<unknown>, expected = 1): Promise<{ err: { code?: unknown; message: string }; warnings: string[] }> {
  const warnings: string[] = [];
  const spy = vi.spyOn(console, "warn").mockImplementation((...a: unknown[]) => { warnings.push(String(a[0])); });
  try {
    let err: { code?: unknown; message: string } | undefined;
    try { await p(); } catch (e) { err = e as { code?: unknown; message: string }; }
    if (!err) throw new Error("expected a refusal");
    const deadline = Date.now() + 2000;
    while (warnings.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return { err, warnings };
  } finally {
    spy.mockRestore();
  }
}
