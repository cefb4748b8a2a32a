import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ErrorCode } from "@colyseus/shared-types";
import { GENERATED_DIR, ROOT, generateToTemp, jsonSchemaFiles, listFiles, sortKeys, stableJson } from "../../../tools/codegen.ts";

/**
 * clients/generated/ is committed: regenerate into a temporary folder (schema-codegen runs once
 * per language) and compare byte for byte. On failure run `npm run codegen` and commit the result.
 */
describe("clients/generated (npm run codegen)", () => {
  let fresh: string | undefined;
  afterAll(async () => { if (fresh) await rm(fresh, { recursive: true, force: true }); });

  test("is up to date with the schema, the commands, the events and the wire names", async () => {
    fresh = await generateToTemp();
    const committedDir = join(ROOT, GENERATED_DIR);
    const expected = await listFiles(fresh);
    const committed = await listFiles(committedDir).catch(() => []);
    expect(committed, `${GENERATED_DIR} lists other files than npm run codegen writes: run npm run codegen`).toEqual(expected);
    const stale: string[] = [];
    for (const file of expected) {
      const [want, have] = await Promise.all([readFile(join(fresh, file)), readFile(join(committedDir, file))]);
      if (!want.equals(have)) stale.push(`${GENERATED_DIR}/${file}`);
    }
    expect(stale, "stale generated files: run npm run codegen and commit them").toEqual([]);
    expect(expected).toContain("csharp/DungeonState.cs");
    expect(expected).toContain("gdscript/DungeonState.gd");
    expect(expected).toContain("json-schema/events.schema.json");
  }, 60_000);

  test("the JSON output is deterministic: sorted keys, the same text twice", () => {
    expect(stableJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
    expect(sortKeys([3, 1])).toEqual([3, 1]);
    expect(jsonSchemaFiles()).toEqual(jsonSchemaFiles());
  });

  test("every command and event type has its schema, and the close code of a malformed message is 4002", () => {
    const files = jsonSchemaFiles();
    const wire = JSON.parse(files["wire.json"] as string) as { commandTypes: string[]; eventTypes: string[]; closeCodes: Record<string, number> };
    const commands = JSON.parse(files["commands.schema.json"] as string) as { $defs: Record<string, unknown> };
    const events = JSON.parse(files["events.schema.json"] as string) as { $defs: Record<string, unknown> };
    expect(Object.keys(commands.$defs)).toEqual([...wire.commandTypes].sort());
    expect(Object.keys(events.$defs)).toEqual(wire.eventTypes);
    expect(wire.closeCodes.WITH_ERROR).toBe(4002);
    expect(commands.$defs.placePart).toMatchObject({ "x-roles": ["keeper"], "x-rules": ["TRAP-28", "KNOW-13"], required: ["kind", "x", "y"] });
  });

  test("wire.json carries the limit refusal codes (shared LimitErrorCode); the socket ones are Colyseus' matchmaking codes", () => {
    const wire = JSON.parse(jsonSchemaFiles()["wire.json"] as string) as { limitErrorCodes: Record<string, number>; matchmakeErrorCodes: Record<string, number> };
    expect(wire.limitErrorCodes).toEqual({ JOIN_RATE_LIMITED: 429, KICKED_COOLDOWN: 524, ROOM_FULL: 521, TOO_MANY_ROOMS: 503 });
    expect([wire.limitErrorCodes.ROOM_FULL, wire.limitErrorCodes.KICKED_COOLDOWN]).toEqual([ErrorCode.MATCHMAKE_INVALID_CRITERIA, ErrorCode.MATCHMAKE_EXPIRED]);
    expect([wire.matchmakeErrorCodes.MATCHMAKE_INVALID_CRITERIA, wire.matchmakeErrorCodes.MATCHMAKE_EXPIRED]).toEqual([521, 524]);
  });
});
