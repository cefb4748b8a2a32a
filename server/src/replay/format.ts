import { createHash } from "node:crypto";
import { z } from "zod";
import { COMMANDS, RULESET_IDS, type CommandType } from "@malignus/shared";
import type { DungeonSimOptions, Input, InputCommand } from "../sim/index.ts";

/**
 * Replay files (issue 16 part 5): JSON Lines, one JSON object per line, `\n`-separated:
 * 1. the header {@link ReplayHeader} (`format: "malignus-replay"`, `version: 1`, create options
 *    with the seed, the map's name, text and SHA-256, `createdAt`);
 * 2. one {@link ReplayInputLine} per input of the dungeon's full log, in `seq` order from 0;
 * 3. {@link ReplayCheckpointLine}s (`{ checkpoint: tick, hash }`, ascending ticks, each before the end tick);
 * 4. exactly one {@link ReplayEndLine} (`{ end: tick, hash }`), last.
 * {@link parseReplay} validates every line with zod; {@link formatReplay} writes one.
 */

/** The `format` of a replay file's header. */
export const REPLAY_FORMAT = "malignus-replay";
/** The replay format version this server writes and reads; {@link parseReplay} refuses any other. */
export const REPLAY_FORMAT_VERSION = 1;
/** Media type of a replay file (`GET /dungeons/:id/replay`). */
export const REPLAY_CONTENT_TYPE = "application/x-ndjson";

/**
 * What is wrong with a replay file (the `problem` of {@link ReplayFormatError}):
 * `not-a-replay` (no header, or not this format), `unknown-version` (another format version),
 * `bad-line` (a line that is not JSON or fails its schema), `map-changed` (the map text does not
 * match its recorded hash), `seq-gap` (inputs not numbered 0, 1, 2…), `out-of-order` (ticks going
 * back), `no-end` (no end line, or lines after it: a truncated or padded file).
 */
export type ReplayProblem = "not-a-replay" | "unknown-version" | "bad-line" | "map-changed" | "seq-gap" | "out-of-order" | "no-end";

/**
 * A replay file that cannot be read. The message names the line (1-based) and what is wrong,
 * e.g. `replay line 1: unknown-version: replay format version 2 is not supported (this server reads version 1)`.
 */
export class ReplayFormatError extends Error {
  override name = "ReplayFormatError";
  readonly code = "REPLAY_FORMAT";
  readonly problem: ReplayProblem;
  /** 1-based line number, 0 for the file as a whole. */
  readonly line: number;
  constructor(problem: ReplayProblem, line: number, detail: string) {
    super(`${line > 0 ? `replay line ${line}` : "replay file"}: ${problem}: ${detail}`);
    this.problem = problem;
    this.line = line;
  }
}

const Hash16 = z.string().regex(/^[0-9a-f]{16}$/, "a 16-hex-digit state hash");
const Tick = z.number().int().min(0);

/** The simulation's create options (sim `DungeonSimOptions`); other create options (timeScale…) ride along. */
const SimOptionsSchema = z.object({
  map: z.string().min(1),
  seed: z.number().int(),
  ruleset: z.enum(RULESET_IDS),
  pauseOnSpot: z.boolean(),
  skipToInvasion: z.boolean(),
  startPaused: z.boolean(),
  firstMerchantDay: z.number().int().min(1).optional(),
  d100: z.object({
    traumaticInsteadOfDeath: z.boolean().optional(),
    rechargeBetweenFights: z.boolean().optional(),
    firstParty: z.array(z.string()).optional(),
  }).optional(),
}).loose();

const HeaderSchema = z.object({
  format: z.literal(REPLAY_FORMAT),
  version: z.literal(REPLAY_FORMAT_VERSION),
  dungeonId: z.string().optional(),
  options: SimOptionsSchema,
  map: z.object({ name: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), text: z.string().min(1) }).strict(),
  /** ISO 8601 time of the dungeon's creation. */
  createdAt: z.string().min(1),
}).strict();

const ActorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("keeper"), seatId: z.string().min(1) }).strict(),
  z.object({ kind: z.literal("adventurer"), seatId: z.string().min(1), unitId: z.string().min(1) }).strict(),
  z.object({ kind: z.literal("spectator"), seatId: z.string().min(1) }).strict(),
  z.object({ kind: z.literal("room") }).strict(),
]);

const RoomCommandSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("seats"), keepers: z.number().int().min(0),
    adventurers: z.array(z.object({ seatId: z.string(), unitId: z.string(), connected: z.boolean() }).strict()),
  }).strict(),
  z.object({ type: z.literal("pause"), reason: z.string() }).strict(),
]);

/** A command: a room input, or a client command whose payload passes its shared validator. */
const CommandSchema = z.object({ type: z.string().min(1) }).loose().superRefine((command, ctx) => {
  if (command.type === "seats" || command.type === "pause") {
    const r = RoomCommandSchema.safeParse(command);
    if (!r.success) ctx.addIssue({ code: "custom", message: `room input ${command.type}: ${r.error.issues[0]?.message ?? "invalid"}` });
    return;
  }
  if (!Object.hasOwn(COMMANDS, command.type)) { ctx.addIssue({ code: "custom", message: `unknown command type "${command.type}"` }); return; }
  const { type: _type, ...payload } = command;
  const r = COMMANDS[command.type as CommandType].safeParse(payload);
  if (!r.success) ctx.addIssue({ code: "custom", message: `command ${command.type}: ${r.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ")}` });
});

const InputLineSchema = z.object({ seq: z.number().int().min(0), tick: Tick, actor: ActorSchema, command: CommandSchema }).strict();
const CheckpointLineSchema = z.object({ checkpoint: Tick, hash: Hash16 }).strict();
const EndLineSchema = z.object({ end: Tick, hash: Hash16 }).strict();

/** Line 1 of a replay file. */
export interface ReplayHeader {
  format: typeof REPLAY_FORMAT;
  version: typeof REPLAY_FORMAT_VERSION;
  /** The stored dungeon it was written from, when there was one. */
  dungeonId?: string | undefined;
  /** The dungeon's create options (seed inside); `replay()` reads the simulation's ones. */
  options: DungeonSimOptions & Record<string, unknown>;
  /** The map the dungeon was created on: its name, its text as a file of server/maps, and the text's SHA-256 (hex). */
  map: { name: string; sha256: string; text: string };
  /** ISO 8601 time the dungeon was created (wall clock; not part of the game). */
  createdAt: string;
}

/** One input line: the input of the log at index `seq`, applied while the simulation was at `tick`. */
export interface ReplayInputLine extends Input { seq: number }
/** A checkpoint line: `Simulation.hash()` after tick `checkpoint`'s systems ran, before the inputs logged at that tick. */
export interface ReplayCheckpointLine { checkpoint: number; hash: string }
/** The last line: the tick the replay ends at and the state hash there, every input applied. */
export interface ReplayEndLine { end: number; hash: string }

/** A whole replay file, parsed. */
export interface ReplayFile {
  header: ReplayHeader;
  inputs: ReplayInputLine[];
  checkpoints: ReplayCheckpointLine[];
  end: ReplayEndLine;
}

/** SHA-256 (64 hex digits) of a map's text, as a replay header records it. */
export function mapTextHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Reads a replay file (the whole text; a final newline is optional) and validates every line.
 * @returns the parsed file.
 * @throws ReplayFormatError naming the first bad line and its {@link ReplayProblem}: another
 *   format version (`unknown-version`: "replay format version 2 is not supported"), a line that
 *   is not JSON or fails its schema, a map whose text does not match its hash, inputs whose
 *   `seq` skip or whose ticks go back, a missing end line or lines after it.
 */
