import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMAND_SCHEMAS, ReplayControl } from "@malignus/shared";
import { checkPayload, type JsonSchema } from "../src/check.ts";
import { COMMAND_JSON_SCHEMAS, REPLAY_CONTROL_JSON_SCHEMA } from "../src/validators.generated.ts";
import { VALIDATORS_FILE, checkedSchema, validatorsSource } from "../scripts/validators.ts";

/** Runs per validator: each draws one payload, mostly well-formed, often with one fault. */
const RUNS = 400;

/** Values of every JSON type and the JavaScript ones a careless client might send. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(undefined, null, true, false, 0, -0, -1, 0.5, 1024, Number.NaN, Infinity, -Infinity, "", "1", "abc", [], {}),
  fc.double(), fc.string(), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

/**
 * Payloads for `schema`: half well-formed (drawn from the schema, bounds included), half with
 * faults: any node replaced by junk or pushed just past a bound now and then, objects missing a
 * required key or carrying an unknown one. Written from the JSON Schema, so it tries exactly the
 * edges the checker must agree on.
 */
function payloads(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(draw(schema, false, 0), draw(schema, true, 0));
}

/** `arb` once in `n` draws, else null. */
function rarely<T>(arb: fc.Arbitrary<T>, n = 10): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
}

/** A payload for `schema`; with `faults`, each node has a small chance of being wrong. */
function draw(schema: JsonSchema, faults: boolean, depth: number): fc.Arbitrary<unknown> {
  const node = drawNode(schema, faults, depth);
  return faults ? fc.oneof({ weight: 24, arbitrary: node }, { weight: 1, arbitrary: junk }) : node;
}

/** One of `good`, or (with faults, one draw in five) one of `bad`. */
function mostly<T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>, faults: boolean): fc.Arbitrary<T> {
  return faults ? fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad }) : good;
}

function drawNode(schema: JsonSchema, faults: boolean, depth: number): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => draw(b, faults, depth + 1)));
  if (schema.enum) return mostly(fc.constantFrom(...schema.enum), fc.constantFrom(`${String(schema.enum[0])}x`, String(schema.enum[0]).toUpperCase()), faults);
  if (schema.const !== undefined) return mostly(fc.constant(schema.const), fc.constant(`${String(schema.const)} `), faults);
  switch (schema.type) {
    case "integer":
    case "number": {
      const low = schema.minimum ?? schema.exclusiveMinimum ?? -(2 ** 53);
      const high = schema.maximum ?? schema.exclusiveMaximum ?? 2 ** 53;
      const inside = schema.type === "integer"
        ? fc.oneof(fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(high, 2 ** 31) }), fc.constantFrom(low, high).filter((n) => Number.isSafeInteger(n)))
        : fc.double({ min: low, max: high, noNaN: true, minExcluded: schema.exclusiveMinimum !== undefined });
      return mostly(inside, fc.constantFrom(low, high, low - 1, high + 1, low + 0.5, high - 0.5, 2 ** 53, 2 ** 53 - 1, -0), faults);
    }
    case "string": {
      const base = schema.pattern !== undefined ? fc.stringMatching(new RegExp(schema.pattern)) : fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 8 });
      const edges = [schema.minLength, schema.maxLength].filter((n) => n !== undefined).flatMap((n) => [n - 1, n, n + 1].filter((m) => m >= 0));
      return mostly(base, edges.length ? fc.constantFrom(...edges).map((n) => "a".repeat(n)) : fc.string(), faults);
    }
    case "boolean":
      return fc.boolean();
    case "array": {
      const items = schema.items ? draw(schema.items, faults, depth + 1) : junk;
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 4, min + 4);
      const sized = fc.array(items, { minLength: min, maxLength: max });
      // The longest array allowed (and one more, with faults), for shallow item schemas only: keeps each run quick.
      const top = schema.maxItems !== undefined && depth === 0 ? [fc.array(items, { minLength: schema.maxItems, maxLength: schema.maxItems + (faults ? 1 : 0) })] : [];
      const short = min > 0 ? [fc.array(items, { maxLength: min - 1 })] : [];
      return fc.oneof({ weight: 6, arbitrary: sized }, ...top.map((arbitrary) => ({ weight: 1, arbitrary })), ...(faults ? short.map((arbitrary) => ({ weight: 1, arbitrary })) : []));
    }
    case "object": {
      const props = schema.properties ?? {};
      const required = schema.required ?? [];
      const optional = Object.keys(props).filter((k) => !required.includes(k));
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, draw(s, faults, depth + 1)])), { requiredKeys: [...required] });
      const none = fc.constant(null);
      const drop = faults && required.length ? rarely(fc.constantFrom(...required)) : none;
      const extra = faults ? rarely(fc.tuple(fc.constantFrom("extra", "X", "toString", "__proto__", ...Object.keys(props).map((k) => `${k}_`)), junk)) : none;
      // undefined counts as absent: fine on an optional key, a fault on a required one.
      const keys = faults ? Object.keys(props) : optional;
      const undefinedKey = keys.length ? rarely(fc.constantFrom(...keys)) : none;
      return fc.tuple(record, drop, extra, undefinedKey).map(([r, d, e, u]) => {
        const out: Record<string, unknown> = { ...r };
        if (d !== null) delete out[d];
        if (u !== null) out[u] = undefined;
        if (e !== null) Object.defineProperty(out, e[0], { value: e[1], enumerable: true, writable: true, configurable: true });
        return out;
      });
    }
    default:
      return junk;
  }
}

