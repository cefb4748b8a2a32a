import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLOCK_TICK_SYNC_TICKS, connect, type DungeonConnection } from "@malignus/client-sdk";
import { until } from "../until.ts";
import { STATUS_TEXT } from "../../../web/src/status.ts";
import { DESKTOP, chromiumInstalled, drawn, pageRecord, recordPage, watchPageSuite } from "./browser.ts";

/**
 * The watch page in a real browser (issue 19 part 2): Debian's Chromium driven by playwright-core
 * against the in-process server, which serves the page built from web/ (built here when stale).
 * What is checked is on the page: the dungeon list's buttons, the event log's sentences, the
 * status banner, and the units the canvas renderer drew (its `data-units` attribute).
 *
 * `WATCH_SCREENSHOT=1` also copies the screenshot to docs/img/watch.png (the README's).
 */

const PLATE = { x: 6, y: 15 };
const BLADES = { x: 5, y: 15 };
/** The walking skeleton's dungeon (e2e/walking-skeleton.test.ts): the first peasant on day 2, about 4 real seconds at timeScale 500. */
const TRAP_DUNGEON = { seed: 424242, timeScale: 500, pauseOnSpot: false, spectatorsSeeAll: true, startPaused: true } as const;
/** A dungeon opening on its first party's arrival (server/room.test.ts "skipToInvasion"), at one tick per patch. */
const WALK_DUNGEON = { seed: 1000, timeScale: 1, skipToInvasion: true, pauseOnSpot: false, spectatorsSeeAll: true } as const;
/** A phone's window, in CSS pixels. */
const PHONE = { width: 390, height: 844 } as const;
const TABS = 20;
/** The room sends a patch every 100 ms (ROOM_STEPS_PER_SECOND = 10). */
const PATCHES_PER_SECOND = 10;
/** The 20-tab dungeon's clock: timeScale 60 = 600 ticks a real second, 60 per patch. */
const TABS_TIME_SCALE = 60;
const TICKS_PER_PATCH = (TABS_TIME_SCALE * 10) / PATCHES_PER_SECOND;
/**
 * How long the 20 tabs are watched, in real ms; how much further behind the room a tab may fall
 * over that window (1 s), and how far behind it may ever be (2 s): generous, because on a
 * busy 2-core runner the 20 renderers wait for the CPU (a tab that could not draw 10 patches a
 * second would still fall further behind with every second of the window).
 */
const WINDOW_MS = 3000;
/**
 * Fewest patches the room must have sent over the window for the pace check to mean something
 * (a third of the window's 30 at 10 a second): at load 20 the room, in the test's own thread, sends
 * fewer than 10 a second, and a tab can only draw the patches that were sent.
 */
const MIN_ROOM_PATCHES = 10;
const LAG_GROWTH_PATCHES = 10;
const MAX_LAG_PATCHES = 20;

/** A paused dungeon (TRAP_DUNGEON) whose keeper placed and wired a pressure plate to spinning blades. */
async function keeperWithTrap(client: () => ReturnType<typeof connect>, open: DungeonConnection[]): Promise<{ keeper: DungeonConnection; plateId: string; bladesId: string }> {
  const keeper = await client().createDungeon(TRAP_DUNGEON, { name: "test keeper" });
  open.push(keeper);
  const plate = await keeper.placePart({ kind: "pressurePlate", ...PLATE });
  const blades = await keeper.placePart({ kind: "spinningBlades", ...BLADES });
  if (!plate.ok || !blades.ok || plate.id === undefined || blades.id === undefined) throw new Error("placement refused");
  expect(await keeper.wire({ path: [PLATE, BLADES] })).toEqual({ ok: true, id: expect.any(String) });
  return { keeper, plateId: plate.id, bladesId: blades.id };
}

