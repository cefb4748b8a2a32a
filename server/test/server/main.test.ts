import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer as createNetServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Client } from "@colyseus/sdk";
import { DUNGEON_ROOM } from "@malignus/shared";
import type { HealthResponse } from "../../src/app.ts";
import { handleServerMessages } from "./harness.ts";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

describe("main.ts", () => {
  it("starts on PORT without Redis, and on SIGTERM disconnects clients, disposes rooms and exits 0", async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), "malignus-main-"));
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
      cwd: REPO,
      env: { ...process.env, PORT: String(port), REDIS_URL: "", TRANSPORT: "", LOG_LEVEL: "info", DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: string[] = [];
    child.stdout.on("data", (d: Buffer) => output.push(d.toString()));
    child.stderr.on("data", (d: Buffer) => output.push(d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      let health: HealthResponse | undefined;
      const deadline = Date.now() + 20_000;
      while (!health) {
        health = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.json() as Promise<HealthResponse>, () => undefined);
        if (!health && (child.exitCode !== null || Date.now() > deadline)) throw new Error(`did not start:\n${output.join("")}`);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health).toEqual({ status: "ok", pid: child.pid, rooms: 0, transport: "ws" });

      const room = await new Client(`http://127.0.0.1:${port}`).create(DUNGEON_ROOM, { role: "keeper" });
      handleServerMessages(room);
      const left = new Promise<number>((resolve) => room.onLeave((code: number) => resolve(code)));
      child.kill("SIGTERM");
      const code = await Promise.race([exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 15_000))]);
      expect(code).toBe(0);
      expect(await left).not.toBe(4002);
      const logs = output.join("");
      // The transport choice is logged with its reason (uWebSockets.js may or may not load here).
      expect(logs).toMatch(/"msg":"transport: (ws|uws)"/);
      expect(logs).toMatch(/"msg":"shut down"/);
      expect(logs).toMatch(/"msg":"dungeon disposed"/);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it("exits 1 with a clear log when PORT is taken", async () => {
    const blocker = createNetServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, () => resolve((blocker.address() as { port: number }).port)));
    const dataDir = mkdtempSync(join(tmpdir(), "malignus-main-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
        cwd: REPO,
        env: { ...process.env, PORT: String(port), REDIS_URL: "", TRANSPORT: "ws", LOG_LEVEL: "info", DATA_DIR: dataDir, DATABASE_URL: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output: string[] = [];
      child.stdout.on("data", (d: Buffer) => output.push(d.toString()));
      const code = await Promise.race([
        new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c))),
        new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 20_000)),
      ]);
      if (child.exitCode === null) child.kill("SIGKILL");
      expect(code).toBe(1);
      expect(output.join("")).toMatch(/"level":60.*EADDRINUSE.*"msg":"could not listen"/);
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
