/**
 * Walking-path benchmark (DOOR-49 to DOOR-53): how long the check every map-changing command runs
 * takes on a large map. Prints figures; asserts nothing.
 *
 *   npx tsx server/bench/walking-path.ts [--size 256] [--samples 200]
 *
 * The map is a size × size cave: rock border, ~35% scattered rock (a fixed LCG, so every run
 * measures the same map), a portal in the middle of the west edge, a 6 × 6 Sanctum near the
 * east edge, and a carved 1-tile corridor from the portal so the path exists. Figures:
 * - reach: `portalReachesSanctum` on the unchanged map (the search visits most of the cave);
 * - wall ok: `wouldCutWalkingPath` for a wall that cuts nothing (one search);
 * - wall cut: `wouldCutWalkingPath` for a wall on the only way out of the portal (two searches);
 * - buildWall: the whole `buildWall` command through `sim.apply`, refused or built then dug out again.
 */
import { Simulation, parseMap } from "../src/sim/index.ts";
import { num, parseCli, runCli } from "../../tools/cli.ts";
import { percentile } from "./stats.ts";
import { portalReachesSanctum, wouldCutWalkingPath } from "../src/sim/doors/walkingPath.ts";

/** The usage of the walking-path benchmark (printed by `--help`, and after an argument error). */
export const WALKING_PATH_USAGE = `usage: npx tsx server/bench/walking-path.ts [options]
Times the walking-path check of map-changing commands on a size × size cave.
  --size N       side of the cave in tiles (16..2048, default 256)
  --samples N    timed repetitions of each figure (1..100000, default 200)
  -h, --help     print this usage and exit`;

const { size, samples } = runCli("walking-path", WALKING_PATH_USAGE, () => {
  const p = parseCli(process.argv.slice(2), { size: { type: "string" }, samples: { type: "string" } });
  return p === "help" ? p : { size: num(p.values, "size", 256, 16, 2048), samples: num(p.values, "samples", 200, 1, 100_000) };
});

function makeMap(n: number): string {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const rows: string[][] = [];
  for (let y = 0; y < n; y++) {
    const row: string[] = [];
    for (let x = 0; x < n; x++) row.push(x === 0 || y === 0 || x === n - 1 || y === n - 1 ? "#" : rand() < 0.35 ? "#" : ".");
    rows.push(row);
  }
  const mid = n >> 1;
  rows[mid]![0] = "P";
  for (let x = 1; x < n - 10; x++) rows[mid]![x] = "."; // the carved corridor
  rows[mid - 1]![1] = "#"; rows[mid + 1]![1] = "#"; // the portal opens on one tile only
  for (let y = mid - 3; y < mid + 3; y++) for (let x = n - 9; x < n - 3; x++) rows[y]![x] = "S";
  for (let x = n - 10; x < n - 9; x++) rows[mid]![x] = ".";
  rows[1]![1] = "K";
  return rows.map((r) => r.join("")).join("\n");
}

function time(label: string, fn: () => void): void {
  for (let i = 0; i < 10; i++) fn(); // warm-up
  const t: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    fn();
    t.push(performance.now() - start);
  }
  const q = (p: number) => percentile(t, p).toFixed(3);
  console.log(`${label.padEnd(12)} median ${q(50)} ms   p95 ${q(95)} ms   max ${q(100)} ms`);
}

const def = parseMap(`bench-${size}`, makeMap(size));
const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: def, pauseOnSpot: false });
const mid = size >> 1;
let walkable = 0;
for (const c of sim.state.map.tiles) if (c !== "#") walkable++;
console.log(`walking path on a ${size}×${size} map (${walkable} walkable tiles), ${samples} samples each`);
console.log(`portal reaches the Sanctum: ${portalReachesSanctum(sim.state.map)}`);
time("reach", () => { portalReachesSanctum(sim.state.map); });
time("wall ok", () => { wouldCutWalkingPath(sim, [{ x: 5, y: 5, tile: "#" }]); });
time("wall cut", () => { wouldCutWalkingPath(sim, [{ x: 1, y: mid, tile: "#" }]); });
console.log(`the wall at 1,${mid} cuts: ${wouldCutWalkingPath(sim, [{ x: 1, y: mid, tile: "#" }])}`);
time("buildWall", () => {
  const r = sim.apply({ type: "buildWall", x: 1, y: mid });
  if (r.ok) throw new Error("the cutting wall was accepted");
});
const free = sim.state.map.tiles.indexOf(".", size * 3 + 3);
const fx = free % size, fy = Math.floor(free / size);
time("build+dig", () => {
  const a = sim.apply({ type: "buildWall", x: fx, y: fy });
  const b = sim.apply({ type: "dig", x: fx, y: fy });
  if (!a.ok || !b.ok) throw new Error(`refused: ${JSON.stringify([a, b])}`);
});
