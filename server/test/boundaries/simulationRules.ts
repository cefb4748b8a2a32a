/**
 * The dependency-cruiser set-up that guards the simulation core's boundary (issue 15 part 6):
 * which imports the core may reach, no value-import cycles between its files, and `world/` as the
 * ground floor. Used by boundaries.test.ts on the real tree and on a small fixture that breaks
 * every rule, so the check is known to fail when it should.
 *
 * Decisions:
 * - The boundary (Colyseus, Node built-ins, rooms/, loadtest/, unresolvable imports) and the
 *   ground-floor rule count `import type` too: the core should not even name those types.
 * - Cycles count value imports only: `import type` is erased before the code runs (the project
 *   compiles with `verbatimModuleSyntax`), so it cannot make a load-order cycle, and every system
 *   names `type Simulation`, which imports every system. A value cycle is checked file by file.
 */
import { cruise, type ICruiseOptions, type IFlattenedRuleSet, type IViolation } from "dependency-cruiser";
import ts from "typescript";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (absolute): cruises and reads are relative to it, whatever the cwd. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The folders a boundary is drawn between, as paths relative to the repository root ending in "/". */
export interface BoundaryLayout {
  /** The simulation core, e.g. "server/src/sim/". */
  sim: string;
  /** The Colyseus adapter the core may not import, e.g. "server/src/rooms/". */
  rooms: string;
  /** The load-test bots the core may not import, e.g. "loadtest/". */
  loadtest: string;
}

/** The real layout of this repository. */
export const REPO_LAYOUT: BoundaryLayout = { sim: "server/src/sim/", rooms: "server/src/rooms/", loadtest: "loadtest/" };

/** The folders of `sim/` that `world/` may not import (the ground floor: they hook into it instead). */
export const ABOVE_WORLD = ["traps", "doors", "combat", "invasions", "knowledge"] as const;

/** A regular expression matching paths that start with `prefix` (a plain path, escaped here). */
function under(prefix: string): string {
  return `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
}

/**
 * The boundary rules for a cruise started from `layout.sim` with type imports followed: every
 * module the core reaches (the core and what it imports: shared/, data) may not depend on
 * `@colyseus/*`, a Node built-in (`fs`, `node:*`, …), `layout.rooms`, `layout.loadtest`, or a
 * module that does not resolve; and nothing in `<sim>world/` may import a system of
 * {@link ABOVE_WORLD}.
 */
export function boundaryRules(layout: BoundaryLayout): IFlattenedRuleSet {
  const reached = { pathNot: "(^|/)node_modules/" };
  return {
    forbidden: [
      { name: "sim-no-colyseus", severity: "error", from: reached, to: { path: "(^|/)@colyseus/" } },
      { name: "sim-no-node-builtins", severity: "error", from: reached, to: { dependencyTypes: ["core"] } },
      { name: "sim-no-rooms", severity: "error", from: reached, to: { path: under(layout.rooms) } },
      { name: "sim-no-loadtest", severity: "error", from: reached, to: { path: under(layout.loadtest) } },
      { name: "sim-no-unresolved", severity: "error", from: reached, to: { couldNotResolve: true } },
      {
        name: "world-is-ground-floor", severity: "error",
        from: { path: under(`${layout.sim}world/`) },
        to: { path: `${under(layout.sim)}(${ABOVE_WORLD.join("|")})/` },
      },
    ],
  };
}

/** The cycle rule for a cruise started from `layout.sim` without type imports: no file of the core is on a cycle. */
export function cycleRules(layout: BoundaryLayout): IFlattenedRuleSet {
  return {
    forbidden: [
      { name: "sim-no-cycle", severity: "error", from: { path: under(layout.sim) }, to: { circular: true } },
    ],
  };
}

/** What one cruise found: the violations and the project files it reached (paths from the root). */
export interface CruiseFindings {
  violations: IViolation[];
  /** Every reached module that is a project source file (not in node_modules, not a built-in). */
  files: string[];
}

/**
 * Cruises `layout.sim` (every file under it, `index.ts` included, and what they import, followed
 * outside it but never into node_modules, rooms or loadtest), paths relative to {@link REPO_ROOT}.
 * @param types true to follow `import type` (the boundary), false for value imports only (cycles).
 * @throws Error when the cruise returns no result (dependency-cruiser failed to run).
 */
export async function cruiseSimulation(layout: BoundaryLayout, types: boolean): Promise<CruiseFindings> {
  const options: ICruiseOptions = {
    baseDir: REPO_ROOT,
    validate: true,
    ruleSet: types ? boundaryRules(layout) : cycleRules(layout),
    tsPreCompilationDeps: types,
    doNotFollow: { path: ["(^|/)node_modules/", under(layout.rooms), under(layout.loadtest)] },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "default"], extensions: [".ts", ".js"] },
  };
  const result = await cruise([layout.sim], options);
  if (typeof result.output === "string") throw new Error("dependency-cruiser returned text, not a cruise result");
  const files = result.output.modules
    .filter((m) => !m.coreModule && !m.couldNotResolve && !/(^|\/)node_modules\//.test(m.source) && /\.[cm]?[jt]s$/.test(m.source))
    .map((m) => m.source)
    .sort();
  return { violations: result.output.summary.violations, files };
}

/** One use of a forbidden global in a source file: file, 1-based line, and the name used. */
export interface ForbiddenUse { file: string; line: number; name: string }

/**
 * The uses of the wall clock and of unseeded randomness in a TypeScript source text: any
 * identifier `Date` or `performance` (a call, a `new`, a type, a property access such as
 * `globalThis.performance`), and `Math.random`. Comments and string contents are not code and
 * never count (the text is parsed, not grepped).
 */
export function forbiddenGlobals(file: string, text: string): ForbiddenUse[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: ForbiddenUse[] = [];
  const report = (node: ts.Node, name: string): void => {
    out.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, name });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && (node.text === "Date" || node.text === "performance")) report(node, node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Math" && node.name.text === "random") {
      report(node, "Math.random");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** {@link forbiddenGlobals} over every file of `files` (paths relative to {@link REPO_ROOT}). */
export function scanFiles(files: readonly string[]): ForbiddenUse[] {
  return files.flatMap((f) => forbiddenGlobals(f, readFileSync(join(REPO_ROOT, f), "utf8")));
}

/** A violation as one line: rule, from → to, and the cycle when there is one. */
export function describeViolation(v: IViolation): string {
  const cycle = v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name).join(" → ")})` : "";
  return `${v.rule.name}: ${v.from} → ${v.to}${cycle}`;
}
