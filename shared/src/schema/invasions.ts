import { schema, t, type SchemaType } from "@colyseus/schema";

/** The invasion indicator and the current invasion (INV-20 to INV-25, INV-83). */
export const InvasionInfo = schema({
  /** Calm, Unlikely, Possible, Likely, Imminent or In progress. */
  word: t.string().default("Calm"),
  /** Chance, in percent, that an invasion arrives during the current hour (INV-25). */
  hourlyChance: t.uint8().default(0),
  /** Number of invasions so far. */
  count: t.uint16().default(0),
  /** Id of the party in the dungeon, empty when none. */
  partyId: t.string().default(""),
  /** True once the party in the dungeon was spotted. */
  spotted: t.boolean().default(false),
}, "InvasionInfo");
export type InvasionInfo = SchemaType<typeof InvasionInfo>;

/**
 * An adventurer's Journal (KNOW-50): its learned spotting bonuses by trigger type (KNOW-34) and
 * Block bonuses by mechanism kind (KNOW-37), and the trap parts it knows (KNOW-04). Private to
 * the keeper's side: projected only once its party is spotted.
 */
export const Journal = schema({
  unitId: t.string().default(""),
  /** Trigger type → +1 or +2. */
  spotBonus: t.map("uint8"),
  /** Mechanism kind → +1 or +2. */
  blockBonus: t.map("uint8"),
  /** Ids of the trap parts it knows. */
  knownParts: t.array("string"),
}, "Journal");
export type Journal = SchemaType<typeof Journal>;

/** A spotted party as its Party tab shows it (INV-05): goal, kind, members and Caution (KNOW-20). */
export const PartyInfo = schema({
  id: t.string().default(""),
  /** killMaster, stealTreasure, freePrisoners or destroyAltar (INV-01, INV-02). */
  goal: t.string().default("killMaster"),
  /** normal, mob, weaker, stronger, punitive, camp or pursuers. */
  kind: t.string().default("normal"),
  invasionNumber: t.uint16().default(0),
  memberIds: t.array("string"),
  /** Caution bonus 0, 1 or 2 (KNOW-20 to KNOW-31). */
  caution: t.uint8().default(0),
  /** Gold carried away (INV-90). */
  loot: t.uint16().default(0),
  /** The settlement it set out from (INV-64), "" when it came from the edge of the Surface map (INV-65). */
  homeSettlement: t.string().default(""),
}, "PartyInfo");
export type PartyInfo = SchemaType<typeof PartyInfo>;

/**
 * A settlement of the Surface (INV-32, INV-33): the keeper may raid it (`raidSettlement`); it then
 * strikes back in place of the next invasion. Everyone sees them.
 */
export const Settlement = schema({
  id: t.string().default(""),
  name: t.string().default(""),
  /** village (sends a punitive expedition, INV-32) or camp (sends its warriors when Hostile, INV-33). */
  kind: t.string().default("village"),
  /** A camp turned Hostile by a raid (INV-33). */
  hostile: t.boolean().default(false),
  /** Game tick of the keeper's last raid on it, -1 when never raided. */
  raidedTick: t.int32().default(-1),
}, "Settlement");
export type Settlement = SchemaType<typeof Settlement>;
