/**
 * The SDK's browser footprint (issue 19 part 5): bundles what a browser game imports, the SDK's
 * public entry with everything it imports (`@colyseus/sdk`, `@colyseus/schema`, msgpackr, the
 * state schema and the command validators), for the browser with Vite (Rolldown), minified, every
 * export kept, and prints its raw and gzipped size in KB (1 KB = 1024 bytes; gzip at zlib's
 * default level, as servers send it), then the same by module group.
 *
 * Usage: npm run sdk:size -- [--from dist|source] [--json] [--check]
 *   --from dist    bundle the published build, client-sdk/dist/index.js (default; run `npm run sdk:build` first)
 *   --from source  bundle client-sdk/src/index.ts (the same code, no build needed)
 *   --json         print the figures as JSON
 *   --check        exit 1 when the gzipped size is over SDK_GZIP_BUDGET_KB
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { decode } from "@jridgewell/sourcemap-codec";
import { build, defaultClientConditions, type Rolldown } from "vite";
import { parseCli, runCli, str } from "../../tools/cli.ts";

/** The target for the SDK's minified browser bundle, gzipped, in KB (issue 19 part 5). */
export const SDK_GZIP_BUDGET_KB = 60;

/**
 * The ceiling the SDK's test holds the gzipped bundle to, in KB: the budget itself, so that a
 * regression (zod back on the client path: about 8 KB more; full zod: about 150 KB) fails the test.
 */
export const SDK_GZIP_CEILING_KB = SDK_GZIP_BUDGET_KB;

/**
 * The module groups the figure is split into, first match wins (a source path as the bundle's
 * source map names it, `/` separators). The last group takes the rest (bundler runtime, bytes
 * the source map gives no source).
 */
