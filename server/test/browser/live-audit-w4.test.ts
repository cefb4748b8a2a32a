import { describe, expect, it } from "vitest";
import { DESKTOP, chromiumInstalled, watchPageSuite } from "./browser.ts";

/**
 * Audit a8-w4 (issue 17, INV-20): the watch page in Chromium shows the invasion indicator, the
 * server's word for the current chance, at the top right of the page (web/src/style.css
 * `#invasion { margin-left: auto }`: the right end of the watch bar).
 */

describe.skipIf(!chromiumInstalled)("audit w4: the invasion indicator on the watch page (INV-20)", () => {
  const { base, context, client, open } = watchPageSuite();

  it("INV-20, INV-23: on day 1 the watch page shows the server's word (Calm) as 'Invasion: Calm', the pill's right edge at the page's right margin (16 px) and in the top bar, right of the clock", async () => {
    const keeper = await client().createDungeon({ seed: 7, startPaused: true, spectatorsSeeAll: true }, { name: "test keeper" });
    open.push(keeper);
    const page = await context().newPage();
    await page.goto(`${base()}/watch`);
    const entry = page.locator(`#live-list button[data-room-id="${keeper.roomId}"]`);
    await entry.waitFor({ timeout: 10_000 });
    await entry.click();
    await page.locator("#map[data-frames]").waitFor({ timeout: 10_000 });
    expect(keeper.state.invasion.word).toBe("Calm");
    const pill = page.locator("#invasion");
    expect([await pill.textContent(), await pill.getAttribute("data-word")]).toEqual(["Invasion: Calm", "Calm"]);
    const box = (await pill.boundingBox())!;
    const clock = (await page.locator("#clock").boundingBox())!;
    expect(Math.round(DESKTOP.width - (box.x + box.width))).toBe(16); // main's 1rem right padding
    expect(box.y).toBeLessThan(100);
    expect([Math.abs(box.y - clock.y) < 4, box.x > clock.x + clock.width]).toEqual([true, true]);
  }, 60_000);
});