describe.skipIf(!chromiumInstalled)("the watch page in Chromium", () => {
  const { base, context, client, open, closeRooms, stopServer, restartServer } = watchPageSuite();

  it("lists the dungeon the test created; watching it, the canvas draws a party member walking in; on a phone-sized window the map fits in one column", async () => {
    const keeper = await client().createDungeon(WALK_DUNGEON, { name: "test keeper" });
    open.push(keeper);
    const page = await context().newPage();
    await page.goto(`${base()}/watch`);
    const entry = page.locator(`#live-list button[data-room-id="${keeper.roomId}"]`);
    await entry.waitFor({ timeout: 60_000 });
    expect(await entry.locator("strong").textContent()).toMatch(/^default · day \d+, \d\d:00$/);
    await entry.click();
    await page.locator("#watch").waitFor({ state: "visible" });
    expect(page.url()).toBe(`${base()}/watch#/dungeon/${keeper.roomId}`);
    await page.locator("#map[data-frames]").waitFor({ timeout: 60_000 });
    expect(await page.locator("#invasion").textContent()).toBe(`Invasion: ${keeper.state.invasion.word}`);

    // Every adventurer the canvas renderer draws is kept, in the page as it draws (10 patches
    // a second, one tick each at timeScale 1, a tile every 4 ticks), until one was drawn on two tiles.
    await recordPage(page);
    const walker = await pageRecord(page, "an adventurer drawn on two tiles", (r) =>
      Object.values(r.adventurers).find((a) => a.tiles.length >= 2), 60_000);
    expect(walker.name).toMatch(/^[A-Z][a-z]+ \d+$/);
    expect(walker.tiles[1]).not.toBe(walker.tiles[0]);

    // The room syncs clock.tick once a game minute (CLOCK_TICK_SYNC_TICKS ticks, always a multiple
    // at one tick a patch); the page draws each patch at the SDK's estimateTick, so it shows the
    // ticks in between too, never past the next sync.
    const between = await until("a tick drawn between two syncs", async () => {
      const d = await drawn(page);
      return d.tick % CLOCK_TICK_SYNC_TICKS !== 0 ? d.tick : undefined;
    }, 60_000);
    expect(Math.abs(between - keeper.state.clock.tick)).toBeLessThan(2 * CLOCK_TICK_SYNC_TICKS);
    expect(await page.locator("#clock").getAttribute("title")).toMatch(/^Game time \(tick \d+\)$/);

    // On the desktop window (1280 × 800): the map's column ends where the canvas can grow no
    // more (70 % of 800 px over 30 tiles: 18 px tiles, 720 px), the panel takes the rest: the
    // only space between them is the rounding of the tiles (746.7 - 720 px) and the 0.8rem gap.
    const desktop = await page.evaluate(() => {
      const map = (document.getElementById("map") as HTMLCanvasElement).getBoundingClientRect();
      const aside = (document.querySelector("aside") as HTMLElement).getBoundingClientRect();
      return { mapWidth: map.width, between: Math.round(aside.left - map.right), asideRight: Math.round(aside.right) };
    });
    expect(desktop).toEqual({ mapWidth: 720, between: 39, asideRight: 1280 - 16 });

    // On a phone-sized window: one column, the map fitted to the width (tiles of 9 px: the
    // 374 px between the margins over 40 tiles, rounded down), the log under it, no sideways scroll.
    await page.setViewportSize(PHONE);
    const frames = (await drawn(page)).frames;
    await until("a draw at the phone's size", async () => ((await drawn(page)).frames > frames + 1 ? true : undefined), 60_000);
    const layout = await page.evaluate(() => {
      const map = (document.getElementById("map") as HTMLCanvasElement).getBoundingClientRect();
      const log = (document.querySelector("aside") as HTMLElement).getBoundingClientRect();
      return { mapWidth: map.width, logBelowMap: log.top >= map.bottom, scrollWidth: document.documentElement.scrollWidth };
    });
    expect(layout).toEqual({ mapWidth: 360, logBelowMap: true, scrollWidth: PHONE.width });
    // The Units list's lines wrap at the phone's width instead of running out of the panel: none
    // is wider than the list, the longest one takes more than one line, and the whole list shows
    // (no scroll box whose edge cuts a wrapped line in two).
    const roster = await page.evaluate(() => {
      const list = document.getElementById("roster") as HTMLElement;
      const items = [...list.querySelectorAll("li")];
      const longest = items.reduce<HTMLElement | undefined>((a, li) => (a && (a.textContent ?? "").length >= (li.textContent ?? "").length ? a : li), undefined);
      const fontPx = longest ? parseFloat(getComputedStyle(longest).fontSize) : 0;
      return {
        items: items.length > 0, overflowing: list.scrollWidth > list.clientWidth, clipped: list.scrollHeight > list.clientHeight,
        longestWraps: !!longest && longest.getBoundingClientRect().height > 1.8 * fontPx,
      };
    });
    expect(roster).toEqual({ items: true, overflowing: false, clipped: false, longestWraps: true });
    await page.close();
    await closeRooms(); // a dungeon left running would slow the next tests
  }, 240_000);

  it("logs the blades firing on the peasant in words, and draws its wound", async () => {
    const { keeper, bladesId } = await keeperWithTrap(client, open);
    const page = await context().newPage();
    await page.goto(`${base()}/watch#/dungeon/${keeper.roomId}`);
    // Once the first state is drawn: the clock (paused at creation) and the invasion word show.
    await page.locator("#map[data-frames]").waitFor({ timeout: 60_000 });
    expect(await page.locator("#clock").textContent()).toBe("day 1 00:00 · paused");
    expect(await page.locator("#invasion").textContent()).toBe("Invasion: Calm");
    expect(await page.locator("#invasion").getAttribute("title")).toBe("0% chance of an invasion this hour"); // INV-25: the hover
    await recordPage(page);
    // What the spectator view sends, as a Node client of the same view decodes it: each adventurer's wound points by tick.
    const spectator = await client().spectate(keeper.roomId);
    open.push(spectator);
    const woundsAt = new Map<number, Map<string, number>>();
    spectator.onStateChange((state) => {
      const wounds = new Map<string, number>();
      state.units.forEach((u) => { if (u.kind === "adventurer") wounds.set(u.id, u.woundPoints); });
      woundsAt.set(state.clock.tick, wounds);
    });
    const fired = keeper.waitForEvent("trapFired", (e) => e.mechanismId === bladesId, 120_000);
    expect(await keeper.resume()).toEqual({ ok: true });

    // The trap firing and its wound, in the page's log, in words; the peasant drawn wounded.
    const event = await fired;
    const seen = await pageRecord(page, "the trap, its wound and the wounded peasant on the page", (r) => {
      const trap = r.lines.find((l) => l.type === "trapFired");
      const wound = r.lines.find((l) => l.type === "wound");
      const peasant = r.adventurers[event.byUnitId ?? ""];
      return trap && wound && peasant && peasant.harm > 0 ? { trap, wound, peasant } : undefined;
    }, 60_000);
    expect(seen.trap.text).toMatch(/^day 2 \d\d:\d\dSpinning blades fired at \(5,15\): Peasant 1 caught\.$/);
    const where = /wound to the (.+) from/.exec(seen.wound.text)?.[1] ?? "?";
    expect(seen.wound.text.slice("day 2 00:00".length)).toBe(`Peasant 1 took a serious wound to the ${where} from Spinning blades.`);
    // Drawn with the wound points the view sent for that tick (at least the blades' serious wound, CMB-26).
    expect(seen.peasant.name).toBe("Peasant 1");
    expect(seen.peasant.harm).toBe(woundsAt.get(seen.peasant.harmTick)?.get(event.byUnitId ?? ""));
    expect(seen.peasant.harm).toBeGreaterThanOrEqual(2);

    const shot = join(tmpdir(), `malignus-watch-${process.pid}.png`);
    await page.screenshot({ path: shot });
    const png = readFileSync(shot);
    expect([png.subarray(1, 4).toString("latin1"), png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual(["PNG", DESKTOP.width, DESKTOP.height]);
    if (process.env.WATCH_SCREENSHOT === "1") {
      mkdirSync(join(import.meta.dirname, "../../../docs/img"), { recursive: true });
      copyFileSync(shot, join(import.meta.dirname, "../../../docs/img/watch.png"));
    }
    await page.close();
    await closeRooms(); // a dungeon left running would slow the next tests
  }, 240_000);

  it(`keeps up with ${PATCHES_PER_SECOND} patches a second in ${TABS} tabs of one browser`, async () => {
    const keeper = await client().createDungeon({ seed: 7, timeScale: TABS_TIME_SCALE, pauseOnSpot: false });
    open.push(keeper);
    const tabs = await Promise.all(Array.from({ length: TABS }, async () => {
      const tab = await context().newPage();
      // Twenty pages loading at once on a busy 2-core runner outlast playwright's 30 s default.
      await tab.goto(`${base()}/watch#/dungeon/${keeper.roomId}`, { timeout: 120_000 });
      return tab;
    }));
    await until("every tab drawing", async () => ((await Promise.all(tabs.map(drawn))).every((d) => d.frames > 0) ? true : undefined), 120_000);
    // The room's tick as the keeper's Node client holds it, read as each tab's answer comes in.
    const sample = () => Promise.all(tabs.map(async (t) => ({ ...(await drawn(t)), room: keeper.state.clock.tick })));
    const before = await sample();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const after = await sample();
    for (const [i, d] of after.entries()) {
      const b = before[i] ?? d;
      const frames = d.frames - b.frames;
      const lag = d.room - d.tick;
      // The patches the room sent between the two reads of this tab (its clock moves TICKS_PER_PATCH a patch).
      const sent = (d.room - b.room) / TICKS_PER_PATCH;
      const said = `tab ${i}: ${frames} frames over ${d.tick - b.tick} ticks, ${b.room - b.tick} then ${lag} ticks behind, the room sent ${sent} patches`;
      // Every patch drawn: one frame per patch (each moves the clock TICKS_PER_PATCH ticks), none dropped or merged.
      expect(frames * TICKS_PER_PATCH, said).toBe(d.tick - b.tick);
      // At the room's pace: at least 80% of the patches the room sent over the window (measured
      // against the room, not the wall clock: at load 20 the room itself sends fewer than 10 a
      // second), not falling behind over it (the lag grew by at most LAG_GROWTH_PATCHES), and
      // never more than MAX_LAG_PATCHES behind.
      expect(sent, said).toBeGreaterThanOrEqual(MIN_ROOM_PATCHES);
      expect(frames >= 0.8 * sent, said).toBe(true);
      expect(lag - (b.room - b.tick) <= LAG_GROWTH_PATCHES * TICKS_PER_PATCH, said).toBe(true);
      expect(lag <= MAX_LAG_PATCHES * TICKS_PER_PATCH, said).toBe(true);
    }
    // Each tab is a spectator of the room.
    expect(keeper.state.spectators).toBe(TABS);
    await Promise.all(tabs.map((t) => t.close()));
    await closeRooms();
  }, 300_000); // ~15 s on an idle machine; 20 renderers on a busy 2-core CI runner take much longer to open

  it("serves its icon at /favicon.ico (where browsers ask) and /watch/favicon.ico (what the page links)", async () => {
    const icon = readFileSync(join(import.meta.dirname, "../../../web/public/favicon.ico"));
    for (const path of ["/favicon.ico", "/watch/favicon.ico"]) {
      const response = await fetch(`${base()}${path}`);
      expect([path, response.status, response.headers.get("content-type")]).toEqual([path, 200, "image/x-icon"]);
      expect(Buffer.from(await response.arrayBuffer()).equals(icon)).toBe(true);
    }
    const page = await context().newPage();
    const notFound: string[] = [];
    page.on("response", (r) => { if (r.status() === 404) notFound.push(r.url()); });
    await page.goto(`${base()}/watch`);
    expect(await page.locator('link[rel="icon"]').evaluate((l: HTMLLinkElement) => new URL(l.href).pathname)).toBe("/watch/favicon.ico");
    expect(notFound).toEqual([]);
    await page.close();
  }, 120_000);

  it("says so when the server goes away, and when it comes back on the same port", async () => {
    const keeper = await client().createDungeon({ seed: 9, timeScale: 60 });
    const page = await context().newPage();
    await page.goto(`${base()}/watch#/dungeon/${keeper.roomId}`);
    await until("the page drawing", async () => ((await drawn(page)).frames > 0 ? true : undefined), 60_000);
    const status = page.locator("#status");
    expect(await status.isHidden()).toBe(true);

    await stopServer();
    await until("the lost-contact banner", async () => ((await status.textContent()) === STATUS_TEXT.offline ? true : undefined), 60_000);
    expect(await status.getAttribute("data-state")).toBe("offline");
    // The SDK tries to resume the seat meanwhile (client-sdk resume.ts), so the watch stays open until the server answers again.

    await restartServer();
    await until("the server-is-back banner", async () => ((await status.textContent()) === STATUS_TEXT.back ? true : undefined), 60_000);
    expect(await status.getAttribute("data-state")).toBe("back");
    // Back on the list, which the new process fills: a dungeon created now shows up.
    const fresh = await client().createDungeon({ seed: 10 });
    open.push(fresh);
    await page.locator(`#live-list button[data-room-id="${fresh.roomId}"]`).waitFor({ timeout: 60_000 });
    // This test's server keeps no dungeons: once it answers again without the room, the watch ends.
    await until("the watch of the gone room closed", async () => ((await page.locator("#watch").isHidden()) ? true : undefined), 60_000);
    await page.close();
  }, 240_000);
});
