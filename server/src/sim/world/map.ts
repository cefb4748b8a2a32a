import type { MapState, Pos } from "../state.ts";

/** A unit placed by the map file: its marker character and tile. */
export interface MapSpawn { marker: "M" | "t" | "m" | "T" | "k" | "w" | "g" | "b" | "c"; x: number; y: number }

/** A parsed map: the tile grid plus what the map file places on it. */
export interface MapDefinition {
  map: MapState;
  spawns: MapSpawn[];
}

/** Tile characters allowed in a map file (see server/maps/README.md). */
const FLOOR_UNDER: Record<string, string> = {
  "#": "#", ".": ".", ",": ".", ":": ":", "~": "~", "P": "P", "S": "S", "+": "+",
  "M": "S", "K": ".", "t": ".", "m": ".", "T": ".", "k": ".", "w": ".", "g": ".",
  "b": ".", "c": "~",
  "=": "=",
};

/**
 * Parses a map file's text (one line per row) into a {@link MapDefinition}.
 * @param name the map's name, e.g. "default".
 * @throws Error when rows differ in width, a character is unknown, a portal is not on the edge,
 *   or the map has no portal, no sanctum or no metal stockpile.
 */
export function parseMap(name: string, text: string): MapDefinition {
  const rows = text.replace(/\r/g, "").split("\n").filter((r) => r.length > 0);
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  if (height === 0 || width === 0) throw new Error(`map ${name}: empty`);
  let tiles = "", dark = "";
  const portals: Pos[] = [], sanctum: Pos[] = [], spawns: MapSpawn[] = [];
  let stockpile: Pos | null = null;
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`map ${name}: row ${y} is ${row.length} wide, expected ${width}`);
    for (let x = 0; x < width; x++) {
      const c = row[x] as string;
      const under = FLOOR_UNDER[c];
      if (under === undefined) throw new Error(`map ${name}: unknown character '${c}' at ${x},${y}`);
      tiles += under;
      dark += c === "," ? "1" : "0";
      if (c === "P") {
        if (x !== 0 && y !== 0 && x !== width - 1 && y !== height - 1) {
          throw new Error(`map ${name}: portal at ${x},${y} is not on the map edge (INV-07)`);
        }
        portals.push({ x, y });
      }
      if (under === "S") sanctum.push({ x, y });
      if (c === "K") stockpile = { x, y };
      if (c === "M" || c === "t" || c === "m" || c === "T" || c === "k" || c === "w" || c === "g" || c === "b" || c === "c") spawns.push({ marker: c, x, y });
    }
  });
  if (portals.length === 0) throw new Error(`map ${name}: no portal`);
  if (sanctum.length === 0) throw new Error(`map ${name}: no sanctum`);
  if (!stockpile) throw new Error(`map ${name}: no metal stockpile (K)`);
  return { map: { name, width, height, tiles, dark, portals, sanctum, stockpile }, spawns };
}
