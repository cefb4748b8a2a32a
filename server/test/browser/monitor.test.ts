import { afterEach, describe, expect, it } from "vitest";
import type { DungeonServer } from "../../src/app.ts";
import { MONITOR_PATH, MONITOR_USER } from "../../src/watch.ts";

/**
 * The Colyseus monitor (`@colyseus/monitor`, issue 19 part 3): mounted at /colyseus/ behind
 * basic auth when MONITOR_PASSWORD is set, absent otherwise. Two servers in turn (one at a time:
 * the matchmaker is a process singleton), each on a free loopback port.
 */

let app: DungeonServer | undefined;
const saved = process.env.MONITOR_PASSWORD;

async function start(password: string | undefined): Promise<string> {
  process.env.LOG_LEVEL ??= "warn";
  if (password === undefined) delete process.env.MONITOR_PASSWORD;
  else process.env.MONITOR_PASSWORD = password;
  const { createServer } = await import("../../src/app.ts");
  app = await createServer({ transport: "ws" });
  return `http://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
}

afterEach(async () => {
  await app?.shutdown();
  app = undefined;
  if (saved === undefined) delete process.env.MONITOR_PASSWORD;
  else process.env.MONITOR_PASSWORD = saved;
});

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

describe("the Colyseus monitor at /colyseus", () => {
  it("with MONITOR_PASSWORD: 401 and a basic-auth challenge without credentials or with a wrong password, 200 with them (page and room API)", async () => {
    const base = await start("s3cret-monitor");
    const anonymous = await fetch(`${base}${MONITOR_PATH}/`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe('Basic realm="Malignus monitor", charset="UTF-8"');
    const wrong = await fetch(`${base}${MONITOR_PATH}/api`, { headers: { authorization: basic(MONITOR_USER, "guess") } });
    expect(wrong.status).toBe(401);

    const page = await fetch(`${base}${MONITOR_PATH}/`, { headers: { authorization: basic(MONITOR_USER, "s3cret-monitor") } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("<html");
    const api = await fetch(`${base}${MONITOR_PATH}/api`, { headers: { authorization: basic(MONITOR_USER, "s3cret-monitor") } });
    expect(api.status).toBe(200);
    const body = await api.json() as { rooms: unknown[]; connections: number };
    expect([body.rooms, body.connections]).toEqual([[], 0]);
  });

  it("without MONITOR_PASSWORD: /colyseus/ and its API answer 404, with or without credentials", async () => {
    const base = await start(undefined);
    expect((await fetch(`${base}${MONITOR_PATH}/`)).status).toBe(404);
    expect((await fetch(`${base}${MONITOR_PATH}/api`, { headers: { authorization: basic(MONITOR_USER, "anything") } })).status).toBe(404);
    // The rest of the server is there.
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