export const SIZE_GROUPS: readonly { name: string; match: RegExp }[] = [
  { name: "@colyseus/schema", match: /node_modules\/@colyseus\/schema\// },
  { name: "@colyseus/sdk", match: /node_modules\/@colyseus\/(sdk|shared-types)\// },
  { name: "msgpackr", match: /node_modules\/msgpackr\// },
  { name: "zod", match: /node_modules\/zod\// },
  { name: "other packages", match: /node_modules\// },
  { name: "state schema (shared/src/schema)", match: /shared\/src\/schema\// },
  { name: "shared constants (shared/src)", match: /shared\/src\// },
  { name: "SDK validators", match: /client-sdk\/src\/(check|validate|validators\.generated)\.ts$/ },
  { name: "SDK", match: /client-sdk\/src\// },
  // --from dist: the published build is one file (the SDK, its validators and what it uses of shared).
  { name: "SDK build (dist/index.js)", match: /client-sdk\/dist\// },
  { name: "runtime, unmapped", match: /^/ },
];

const SDK_DIR = fileURLToPath(new URL("..", import.meta.url));

/** Where {@link measureSdk} takes the SDK from. */
export type SdkSource = "dist" | "source";

/** One module group's part of the bundle: minified bytes (from the source map) and its share of the gzipped bytes. */
export interface SizeGroup { name: string; rawBytes: number; gzipBytes: number; rawKb: number; gzipKb: number }

/**
 * The SDK's browser bundle size: bytes and KB (1024 bytes), minified, raw and gzipped, and the
 * same by module group ({@link SIZE_GROUPS}, groups of no byte left out).
 */
export interface SdkSize {
  from: SdkSource; rawBytes: number; gzipBytes: number; rawKb: number; gzipKb: number; budgetKb: number; withinBudget: boolean;
  groups: SizeGroup[];
}

const kb = (n: number): number => Math.round((n / 1024) * 10) / 10;

/**
 * Splits minified `code` by module group with its source map (sources relative to `outDir`, the
 * output file's folder): each mapped segment's bytes (up to
 * the next segment) go to its source's group, unmapped bytes to the last group. A group's
 * `gzipBytes` is its share of `gzipTotal`, in proportion to its own bytes gzipped alone (gzip
 * works across module boundaries, so the parts are estimates; they add up to the total).
 */
function sizeByGroup(code: string, map: Rolldown.SourceMap, outDir: string, gzipTotal: number): SizeGroup[] {
  const groupOfSource = map.sources.map((src) => SIZE_GROUPS.findIndex((g) => g.match.test(resolve(outDir, src ?? "").replaceAll("\\", "/"))));
  const parts: string[][] = SIZE_GROUPS.map(() => []);
  const lines = code.split("\n");
  decode(map.mappings).forEach((segments, line) => {
    const text = lines[line] ?? "";
    let at = 0;
    let group = SIZE_GROUPS.length - 1;
    for (const seg of segments) {
      parts[group]!.push(text.slice(at, seg[0]));
      at = seg[0];
      group = seg.length > 1 ? groupOfSource[seg[1]!]! : SIZE_GROUPS.length - 1;
    }
    parts[group]!.push(`${text.slice(at)}\n`);
  });
  const alone = parts.map((p) => p.join("")).map((text) => ({ raw: Buffer.byteLength(text), gzip: text ? gzipSync(text).length : 0 }));
  const gzipSum = alone.reduce((sum, a) => sum + a.gzip, 0);
  return SIZE_GROUPS.map((g, i) => {
    const gzipBytes = Math.round((gzipTotal * alone[i]!.gzip) / gzipSum);
    return { name: g.name, rawBytes: alone[i]!.raw, gzipBytes, rawKb: kb(alone[i]!.raw), gzipKb: kb(gzipBytes) };
  }).filter((g) => g.rawBytes > 0);
}

/**
 * Bundles the SDK for the browser (a Vite app build, ESM, minified, nothing external, the SDK's
 * exports kept) and measures it. Runs for a few seconds.
 *
 * @throws Error when `from` is "dist" and client-sdk/dist/index.js is missing (build it first).
 */
export async function measureSdk(from: SdkSource = "dist"): Promise<SdkSize> {
  const entry = from === "dist" ? `${SDK_DIR}dist/index.js` : `${SDK_DIR}src/index.ts`;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run sdk:build\` first (or use --from source)`);
  const result = await build({
    configFile: false, logLevel: "silent", root: SDK_DIR,
    resolve: { conditions: ["@malignus/source", ...defaultClientConditions] },
    build: {
      // An app build (library mode leaves ES output's whitespace unminified): the SDK is the entry,
      // every export kept, as a game's production build would bundle it. The source map (not
      // counted) only splits the figure by module.
      write: false, minify: true, target: "es2022", sourcemap: "hidden", reportCompressedSize: false, modulePreload: false,
      rolldownOptions: { input: entry, preserveEntrySignatures: "strict" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === "chunk");
  const chunk = chunks.length === 1 ? chunks[0]! : undefined;
  if (!chunk?.map) throw new Error(`expected one chunk with its source map, got ${chunks.length} chunk(s)`);
  const { code, map, fileName } = chunk;
  const rawBytes = Buffer.byteLength(code);
  const gzipBytes = gzipSync(code).length;
  return {
    from, rawBytes, gzipBytes, rawKb: kb(rawBytes), gzipKb: kb(gzipBytes), budgetKb: SDK_GZIP_BUDGET_KB,
    withinBudget: kb(gzipBytes) <= SDK_GZIP_BUDGET_KB, groups: sizeByGroup(code, map, resolve(SDK_DIR, "dist", dirname(fileName)), gzipBytes),
  };
}

/**
 * The figures as a table: the total, then one line per group, largest first, with its minified
 * KB, its gzipped KB and that as a share of the gzipped total (percent, one decimal).
 */
export function formatSize(size: SdkSize): string {
  const share = (g: SizeGroup): string => `${(size.gzipBytes > 0 ? (100 * g.gzipBytes) / size.gzipBytes : 0).toFixed(1)} %`;
  const rows = [...size.groups].sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((g) => `  ${g.name.padEnd(34)} ${`${g.rawKb} KB`.padStart(9)} ${`${g.gzipKb} KB`.padStart(8)} ${share(g).padStart(7)}`);
  return [
    `SDK browser bundle (${size.from}, Vite, minified): ${size.rawKb} KB raw, ${size.gzipKb} KB gzipped (budget ${size.budgetKb} KB gzipped)`,
    `  ${"by module group".padEnd(34)} ${"raw".padStart(9)} ${"gzip".padStart(8)} ${"share".padStart(7)}`,
    ...rows,
  ].join("\n");
}

/** The usage text (`npm run sdk:size -- --help`): every option goes after `--`, which npm passes on. */
const USAGE = [
  "usage: npm run sdk:size -- [--from dist|source] [--json] [--check]",
  "  Bundles the SDK for the browser (Vite, minified) and prints its raw and gzipped size in KB, by module group.",
  "  --from dist    client-sdk/dist/index.js (default; `npm run sdk:build` first)",
  "  --from source  client-sdk/src/index.ts",
  "  --json         print JSON",
  `  --check        exit 1 when gzipped is over ${SDK_GZIP_BUDGET_KB} KB`,
].join("\n");

async function main(): Promise<void> {
  // A bad option (unknown, missing value, --from neither dist nor source): the message and the usage on stderr, exit 2 (tools/cli.ts).
  const from = runCli("sdk:size", USAGE, () => {
    const parsed = parseCli(process.argv.slice(2), { from: { type: "string" }, json: { type: "boolean" }, check: { type: "boolean" } });
    if (parsed === "help") return parsed;
    const source = str(parsed.values, "from", "dist");
    if (source !== "dist" && source !== "source") throw new Error(`--from must be dist or source, got "${source}"`);
    return { from: source as SdkSource, json: parsed.values.json === true, check: parsed.values.check === true };
  });
  const size = await measureSdk(from.from);
  console.log(from.json ? JSON.stringify(size) : formatSize(size));
  if (from.check && size.gzipKb > SDK_GZIP_BUDGET_KB) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => { console.error(e instanceof Error ? e.message : e); process.exitCode = 1; });
}
