/**
 * Builds the watch page (web/ → web/dist) with Vite. `npm start` runs it first with `--if-stale`
 * (the `prestart` script), so a fresh clone serves /watch after `npm ci && npm start`; the
 * browser tests call {@link buildWatchPage} themselves.
 *
 * Usage: `tsx web/scripts/build.ts [--if-stale]`.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { parseCli, runCli } from "../../tools/cli.ts";

/** The web workspace's directory. */
export const WEB_DIR = fileURLToPath(new URL("..", import.meta.url));
/** The built page: what the server serves at /watch/. */
export const DIST_DIR = join(WEB_DIR, "dist");
/** The file whose time stamp says when the page was last built. */
const BUILT_MARK = join(DIST_DIR, "index.html");
/** What the page is built from: a change in any of these makes the build stale. */
const SOURCES = [
  join(WEB_DIR, "index.html"), join(WEB_DIR, "src"), join(WEB_DIR, "public"), join(WEB_DIR, "vite.config.ts"),
  join(WEB_DIR, "..", "client-sdk", "src"), join(WEB_DIR, "..", "shared", "src"),
];

/** Newest modification time (ms since the epoch) under `path`, a file or a directory; 0 when absent. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when web/dist is missing or older than one of its sources. */
export function watchPageIsStale(): boolean {
  if (!existsSync(BUILT_MARK)) return true;
  const built = statSync(BUILT_MARK).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/**
 * Builds the page into web/dist with web/vite.config.ts, or does nothing when `ifStale` is set
 * and the build is up to date.
 * @returns whether it built.
 * @throws the Vite/Rolldown build error when the page does not compile.
 */
export async function buildWatchPage(options: { ifStale?: boolean } = {}): Promise<boolean> {
  if (options.ifStale && !watchPageIsStale()) return false;
  await build({ configFile: join(WEB_DIR, "vite.config.ts"), logLevel: "warn" });
  return true;
}

/** The usage of `npm run build:web` (printed by `--help`, and after an argument error). */
export const BUILD_USAGE = `usage: npm run build:web -- [--if-stale]
Builds the watch page (web/) into web/dist with Vite.
  --if-stale   build only when a source is newer than the last build
  -h, --help   print this usage and exit`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = runCli("build:web", BUILD_USAGE, () => parseCli(process.argv.slice(2), { "if-stale": { type: "boolean" } }));
  const started = Date.now();
  const built = await buildWatchPage({ ifStale: values["if-stale"] === true });
  console.log(built ? `watch page built into ${DIST_DIR} in ${Date.now() - started} ms` : "watch page up to date");
}
