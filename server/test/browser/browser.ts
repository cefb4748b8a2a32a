import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { connect, type DungeonConnection } from "@malignus/client-sdk";
import { buildWatchPage } from "../../../web/scripts/build.ts";
import type { DungeonServer } from "../../src/app.ts";
import type { DungeonStore } from "../../src/store/types.ts";
import { until } from "../until.ts";

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it when missing). */
export const CHROMIUM = "/usr/bin/chromium";

/** Chromium's switches for a quiet, sandbox-free headless run in CI. */
export const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
  "--disable-component-update", "--disable-sync",
] as const;

/** A desktop-sized window, in CSS pixels (the screenshot's size). */
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * One headless Chromium with a fresh profile directory (removed by `close`), driven by
 * playwright-core. Every page it opens is a tab of that one browser.
 */
async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "malignus-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS], viewport: DESKTOP,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Whether the browser tests can run here (Chromium installed). */
export const chromiumInstalled = existsSync(CHROMIUM);

/** The in-process server on `port` (0 = any free port), ws transport, loopback; with `store`, it keeps its dungeons there. */
async function startServer(port = 0, store?: DungeonStore): Promise<{ app: DungeonServer; port: number }> {
  process.env.LOG_LEVEL ??= "warn";
  const { createServer } = await import("../../src/app.ts");
  const app = await createServer({ transport: "ws", ...(store ? { store } : {}) });
  return { app, port: await app.listen(port, "127.0.0.1") };
}

/** What {@link watchPageSuite} gives its tests. */
export interface WatchPageSuite {
  /** The server's loopback port (known once the suite's `beforeAll` ran). */
  readonly port: number;
  /** The server's http base, `http://127.0.0.1:<port>`. */
  base(): string;
  /** The browser's one context (every page a tab of it). @throws Error before `beforeAll` ran. */
  context(): BrowserContext;
  /** A new SDK client of the server (`ws://127.0.0.1:<port>`). */
  client(): ReturnType<typeof connect>;
  /** Connections the tests opened: left by {@link WatchPageSuite.closeRooms} and after the suite. */
  readonly open: DungeonConnection[];
  /** Leaves every connection in `open`, so their rooms (no client left) are disposed. */
  closeRooms(): Promise<void>;
  /** Shuts the server down (the page then loses contact). */
  stopServer(): Promise<void>;
  /** Starts a new in-process server on the same port (with the same store, if any). */
  restartServer(): Promise<void>;
}

/**
 * Registers, in the calling `describe`, the set-up of the watch page's Chromium tests: before
 * them the page is built (when stale), a store opened (`openStore`, if given), the in-process
 * server started on a free port ({@link startServer}) and one browser launched
 * ({@link launchBrowser}); after each test no page may have thrown (its `weberror`s are asserted
 * empty); after them the connections in `open` are left, the browser closed, the server shut
 * down and the store disposed. After each test its pages are closed and the connections in `open`
 * left. `beforeAll` may take 240 s (a cold build and browser start on a loaded machine).
 */
export function watchPageSuite(openStore?: () => Promise<{ store: DungeonStore; dispose(): Promise<void> }>): WatchPageSuite {
  let app: DungeonServer | undefined;
  let port = 0;
  let store: { store: DungeonStore; dispose(): Promise<void> } | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const open: DungeonConnection[] = [];
  const pageErrors: string[] = [];
  const closeRooms = async () => { await Promise.allSettled(open.splice(0).map((c) => c.leave())); };
  beforeAll(async () => {
    await buildWatchPage({ ifStale: true });
    store = await openStore?.();
    ({ app, port } = await startServer(0, store?.store));
    browser = await launchBrowser();
    browser.context.on("weberror", (e) => pageErrors.push(String(e.error())));
  }, 240_000);
  // No uncaught error in any page. A test that failed half-way leaves no page drawing and no
  // room running beside the next tests (at load 30 a failed 20-tab test's pages made the next time out).
  afterEach(async () => {
    await Promise.allSettled(browser?.context.pages().map((p) => p.close()) ?? []);
    await closeRooms();
    expect(pageErrors).toEqual([]);
  });
  afterAll(async () => {
    await closeRooms();
    await browser?.close();
    await app?.shutdown();
    await store?.dispose();
  });
  return {
    get port() { return port; },
    base: () => `http://127.0.0.1:${port}`,
    context: () => {
      if (!browser) throw new Error("no browser");
      return browser.context;
    },
    client: () => connect(`ws://127.0.0.1:${port}`),
    open,
    closeRooms,
    async stopServer() {
      await app?.shutdown();
      app = undefined;
    },
    async restartServer() {
      ({ app } = await startServer(port, store?.store));
    },
  };
}

