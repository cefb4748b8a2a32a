import { z } from "zod";
import { ERROR_CODES } from "./commands/results.ts";
import { SEAT_ROLES } from "./protocol.ts";

/**
 * Zod schemas of the wire shapes that exist only as TypeScript types, for native clients (JSON
 * Schema in clients/generated/json-schema/, written by `npm run codegen`): the answer to every
 * command (`CommandResult`, commands/results.ts), the `seat` message (`SeatInfo`), a `GET
 * /rooms` entry (`DungeonListing`) and a `GET /dungeons` page (`StoredDungeonPage`, protocol.ts). The TypeScript types stay the source of truth;
 * server/test/codegen/eventSchemas.test.ts checks at compile time that these infer exactly them.
 * Data table (no logic); the server does not parse with these.
 */

/** The answer to every command: accepted (`id` names the entity it created, if any) or refused (nothing changed). */
export const CommandResultSchema = z.union([
  z.object({ ok: z.literal(true), id: z.string().optional() }).describe("A command accepted: `id` names the entity it created, if any."),
  z.object({
    ok: z.literal(false),
    code: z.enum(ERROR_CODES).describe("why, a stable code"),
    reason: z.string().describe("why, in words for people"),
    rule: z.string().optional().describe("the rule ID behind the refusal, if any"),
  }).describe("A command refused: nothing changed."),
]).describe("The answer to every command (CommandResult).");

/** The `seat` message's payload, sent once after joining (SeatInfo). */
export const SeatInfoSchema = z.object({
  seatId: z.string().describe("stable seat id: keepers' commands are logged with it; adventurers' units carry it as `controller`"),
  role: z.enum(SEAT_ROLES),
  unitId: z.string().optional().describe("adventurers: the unit played"),
  dungeonId: z.string().optional().describe("stored dungeons: the dungeon's id (the room id while live), for `openDungeon` later"),
  keeperKey: z.string().optional().describe("only to the client that created a stored dungeon, once: the keeper key; the server keeps only its hash"),
}).describe("The seat this client holds (the `seat` message, sent once after joining).");

/** One entry of `GET /rooms` (DungeonListing). */
export const DungeonListingSchema = z.object({
  roomId: z.string(), map: z.string(), ruleset: z.string(),
  day: z.number().int(), hour: z.number().int(),
  keepers: z.number().int(), spectators: z.number().int(),
  keeperSeats: z.number().int().describe("keeper seats the room has (its `keeperSeats` option)"),
  adventurers: z.number().int().describe("adventurer players seated"),
  openAdventurerSeats: z.array(z.string()).describe("ids of the current party's members no player has claimed"),
  dungeonId: z.string().optional().describe("stored dungeons: the dungeon's id"),
}).describe("One live dungeon as `GET /rooms` lists it (DungeonListing).");

/** The answer of `GET /dungeons?offset=&limit=` (StoredDungeonPage): a page of stored dungeons, oldest first. */
export const StoredDungeonPageSchema = z.object({
  total: z.number().int(), offset: z.number().int(), limit: z.number().int(),
  dungeons: z.array(z.object({
    dungeonId: z.string().describe("`openDungeon(dungeonId)`; the room id while live"),
    map: z.string(), ruleset: z.string(),
    day: z.number().int().describe("game day (from 1) at its last save"),
    ownerName: z.string().describe("display name of the keeper who created it"),
    private: z.boolean().describe("only its keeper (with the key) may watch it"),
    status: z.enum(["live", "resting", "damaged"]),
  })),
}).describe("A page of stored dungeons as `GET /dungeons` lists them (StoredDungeonPage).");
