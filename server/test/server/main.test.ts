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
      expect(logs).toMatch(/"msg":"transport: (ws|uws)[" ]/);
      expect(logs).toContain(`"msg":"listening on http://localhost:${port} (transport ws) — watch page at /watch"`);
      expect(logs).toMatch(/"msg":"shut down"/);
      expect(logs).toMatch(/"msg":"dungeon disposed"/);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it("exits 1 with one clear stderr line (and the fatal log with the error) when PORT is taken", async () => {
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
      const errors: string[] = [];
      child.stdout.on("data", (d: Buffer) => output.push(d.toString()));
      child.stderr.on("data", (d: Buffer) => errors.push(d.toString()));
      const code = await Promise.race([
        new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c))),
        new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 20_000)),
      ]);
      if (child.exitCode === null) child.kill("SIGKILL");
      expect(code).toBe(1);
      const line = `port ${port} is in use: set PORT=<another port> (e.g. PORT=${port + 1}) or stop the process holding it`;
      expect(errors.join("")).toBe(`${line}\n`);
      expect(output.join("")).toMatch(new RegExp(`"level":60.*EADDRINUSE.*"msg":"${line.replace(/[().+]/g, "\\$&")}"`));
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  function runMain(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts", ...args], {
      cwd: REPO, env: { ...process.env, PORT: "1", DATABASE_URL: "" }, stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  }

  const VARIABLES = ["PORT", "DATABASE_URL", "DATA_DIR", "REDIS_URL", "REDIS_KEY_PREFIX", "PUBLIC_ADDRESS", "TRANSPORT", "LOG_LEVEL", "LEASE_HOLDER",
    "MAX_ROOMS_PER_PROCESS", "JOIN_RATE_PER_ADDRESS", "IDLE_MEMORY_RELEASE_SECONDS", "MONITOR_PASSWORD", "CHECKPOINT_EVERY_TICKS"];

  it("--help prints the usage with every environment variable the server reads, on stdout, and exits 0 without starting", async () => {
    const { code, stdout, stderr } = await runMain(["--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout.split("\n")[0]).toBe("usage: npm start [-- --help]");
    const listed = stdout.split("\n").map((l) => /^  ([A-Z_]+) /.exec(l)?.[1]).filter((v) => v !== undefined);
    expect(listed).toEqual(VARIABLES);
    expect(stdout).toContain("PORT                         TCP port to listen on (default 2567; 0 = any free port)");
  }, 30_000);

  it("refuses an unknown option or an argument with one line and the usage on stderr, exit 2", async () => {
    const bad = await runMain(["--port", "3000"]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.split("\n")[0]).toBe('malignus-server: unknown option "--port"');
    expect(bad.stderr.split("\n")[1]).toBe("usage: npm start [-- --help]");
    const extra = await runMain(["serve"]);
    expect(extra.code).toBe(2);
    expect(extra.stderr.split("\n")[0]).toBe('malignus-server: unexpected argument "serve"');
  }, 30_000);
});
