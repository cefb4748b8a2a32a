import { readFileSync, writeFileSync } from "node:fs";
import type { ScenarioResult } from "./probes.ts";

/**
 * The chaos suite's table (issue 18 part 5): one row per scenario with whether it held and its
 * figures, as plain text for the terminal or Markdown for docs/reliability.md, which holds it
 * between {@link TABLE_START} and {@link TABLE_END}.
 */

/** Marker lines around the generated table in docs/reliability.md. */
export const TABLE_START = "<!-- chaos:table:start -->";
export const TABLE_END = "<!-- chaos:table:end -->";

/** Header of a run: when, which mode, and what it ran on. */
export interface RunInfo {
  /** ISO time the run started. */
  startedAt: string;
  short: boolean;
  seed: number;
  postgres: string;
  /** Real seconds the whole run took. */
  seconds: number;
  /** The machine's 1-minute load average at the start and at the end of the run (`os.loadavg()[0]`), when known. */
  load?: [number, number];
}

const frac = (f: [number, number] | null) => (f === null ? "—" : `${f[0]}/${f[1]}`);
const COLUMNS = ["scenario", "held", "rooms before→after", "kept ticking", "kept patches", "hashes unchanged", "inputs acked / lost", "crashes", "figures", "reason"];

/** The cells of one result's row, in {@link COLUMNS} order. */
export function rowCells(r: ScenarioResult): string[] {
  const f = r.figures;
  return [
    r.name,
    r.held ? "✓" : "✗",
    `${f.roomsBefore}→${f.roomsAfter}`,
    frac(f.roomsTicking),
    frac(f.clientsWithPatches),
    frac(f.hashesUnchanged),
    `${f.inputsAcked} / ${f.inputsLost ?? "—"}`,
    String(f.crashes),
    Object.entries(f.extra).map(([k, v]) => `${k}: ${v}`).join("; "),
    r.reason,
  ];
}

/** A Markdown table of `results` (pipes in cells escaped), with a line saying how it was made. */
export function markdownTable(results: readonly ScenarioResult[], info: RunInfo): string {
  const esc = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");
  const held = results.filter((r) => r.held).length;
  return [
    `Run of ${info.startedAt} (${info.short ? "--short" : "full"}, seed ${info.seed}, ${info.seconds} s${info.load ? `; load average ${info.load[0].toFixed(1)} at the start, ${info.load[1].toFixed(1)} at the end` : ""}; PostgreSQL: ${info.postgres}): ${held}/${results.length} scenarios held.`,
    "",
    `| ${COLUMNS.join(" | ")} |`,
    `|${COLUMNS.map(() => "---").join("|")}|`,
    ...results.map((r) => `| ${rowCells(r).map(esc).join(" | ")} |`),
  ].join("\n");
}

/** A plain-text table for the terminal: the main columns aligned, then each row's figures and reason. */
export function textTable(results: readonly ScenarioResult[]): string {
  const rows = results.map((r) => rowCells(r));
  const main = [COLUMNS.slice(0, 8), ...rows.map((c) => c.slice(0, 8))];
  const widths = main[0]!.map((_, i) => Math.max(...main.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  const out = [line(main[0]!), widths.map((w) => "-".repeat(w)).join("  ")];
  rows.forEach((c) => {
    out.push(line(c.slice(0, 8)));
    if (c[8]) out.push(`    figures: ${c[8]}`);
    out.push(`    ${c[1] === "✓" ? "held" : "did not hold"}: ${c[9]}`);
  });
  return out.join("\n");
}

/**
 * Replaces what lies between the markers of `file` with `table`.
 * @throws Error when the file lacks either marker (nothing is written).
 */
export function writeTableInto(file: string, table: string): void {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${TABLE_START} … ${TABLE_END} markers`);
  writeFileSync(file, `${text.slice(0, start + TABLE_START.length)}\n${table}\n${text.slice(end)}`);
}
