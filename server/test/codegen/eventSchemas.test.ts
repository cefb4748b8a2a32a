import { describe, expect, test } from "vitest";
import type { z } from "zod";
import type { CommandResult, DungeonListing, SeatInfo, SimEventOf, SimEventType, StoredDungeonPage } from "@malignus/shared";
import { EVENT_SCHEMAS, type EventSchemasMatch } from "../../../shared/src/eventSchemas.ts";
import { CommandResultSchema, DungeonListingSchema, SeatInfoSchema, StoredDungeonPageSchema } from "../../../shared/src/wireSchemas.ts";

// Compile-time check (npm run typecheck): each event type's zod schema infers exactly its
// `SimEventOf<T>` (assignable both ways). A new event type in events.ts without a schema, or a
// field that differs, makes this assignment fail and names the event type.
const everyEventMatches: { [T in SimEventType]: true } = null as unknown as EventSchemasMatch;
void everyEventMatches;

describe("event schemas (shared/src/eventSchemas.ts)", () => {
  test("a trapFired event as the room sends it parses; a missing field is named", () => {
    const fired: SimEventOf<"trapFired"> = {
      type: "trapFired", tick: 120, triggerId: "4", mechanismId: "5", mechanism: "spinningBlades",
      x: 6, y: 15, byUnitId: "9", victims: ["9"],
    };
    expect(EVENT_SCHEMAS.trapFired.parse(fired)).toEqual(fired);
    const { victims: _dropped, ...missing } = fired;
    const result = EVENT_SCHEMAS.trapFired.safeParse(missing);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["victims"]);
  });

  test("an event whose type is one of two names has a schema per name", () => {
    expect(EVENT_SCHEMAS.paused.safeParse({ type: "resumed", tick: 1, reason: "keeper" }).success).toBe(false);
    expect(EVENT_SCHEMAS.resumed.parse({ type: "resumed", tick: 1, reason: "keeper" })).toEqual({ type: "resumed", tick: 1, reason: "keeper" });
  });

  test("every schema's `type` literal is its key", () => {
    const mismatched = Object.entries(EVENT_SCHEMAS).filter(([key, schema]) => schema.shape.type.value !== key).map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

// The same compile-time check for the wire shapes of shared/src/wireSchemas.ts.
type Same<A, B> = [A] extends [B] ? [B] extends [A] ? true : false : false;
const wireShapesMatch: [true, true, true, true] = null as unknown as [
  Same<z.infer<typeof CommandResultSchema>, CommandResult>,
  Same<z.infer<typeof SeatInfoSchema>, SeatInfo>,
  Same<z.infer<typeof DungeonListingSchema>, DungeonListing>,
  Same<z.infer<typeof StoredDungeonPageSchema>, StoredDungeonPage>,
];
void wireShapesMatch;

describe("wire schemas (shared/src/wireSchemas.ts)", () => {
  test("a refusal as the room answers it parses; an unknown code does not", () => {
    const refused: CommandResult = { ok: false, code: "NOT_FLOOR", reason: "not a floor tile" };
    expect(CommandResultSchema.parse(refused)).toEqual(refused);
    expect(CommandResultSchema.safeParse({ ok: false, code: "NOPE", reason: "" }).success).toBe(false);
    expect(CommandResultSchema.parse({ ok: true, id: "12" })).toEqual({ ok: true, id: "12" });
  });
});
