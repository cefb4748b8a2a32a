import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Tally } from "../../../chaos/src/probes.ts";
import { TABLE_END, TABLE_START, markdownTable, textTable, writeTableInto } from "../../../chaos/src/report.ts";
import { msgpackInt, msgpackString, encodeFrame } from "../../../chaos/src/frames.ts";
import { JOIN_RATE_MARGIN_MS, MALFORMED, joinRateWait, parseServerMemory } from "../../../chaos/src/scenarios.ts";
import { MAX_MALFORMED_FRAMES, inspectFrame } from "../../src/rooms/abuse.ts";

/** The chaos suite's table and frame encoder (chaos/src/report.ts, frames.ts), without processes. */

const dir = mkdtempSync(join(tmpdir(), "malignus-chaos-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function results() {
  const held = new Tally();
  held.figures.roomsBefore = 3;
  held.figures.roomsAfter = 3;
  held.figures.roomsTicking = [2, 2];
  held.figures.inputsAcked = 7;
  held.figures.inputsLost = 0;
  held.figures.extra["RSS MB"] = "80/90";
  held.check("no acknowledged input lost", true, 0);
  const broken = new Tally();
  broken.figures.clientsWithPatches = [1, 2];
  broken.check("rooms kept ticking", true);
  broken.check("the old connection is closed with 4101", false, "timeout");
  broken.check("a | pipe", false);
  return [held.result("kill9", Date.now()), broken.result("takeover", Date.now())];
}

describe("chaos report", () => {
  it("a scenario held only when every check held; the reason lists the failed checks with their figures", () => {
    const [a, b] = results();
    expect([a!.held, a!.reason]).toEqual([true, "all 1 checks held"]);
    expect([b!.held, b!.reason]).toEqual([false, "the old connection is closed with 4101 (timeout); a | pipe"]);
    expect(new Tally().result("empty", Date.now())).toMatchObject({ held: false, reason: "no check ran" });
  });

  it("Markdown: a header line, then one row per scenario with ✓/✗, its figures and reason (pipes escaped)", () => {
    const md = markdownTable(results(), { startedAt: "2026-12-01T20:00:00Z", short: false, seed: 7, postgres: "own cluster", seconds: 300 });
    expect(md.split("\n")).toEqual([
      "Run of 2026-12-01T20:00:00Z (full, seed 7, 300 s; PostgreSQL: own cluster): 1/2 scenarios held.",
      "",
      "| scenario | held | rooms before→after | kept ticking | kept patches | hashes unchanged | inputs acked / lost | crashes | figures | reason |",
      "|---|---|---|---|---|---|---|---|---|---|",
      "| kill9 | ✓ | 3→3 | 2/2 | — | — | 7 / 0 | 0 | RSS MB: 80/90 | all 1 checks held |",
      "| takeover | ✗ | 0→0 | — | 1/2 | — | 0 / — | 0 |  | the old connection is closed with 4101 (timeout); a \\| pipe |",
    ]);
    const withLoad = markdownTable(results(), { startedAt: "2026-12-01T20:00:00Z", short: true, seed: 7, postgres: "own cluster", seconds: 300, load: [12.04, 9.5] });
    expect(withLoad.split("\n")[0]).toBe("Run of 2026-12-01T20:00:00Z (--short, seed 7, 300 s; load average 12.0 at the start, 9.5 at the end; PostgreSQL: own cluster): 1/2 scenarios held.");
  });

  it("text: aligned main columns, then each row's figures and reason", () => {
    const lines = textTable(results()).split("\n");
    expect(lines[0]).toBe("scenario  held  rooms before→after  kept ticking  kept patches  hashes unchanged  inputs acked / lost  crashes");
    expect(lines.slice(2)).toEqual([
      "kill9     ✓     3→3                 2/2           —             —                 7 / 0                0      ",
      "    figures: RSS MB: 80/90",
      "    held: all 1 checks held",
      "takeover  ✗     0→0                 —             1/2           —                 0 / —                0      ",
      "    did not hold: the old connection is closed with 4101 (timeout); a | pipe",
    ]);
  });

  it("--write-doc replaces only what lies between the markers; a file without them is refused and left as it was", () => {
    const doc = join(dir, "reliability.md");
    writeFileSync(doc, `# Reliability\n\nbefore\n${TABLE_START}\nold table\n${TABLE_END}\nafter\n`);
    writeTableInto(doc, "NEW");
    writeTableInto(doc, "NEWER");
    expect(readFileSync(doc, "utf8")).toBe(`# Reliability\n\nbefore\n${TABLE_START}\nNEWER\n${TABLE_END}\nafter\n`);
    const bare = join(dir, "bare.md");
    writeFileSync(bare, "no markers\n");
    expect(() => writeTableInto(bare, "X")).toThrow(`${bare} has no ${TABLE_START} … ${TABLE_END} markers`);
    expect(readFileSync(bare, "utf8")).toBe("no markers\n");
  });

  it("fuzzer frames: msgpack headers as the Colyseus SDK writes them; truncation cuts the frame", () => {
    expect([...msgpackString("resume")]).toEqual([0xa6, 0x72, 0x65, 0x73, 0x75, 0x6d, 0x65]);
    expect([...msgpackString("x".repeat(40))].slice(0, 2)).toEqual([0xd9, 40]);
    expect([...msgpackInt(5)]).toEqual([5]);
    expect([...msgpackInt(-3)]).toEqual([0xfd]);
    expect([...msgpackInt(300)]).toEqual([0xce, 0, 0, 1, 44]);
    expect([...msgpackInt(-100)]).toEqual([0xd2, 0xff, 0xff, 0xff, 0x9c]);
    const pack = (v: unknown) => Uint8Array.from([0x90 + (Array.isArray(v) ? v.length : 0)]);
    expect([...encodeFrame({ kind: "data", type: "a", payload: [] }, pack)]).toEqual([13, 0xa1, 0x61, 0x90]);
    expect([...encodeFrame({ kind: "request", requestId: 7, type: 2, payload: undefined }, pack)]).toEqual([21, 7, 2]);
    expect([...encodeFrame({ kind: "request", requestId: 7, type: "ab", payload: [], cut: 3 }, pack)]).toEqual([21, 7, 0xa2]);
    expect([...encodeFrame({ kind: "data", type: "a", payload: 1 }, () => { throw new Error("unpackable"); })]).toEqual([13, 0xa1, 0x61, 0xc0]);
    expect([...encodeFrame({ kind: "bytes", bytes: Uint8Array.of(1, 2) }, pack)]).toEqual([1, 2]);
  });

  it("the malformed scenario's frames are each malformed for the server's frame guard (5 refused, the 6th kicks)", () => {
    expect(MALFORMED.map((f) => inspectFrame(f))).toEqual([
      { kind: "malformed", reason: "message type: bad varint or truncated string" },
      { kind: "malformed", reason: "request id: bad varint" },
      { kind: "malformed", reason: "message type: bad varint or truncated string" },
      { kind: "malformed", reason: "message type: bad varint or truncated string", requestId: 16777216 },
      { kind: "malformed", reason: "payload: not msgpack (Unexpected end of MessagePack data)" },
      { kind: "malformed", reason: "unknown protocol code 31" },
    ]);
    expect(MALFORMED.length).toBe(MAX_MALFORMED_FRAMES + 1);
  });

  it("joinRateWait: the wait a JOIN_RATE_LIMITED refusal announces, plus the margin; nothing for other errors", () => {
    const refusal = Object.assign(new Error("JOIN_RATE_LIMITED: address 127.0.0.1 made 600 matchmaking requests in the last minute (JOIN_RATE_PER_ADDRESS); try again in 7 s"), { code: 429 });
    expect(joinRateWait(refusal)).toBe(7000 + JOIN_RATE_MARGIN_MS);
    expect(joinRateWait(Object.assign(new Error("TOO_MANY_ROOMS: full"), { code: 503 }))).toBeUndefined();
    expect(joinRateWait(Object.assign(new Error("JOIN_RATE_LIMITED: no wait said"), { code: 429 }))).toBeUndefined();
    expect(joinRateWait("JOIN_RATE_LIMITED: try again in 7 s")).toBeUndefined();
  });

  it("parseServerMemory: RSS, idle releases and the memory after the last release from /metrics, in MB; undefined when a line is missing", () => {
    const text = [
      "# HELP malignus_process_resident_memory_bytes Resident memory size in bytes.",
      "malignus_process_resident_memory_bytes 391512064",
      "malignus_idle_memory_releases_total 3",
      'malignus_memory_after_idle_release_bytes{kind="rss"} 231211008',
      'malignus_memory_after_idle_release_bytes{kind="heap_used"} 41943040',
    ].join("\n");
    expect(parseServerMemory(text)).toEqual({ rss: 391.5, releases: 3, releasedRss: 231.2, releasedHeapUsed: 41.9 });
    expect(parseServerMemory(text.split("\n").slice(0, 3).join("\n"))).toBeUndefined();
  });
});
