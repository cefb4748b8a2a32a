import { stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { basicAuth, createEndpoint, type Endpoint } from "@colyseus/core";
import { monitor } from "@colyseus/monitor";
// The monitor package's own static-file responder (path sanitised, index.html fallback), reused
// for the watch page rather than hand-writing one.
import { serveStatic } from "@colyseus/monitor/serve-static";
import type { Logger } from "./logger.ts";

/** Where the watch page is served: `GET /watch` and `GET /watch/` (the page) and `GET /watch/<asset>` (its files). */
export const WATCH_PATH = "/watch";
/** The site icon browsers ask for at the root (web/public/favicon.ico, copied into web/dist by Vite). */
export const FAVICON_PATH = "/favicon.ico";
/** Where `@colyseus/monitor` is mounted when {@link WebRoutesOptions.monitorPassword} is set. */
export const MONITOR_PATH = "/colyseus";
/** The basic-auth user name of the monitor (its password is `MONITOR_PASSWORD`). */
export const MONITOR_USER = "admin";
/** The built watch page (`npm run build:web`, or `npm start`'s prestart): web/dist. */
export const WATCH_DIST_DIR = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Options of {@link webRoutes}. */
export interface WebRoutesOptions {
  /**
   * Password of the Colyseus monitor at {@link MONITOR_PATH} (basic auth, user
   * {@link MONITOR_USER}). Unset or empty: the monitor is off and its paths answer 404.
   * Default: the `MONITOR_PASSWORD` environment variable.
   */
  monitorPassword?: string | undefined;
  /** Directory of the built watch page, default {@link WATCH_DIST_DIR}. */
  distDir?: string;
  /** Logger for what was mounted. */
  logger?: Logger;
}

/**
 * The browser-facing routes, to add to the server's router with `router.extend(...)` (so they
 * work on both transports, ws and uWebSockets.js, and survive Colyseus' own `extend` at listen):
 * the watch page at `GET /watch` (and `GET /watch/` when the router's `onRequest` is
 * {@link rewriteWatchSlash}) and its files at `GET /watch/<asset>`, from `distDir` (404 when
 * absent: the page routes by URL hash, `#/dungeon/<roomId>`, so no other path is a page), the site icon at `GET /favicon.ico`
 * (the page's `favicon.ico`); and, when
 * a monitor password is set, `@colyseus/monitor` at `/colyseus/` behind HTTP basic auth (401
 * without the right credentials; with none set, those paths answer 404).
 * @returns the endpoints by name.
 */
export function webRoutes(options: WebRoutesOptions = {}): Record<string, Endpoint> {
  const distDir = options.distDir ?? WATCH_DIST_DIR;
  const routes: Record<string, Endpoint> = {
    // Only `/watch`: the router files `/watch/` under the same route, then refuses it for its
    // trailing slash (better-call), so `/watch/` reaches this route through
    // {@link rewriteWatchSlash} (the router's `onRequest`). Asset URLs are absolute
    // (`/watch/assets/…`, Vite `base`).
    "watch-index": createEndpoint(WATCH_PATH, { method: "GET" }, async () => await serveStatic(distDir, "")),
    "watch-static": createEndpoint(`${WATCH_PATH}/**:splat`, { method: "GET" }, async (ctx) =>
      await serveWatchFile(distDir, (ctx.params as { splat?: string }).splat ?? "")),
    // Browsers ask every origin for /favicon.ico; the page itself links /watch/favicon.ico.
    "favicon": createEndpoint(FAVICON_PATH, { method: "GET" }, async () => await serveStatic(distDir, "favicon.ico")),
  };

  const password = options.monitorPassword ?? process.env.MONITOR_PASSWORD;
  if (!password) {
    options.logger?.info({ watch: WATCH_PATH }, "watch page mounted; monitor off (no MONITOR_PASSWORD)");
    return routes;
  }
  const panel = monitor({
    prefix: MONITOR_PATH,
    use: [basicAuth({ users: { [MONITOR_USER]: password }, realm: "Malignus monitor" })],
    columns: ["roomId", "name", "clients", { metadata: "map" }, { metadata: "spectators" }, "locked", "elapsedTime", "processId"],
  });
  options.logger?.info({ watch: WATCH_PATH, monitor: `${MONITOR_PATH}/` }, "watch page and monitor mounted");
  return { ...routes, ...panel };
}

/**
 * The router's `onRequest` hook that lets `GET /watch/` serve the watch page: better-call files
 * `/watch/` and `/watch` under one route and refuses the form whose trailing slash differs from
 * the route's path, so the slashed form is rewritten to {@link WATCH_PATH} (query kept).
 * @param request the incoming request.
 * @returns the rewritten request for `/watch/`, else `undefined` (the request goes on unchanged).
 */
export function rewriteWatchSlash(request: Request): Request | undefined {
  const url = new URL(request.url);
  if (url.pathname !== `${WATCH_PATH}/`) return undefined;
  url.pathname = WATCH_PATH;
  return new Request(url, request);
}

/**
 * One file of the built watch page: `rel` (a path under `distDir`, e.g. `assets/index-abc.js`)
 * when it names a file there, else 404 — unlike the monitor's responder, an unknown path does
 * not fall back to index.html (the page has no path routes). `..` segments are dropped
 * (`serveStatic`'s sanitising), so nothing outside `distDir` is served.
 */
async function serveWatchFile(distDir: string, rel: string): Promise<Response> {
  const safe = rel.split("/").filter((seg) => seg && seg !== "." && seg !== "..").join("/");
  const root = resolve(distDir);
  const file = resolve(join(root, safe));
  const isFile = safe !== "" && file.startsWith(root + sep) && await stat(file).then((s) => s.isFile(), () => false);
  return isFile ? await serveStatic(distDir, safe) : new Response("not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}
