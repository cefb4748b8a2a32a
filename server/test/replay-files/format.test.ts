import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REPLAY_FORMAT, REPLAY_FORMAT_VERSION, ReplayFormatError, formatReplay, parseReplay, type ReplayFile,
} from "../../src/replay/format.ts";
import { runReplay } from "../../src/replay/run.ts";
import { Playback } from "../../src/replay/playback.ts";
import { replayInputs, replaySimOptions } from "../../src/replay/format.ts";
import { replayCli } from "../../src/cli/replay.ts";
import { headlessGame } from "./fixture.ts";
import type { Simulation } from "../../src/sim/index.ts";

/**
 * Replay files (issue 16 part 5) without a server: the format round trip, the refusals naming
 * what is wrong (another version first), `runReplay` and `npm run replay` (--check), and the
 * playback's seek to an exact tick and hash.
 */

let sim: Simulation;
let file: ReplayFile;
let text: string;
let dir: string;
beforeAll(async () => {
  ({ sim, file } = await headlessGame());
  text = formatReplay(file).join("");
  dir = mkdtempSync(join(tmpdir(), "malignus-replay-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (): string[] => text.trimEnd().split("\n");
const withLine = (i: number, edit: (o: Record<string, unknown>) => unknown): string => {
  const ls = lines();
  ls[i] = JSON.stringify(edit(JSON.parse(ls[i]!) as Record<string, unknown>));
  return ls.join("\n") + "\n";
};
const refusal = (t: string): ReplayFormatError => {
  try { parseReplay(t); } catch (e) { return e as ReplayFormatError; }
  throw new Error("parseReplay accepted it");
};
const cli = (args: string[]): { code: number; out: string[]; err: string[] } => {
  const out: string[] = [], err: string[] = [];
  const code = replayCli(args, (l) => out.push(l), (l) => err.push(l));
  return { code, out, err };
};
const save = (name: string, content: string): string => { const p = join(dir, name); writeFileSync(p, content); return p; };

describe("the replay file", () => {
  it("is a header, one line per input, checkpoints every 1000 ticks before the end, and the end line; it reads back as written", () => {
    const ls = lines();
    expect(ls).toHaveLength(1 + 2 + 4 + 1);
    const header = JSON.parse(ls[0]!);
    expect(header).toMatchObject({ format: REPLAY_FORMAT, version: REPLAY_FORMAT_VERSION, createdAt: "2026-12-01T12:00:00.000Z" });
    // The create options as the room reads them: the room's defaults fill what was not given.
    expect(header.options).toEqual({
      map: "default", seed: 7, ruleset: "malignus", pauseOnSpot: false, skipToInvasion: true, startPaused: false, timeScale: 60,
      keeperSeats: 1, reconnectSeconds: 30, spectatorsSeeAll: false, maxMessagesPerSecond: 50, maxClients: 32, kickCooldownSeconds: 30,
    });
    expect(header.map.name).toBe("default");
    expect(header.map.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(ls[1]!)).toEqual({ seq: 0, tick: 14500, actor: { kind: "keeper", seatId: "k1" }, command: { type: "placePart", kind: "pressurePlate", x: 5, y: 15 } });
    expect(JSON.parse(ls[2]!)).toMatchObject({ seq: 1, tick: 16700 });
    expect(ls.slice(3, 7).map((l) => JSON.parse(l).checkpoint)).toEqual([15000, 16000, 17000, 18000]);
    expect(JSON.parse(ls[7]!)).toEqual({ end: 18500, hash: sim.hash() });
    expect(parseReplay(text)).toEqual(file);
  });

  it("replays headless with the core's replay() to the live game's tick and hash; --check matches every recorded hash", () => {
    expect(runReplay(file)).toEqual({ tick: 18500, hash: sim.hash(), compared: 0 });
    expect(runReplay(file, { check: true })).toEqual({ tick: 18500, hash: sim.hash(), compared: 5 });
  });

  it("of another format version is refused with an error naming that version", () => {
    const e = refusal(withLine(0, (h) => ({ ...h, version: 2 })));
    expect(e).toBeInstanceOf(ReplayFormatError);
    expect(e.problem).toBe("unknown-version");
    expect(e.message).toBe("replay line 1: unknown-version: replay format version 2 is not supported (this server reads version 1)");
  });

  it("names what is wrong: not a replay, a bad line, a changed map, a seq gap, ticks going back, a truncated file", () => {
    expect(refusal("").message).toBe("replay file: not-a-replay: the file is empty");
    expect(refusal(withLine(0, (h) => ({ ...h, format: "other" }))).message).toBe('replay line 1: not-a-replay: the header\'s format is not "malignus-replay"');
    expect(refusal(lines()[0] + "\n{oops\n").message).toMatch(/^replay line 2: bad-line: not JSON/);
    expect(refusal(withLine(0, (h) => ({ ...h, map: { ...(h.map as object), text: "###\n" } }))).problem).toBe("map-changed");
    expect(refusal(withLine(1, (i) => ({ ...i, command: { type: "placePart", kind: "pressurePlate", x: "five", y: 15 } }))).message)
      .toBe("replay line 2: bad-line: input line: command: command placePart: x: Invalid input: expected number, received string");
    expect(refusal(withLine(1, (i) => ({ ...i, command: { type: "fly" } }))).message).toBe('replay line 2: bad-line: input line: command: unknown command type "fly"');
    expect(refusal(withLine(2, (i) => ({ ...i, seq: 2 }))).message).toBe("replay line 3: seq-gap: input seq 2 where seq 1 was expected");
    expect(refusal(withLine(2, (i) => ({ ...i, tick: 14000 }))).message).toBe("replay line 3: out-of-order: input seq 1 at tick 14000 after tick 14500");
    expect(refusal(lines().slice(0, 7).join("\n")).message).toBe("replay line 7: no-end: no end line: the file is truncated");
    expect(refusal(text + '{"end":18500,"hash":"0000000000000000"}\n').message).toBe("replay line 9: no-end: a line after the end line (line 8)");
  });
});

describe("npm run replay", () => {
  it("prints the final tick and hash; --check passes on an untouched file", () => {
    const path = save("game.jsonl", text);
    expect(cli([path])).toEqual({ code: 0, out: ["tick 18500", `hash ${sim.hash()}`], err: [] });
    expect(cli([path, "--check"])).toEqual({ code: 0, out: ["tick 18500", `hash ${sim.hash()}`, "check ok: 5 recorded hashes match"], err: [] });
    expect(JSON.parse(cli([path, "--json"]).out[0]!)).toEqual({ tick: 18500, hash: sim.hash(), compared: 0 });
  });

  it("--check exits 1 naming the first tick whose recorded hash differs", () => {
    const path = save("tampered.jsonl", withLine(4, (c) => ({ ...c, hash: "0123456789abcdef" })));
    const run = cli([path, "--check"]);
    expect(run.code).toBe(1);
    expect(run.err).toEqual([`replay: ${path}: mismatch at tick 16000 (checkpoint): recorded 0123456789abcdef, replayed ${file.checkpoints[1]!.hash}`]);
    const end = save("tampered-end.jsonl", withLine(7, (c) => ({ ...c, hash: "fedcba9876543210" })));
    expect(cli([end, "--check"]).err).toEqual([`replay: ${end}: mismatch at tick 18500 (end): recorded fedcba9876543210, replayed ${sim.hash()}`]);
  });

  it("answers --help, and exits 2 on bad usage or a file of another version", () => {
    const help = cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.out[0]).toMatch(/^Usage: npm run replay -- FILE \[--check\]/);
    const none = cli([]);
    expect(none.code).toBe(2);
    expect(none.err[0]).toMatch(/^replay: expected one FILE, got 0/);
    const bogus = cli(["a", "--bogus"]);
    expect(bogus.code).toBe(2);
    expect(bogus.err[0]!.split("\n")[0]).toBe('replay: unknown option "--bogus"');
    const v2 = save("v2.jsonl", withLine(0, (h) => ({ ...h, version: 2 })));
    expect(cli([v2])).toEqual({ code: 2, out: [], err: [`replay: ${v2}: replay line 1: unknown-version: replay format version 2 is not supported (this server reads version 1)`] });
  });
});

describe("the playback", () => {
  it("seeks forward and back to the exact tick and recorded hash, and to the end", () => {
    const p = new Playback({ options: replaySimOptions(file.header), map: file.header.map, inputs: replayInputs(file), endTick: file.end.end });
    expect(p.startTick).toBe(14400);
    p.seek(17000);
    expect([p.tick, p.sim.hash(), p.applied]).toEqual([17000, file.checkpoints[2]!.hash, 2]);
    expect(p.seek(16000)).toBe(true); // back: a new simulation, restored from the kept start
    expect([p.tick, p.sim.hash(), p.applied]).toEqual([16000, file.checkpoints[1]!.hash, 1]);
    expect(p.seek(99_999)).toBe(false);
    expect([p.tick, p.sim.hash(), p.ended]).toEqual([18500, sim.hash(), true]);
    p.seek(0); // clamped to the start
    expect([p.tick, p.applied, p.ended]).toEqual([14400, 0, false]);
  });
});
