import { describe, expect, it } from "vitest";
import {
  REPO_LAYOUT, cruiseSimulation, describeViolation, forbiddenGlobals, scanFiles, type BoundaryLayout,
} from "./simulationRules.ts";

/**
 * Issue 15 part 6, "boundaries that hold": dependency-cruiser walks the simulation core's imports
 * (server/src/sim/index.ts and every file under server/src/sim/, and what they reach in shared/)
 * and fails on Colyseus, Node built-ins, rooms/, loadtest/, unresolvable imports, `world/`
 * importing a system above it, a value-import cycle, or `Date`, `performance` or `Math.random` in
 * the code of a reached file. A fixture that breaks every rule proves each check can fail.
 */

const FIXTURE = "server/test/boundaries/fixture/";
const FIXTURE_LAYOUT: BoundaryLayout = { sim: `${FIXTURE}sim/`, rooms: `${FIXTURE}rooms/`, loadtest: `${FIXTURE}loadtest/` };

/**
 * Cycles allowed for now, each wholly inside one folder (every file of the cycle under it). Empty:
 * the combat/d100/ cycle (companions, odds, options, resolve, spells) was untangled on branch
 * h5-turns (issue 15, turn skeleton). Add a folder here only with the issue that removes it.
 */
const ALLOWED_CYCLE_FOLDERS: readonly string[] = [];

describe("the boundary checker fails when it should (fixture)", () => {
  it("catches Colyseus, a Node built-in, rooms/, loadtest/, an unresolved import and world/ importing traps/", async () => {
    const { violations } = await cruiseSimulation(FIXTURE_LAYOUT, true);
    const sim = FIXTURE_LAYOUT.sim;
    expect(violations.map(describeViolation).sort()).toEqual([
      `sim-no-colyseus: ${sim}index.ts → node_modules/@colyseus/schema/build/index.mjs`,
      `sim-no-loadtest: ${sim}index.ts → ${FIXTURE}loadtest/bot.ts`,
      `sim-no-node-builtins: ${sim}index.ts → fs`,
      `sim-no-rooms: ${sim}index.ts → ${FIXTURE}rooms/room.ts`,
      `sim-no-unresolved: ${sim}index.ts → ./missing.ts`,
      `world-is-ground-floor: ${sim}world/walk.ts → ${sim}traps/fire.ts`,
    ]);
  });

  it("catches the value cycle a ↔ b and not c ↔ d, where one side is `import type`", async () => {
    const { violations } = await cruiseSimulation(FIXTURE_LAYOUT, false);
    const sim = FIXTURE_LAYOUT.sim;
    expect(violations.map(describeViolation)).toEqual([
      `sim-no-cycle: ${sim}a.ts → ${sim}b.ts (cycle: ${sim}b.ts → ${sim}a.ts)`,
    ]);
  });

  it("finds Date, performance and Math.random in the reached files' code, not in comments or strings", async () => {
    const { files } = await cruiseSimulation(FIXTURE_LAYOUT, true);
    expect(scanFiles(files)).toEqual([
      { file: `${FIXTURE}sim/clock.ts`, line: 6, name: "Date" },
      { file: `${FIXTURE}sim/clock.ts`, line: 6, name: "Math.random" },
      { file: `${FIXTURE}sim/clock.ts`, line: 6, name: "performance" },
    ]);
  });

  it("sees the other ways of naming them: a type, new, globalThis.performance", () => {
    const text = "let d: Date = new Date(0);\nconst p = globalThis.performance;\nconst r = Math.random;\n// Date\n";
    expect(forbiddenGlobals("x.ts", text)).toEqual([
      { file: "x.ts", line: 1, name: "Date" },
      { file: "x.ts", line: 1, name: "Date" },
      { file: "x.ts", line: 2, name: "performance" },
      { file: "x.ts", line: 3, name: "Math.random" },
    ]);
  });
});

describe("the simulation core's boundary (server/src/sim)", () => {
  it("reaches no Colyseus, Node built-in, rooms/, loadtest/ or unresolved module, and world/ imports no system above it", async () => {
    const { violations, files } = await cruiseSimulation(REPO_LAYOUT, true);
    expect(violations.map(describeViolation)).toEqual([]);
    // Outside itself the core reaches the Colyseus-free entry of @malignus/shared only, never its schema.
    const outside = files.filter((f) => !f.startsWith(REPO_LAYOUT.sim));
    expect(outside).toContain("shared/src/index.ts");
    expect(outside.filter((f) => !f.startsWith("shared/src/") || f.startsWith("shared/src/schema/"))).toEqual([]);
  });

  it("uses no Date, performance or Math.random in any file it reaches", async () => {
    const { files } = await cruiseSimulation(REPO_LAYOUT, true);
    expect(files).toContain("server/src/sim/index.ts");
    expect(scanFiles(files)).toEqual([]);
  });

  it("has no value-import cycle between its files (outside the allowed folders)", async () => {
    const { violations } = await cruiseSimulation(REPO_LAYOUT, false);
    const allowed = (names: readonly string[]): boolean =>
      ALLOWED_CYCLE_FOLDERS.some((folder) => names.every((n) => n.startsWith(folder)));
    const cycles = violations.filter((v) => !(v.cycle && allowed([v.from, ...v.cycle.map((c) => c.name)])));
    expect(cycles.map(describeViolation)).toEqual([]);
  });
});
