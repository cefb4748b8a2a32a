import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseMap, type MapDefinition } from "./sim/index.ts";

/** The folder holding the shipped maps (`server/maps/*.txt`). */
export const MAPS_DIR = fileURLToPath(new URL("../maps/", import.meta.url));

/** Names of the shipped maps. */
export function mapNames(): string[] {
  return readdirSync(MAPS_DIR).filter((f) => f.endsWith(".txt")).map((f) => f.slice(0, -4)).sort();
}

const cache = new Map<string, MapDefinition>();

/**
 * Loads and parses a shipped map by name (cached).
 * @throws Error when no map has that name or the file is not a valid map.
 */
export function loadMap(name: string): MapDefinition {
  const hit = cache.get(name);
  if (hit) return hit;
  if (!/^[a-z0-9_-]+$/i.test(name) || !mapNames().includes(name)) throw new Error(`unknown map "${name}"`);
  const def = parseMap(name, readFileSync(new URL(`../maps/${name}.txt`, import.meta.url), "utf8"));
  cache.set(name, def);
  return def;
}
