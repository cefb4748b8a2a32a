/**
 * The SDK's payload checker: a JSON Schema (draft 2020-12) subset, exactly the keywords zod 4's
 * `toJSONSchema` writes for the command validators (shared/src/commands/schemas.ts) and the
 * replay controls (shared/src/replay.ts). The schemas it checks are generated from those zod
 * validators by `npm run codegen` (client-sdk/scripts/validators.ts, which refuses any other
 * keyword) into validators.generated.ts, so the browser bundle carries no zod (issue 19 part 5:
 * at most 60 KB gzipped). client-sdk/test/validators.test.ts holds it to the server's zod: the
 * same payloads accepted, the same refused (property test).
 *
 * Where zod and the JSON Schema specification differ, this follows zod: numbers must be finite,
 * string lengths count UTF-16 code units, a key whose value is `undefined` counts as absent, and
 * `for…in` keys (inherited enumerable ones too) are checked against `additionalProperties`.
 */

/** One JSON Schema node of the supported subset (see {@link CHECKED_KEYWORDS}). */
export interface JsonSchema {
  readonly type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  readonly properties?: { readonly [key: string]: JsonSchema };
  readonly required?: readonly string[];
  readonly additionalProperties?: false;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression source, compiled without flags (as zod's `z.regex(/…/)` without flags). */
  readonly pattern?: string;
  readonly enum?: readonly (string | number)[];
  readonly const?: string | number | boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  /** Valid when at least one branch is (zod `z.union`). */
  readonly anyOf?: readonly JsonSchema[];
  /** Valid when exactly one branch is (zod `z.discriminatedUnion`, whose branches exclude each other). */
  readonly oneOf?: readonly JsonSchema[];
}

/** The JSON Schema keywords {@link checkPayload} understands; the generator refuses any other. */
export const CHECKED_KEYWORDS: readonly (keyof JsonSchema)[] = [
  "type", "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "minLength", "maxLength",
  "pattern", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "anyOf", "oneOf",
];

/**
 * One reason a payload is refused, shaped like a zod issue: `code` is zod's issue code for the
 * same failure, `path` the keys and indexes from the payload's root down to the bad value (empty
 * for the payload itself), `message` an English sentence.
 */
export interface PayloadIssue {
  readonly code: "invalid_type" | "too_small" | "too_big" | "invalid_format" | "invalid_value" | "unrecognized_keys" | "invalid_union";
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** What a value is, in an issue's words: `null`, `array`, `NaN`, `Infinity` or its `typeof`. */
function received(value: unknown): string {
  if (value === null || Array.isArray(value)) return value === null ? "null" : "array";
  return typeof value === "number" && !Number.isFinite(value) ? String(Math.abs(value)) : typeof value;
}

/**
 * Checks `value` against `schema` and returns every issue found (empty: valid). Like zod, a
 * value of the wrong type gets one issue and is not looked into further.
 *
 * @param path where `value` sits in the payload (for nested calls; default the root).
 * @example
 * checkPayload({ type: "integer", minimum: 0, maximum: 1023 }, -1);
 * // [{ code: "too_small", path: [], message: "must be at least 0" }]
 */
export function checkPayload(schema: JsonSchema, value: unknown, path: readonly (string | number)[] = []): PayloadIssue[] {
  const issues: PayloadIssue[] = [];
  const add = (code: PayloadIssue["code"], message: string, at = path): void => void issues.push({ code, path: at, message });
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const matching = branches.filter((b) => checkPayload(b, value, path).length === 0).length;
    // As zod's discriminated union: when the value's `const` keys pick one branch, its issues are the answer.
    const picked = branches.filter((b) => {
      const consts = Object.entries(b.properties ?? {}).filter(([, p]) => "const" in p);
      return consts.length > 0 && consts.every(([k, p]) => (value as Record<string, unknown> | null)?.[k] === p.const);
    });
    if (matching === 0 && picked.length === 1) issues.push(...checkPayload(picked[0]!, value, path));
    else if (matching === 0 || (schema.oneOf && matching > 1)) add("invalid_union", matching ? "matches more than one option" : "matches none of the options");
    return issues;
  }
  const { type } = schema;
  const typed = type === "integer" ? Number.isInteger(value) : type === "number" ? Number.isFinite(value)
    : type === "array" ? Array.isArray(value) : type === "object" ? received(value) === "object" : type === undefined || typeof value === type;
  if (!typed) {
    add("invalid_type", `expected ${type}, received ${received(value)}`);
    return issues;
  }
  if (typeof value === "number") {
    const { minimum: min, maximum: max, exclusiveMinimum: xmin, exclusiveMaximum: xmax } = schema;
    if (min !== undefined && value < min) add("too_small", `must be at least ${min}`);
    if (xmin !== undefined && value <= xmin) add("too_small", `must be more than ${xmin}`);
    if (max !== undefined && value > max) add("too_big", `must be at most ${max}`);
    if (xmax !== undefined && value >= xmax) add("too_big", `must be less than ${xmax}`);
  }
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) add("too_small", `must have at least ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) add("too_big", `must have at most ${schema.maxLength} characters`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) add("invalid_format", `must match /${schema.pattern}/`);
  }
  if (schema.enum && !schema.enum.includes(value as string)) add("invalid_value", `must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if ("const" in schema && value !== schema.const) add("invalid_value", `must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) add("too_small", `must have at least ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) add("too_big", `must have at most ${schema.maxItems} items`);
    // Every index, holes included (as zod: a hole reads as undefined).
    for (let i = 0; schema.items && i < value.length; i++) issues.push(...checkPayload(schema.items, value[i], [...path, i]));
  } else if (type === "object") {
    const record = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    for (const key in properties) {
      if (record[key] !== undefined) issues.push(...checkPayload(properties[key]!, record[key], [...path, key]));
      else if (schema.required?.includes(key)) add("invalid_type", "required", [...path, key]);
    }
    if (schema.additionalProperties === false) {
      const unknown: string[] = [];
      for (const key in record) if (!Object.hasOwn(properties, key)) unknown.push(key);
      if (unknown.length) add("unrecognized_keys", `unknown key${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`);
    }
  }
  return issues;
}

/** Issues as lines `  path: message` (`payload` for the root), for an error message. */
export function describeIssues(issues: readonly PayloadIssue[], root = "payload"): string {
  return issues.map((i) => `  ${i.path.join(".") || root}: ${i.message}`).join("\n");
}
