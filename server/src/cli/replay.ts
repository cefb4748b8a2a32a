/**
 * `npm run replay -- FILE [--check] [--json]`: re-runs a replay file (GET /dungeons/:id/replay)
 * headless with the core's `replay()` and prints its final tick and state hash. `--check`
 * compares the hash at every checkpoint line and at the end line with the recorded ones and
 * fails on the first that differs, naming its tick. Exit codes: 0 done (and matching), 1 a hash
 * differs, 2 bad usage or a file that cannot be read or replayed.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseReplay } from "../replay/format.ts";
import { runReplay } from "../replay/run.ts";
import { parseCli } from "../../../tools/cli.ts";

/** Usage text of `npm run replay`. */
export const REPLAY_USAGE = `Usage: npm run replay -- FILE [--check] [--json]

Re-runs a Malignus replay file (from GET /dungeons/:id/replay) headless and prints
its final tick and state hash.

  FILE         a replay file (JSON Lines, format malignus-replay version 1)
  --check      compare every recorded checkpoint hash and the end hash; exit 1 on
               the first that differs, naming its tick
  --json       print the result as one JSON object
  -h, --help   show this help

Exit codes: 0 ok, 1 a recorded hash differs, 2 bad usage or an unreadable file.`;

/** Runs the command with `argv` (without node and the script); writes to `out`/`err`; returns the exit code. */
export function replayCli(argv: readonly string[], out: (line: string) => void, err: (line: string) => void): number {
  let parsed;
  try {
    parsed = parseCli(argv, { check: { type: "boolean" }, json: { type: "boolean" } }, true);
  } catch (e) {
    err(`replay: ${(e as Error).message}\n\n${REPLAY_USAGE}`);
    return 2;
  }
  if (parsed === "help") { out(REPLAY_USAGE); return 0; }
  if (parsed.positionals.length !== 1) { err(`replay: expected one FILE, got ${parsed.positionals.length}\n\n${REPLAY_USAGE}`); return 2; }
  const path = parsed.positionals[0]!;
  let result;
  try {
    result = runReplay(parseReplay(readFileSync(path, "utf8")), { check: parsed.values.check === true });
  } catch (e) {
    err(`replay: ${path}: ${(e as Error).message}`);
    return 2;
  }
  if (parsed.values.json) out(JSON.stringify(result));
  else {
    out(`tick ${result.tick}`);
    out(`hash ${result.hash}`);
  }
  if (result.mismatch) {
    const m = result.mismatch;
    err(`replay: ${path}: mismatch at tick ${m.tick} (${m.what}): recorded ${m.expected}, replayed ${m.actual}`);
    return 1;
  }
  if (parsed.values.check && !parsed.values.json) out(`check ok: ${result.compared} recorded hashes match`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = replayCli(process.argv.slice(2), (l) => process.stdout.write(l + "\n"), (l) => process.stderr.write(l + "\n"));
}
