import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { adventurerMayKnowUnit, audienceOf, StepViewContext, eventAudience, type ViewContext } from "../../../src/sim/views/index.ts";
import { knows } from "../../../src/sim/knowledge/knowledge.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { defaultSim } from "../helpers.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";

/** Every string an event holds (top-level values, inside lists and list items) and every key of its records: all it could name. */
function namedStrings(event: SimEvent): string[] {
  const out: string[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (typeof v === "string") { out.push(v); return; }
    if (v === null || typeof v !== "object" || depth > 2) return;
    if (Array.isArray(v)) { for (const x of v) visit(x, depth + 1); return; }
    for (const [k, x] of Object.entries(v)) { if (depth > 0) out.push(k); visit(x, depth + 1); }
  };
  visit(event, 0);
  return out;
}

/**
 * Why adventurer `me` must not hear `event`, read independently of the declarations' unit and
 * part fields: a cable it names, a trap part it does not know, a unit it may not know of (not
 * itself, not of its party, not perceived) while it is no insider; or undefined.
 */
function leak(ctx: ViewContext, event: SimEvent, me: UnitRecord): string | undefined {
  const s = ctx.sim.state;
  const a = audienceOf(event.type)!;
  const ev = event as unknown as Record<string, unknown>;
  const insider = (a.party !== undefined && ev[a.party] === me.partyId && me.partyId !== "")
    || (a.encounter !== undefined && (s.encounters?.[ev[a.encounter] as string]?.participants.includes(me.id) ?? false))
    || (a.among ?? []).some((f) => namedStrings({ [f]: ev[f] } as never).includes(me.id));
  for (const id of namedStrings(event)) {
    if (Object.hasOwn(s.cables, id)) return `cable ${id}`;
    if (Object.hasOwn(s.parts, id) && !knows(ctx.sim, me, id)) return `unknown part ${id}`;
    if (!insider && Object.hasOwn(s.units, id) && !adventurerMayKnowUnit(ctx.sim, me, id)) return `unperceived unit ${id}`;
  }
  return undefined;
}

/** Ticks swept per ruleset, from the first invasion's arrival. */
const TICKS = 20_000;

describe("no event an adventurer player hears names a secret (issue 15 part 5), swept over whole invasions", () => {
  for (const ruleset of ["malignus", "d20", "d100"] as RulesetId[]) {
    it(`${ruleset}: a trapped corridor, a far lever trap pulled every game hour, 20000 ticks from the first invasion: every event heard by a member's player names no cable, no unknown trap part, no unit it may not know`, () => {
      const sim = defaultSim(3, { ruleset, pauseOnSpot: false });
      placeBuilt(sim, "pressurePlate", 16, 15);
      placeBuilt(sim, "dartLauncher", 18, 15);
      wire(sim, [16, 15], [18, 15]);
      const lever = placeBuilt(sim, "lever", 15, 4);
      placeBuilt(sim, "dartLauncher", 17, 4);
      wire(sim, [15, 4], [17, 4]);
      sim.state.tick = sim.state.invasion.dueTick - 1;
      const ctx = new StepViewContext(sim);
      let heard = 0, denied = 0;
      const types = new Set<string>();
      const leaks: string[] = [];
      for (let t = 0; t < TICKS; t++) {
        if (t % 600 === 599) { sim.apply({ type: sim.state.parts[lever]!.active ? "resetLever" : "pullLever", partId: lever }); }
        const events = sim.step();
        ctx.invalidate();
        for (const e of events) {
          for (const id in sim.state.units) {
            const me = sim.state.units[id]!;
            if (me.partyId === "") continue;
            if (!eventAudience(ctx, e, { kind: "adventurer", unitId: id })) { denied++; continue; }
            heard++;
            types.add(e.type);
            const why = leak(ctx, e, me);
            if (why) leaks.push(`${e.type} to ${id}: ${why}`);
          }
        }
      }
      expect(leaks).toEqual([]);
      // Not vacuous: players heard fights and were kept from others.
      expect([heard > 0, denied > 0, types.has("attack"), types.has("invasionStarted")]).toEqual([true, true, true, true]);
    });
  }
});
