import * as z from "zod/mini";

/**
 * The command validators are written with `zod/mini` (the same zod 4 core as the server's full
 * `zod`, with the same checks, issues, messages and JSON Schema) so a browser bundle of the SDK
 * carries only the checks it uses (issue 19). `tile()` is `z.number().int().min(0).max(1023)`.
 */
const tile = (): z.ZodMiniNumber<number> => z.number().check(z.int(), z.minimum(0), z.maximum(1023));

/** A tile coordinate, in tiles from the top-left corner. */
export const TilePos = z.strictObject({
  x: tile(),
  y: tile(),
});
/** A tile coordinate, in tiles. */
export type TilePos = z.infer<typeof TilePos>;

/** A tile coordinate axis (0..1023 tiles, whole), as in {@link TilePos}. */
export const TileCoord = tile;

/** An entity id as sent in the state (decimal digits). */
export const EntityId = z.string().check(z.regex(/^\d{1,9}$/));

/** Largest number of tiles a single cable drag may cover. */
export const MAX_CABLE_PATH_TILES = 256;

/** Largest side of a lair, in tiles (`buildLair`). */
export const MAX_LAIR_SIDE_TILES = 16;