export function parseReplay(text: string): ReplayFile {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  if (lines.length === 0) throw new ReplayFormatError("not-a-replay", 0, "the file is empty");
  const header = parseHeader(lines[0]!);
  const inputs: ReplayInputLine[] = [];
  const checkpoints: ReplayCheckpointLine[] = [];
  let end: ReplayEndLine | undefined;
  for (let i = 1; i < lines.length; i++) {
    const n = i + 1;
    if (end) throw new ReplayFormatError("no-end", n, `a line after the end line (line ${n - 1})`);
    const value = jsonLine(lines[i]!, n);
    if (typeof value === "object" && value !== null && "seq" in value) {
      if (checkpoints.length > 0) throw new ReplayFormatError("out-of-order", n, "an input line after the checkpoint lines");
      const input = check(InputLineSchema, value, n, "input line") as ReplayInputLine;
      if (input.seq !== inputs.length) throw new ReplayFormatError("seq-gap", n, `input seq ${input.seq} where seq ${inputs.length} was expected`);
      const previous = inputs.at(-1);
      if (previous && input.tick < previous.tick) throw new ReplayFormatError("out-of-order", n, `input seq ${input.seq} at tick ${input.tick} after tick ${previous.tick}`);
      inputs.push(input);
    } else if (typeof value === "object" && value !== null && "checkpoint" in value) {
      const cp = check(CheckpointLineSchema, value, n, "checkpoint line");
      const previous = checkpoints.at(-1);
      if (previous && cp.checkpoint <= previous.checkpoint) throw new ReplayFormatError("out-of-order", n, `checkpoint at tick ${cp.checkpoint} after tick ${previous.checkpoint}`);
      checkpoints.push(cp);
    } else {
      end = check(EndLineSchema, value, n, "line (expected an input, checkpoint or end line)");
      const last = inputs.at(-1);
      if (last && end.end < last.tick) throw new ReplayFormatError("out-of-order", n, `end at tick ${end.end} before the last input's tick ${last.tick}`);
      const lastCp = checkpoints.at(-1);
      if (lastCp && end.end <= lastCp.checkpoint) throw new ReplayFormatError("out-of-order", n, `end at tick ${end.end}, not after the last checkpoint's tick ${lastCp.checkpoint}`);
    }
  }
  if (!end) throw new ReplayFormatError("no-end", lines.length, "no end line: the file is truncated");
  return { header, inputs, checkpoints, end };
}

/**
 * Writes a replay file: the header, the inputs, the checkpoints and the end, one JSON object per
 * line, each line ending with `\n`. {@link parseReplay} reads it back.
 * @returns the lines (each with its `\n`), so a route can stream them.
 */
export function formatReplay(file: ReplayFile): string[] {
  const out = [JSON.stringify(file.header) + "\n"];
  for (const input of file.inputs) out.push(JSON.stringify({ seq: input.seq, tick: input.tick, actor: input.actor, command: input.command }) + "\n");
  for (const cp of file.checkpoints) out.push(JSON.stringify({ checkpoint: cp.checkpoint, hash: cp.hash }) + "\n");
  out.push(JSON.stringify({ end: file.end.end, hash: file.end.hash }) + "\n");
  return out;
}

/** The inputs of a replay as the simulation logs them (`{ tick, actor, command }`). */
export function replayInputs(file: ReplayFile): Input[] {
  return file.inputs.map((i) => ({ tick: i.tick, actor: i.actor, command: i.command as InputCommand }));
}

/** The simulation's create options of a replay's header (the other create options dropped). */
export function replaySimOptions(header: ReplayHeader): DungeonSimOptions {
  const o = header.options;
  return {
    map: o.map, seed: o.seed, ruleset: o.ruleset, pauseOnSpot: o.pauseOnSpot, skipToInvasion: o.skipToInvasion, startPaused: o.startPaused,
    ...(o.firstMerchantDay !== undefined ? { firstMerchantDay: o.firstMerchantDay } : {}),
    ...(o.d100 ? { d100: o.d100 } : {}),
  };
}

function parseHeader(line: string): ReplayHeader {
  const value = jsonLine(line, 1);
  if (typeof value !== "object" || value === null || (value as { format?: unknown }).format !== REPLAY_FORMAT) {
    throw new ReplayFormatError("not-a-replay", 1, `the header's format is not "${REPLAY_FORMAT}"`);
  }
  const version = (value as { version?: unknown }).version;
  if (version !== REPLAY_FORMAT_VERSION) {
    throw new ReplayFormatError("unknown-version", 1, `replay format version ${JSON.stringify(version)} is not supported (this server reads version ${REPLAY_FORMAT_VERSION})`);
  }
  const header = check(HeaderSchema, value, 1, "header") as ReplayHeader;
  if (mapTextHash(header.map.text) !== header.map.sha256) {
    throw new ReplayFormatError("map-changed", 1, `map "${header.map.name}": its text does not match its sha256 ${header.map.sha256}`);
  }
  if (header.map.name !== header.options.map) {
    throw new ReplayFormatError("bad-line", 1, `header: map "${header.map.name}" but options.map "${header.options.map}"`);
  }
  return header;
}

function jsonLine(line: string, n: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch (err) {
    throw new ReplayFormatError("bad-line", n, `not JSON (${(err as Error).message})`);
  }
}

function check<T>(schema: z.ZodType<T>, value: unknown, n: number, what: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const detail = r.error.issues.map((i) => `${i.path.length ? i.path.join(".") : what}: ${i.message}`).join("; ");
  throw new ReplayFormatError("bad-line", n, `${what}: ${detail}`);
}
