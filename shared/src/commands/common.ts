import { z } from "zod";

/** A tile coordinate, in tiles from the top-left corner. */
export const TilePos = z.object({
  x: z.number().int().min(0).max(1023),
  y: z.number().int().min(0).max(1023),
}).strict();
/** A tile coordinate, in tiles. */
export type TilePos = z.infer<typeof TilePos>;

/** An entity id as sent in the state (decimal digits). */
export const EntityId = z.string().regex(/^\d{1,9}$/);

/** Largest number of tiles a single cable drag may cover. */
export const MAX_CABLE_PATH_TILES = 256;

/** Largest side of a lair, in tiles (`buildLair`). */
export const MAX_LAIR_SIDE_TILES = 16;
