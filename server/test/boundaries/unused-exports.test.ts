import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 17 part 3, "a check that cannot be fooled again": knip (knip.json at the root) in
 * production mode walks the code from the production entry points (server/src/main.ts, the replay
 * CLI, the benches, tools/codegen.ts, client-sdk, loadtest, web) and never from a test file, so
 * an export of server/src/sim/ that only tests import is reported. An export the defining file
 * uses itself is not (`ignoreExportsUsedInFile`: exporting it for a test does not make it dead).
 * Value exports only (`exports`, `nsExports`): a type cannot hold a rule. Every finding fails the
 * suite unless unused-exports-allow.json lists it with a reason; a fixture project proves the
 * check reports a test-only export.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const KNIP = join(ROOT, "node_modules/knip/bin/knip.js");
const FIXTURE = join(ROOT, "server/test/boundaries/unused-exports-fixture");
const SIM = "server/src/sim/";

/** One unused export: its file (relative to the analysed project) and name. */
interface Unused { file: string; name: string }
interface AllowEntry extends Unused { reason: string }
interface KnipIssue { file: string; exports?: { name: string }[]; nsExports?: { name: string }[] }

/**
 * Runs knip in production mode on `dir` (a directory with a knip.json) for unused value exports.
 * @returns the unused exports whose file starts with `prefix`, sorted.
 * @throws Error when knip does not print its JSON report (crash, bad configuration), with its stderr.
 */
function unusedExports(dir: string, prefix: string): Unused[] {
  const run = spawnSync(process.execPath, [
    KNIP, "--production", "--include", "exports,nsExports", "--reporter", "json", "--no-progress", "--no-config-hints",
    "--directory", dir,
  ], { cwd: dir, encoding: "utf8", timeout: 240_000, maxBuffer: 64 * 1024 * 1024 });
  let report: { issues: KnipIssue[] };
  try {
    report = JSON.parse(run.stdout) as { issues: KnipIssue[] };
  } catch {
    throw new Error(`knip printed no JSON report (exit ${run.status}, ${run.error?.message ?? "no spawn error"}): ${run.stderr}`);
  }
  const out: Unused[] = [];
  for (const issue of report.issues) {
    if (!issue.file.startsWith(prefix)) continue;
    for (const e of [...(issue.exports ?? []), ...(issue.nsExports ?? [])]) out.push({ file: issue.file, name: e.name });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

const key = (u: Unused): string => `${u.file}: ${u.name}`;

describe("unused exports of the simulation (knip --production)", () => {
  it("reports an export that only a test imports, and not one that is live or used in its own file (fixture)", () => {
    expect(unusedExports(FIXTURE, "src/")).toEqual([{ file: "src/sim/rules.ts", name: "testOnlyRule" }]);
  });

  it("finds no export of server/src/sim/ that only tests use, except the allow-listed ones, each with a reason", () => {
    const allow = JSON.parse(readFileSync(join(ROOT, "server/test/boundaries/unused-exports-allow.json"), "utf8")) as AllowEntry[];
    for (const a of allow) expect(a.reason.trim().length, `reason for ${key(a)}`).toBeGreaterThan(20);
    const found = unusedExports(ROOT, SIM).map(key);
    const allowed = new Set(allow.map(key));
    expect(found.filter((k) => !allowed.has(k)), "exports of server/src/sim/ used only by tests: make them live, un-export them, or allow-list them with a reason").toEqual([]);
    expect(allow.map(key).filter((k) => !found.includes(k)), "stale allow-list entries (no longer reported)").toEqual([]);
  }, 300_000);
});
