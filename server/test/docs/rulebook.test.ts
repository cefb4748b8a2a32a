import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 17 part 4, "the project's own rulebook": docs/rules/ holds one entry per rule ID (a
 * heading `### <ID>` or a table row whose first cell is the ID), one file per catalogue part.
 * This test fails when a rule ID cited anywhere in the source or the tests has no entry, when an
 * ID has two entries, sits in another part's file or says nothing, when a family's numbers have a gap, and when
 * a relative link of docs/rules/ points to a file, or a heading of a Markdown file, that does not
 * exist. An in-memory fixture that breaks every rule proves each check can fail.
 */

/** A rule ID: TRAP-nn, DOOR-nn, KNOW-nn, INV-nn, CMB-nn, D20-<PART>-nn, P100-<PART>-nn. */
const RULE_ID = /\b(?:TRAP|DOOR|KNOW|INV|CMB|D20-[A-Z]+|P100-[A-Z]+)-\d{2}\b/g;

/** Makes a rule ID from its prefix and number, so fixture IDs never appear literally in this file's text. */
function ruleId(prefix: string, n: number): string {
  return `${prefix}-${String(n).padStart(2, "0")}`;
}

/** The docs/rules/ file that must hold the entry of `id` (its catalogue part). */
function fileFor(id: string): string {
  if (id.startsWith("D20-")) return "d20.md";
  if (id.startsWith("P100-")) return "d100.md";
  const byPrefix: Record<string, string> = {
    TRAP: "traps.md", DOOR: "doors.md", KNOW: "knowledge.md", INV: "invasions.md", CMB: "dungeon-combat.md",
  };
  return byPrefix[id.slice(0, id.lastIndexOf("-"))] ?? "?";
}

/** The family of an ID: everything before its number (`D20-MOVE` for a D20-MOVE ID). */
function familyOf(id: string): string {
  return id.slice(0, id.lastIndexOf("-"));
}

/**
 * GitHub's anchor for a heading text: lower case, markup and punctuation dropped (letters,
 * digits, spaces, `-` and `_` kept), spaces turned into `-`.
 */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[*`]/g, "").replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
}

/** Every anchor of a Markdown text, with GitHub's `-1`, `-2`… suffixes for repeated headings. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of withoutFences(markdown).split("\n")) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] as string);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The text with fenced code blocks blanked out (their lines kept, so line numbers hold). */
function withoutFences(markdown: string): string {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (/^\s*```/.test(line)) { fenced = !fenced; return ""; }
    return fenced ? "" : line;
  }).join("\n");
}

/** One rule entry: the ID, the docs/rules/ file (its name), the 1-based line and whether it says anything. */
interface Entry { id: string; file: string; line: number; empty: boolean }

/**
 * The entries of one docs/rules/ file: `## … ###### <ID>` headings (empty when no text comes
 * before the next heading) and `| <ID> | text |` table rows (empty when the other cells are blank).
 */
