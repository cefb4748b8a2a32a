import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { LIST_REFRESH_MS } from "../../../web/src/lobby.ts";
import { temporarySqlite, type OpenedStore } from "../durable/harness.ts";
import { until } from "../until.ts";
import { chromiumInstalled, watchPageSuite } from "./browser.ts";

/**
 * The watch page's lobby in Chromium against a server with a store (fresh-user findings 1, 2
 * and 10): an error shown while dungeons are listed, private dungeons listed but not offered,
 * and rows updated in place by the list's poll.
 */

/** How many times the page has fetched `GET /rooms` (its list poll), counted from the page's own requests. */
function countPolls(page: Page): () => number {
  let polls = 0;
  page.on("request", (r) => { if (new URL(r.url()).pathname === "/rooms") polls++; });
  return () => polls;
}

describe.skipIf(!chromiumInstalled)("the watch page's lobby in Chromium (with a store)", () => {
  let opened: OpenedStore | undefined;
  const { base, context, client, open } = watchPageSuite(async () => (opened = await temporarySqlite()));

  /** A dungeon created and left: resting in the store. */
  async function resting(options: { seed: number; private?: boolean }, name: string): Promise<string> {
    const keeper = await client().createDungeon({ ...options, startPaused: true }, { name });
    const id = keeper.roomId;
    await keeper.leave();
    await until(`dungeon ${id} resting`, async () => ((await opened!.store.get(id))?.status === "resting" ? true : undefined), 10_000);
    return id;
  }

  it("a poll keeps a row's button element (and its focus) when the row did not change; a new dungeon's row comes in beside it", async () => {
    const first = await client().createDungeon({ seed: 41, startPaused: true }, { name: "Ann" });
    open.push(first);
    const page = await context().newPage();
    const polls = countPolls(page);
    await page.goto(`${base()}/watch`);
    const button = page.locator(`#live-list button[data-room-id="${first.roomId}"]`);
    await button.waitFor({ timeout: 10_000 });
    const handle = await button.elementHandle();
    await button.focus();
    const before = polls();
    // Two more polls (LIST_REFRESH_MS apart) with the row unchanged (paused: same day and hour, same seats).
    await until("two more polls of GET /rooms", () => (polls() >= before + 2 ? true : undefined), 4 * LIST_REFRESH_MS + 5_000);
    expect(await page.evaluate((el) => el === document.querySelector(`#live-list button[data-room-id="${el?.getAttribute("data-room-id")}"]`) && el === document.activeElement, handle)).toBe(true);
    // A new dungeon: its row is added by a poll, the first row's button stays the same element, still focused.
    const second = await client().createDungeon({ seed: 42, startPaused: true }, { name: "Bo" });
    open.push(second);
    await page.locator(`#live-list button[data-room-id="${second.roomId}"]`).waitFor({ timeout: 10_000 });
    const state = await page.evaluate((el) => ({
      same: el === document.querySelector(`#live-list button[data-room-id="${el?.getAttribute("data-room-id")}"]`),
      focused: el === document.activeElement,
      rows: document.querySelectorAll("#live-list li").length,
    }), handle);
    expect(state).toEqual({ same: true, focused: true, rows: 2 });
    // A row that changed is updated in place: a spectator joins the first dungeon, its detail says so on the same button.
    const watcher = await client().spectate(first.roomId, "Cy");
    open.push(watcher);
    await until("the first row showing 1 watching", async () => ((await button.locator("small").textContent())?.includes("· 1 watching ·") ? true : undefined), 10_000);
    expect(await page.evaluate((el) => el === document.querySelector(`#live-list button[data-room-id="${el?.getAttribute("data-room-id")}"]`), handle)).toBe(true);
    await page.close();
  });

  it("a private dungeon: not in the live list; resting, listed as private with its button disabled (no replay offered); a public one offers its replay", async () => {
    const privateId = await resting({ seed: 43, private: true }, "Priv");
    const publicId = await resting({ seed: 44 }, "Pub");
    const livePrivate = await client().createDungeon({ seed: 45, startPaused: true, private: true }, { name: "Hidden" });
    open.push(livePrivate);
    const page = await context().newPage();
    await page.goto(`${base()}/watch`);
    const priv = page.locator(`#stored-list button[data-dungeon-id="${privateId}"]`);
    const pub = page.locator(`#stored-list button[data-dungeon-id="${publicId}"]`);
    await priv.waitFor({ timeout: 10_000 });
    expect(await priv.isDisabled()).toBe(true);
    expect(await priv.getAttribute("data-private")).toBe("true");
    expect(await priv.locator("small").textContent()).toBe(`malignus · resting · private: its keeper key is needed · ${privateId}`);
    expect(await pub.isDisabled()).toBe(false);
    expect(await pub.locator("small").textContent()).toBe(`malignus · resting · watch its replay · ${publicId}`);
    expect(await page.locator(`#live-list button[data-room-id="${livePrivate.roomId}"]`).count()).toBe(0);
    await page.close();
  });

  it("a stale link to a dungeon that went resting says it is resting and offers its replay (GET /dungeons/<id>); a private one's is not offered", async () => {
    const id = await resting({ seed: 47 }, "Stale");
    const privateId = await resting({ seed: 48, private: true }, "StalePriv");
    const page = await context().newPage();
    await page.goto(`${base()}/watch#/dungeon/${id}`);
    const error = page.locator("#lobby-error");
    const offer = error.locator(`button[data-dungeon-id="${id}"]`);
    await offer.waitFor({ timeout: 10_000 });
    expect(await error.textContent()).toBe(`Dungeon ${id} is resting (no live room to watch): watch its replay instead. watch its replay`);
    await offer.click();
    await page.locator("#watch").waitFor({ state: "visible", timeout: 10_000 });
    expect(await error.isHidden()).toBe(true);
    await page.goto(`${base()}/watch#/dungeon/${privateId}`);
    await page.reload();
    await until("private resting message", async () => ((await error.textContent())?.startsWith(`Dungeon ${privateId}`) ? true : undefined), 10_000);
    expect([await error.textContent(), await error.locator("button").count()]).toEqual([`Dungeon ${privateId} is resting (no live room to watch); it is private: its replay needs its keeper key.`, 0]);
    await page.close();
  });

  it("an error is shown while live dungeons are listed (its own #lobby-error, not the empty-list note), and cleared by the next watch", async () => {
    const live = await client().createDungeon({ seed: 46, startPaused: true }, { name: "Dee" });
    open.push(live);
    const page = await context().newPage();
    await page.goto(`${base()}/watch#/dungeon/no-such-room`);
    const error = page.locator("#lobby-error");
    await error.waitFor({ state: "visible", timeout: 10_000 });
    expect(await error.textContent()).toMatch(/^Could not watch dungeon no-such-room: .*no-such-room/);
    await page.locator(`#live-list button[data-room-id="${live.roomId}"]`).waitFor({ timeout: 10_000 });
    expect([await error.isVisible(), await page.locator("#live-empty").isVisible()]).toEqual([true, false]);
    await page.locator(`#live-list button[data-room-id="${live.roomId}"]`).click();
    await page.locator("#watch").waitFor({ state: "visible" });
    expect(await error.isHidden()).toBe(true);
    await page.close();
  });
});
