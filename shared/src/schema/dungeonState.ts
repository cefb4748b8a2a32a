import { schema, t, type SchemaType } from "@colyseus/schema";
import { KEEPER_VIEW_TAG } from "./viewTag.ts";
import { GameClock, Unit } from "./units.ts";
import { Cable, Lair, TrapEffect, TrapPart } from "./traps.ts";
import { Altar, Door } from "./map.ts";
import { InvasionInfo, Journal, PartyInfo, Settlement } from "./invasions.ts";
import { TurnOptions } from "./turns.ts";
import { DuelMercy, DuelProposal } from "./duels.ts";
import { withDerived } from "./names.ts";

/** The last rows joined by {@link joinedTiles}, per state (the map is read tile by tile in loops). */
const joined = new WeakMap<object, { rows: string[]; tiles: string }>();

/** `tiles`: the map as one string, one character per tile, row-major: `tileRows` joined (cached until a row changes). */
function joinedTiles(state: { tileRows?: Iterable<string> & { length: number; at(i: number): string | undefined } }): string {
  const rows = state.tileRows;
  if (rows === undefined) return undefined as unknown as string; // a client's state before its first patch
  const last = joined.get(state);
  if (last && last.rows.length === rows.length && last.rows.every((r, i) => rows.at(i) === r)) return last.tiles;
  const copy = [...rows];
  const tiles = copy.join("");
  joined.set(state, { rows: copy, tiles });
  return tiles;
}

/**
 * The root state of a dungeon room: the dungeon state every client receives through schema
 * sync. It is a projection of the simulation (the server never reads it back). Distances are in
 * tiles, times in game time. Every number field has a default, since an unset number encodes as
 * NaN → 0.
 */
export const DungeonState = withDerived(schema({
  mapName: t.string().default(""),
  ruleset: t.string().default("malignus"),
  width: t.uint16().default(0),
  height: t.uint16().default(0),
  /**
   * The map, one string of `width` characters per row (see TILE in rules.ts), top row first: a
   * changed tile (a door built, a cave-in) resends its row, not the whole map (issue 20 part 4).
   * Read the whole map, row-major, as the instance's `tiles`.
   */
  tileRows: t.array("string"),
  /** One character per tile, row-major: "1" dark, "0" lit (KNOW-14). */
  dark: t.string().default(""),
  clock: t.ref(GameClock),
  /** The keeper's stock: sent only to views holding {@link KEEPER_VIEW_TAG}. */
  metal: t.uint16().default(0).view(KEEPER_VIEW_TAG),
  /** Each client receives only the units, parts and cables its view holds (server/src/rooms/views.ts). */
  units: t.map(Unit).view(),
  parts: t.map(TrapPart).view(),
  cables: t.map(Cable).view(),
  /** Lingering trap effects everyone can see (gas clouds, webs, terror, spiders). */
  effects: t.map(TrapEffect),
  /** The keeper's invasion indicator: sent only to views holding {@link KEEPER_VIEW_TAG}. */
  invasion: t.ref(InvasionInfo).view(KEEPER_VIEW_TAG),
  keepers: t.uint8().default(0),
  spectators: t.uint16().default(0),
  /** Adventurer players seated (claimed members of the current party). */
  adventurers: t.uint8().default(0),
  /** Doors, by id (DOOR rules). */
  doors: t.map(Door),
  /** The keeper's altars, by id (INV-02); everyone sees them. */
  altars: t.map(Altar),
  /** The Surface's settlements, by id (INV-32, INV-33); everyone sees them. */
  settlements: t.map(Settlement),
  /**
   * Options of the turns waiting for a player's plan, by unit id (d20 encounters), filtered per
   * client (server/src/rooms/views.ts): an adventurer player sees its own unit's, spectators who
   * see all see every one, keepers none.
   */
  turnOptions: t.map(TurnOptions).view(),
  /**
   * Parties in the dungeon (INV-05), filtered per client (server/src/rooms/views.ts): keepers
   * see the spotted ones, an adventurer player its own party only.
   */
  parties: t.map(PartyInfo).view(),
  /**
   * Adventurers' Journals (KNOW-50), filtered per client: keepers see those of spotted parties,
   * an adventurer player its own only.
   */
  journals: t.map(Journal).view(),
  /** d100 rooms: pending duel proposals by id (P100-DUEL-01); everyone sees them. */
  duelProposals: t.map(DuelProposal),
  /** d100 rooms: duels to the death waiting for the winner's side to spare or kill the loser (P100-DUEL-20); everyone sees them. */
  duelMercies: t.map(DuelMercy),
  /** The keeper's lairs, by id (TRAP-61); everyone sees them. */
  lairs: t.map(Lair),
}, "DungeonState"), { tiles: joinedTiles });
export type DungeonState = SchemaType<typeof DungeonState>;
