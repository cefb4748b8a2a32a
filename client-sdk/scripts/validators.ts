/**
 * Writes the SDK's command validators (issue 19 part 5): each command's payload validator
 * (COMMAND_SCHEMAS, shared/src/commands/schemas.ts) and the replay control (ReplayControl,
 * shared/src/replay.ts), turned into JSON Schema by zod 4's `toJSONSchema` (the same conversion
 * as clients/generated/json-schema, without the docs), as client-sdk/src/validators.generated.ts.
 * The SDK checks payloads with them (src/check.ts) instead of bundling zod. Run by
 * `npm run codegen` (tools/codegen.ts); client-sdk/test/validators.test.ts fails when the file
 * is stale and proves the checker accepts exactly what the zod validators accept.
 */
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";
import { COMMAND_SCHEMAS, ReplayControl } from "@malignus/shared";
import { CHECKED_KEYWORDS, type JsonSchema } from "../src/check.ts";

/** The generated file, absolute. */
export const VALIDATORS_FILE = fileURLToPath(new URL("../src/validators.generated.ts", import.meta.url));

/** Keywords `toJSONSchema` writes that carry no check and are dropped. */
const DROPPED_KEYWORDS = new Set(["$schema", "description"]);

/**
 * A zod validator as a {@link JsonSchema}: zod's JSON Schema (input side) without `$schema` and
 * `description`.
 * @throws Error when the JSON Schema uses a keyword src/check.ts does not check (`where` names it),
 *   or a regular expression with flags (the checker compiles patterns without flags).
 */
export function checkedSchema(schema: z.core.$ZodType, where: string): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "throw" });
  const strip = (node: unknown, at: string): unknown => {
    if (Array.isArray(node)) return node.map((n, i) => strip(n, `${at}[${i}]`));
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED_KEYWORDS.has(key)) continue;
      if (!(CHECKED_KEYWORDS as readonly string[]).includes(key)) throw new Error(`${at}: JSON Schema keyword "${key}" is not checked by client-sdk/src/check.ts`);
      if (key === "properties") {
        out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, strip(v, `${at}.${k}`)]));
      } else {
        out[key] = key === "items" || key === "anyOf" || key === "oneOf" ? strip(value, `${at}.${key}`) : value;
      }
    }
    return out;
  };
  for (const regex of regexesOf(schema)) {
    if (regex.flags !== "") throw new Error(`${where}: /${regex.source}/${regex.flags} has flags; the checker compiles patterns without`);
  }
  return strip(json, where) as JsonSchema;
}

/** Every regular expression a zod schema's checks use (nested schemas included). */
function regexesOf(schema: z.core.$ZodType): RegExp[] {
  const found: RegExp[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (node instanceof RegExp) {
      found.push(node);
      return;
    }
    for (const value of Object.values(node)) walk(value);
    const zod = (node as { _zod?: { def?: unknown } })._zod;
    if (zod?.def) walk(zod.def);
  };
  walk(schema);
  return found;
}

/** The sub-schemas of a schema node (property values, items, union branches). */
function children(node: JsonSchema): JsonSchema[] {
  return [...Object.values(node.properties ?? {}), ...(node.items ? [node.items] : []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])];
}

/**
 * Schemas as TypeScript source: a sub-schema met more than once (say the tile coordinate or the
 * entity id) becomes a `const` named `s0`, `s1`… declared before its first use, and is named
 * where it recurs; keys are unquoted where they can be.
 * @returns the `const` declarations and the literal of each root, in order.
 */
function literals(roots: readonly JsonSchema[]): { consts: string[]; roots: string[] } {
  const count = new Map<string, number>();
  const visit = (node: JsonSchema): void => {
    const key = JSON.stringify(node);
    count.set(key, (count.get(key) ?? 0) + 1);
    if (count.get(key) === 1) children(node).forEach(visit);
  };
  roots.forEach(visit);
  const names = new Map<string, string>();
  const consts: string[] = [];
  const key = (k: string): string => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  const literal = (node: JsonSchema, root: boolean): string => {
    const json = JSON.stringify(node);
    const known = names.get(json);
    if (known) return known;
    const fields = Object.entries(node).map(([k, v]) => {
      if (k === "properties") return `properties: {${Object.entries(v as Record<string, JsonSchema>).map(([p, c]) => ` ${key(p)}: ${literal(c, false)}`).join(",")} }`;
      if (k === "items") return `items: ${literal(v as JsonSchema, false)}`;
      if (k === "anyOf" || k === "oneOf") return `${k}: [${(v as JsonSchema[]).map((c) => literal(c, false)).join(", ")}]`;
      return `${key(k)}: ${JSON.stringify(v)}`;
    });
    const text = `{ ${fields.join(", ")} }`;
    if (root || (count.get(json) ?? 0) < 2) return text;
    const name = `s${names.size}`;
    names.set(json, name);
    consts.push(`const ${name}: JsonSchema = ${text};`);
    return name;
  };
  return { roots: roots.map((r) => literal(r, true)), consts };
}

/** The text of validators.generated.ts (deterministic: the tables' order, no timestamps). */
export function validatorsSource(): string {
  const types = Object.keys(COMMAND_SCHEMAS);
  const schemas = [...Object.entries(COMMAND_SCHEMAS).map(([type, schema]) => checkedSchema(schema, type)), checkedSchema(ReplayControl, "ReplayControl")];
  const { consts, roots } = literals(schemas);
  return `// Generated by \`npm run codegen\` (client-sdk/scripts/validators.ts) from the zod validators of
// shared/src/commands/schemas.ts and shared/src/replay.ts. Do not edit.
import type { CommandType } from "@malignus/shared";
import type { JsonSchema } from "./check.ts";

${consts.join("\n")}

/** Each command's payload validator as JSON Schema, by message type (COMMAND_SCHEMAS' order). */
export const COMMAND_JSON_SCHEMAS: { readonly [T in CommandType]: JsonSchema } = {
${types.map((t, i) => `  ${t}: ${roots[i]},`).join("\n")}
};

/** The replay room's playback control (\`ReplayControl\`) as JSON Schema. */
export const REPLAY_CONTROL_JSON_SCHEMA: JsonSchema = ${roots.at(-1)};
`;
}
