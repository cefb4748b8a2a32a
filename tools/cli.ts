/**
 * The command-line front of every tool of the repository (benchmarks, load runner, codegen, web
 * build, soak recorder): `node:util` `parseArgs` in strict mode, with `-h`/`--help` always known,
 * and its errors turned into one-line messages. Pure: no I/O, no exit (see {@link runCli} for that).
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

/** What {@link parseCli} returns: the values and positionals of `node:util` `parseArgs`. */
export interface ParsedCli {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * Parses `argv` (without node and the script) with `node:util` `parseArgs` (strict: unknown
 * options and missing values are errors), `-h`/`--help` added to `options`.
 * @returns `"help"` when `argv` holds `-h` or `--help` anywhere (before any other check), else the values.
 * @throws Error with a one-line message: `unknown option "--x"`, `--x needs a value`,
 *   `--x takes no value`, or `unexpected argument "a"` when `positionals` is false.
 */
export function parseCli(argv: readonly string[], options: ParseArgsOptionsConfig, positionals = false): ParsedCli | "help" {
  if (argv.some((a) => a === "--help" || a === "-h")) return "help";
  try {
    const { values, positionals: pos } = parseArgs({
      args: [...argv], options: { ...options, help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: positionals,
    });
    return { values: values as ParsedCli["values"], positionals: pos };
  } catch (err) {
    throw new Error(cliMessage(err));
  }
}

/** The one-line message of a `node:util` `parseArgs` error (its own text when not recognised). */
function cliMessage(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const msg = e.message ?? String(err);
  const name = /'(-[^' ]+)/.exec(msg)?.[1];
  switch (e.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION": return `unknown option "${name ?? msg}"`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL": return `unexpected argument "${/'([^']*)'/.exec(msg)?.[1] ?? msg}"`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return / does not take an argument/.test(msg) ? `${name} takes no value` : `${name} needs a value`;
    default: return msg;
  }
}

/** A string option's value, or `dflt` when absent. */
export function str(values: ParsedCli["values"], name: string, dflt: string): string {
  const v = values[name];
  return typeof v === "string" ? v : dflt;
}

/**
 * A numeric option's value (`dflt` when absent).
 * @throws Error `--name must be a whole number from min to max` (or `a number from …` when not `integer`).
 */
export function num(values: ParsedCli["values"], name: string, dflt: number, min: number, max: number, integer = true): number {
  const raw = values[name];
  if (typeof raw !== "string") return dflt;
  const n = raw.trim() === "" ? NaN : Number(raw);
  if ((integer && !Number.isInteger(n)) || !(n >= min && n <= max)) {
    throw new Error(`--${name} must be ${integer ? "a whole number" : "a number"} from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/**
 * Runs a tool's argument step: on `"help"` prints `usage` to stdout and exits 0; on an error prints
 * `tool: message` and the usage to stderr and exits 2; else returns the parsed result.
 */
export function runCli<T>(tool: string, usage: string, parse: () => T | "help"): T {
  let parsed: T | "help";
  try {
    parsed = parse();
  } catch (err) {
    process.stderr.write(`${tool}: ${err instanceof Error ? err.message : String(err)}\n${usage}\n`);
    process.exit(2);
  }
  if (parsed === "help") {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}