/** The server's verdict (its zod validator) and the SDK's (the generated JSON Schema), on one payload. */
function verdicts(zod: { safeParse(v: unknown): { success: boolean; data?: unknown } }, schema: JsonSchema, payload: unknown) {
  const parsed = zod.safeParse(payload);
  const issues = checkPayload(schema, payload);
  return { server: parsed.success, sdk: issues.length === 0, data: parsed.data, issues };
}

const CASES: [string, { safeParse(v: unknown): { success: boolean; data?: unknown } }, JsonSchema][] = [
  ...Object.entries(COMMAND_SCHEMAS).map(([type, zod]) => [type, zod, COMMAND_JSON_SCHEMAS[type as keyof typeof COMMAND_JSON_SCHEMAS]] as [string, typeof zod, JsonSchema]),
  ["ReplayControl", ReplayControl, REPLAY_CONTROL_JSON_SCHEMA],
];

describe("the SDK's command validators (issue 19 part 5: no zod in the browser bundle)", () => {
  it("validators.generated.ts is what `npm run codegen` writes from the zod validators today", () => {
    expect(readFileSync(VALIDATORS_FILE, "utf8")).toBe(validatorsSource());
    expect(Object.keys(COMMAND_JSON_SCHEMAS)).toEqual(Object.keys(COMMAND_SCHEMAS));
  });

  it.each(CASES)("%s: accepts exactly the payloads the server's zod validator accepts, and sends them unchanged", (_name, zod, schema) => {
    let accepted = 0;
    let refused = 0;
    fc.assert(fc.property(payloads(schema), (payload) => {
      const v = verdicts(zod, schema, payload);
      expect(v.sdk, `server ${v.server ? "accepts" : "refuses"}; SDK issues ${JSON.stringify(v.issues)}`).toBe(v.server);
      if (v.server) expect(payload).toEqual(v.data);
      if (v.server) accepted++;
      else refused++;
    }), { numRuns: RUNS, seed: 19 });
    // Both kinds were tried, so the property is not vacuous.
    expect(accepted).toBeGreaterThan(RUNS / 4);
    expect(refused).toBeGreaterThan(RUNS / 20);
  });

  it("refuses with issues shaped like zod's: code, path from the payload's root, message", () => {
    expect(checkPayload(COMMAND_JSON_SCHEMAS.placePart, { kind: "catapult", x: -1, y: 1.5, owner: "me" })).toEqual([
      { code: "invalid_value", path: ["kind"], message: expect.stringMatching(/^must be one of "tripwire", "wideTripwire", /) },
      { code: "too_small", path: ["x"], message: "must be at least 0" },
      { code: "invalid_type", path: ["y"], message: "expected integer, received number" },
      { code: "unrecognized_keys", path: [], message: "unknown key: owner" },
    ]);
    expect(checkPayload(COMMAND_JSON_SCHEMAS.wire, { path: [{ x: 1, y: 1 }, { x: 2 }] })).toEqual([
      { code: "invalid_type", path: ["path", 1, "y"], message: "required" },
    ]);
    expect(checkPayload(COMMAND_JSON_SCHEMAS.orderAttack, { unitId: "1", targetId: "x" })).toEqual([
      { code: "invalid_union", path: ["targetId"], message: "matches none of the options" },
    ]);
    // A discriminated union (oneOf whose branches each have a `const` key): the picked branch's issues, as zod reports them.
    expect(checkPayload(REPLAY_CONTROL_JSON_SCHEMA, { action: "speed", speed: 0 })).toEqual([
      { code: "too_small", path: ["speed"], message: "must be more than 0" },
    ]);
    expect(checkPayload(REPLAY_CONTROL_JSON_SCHEMA, { action: "rewind" })).toEqual([
      { code: "invalid_union", path: [], message: "matches none of the options" },
    ]);
    expect(checkPayload(COMMAND_JSON_SCHEMAS.removePart, null)).toEqual([
      { code: "invalid_type", path: [], message: "expected object, received null" },
    ]);
    expect(checkPayload({ type: "number", exclusiveMinimum: 0, maximum: 1000 }, Infinity)).toEqual([
      { code: "invalid_type", path: [], message: "expected number, received Infinity" },
    ]);
  });

  it("agrees with zod on what JSON cannot carry: holes in arrays, NaN, inherited keys", () => {
    const cases: [string, unknown][] = [
      ["wire", { path: [{ x: 1, y: 1 }, , { x: 2, y: 1 }] }], // a hole
      ["wire", { path: new Array(2) }],
      ["setTimerDelay", { partId: "1", minutes: Number.NaN }],
      ["removePart", Object.create({ partId: "1" }) as unknown],
      ["removePart", Object.assign(Object.create({ extra: 1 }) as object, { partId: "1" })],
    ];
    const verdict = ([type, payload]: [string, unknown]) => {
      const zod = COMMAND_SCHEMAS[type as keyof typeof COMMAND_SCHEMAS] as { safeParse(v: unknown): { success: boolean } };
      return [zod.safeParse(payload).success, checkPayload(COMMAND_JSON_SCHEMAS[type as keyof typeof COMMAND_JSON_SCHEMAS], payload).length === 0];
    };
    expect(cases.map(verdict)).toEqual([[false, false], [false, false], [false, false], [true, true], [false, false]]);
  });

  it("the generator refuses a zod validator the checker could not fully check", async () => {
    const z = await import("zod/mini");
    expect(() => checkedSchema(z.strictObject({ when: z._default(z.number(), 3) }), "demo")).toThrow('demo.when: JSON Schema keyword "default" is not checked by client-sdk/src/check.ts');
    expect(() => checkedSchema(z.string().check(z.regex(/^a$/i)), "demo")).toThrow("demo: /^a$/i has flags; the checker compiles patterns without");
  });
});
