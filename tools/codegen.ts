import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { z } from "zod";
import { CloseCode, ErrorCode as MatchmakeErrorCode } from "@colyseus/shared-types";
import {
  COMMAND_DEFINITIONS, COMMAND_TYPES, DUNGEON_ACCESS_CODES, DUNGEON_ROOM, ERROR_CODES, EVENT_AUDIENCE, EVENT_MESSAGE, SEAT_MESSAGE, SEAT_ROLES, TICKS_PER_GAME_MINUTE,
  LimitErrorCode, MalignusCloseCode, STATE_CODE_TABLES,
} from "@malignus/shared";
import { EVENT_SCHEMAS } from "../shared/src/eventSchemas.ts";
import { parseCli, runCli } from "./cli.ts";
import { CommandResultSchema, DungeonListingSchema, SeatInfoSchema, StoredDungeonPageSchema } from "../shared/src/wireSchemas.ts";
import { CreateOptionsSchema, JoinOptionsSchema } from "../server/src/rooms/options.ts";
import { VALIDATORS_FILE, validatorsSource } from "../client-sdk/scripts/validators.ts";

/**
 * `npm run codegen`: writes what a native client needs into clients/generated/ (committed;
 * server/test/codegen/generated.test.ts fails when it is stale):
 * - `csharp/`, `lua/`, `haxe/`, `gdscript/`: the state classes (`DungeonState` and its parts),
 *   by @colyseus/schema's `schema-codegen` from shared/src/schema/index.ts;
 * - `json-schema/`: JSON Schema (draft 2020-12) generated with zod 4's `z.toJSONSchema` from the
 *   zod definitions: `commands.schema.json` (each command's payload by message type, with its
 *   roles and rule IDs), `results.schema.json` (CommandResult), `events.schema.json` (each
 *   `event` message by `type`, with its audience), `messages.schema.json` (the `seat` message,
 *   a `GET /rooms` entry, a `GET /dungeons` page, the create and join options) and `wire.json`
 *   (room name, message types, refusal and access codes, close codes, ticks per game minute).
 * It also writes client-sdk/src/validators.generated.ts, the SDK's command validators as JSON Schema
 * (client-sdk/scripts/validators.ts; client-sdk/test/validators.test.ts fails when it is stale).
 * Output is deterministic: sorted object keys, no timestamps; the only version in it is
 * @colyseus/schema's, in the generated classes' header.
 */

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Where `npm run codegen` writes, relative to {@link ROOT}. */
export const GENERATED_DIR = "clients/generated";
/** The schema-codegen targets written, each into its own folder. */
export const STATE_TARGETS = ["csharp", "lua", "haxe", "gdscript"] as const;
/** The namespace of the generated C# state classes. */
export const CSHARP_NAMESPACE = "Malignus.Schema";
/** The package of the generated Haxe state classes (Haxe packages are lower case). */
export const HAXE_PACKAGE = "malignus.schema";

const SCHEMA_ENTRY = "shared/src/schema/index.ts";
const SCHEMA_CODEGEN_CLI = "node_modules/@colyseus/schema/build/codegen/cli.cjs";
const JSON_SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema";

/** Rebuilds a value with its object keys sorted (arrays keep their order), for stable JSON. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** `value` as JSON with sorted keys, two-space indented, ending in a newline. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** A zod schema as JSON Schema (the input side: defaults are optional), without its own `$schema`. */
function jsonSchema(schema: z.core.$ZodType): Record<string, unknown> {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  return rest;
}

/** A JSON Schema document of named definitions, valid when one of them matches. */
function document(title: string, description: string, defs: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return {
    $schema: JSON_SCHEMA_DRAFT, title, description, $defs: defs,
    oneOf: Object.keys(defs).sort().map((name) => ({ $ref: `#/$defs/${name}` })),
  };
}

