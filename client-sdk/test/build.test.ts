import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { measureSdk, SDK_GZIP_CEILING_KB } from "../scripts/size.ts";

const SDK_DIR = fileURLToPath(new URL("..", import.meta.url));
const TSDOWN = createRequire(import.meta.url).resolve("tsdown/package.json").replace(/package\.json$/, "dist/run.mjs");

/** The names src/index.ts exports (values and types), read from its export declarations. */
function sourceExportNames(): string[] {
  const file = ts.createSourceFile("index.ts", readFileSync(`${SDK_DIR}src/index.ts`, "utf8"), ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const st of file.statements) {
    if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const el of st.exportClause.elements) names.push(el.name.text);
    }
  }
  return names.sort();
}

/** The names of the last `export { … }` list of a built file (Rolldown puts every export there). */
function builtExportNames(path: string): string[] {
  const lists = [...readFileSync(path, "utf8").matchAll(/^export \{([^}]*)\};?$/gm)];
  const list = lists.at(-1)?.[1] ?? "";
  return list.split(",").map((s) => s.trim()).filter(Boolean).map((s) => (s.replace(/^type /, "").split(/\s+as\s+/).at(-1) ?? s)).sort();
}

/** Issue 19 part 5: the SDK builds to dist/ (ESM + .d.ts) and its browser bundle stays small. */
describe("client-sdk build", () => {
  it("builds dist/index.js and dist/index.d.ts exporting the same names as src/index.ts", async () => {
    const r = spawnSync(process.execPath, [TSDOWN], { cwd: SDK_DIR, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const names = sourceExportNames();
    expect(names.length).toBeGreaterThan(50);
    expect(builtExportNames(`${SDK_DIR}dist/index.d.ts`)).toEqual(names);
    const source = await import("../src/index.ts");
    const built = await import(pathToFileURL(`${SDK_DIR}dist/index.js`).href) as Record<string, unknown>;
    expect(Object.keys(built).sort()).toEqual(Object.keys(source).sort());
    expect(builtExportNames(`${SDK_DIR}dist/index.js`)).toEqual(Object.keys(source).sort());
    // The published build carries no TypeScript source import (a game needs no TS-aware bundler).
    expect(readFileSync(`${SDK_DIR}dist/index.js`, "utf8")).not.toMatch(/from "@malignus\/shared|\.ts"/);
  }, 180_000);

  it(`bundles for the browser (Vite, minified) under its ${SDK_GZIP_CEILING_KB} KB gzipped ceiling (full zod alone would break it)`, async () => {
    const size = await measureSdk("source");
    expect(size.rawBytes).toBeGreaterThan(100 * 1024);
    expect(size.gzipKb).toBeLessThanOrEqual(SDK_GZIP_CEILING_KB);
  }, 120_000);
});