function entriesOf(file: string, markdown: string): Entry[] {
  const out: Entry[] = [];
  const lines = withoutFences(markdown).split("\n");
  lines.forEach((line, i) => {
    const heading = /^#{2,6}\s+(\S+)/.exec(line);
    const row = /^\|\s*([^|\s]+)\s*\|(.*)$/.exec(line);
    const id = (heading ?? row)?.[1];
    if (!id || !new RegExp(`^${RULE_ID.source}$`).test(id)) return;
    let empty: boolean;
    if (heading) {
      const next = lines.findIndex((l, j) => j > i && /^#{1,6}\s/.test(l));
      empty = lines.slice(i + 1, next === -1 ? lines.length : next).every((l) => l.trim() === "");
    } else {
      empty = (row?.[2] ?? "").replace(/\|/g, "").trim() === "";
    }
    out.push({ id, file, line: i + 1, empty });
  });
  return out;
}

/** The rulebook and the code around it, as text: paths are relative to the repository root, `/`-separated. */
interface Corpus {
  /** docs/rules/*.md, by path (`docs/rules/traps.md`). */
  docs: ReadonlyMap<string, string>;
  /** Source and test files whose rule IDs need an entry, by path. */
  sources: ReadonlyMap<string, string>;
  /** True when a path (file or folder) exists. */
  exists(path: string): boolean;
  /** The text of a Markdown file a link points to, for its anchors (undefined when absent). */
  markdown(path: string): string | undefined;
}

/**
 * Every problem of the rulebook, one line each, sorted: `missing <ID> (cited in <path>)`,
 * `duplicate <ID> (<file>:<line>, <file>:<line>)`, `misplaced <ID> in <file>, belongs in <file>`,
 * `empty <ID> (<file>:<line>)`, `gap in <family>: <ID> missing`, `broken link <target> (<file>:<line>)`,
 * `broken anchor <target> (<file>:<line>)`. An empty list means the book is whole.
 */
function rulebookProblems(corpus: Corpus): string[] {
  const problems: string[] = [];
  const entries = [...corpus.docs].flatMap(([path, text]) => entriesOf(posix.basename(path), text));
  const byId = new Map<string, Entry[]>();
  for (const e of entries) byId.set(e.id, [...(byId.get(e.id) ?? []), e]);
  for (const [id, list] of byId) {
    if (list.length > 1) problems.push(`duplicate ${id} (${list.map((e) => `${e.file}:${e.line}`).join(", ")})`);
    for (const e of list) if (e.file !== fileFor(id)) problems.push(`misplaced ${id} in ${e.file}, belongs in ${fileFor(id)}`);
    for (const e of list) if (e.empty) problems.push(`empty ${id} (${e.file}:${e.line})`);
  }
  const firstCitation = new Map<string, string>();
  for (const [path, text] of [...corpus.sources].sort(([a], [b]) => a.localeCompare(b))) {
    for (const id of text.match(RULE_ID) ?? []) if (!firstCitation.has(id)) firstCitation.set(id, path);
  }
  for (const [id, path] of firstCitation) if (!byId.has(id)) problems.push(`missing ${id} (cited in ${path})`);
  const families = new Map<string, number[]>();
  for (const id of byId.keys()) families.set(familyOf(id), [...(families.get(familyOf(id)) ?? []), Number(id.slice(-2))]);
  for (const [family, numbers] of families) {
    for (let n = 1; n <= Math.max(...numbers); n++) if (!numbers.includes(n)) problems.push(`gap in ${family}: ${ruleId(family, n)} missing`);
  }
  for (const [path, text] of corpus.docs) {
    withoutFences(text).split("\n").forEach((line, i) => {
      for (const m of line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const target = m[1] as string;
        if (/^[a-z]+:/i.test(target)) continue;
        const [file, anchor] = target.split("#") as [string, string | undefined];
        const resolved = file === "" ? path : posix.normalize(posix.join(posix.dirname(path), file));
        const where = `${posix.basename(path)}:${i + 1}`;
        if (!corpus.exists(resolved)) { problems.push(`broken link ${target} (${where})`); continue; }
        if (anchor === undefined || !resolved.endsWith(".md")) continue;
        const md = corpus.markdown(resolved);
        if (md === undefined || !anchorsOf(md).has(anchor)) problems.push(`broken anchor ${target} (${where})`);
      }
    });
  }
  return problems.sort();
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");
/** Folders whose code and tests may cite rule IDs. */
const SOURCE_DIRS = ["server", "shared", "client-sdk", "loadtest", "web"];
const SKIP_DIRS = new Set(["node_modules", "dist", ".git"]);
const CODE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Repository-relative paths of the files under `dir` that `keep` accepts (none when `dir` is absent). */
function walk(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const path = `${dir}/${d.name}`;
    if (d.isDirectory()) return SKIP_DIRS.has(d.name) ? [] : walk(path, keep);
    return keep(d.name) ? [path] : [];
  });
}

/** The repository's rulebook and sources, read from disk. */
function repositoryCorpus(): Corpus {
  const read = (paths: string[]) => new Map(paths.map((p) => [p, readFileSync(join(ROOT, p), "utf8")]));
  return {
    docs: read(walk("docs/rules", (n) => n.endsWith(".md"))),
    sources: read(SOURCE_DIRS.flatMap((d) => walk(d, (n) => CODE_FILE.test(n)))),
    exists: (p) => existsSync(join(ROOT, p)),
    markdown: (p) => existsSync(join(ROOT, p)) && statSync(join(ROOT, p)).isFile() ? readFileSync(join(ROOT, p), "utf8") : undefined,
  };
}

