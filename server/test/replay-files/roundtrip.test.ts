import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { downloadReplay } from "@malignus/client-sdk";
import { roomOf } from "../durable/harness.ts";
import { rejection, replayServer } from "./harness.ts";
import { until } from "../until.ts";
import { REPLAY_CONTENT_TYPE, parseReplay } from "../../src/replay/format.ts";
import { runReplay } from "../../src/replay/run.ts";
import { replayCli } from "../../src/cli/replay.ts";
import { KEEPER_KEY_HEADER } from "@malignus/shared";

/**
 * The replay file round trip over real connections (issue 16 part 5): a game recorded over a
 * WebSocket (a keeper builds, leaves, reopens the dungeon with its key and builds again), its
 * replay file downloaded over HTTP (`GET /dungeons/:id/replay`), replayed headless to the stored
 * hash, `npm run replay --check` passing, and a tampered hash failing with its tick named.
 */

const h = replayServer();
const dir = mkdtempSync(join(tmpdir(), "malignus-replay-rt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const http = (): string => h.http();
const get = (path: string, headers: Record<string, string> = {}): Promise<Response> => fetch(`${http()}${path}`, { headers });
const cli = (args: string[]): { code: number; out: string[]; err: string[] } => {
  const out: string[] = [], err: string[] = [];
  return { code: replayCli(args, (l) => out.push(l), (l) => err.push(l)), out, err };
};

describe("GET /dungeons/:id/replay", () => {
  it("returns a game recorded over a WebSocket, across a leave and a reopen, that replays headless to its stored hash; --check passes; a tampered hash fails naming its tick", async () => {
    const keeper = h.track(await h.client().createDungeon({ seed: 42, timeScale: 200 }, { name: "Morag" }));
    const id = keeper.roomId;
    const keeperKey = keeper.keeperKey!;
    expect(await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 })).toMatchObject({ ok: true });
    await until("tick 1200", () => (roomOf(id)!.simulation.tick >= 1200 ? true : undefined));
    expect(await keeper.placePart({ kind: "pressurePlate", x: 10, y: 15 })).toMatchObject({ ok: true });
    await until("tick 2200", () => (roomOf(id)!.simulation.tick >= 2200 ? true : undefined));
    await keeper.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting");

    const again = h.track(await h.client().openDungeon(id, { keeperKey, name: "Morag" }));
    const reopenedAt = roomOf(id)!.simulation.tick;
    expect(await again.placePart({ kind: "pressurePlate", x: 14, y: 15 })).toMatchObject({ ok: true });
    await until("300 ticks more", () => (roomOf(id)!.simulation.tick >= reopenedAt + 300 ? true : undefined));
    await again.leave();
    const record = await h.recordWhen(id, "the dungeon resting again", (r) => r.status === "resting" && r.tick > reopenedAt);

    const response = await get(`/dungeons/${id}/replay`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(REPLAY_CONTENT_TYPE);
    const text = await response.text();
    const file = parseReplay(text);
    expect(file.header).toMatchObject({ format: "malignus-replay", version: 1, dungeonId: id, options: { seed: 42, map: "default", ruleset: "malignus", timeScale: 200 } });
    // Every input of the full log, in seq order: the seat facts of both visits and the three plates.
    const stored = await h.store().inputs(id);
    expect(file.inputs).toEqual(stored.map((s) => ({ seq: s.seq, ...s.input })));
    expect(file.inputs.filter((i) => i.command.type === "placePart").map((i) => (i.command as { x: number }).x)).toEqual([6, 10, 14]);
    // A checkpoint every 1000 ticks below the last one: at timeScale 200 the room may run past tick 3000
    // before it rests when the machine is busy, so the count follows the recorded end.
    expect(file.checkpoints.map((c) => c.checkpoint)).toEqual(Array.from({ length: Math.floor((record.tick - 1) / 1000) }, (_, i) => (i + 1) * 1000));
    expect(file.end).toEqual({ end: record.tick, hash: record.hash });

    expect(runReplay(file, { check: true })).toEqual({ tick: record.tick, hash: record.hash, compared: file.checkpoints.length + 1 });
    const path = join(dir, `${id}.jsonl`);
    writeFileSync(path, text);
    expect(cli([path, "--check"])).toEqual({ code: 0, out: [`tick ${record.tick}`, `hash ${record.hash}`, `check ok: ${file.checkpoints.length + 1} recorded hashes match`], err: [] });

    const lines = text.trimEnd().split("\n");
    const at2000 = lines.findIndex((l) => l.startsWith('{"checkpoint":2000,'));
    lines[at2000] = JSON.stringify({ checkpoint: 2000, hash: "0123456789abcdef" });
    const tampered = join(dir, `${id}-tampered.jsonl`);
    writeFileSync(tampered, lines.join("\n") + "\n");
    const run = cli([tampered, "--check"]);
    expect(run.code).toBe(1);
    expect(run.err).toEqual([`replay: ${tampered}: mismatch at tick 2000 (checkpoint): recorded 0123456789abcdef, replayed ${file.checkpoints[1]!.hash}`]);
  });

  it("answers 404 with a JSON error for an unknown dungeon id", async () => {
    const response = await get("/dungeons/no-such-dungeon/replay");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "UNKNOWN_DUNGEON", reason: "no stored dungeon has id no-such-dungeon", dungeonId: "no-such-dungeon" });
    const sdk = await rejection(downloadReplay(h.client().httpUrl, "no-such-dungeon"));
    expect(sdk.message).toBe(`GET ${http()}/dungeons/no-such-dungeon/replay answered 404: UNKNOWN_DUNGEON: no stored dungeon has id no-such-dungeon`);
  });

  it("gives a private dungeon's replay only with its keeper key", async () => {
    const keeper = h.track(await h.client().createDungeon({ seed: 5, startPaused: true, private: true }, { name: "Morag" }));
    const id = keeper.roomId;
    await keeper.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting");
    const none = await get(`/dungeons/${id}/replay`);
    expect([none.status, await none.json()]).toEqual([401, { error: "KEEPER_KEY_REQUIRED", reason: `dungeon ${id} is private: its replay needs its keeper key`, dungeonId: id }]);
    const wrong = await get(`/dungeons/${id}/replay`, { [KEEPER_KEY_HEADER]: "not-the-key" });
    expect([wrong.status, await wrong.json()]).toEqual([403, { error: "KEEPER_KEY_WRONG", reason: `that is not dungeon ${id}'s keeper key`, dungeonId: id }]);
    const right = await get(`/dungeons/${id}/replay`, { [KEEPER_KEY_HEADER]: keeper.keeperKey! });
    expect(right.status).toBe(200);
    const text = await right.text();
    expect(await downloadReplay(h.client().httpUrl, id, { keeperKey: keeper.keeperKey! })).toBe(text);
    const file = parseReplay(text);
    expect(file.inputs.map((i) => i.command.type)).toEqual(["seats", "seats"]);
    expect(file.end.end).toBe(0);
  });
});
