import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { EVENT_AUDIENCE } from "@malignus/shared";
import { audienceOf, eventAudience, lazyContext, spectatorsHear } from "../../../src/sim/views/index.ts";
import { makeSim } from "../knowledge/helpers.ts";

const EVENTS_TS = fileURLToPath(new URL("../../../../shared/src/events.ts", import.meta.url));
const TSCONFIG = fileURLToPath(new URL("../../../../tsconfig.json", import.meta.url));

/** Every member of `SimEventType` (shared/src/events.ts), read by the TypeScript compiler. */
function declaredEventTypes(): string[] {
  const config = ts.readConfigFile(TSCONFIG, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, fileURLToPath(new URL("../../../../", import.meta.url)));
  const program = ts.createProgram([EVENTS_TS], { ...options, types: [] });
  const source = program.getSourceFile(EVENTS_TS)!;
  const alias = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === "SimEventType")!;
  const type = program.getTypeChecker().getTypeAtLocation(alias.name);
  const members = type.isUnion() ? type.types : [type];
  return members.map((t) => (t as ts.StringLiteralType).value).sort();
}

describe("every event type declares its audience (issue 15 part 5: no visible-by-default)", () => {
  it("EVENT_AUDIENCE holds exactly one declaration per member of SimEventType, each with its clauses", () => {
    const types = declaredEventTypes();
    expect(types).toEqual(expect.arrayContaining(["caveIn", "partRemoved", "cableRemoved", "paused", "resumed", "trapFired"]));
    expect(types.filter((t) => audienceOf(t) === undefined)).toEqual([]);
    expect(Object.keys(EVENT_AUDIENCE).sort()).toEqual(types);
    for (const type of types) {
      const a = audienceOf(type)!;
      expect(["always", "fog"]).toContain(a.keeper);
      expect(["never", "always", "witness"]).toContain(a.adventurer);
      // A fog event must name what lifts it; a witness event must say where one is present.
      if (a.keeper === "fog") expect([type, (a.units ?? []).length + (a.among ?? []).length + (a.parts ?? []).length + (a.party ? 1 : 0)]).not.toEqual([type, 0]);
      if (a.adventurer === "witness") {
        const presence = (a.units ?? []).length + (a.among ?? []).length + (a.tiles ?? []).length + (a.at ? 1 : 0) + (a.party ? 1 : 0) + (a.encounter ? 1 : 0);
        expect([type, presence]).not.toEqual([type, 0]);
      }
    }
  });

  it("an event type with no declaration is heard by no keeper and no adventurer player, only by a see-all spectator", () => {
    const sim = makeSim();
    const ctx = lazyContext(sim);
    const undeclared = { type: "somethingNew", tick: 0 };
    expect(audienceOf("somethingNew")).toBeUndefined();
    expect(audienceOf("toString")).toBeUndefined();
    expect([
      eventAudience(ctx, undeclared, { kind: "keeper" }),
      eventAudience(ctx, undeclared, { kind: "adventurer", unitId: "1" }),
      eventAudience(ctx, undeclared, { kind: "all" }),
    ]).toEqual([false, false, true]);
  });

  it("spectators are not sent the keeper-only events that only repeat a state change (issue 20 part 4); every other type they may hear", () => {
    const types = declaredEventTypes();
    const repeats = types.filter((t) => !spectatorsHear(t));
    expect(repeats).toEqual(["attackOrdered", "cableLaid", "cableRemoved", "partMoved", "partPlaced", "partRemoved", "stanceChanged"]);
    // Keeper-only (never an adventurer's), heard by the keeper whatever the fog.
    for (const t of repeats) expect([t, audienceOf(t)!.keeper, audienceOf(t)!.adventurer]).toEqual([t, "always", "never"]);
    expect(spectatorsHear("partBuilt")).toBe(true);
    expect(spectatorsHear("attack")).toBe(true);
    expect(spectatorsHear("somethingNew")).toBe(true);
  });
});