describe("the rulebook checker fails when it should (fixture)", () => {
  const trap = (n: number) => ruleId("TRAP", n);
  const door = (n: number) => ruleId("DOOR", n);
  const move = (n: number) => ruleId("D20-MOVE", n);
  const docs = new Map([
    ["docs/rules/traps.md", [
      "# Traps", "", `### ${trap(1)}`, "", "Text. [code](../../server/src/a.ts) · [gone](../../server/src/gone.ts)", "",
      `### ${trap(1)}`, "", "Again.", "", `| ${trap(3)} | a table row entry |`, "", `### ${door(1)}`, "", "Wrong file.",
      "", "[decision](../rules-decisions.md#door--doors) [none](../rules-decisions.md#nowhere) [here](#traps) [web](https://example.org/x)",
      "", "```", "[not a link](../../nowhere.ts)", `### ${move(9)}`, "```",
    ].join("\n")],
    ["docs/rules/d20.md", [`## ${move(1)}`, "", "Walk.", "", `## ${move(2)}`, "", "## Table", `| ${move(3)} |  |`].join("\n")],
  ]);
  const files = new Map([
    ["server/src/a.ts", `/** ${trap(1)}, ${trap(2)} and ${move(2)}. */`],
    ["server/test/a.test.ts", `it("${trap(3)} and ${ruleId("P100-AIR", 4)}", () => {});`],
    ["docs/rules-decisions.md", "# Rules decisions\n\n## DOOR — Doors\n"],
  ]);
  const corpus: Corpus = {
    docs,
    sources: new Map([...files].filter(([p]) => p.endsWith(".ts"))),
    exists: (p) => docs.has(p) || files.has(p) || p === "docs/rules",
    markdown: (p) => docs.get(p) ?? files.get(p),
  };

  it("reports missing, duplicate, misplaced and empty entries, gaps, broken links and broken anchors, and nothing else", () => {
    expect(rulebookProblems(corpus)).toEqual([
      "broken anchor ../rules-decisions.md#nowhere (traps.md:17)",
      "broken link ../../server/src/gone.ts (traps.md:5)",
      `duplicate ${trap(1)} (traps.md:3, traps.md:7)`,
      `empty ${move(2)} (d20.md:5)`,
      `empty ${move(3)} (d20.md:8)`,
      `gap in TRAP: ${trap(2)} missing`,
      `misplaced ${door(1)} in traps.md, belongs in doors.md`,
      `missing ${ruleId("P100-AIR", 4)} (cited in server/test/a.test.ts)`,
      `missing ${trap(2)} (cited in server/src/a.ts)`,
    ]);
  });

  it("reads anchors as GitHub makes them, repeated headings numbered", () => {
    expect([...anchorsOf("# A — b\n## Wiring\n## Wiring\n### `x` *y*\n```\n# fenced\n```")])
      .toEqual(["a--b", "wiring", "wiring-1", "x-y"]);
  });
});

describe("docs/rules/", () => {
  const corpus = repositoryCorpus();

  it("has an entry for every rule ID the source and tests cite, once, in its part's file, never empty, with no gaps and no broken links", () => {
    expect(rulebookProblems(corpus)).toEqual([]);
  });

  it("covers the 824 IDs of the catalogues: each family numbered from 01 with no gaps", () => {
    const entries = [...corpus.docs].flatMap(([path, text]) => entriesOf(posix.basename(path), text));
    const last = new Map<string, number>();
    for (const e of entries) last.set(familyOf(e.id), Math.max(last.get(familyOf(e.id)) ?? 0, Number(e.id.slice(-2))));
    expect(Object.fromEntries([...last].sort(([a], [b]) => a.localeCompare(b)))).toEqual({
      CMB: 49, "D20-ACTION": 45, "D20-ATTACK": 73, "D20-DAMAGE": 32, "D20-EQUIP": 7, "D20-FLOW": 39, "D20-HP": 37,
      "D20-MOUNT": 22, "D20-MOVE": 37, "D20-SIZE": 12, "D20-STATUS": 13, "D20-WATER": 7, DOOR: 55, INV: 95, KNOW: 51,
      "P100-AIR": 26, "P100-BASE": 14, "P100-CRIT": 9, "P100-DEATH": 14, "P100-DUEL": 23, "P100-FAMILIAR": 14,
      "P100-FUMBLE": 10, "P100-MASS": 28, "P100-MOVE": 6, "P100-PLACE": 14, "P100-SPELL": 8, "P100-STATUS": 17,
      "P100-WEAPON": 5, TRAP: 62,
    });
    expect(entries).toHaveLength(824);
  });

  it("has one file per catalogue part, each linked from the index", () => {
    const index = corpus.docs.get("docs/rules/README.md") ?? "";
    const parts = ["traps.md", "doors.md", "knowledge.md", "invasions.md", "dungeon-combat.md", "d20.md", "d100.md"];
    expect([...corpus.docs.keys()].sort()).toEqual(["README.md", ...parts].map((f) => `docs/rules/${f}`).sort());
    expect(parts.filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });
});