/** The JSON files of `json-schema/`, by file name. */
export function jsonSchemaFiles(): Record<string, string> {
  const commands = Object.fromEntries(Object.entries(COMMAND_DEFINITIONS).map(([type, def]) => [
    type, { ...jsonSchema(def.schema), description: def.doc, "x-roles": [...def.roles], "x-rules": [...def.rules] },
  ]));
  const events = Object.fromEntries(Object.entries(EVENT_SCHEMAS).map(([type, schema]) => [
    type, { ...jsonSchema(schema), "x-audience": EVENT_AUDIENCE[type as keyof typeof EVENT_AUDIENCE] },
  ]));
  return {
    "commands.schema.json": stableJson(document("Malignus commands",
      "The payload of each command, by its Colyseus message type (the $defs key): send it with a request of that type; the answer is a CommandResult (results.schema.json). `x-roles`: the seat roles that may send it; `x-rules`: the rule IDs it implements. A payload that fails its schema is malformed: a `send` is closed with 4002, a `request` answered with an error.",
      commands)),
    "results.schema.json": stableJson({ $schema: JSON_SCHEMA_DRAFT, title: "Malignus command result", ...jsonSchema(CommandResultSchema) }),
    "events.schema.json": stableJson(document("Malignus events",
      "The payload of the `event` message, by its `type` (the $defs key). Every event carries `tick`, the simulation tick it happened on. A client gets only the events its seat may hear: `x-audience` is the event's declaration (EVENT_AUDIENCE, shared/src/audience.ts): `keeper` always or through the fog, `adventurer` never, always or as a witness, the fields naming the units, parts, party and tiles it is judged by, and `repeatsState` when it only repeats a state change (spectator seats are not sent it).",
      events)),
    "messages.schema.json": stableJson({
      $schema: JSON_SCHEMA_DRAFT, title: "Malignus messages and options",
      description: "`seat`: the payload of the `seat` message; `listing`: one entry of `GET /rooms`; `storedDungeons`: the answer of `GET /dungeons`; `createOptions`: the options of `create(\"dungeon\", …)` (the creator's join options included); `joinOptions`: the options of `joinById`.",
      $defs: {
        seat: jsonSchema(SeatInfoSchema), listing: jsonSchema(DungeonListingSchema), storedDungeons: jsonSchema(StoredDungeonPageSchema),
        createOptions: jsonSchema(CreateOptionsSchema), joinOptions: jsonSchema(JoinOptionsSchema),
      },
    }),
    "wire.json": stableJson({
      room: DUNGEON_ROOM,
      ticksPerGameMinute: TICKS_PER_GAME_MINUTE,
      seatRoles: [...SEAT_ROLES],
      serverMessages: { event: EVENT_MESSAGE, seat: SEAT_MESSAGE },
      commandTypes: [...COMMAND_TYPES],
      eventTypes: Object.keys(EVENT_SCHEMAS).sort(),
      errorCodes: [...ERROR_CODES],
      dungeonAccessCodes: [...DUNGEON_ACCESS_CODES],
      closeCodes: { ...CloseCode, ...MalignusCloseCode },
      matchmakeErrorCodes: { ...MatchmakeErrorCode },
      limitErrorCodes: { ...LimitErrorCode },
      stateCodes: { ...STATE_CODE_TABLES },
    }),
  };
}

const README = `# Generated client code — do not edit

Written by \`npm run codegen\` (tools/codegen.ts); a test fails when it is stale. How to use it:
docs/native-clients.md.

- \`csharp/\`, \`lua/\`, \`haxe/\`, \`gdscript/\`: the state classes (\`DungeonState\` and its parts), by
  @colyseus/schema's \`schema-codegen\` from shared/src/schema/.
- \`json-schema/\`: commands, results, events, messages and options as JSON Schema (draft 2020-12),
  generated from the zod definitions; \`wire.json\`: room name, message types, codes, and the tables of the state fields sent as codes (\`stateCodes\`).
`;

/** Runs schema-codegen for `target` into `dir` (created); its "generated: …" lines are swallowed. */
async function stateClasses(target: (typeof STATE_TARGETS)[number], dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const args = [join(ROOT, SCHEMA_CODEGEN_CLI), SCHEMA_ENTRY, "--output", dir, `--${target}`];
  if (target === "csharp") args.push("--namespace", CSHARP_NAMESPACE);
  if (target === "haxe") args.push("--namespace", HAXE_PACKAGE);
  await promisify(execFile)(process.execPath, args, { cwd: ROOT });
}

/**
 * Writes everything into `outDir` (created; files already there are overwritten, others left).
 * @returns the files written, relative to `outDir`, sorted.
 * @throws the child process error when schema-codegen fails (its stderr in the message).
 */
export async function generate(outDir: string): Promise<string[]> {
  await Promise.all(STATE_TARGETS.map((target) => stateClasses(target, join(outDir, target))));
  const schemaDir = join(outDir, "json-schema");
  await mkdir(schemaDir, { recursive: true });
  for (const [name, text] of Object.entries(jsonSchemaFiles())) await writeFile(join(schemaDir, name), text);
  await writeFile(join(outDir, "README.md"), README);
  return await listFiles(outDir);
}

/** Every file under `dir`, relative to it, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

/** Generates into a fresh temporary folder; the caller removes it. */
export async function generateToTemp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "malignus-codegen-"));
  await generate(dir);
  return dir;
}

/** The usage of `npm run codegen` (printed by `--help`, and after an argument error). */
export const CODEGEN_USAGE = `usage: npm run codegen
Rewrites ${GENERATED_DIR}/ (state classes, JSON Schemas, wire constants for native clients) and
client-sdk/src/validators.generated.ts (the SDK's command validators); takes no options.
  -h, --help   print this usage and exit`;

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli("codegen", CODEGEN_USAGE, () => parseCli(process.argv.slice(2), {}));
  const out = join(ROOT, GENERATED_DIR);
  await rm(out, { recursive: true, force: true });
  const files = await generate(out);
  await writeFile(VALIDATORS_FILE, validatorsSource());
  console.log(`codegen: ${files.length} files in ${GENERATED_DIR}/, and ${relative(ROOT, VALIDATORS_FILE)}`);
}