/** The units the page's renderer drew last (its canvas' `data-units`). */
export interface DrawnUnit { id: string; name: string; kind: string; x: number; y: number; facing: number; state: string; harm: number }

/** Reads the map canvas' data attributes: units drawn, tick drawn, frames drawn. */
export async function drawn(page: Page): Promise<{ units: DrawnUnit[]; tick: number; frames: number }> {
  return await page.locator("#map").evaluate((canvas: HTMLCanvasElement) => ({
    units: JSON.parse(canvas.dataset.units ?? "[]") as DrawnUnit[],
    tick: Number(canvas.dataset.tick ?? -1),
    frames: Number(canvas.dataset.frames ?? 0),
  }));
}

/** What {@link recordPage} kept of the page: its log lines, and each adventurer as drawn. */
export interface PageRecord {
  /** Every line the event log got: its event type (`data-type`) and the text shown. */
  lines: { type: string; text: string }[];
  /** Each adventurer drawn, by id: its name, the distinct tiles it was drawn on ("x,y", in order), the first harm drawn (0 while unharmed) and the tick of that drawing. */
  adventurers: Record<string, { name: string; tiles: string[]; harm: number; harmTick: number }>;
}

/**
 * Keeps, in the page, every line its event log gets and every adventurer its canvas renderer
 * draws from now on (the log drops its oldest lines and the map shows only the present, so what
 * is read later may be gone). Read it with {@link pageRecord}.
 */
export async function recordPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record: PageRecord = { lines: [], adventurers: {} };
    (window as unknown as { pageRecord: PageRecord }).pageRecord = record;
    const log = document.getElementById("log") as HTMLElement;
    const canvas = document.getElementById("map") as HTMLCanvasElement;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node instanceof HTMLLIElement) record.lines.push({ type: node.dataset.type ?? "", text: node.textContent ?? "" });
        }
      }
    }).observe(log, { childList: true });
    new MutationObserver(() => {
      for (const u of JSON.parse(canvas.dataset.units ?? "[]") as DrawnUnit[]) {
        if (u.kind !== "adventurer") continue;
        const seen = (record.adventurers[u.id] ??= { name: u.name, tiles: [], harm: 0, harmTick: -1 });
        const tile = `${u.x},${u.y}`;
        if (seen.tiles[seen.tiles.length - 1] !== tile) seen.tiles.push(tile);
        if (seen.harm === 0 && u.harm > 0) {
          seen.harm = u.harm;
          seen.harmTick = Number(canvas.dataset.tick);
        }
      }
    }).observe(canvas, { attributes: true, attributeFilter: ["data-units"] });
  });
}

/**
 * Polls what {@link recordPage} kept until `ready` returns something other than undefined.
 * @throws Error naming `what` after `ms` real milliseconds.
 */
export async function pageRecord<T>(page: Page, what: string, ready: (record: PageRecord) => T | undefined, ms = 15_000): Promise<T> {
  return await until(what, async () => ready(await page.evaluate(() => (window as unknown as { pageRecord: PageRecord }).pageRecord)), ms);
}
