import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRouter } from "@colyseus/core";
import { rewriteWatchSlash, webRoutes } from "../../src/watch.ts";

/**
 * The watch page's HTTP routes (watch.ts) through the router as app.ts builds it (`onRequest:
 * rewriteWatchSlash`), against a small dist directory: `/watch` and `/watch/` are the page, a file
 * under /watch/ is that file, any other path under /watch/ is 404 (the page routes by hash only).
 */
describe("watch page routes", () => {
  const dist = mkdtempSync(join(tmpdir(), "malignus-watch-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>watch</title>");
  writeFileSync(join(dist, "assets", "main-1.js"), "console.log(1);");
  writeFileSync(join(dist, "favicon.ico"), "ico");
  const router = createRouter({}, { onRequest: rewriteWatchSlash }).extend(webRoutes({ distDir: dist, monitorPassword: "" }));
  const get = async (path: string): Promise<{ status: number; type: string | null; body: string }> => {
    const res = await router.handler(new Request(`http://localhost${path}`));
    return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
  };
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("serves the page at /watch, /watch/ and /watch/?query", async () => {
    for (const path of ["/watch", "/watch/", "/watch/?x=1"]) {
      expect(await get(path), path).toEqual({ status: 200, type: "text/html; charset=utf-8", body: "<!doctype html><title>watch</title>" });
    }
  });

  it("serves the page's files, and the icon at the root", async () => {
    expect(await get("/watch/assets/main-1.js")).toEqual({ status: 200, type: "application/javascript; charset=utf-8", body: "console.log(1);" });
    expect(await get("/favicon.ico")).toEqual({ status: 200, type: "image/x-icon", body: "ico" });
    expect(await get("/watch/favicon.ico")).toEqual({ status: 200, type: "image/x-icon", body: "ico" });
  });

  it("answers 404 for unknown paths under /watch/, with or without an extension, and for directories", async () => {
    for (const path of ["/watch/nonexistent", "/watch/missing.js", "/watch/assets", "/watch/assets/", "/watch/index.html/x", "/watch/../package.json"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get("/watch/index.html")).status).toBe(200);
  });
});
