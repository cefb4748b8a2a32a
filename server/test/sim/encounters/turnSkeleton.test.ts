import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { playSteps, type StepLoop, type StepTable } from "../../../src/sim/combat/encounters/turnSkeleton.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import type { EncounterRecord } from "../../../src/sim/combat/encounters/types.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { newTurn } from "../../../src/sim/combat/d20/actions.ts";
import { D20_STEPS } from "../../../src/sim/combat/d20/steps/index.ts";
import { addStatus, removeStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { playPlan } from "../../../src/sim/combat/d20/turn.ts";
import { D100_STEPS } from "../../../src/sim/combat/d100/steps.ts";
import { D100_PLANS } from "../../../src/sim/combat/d100/plans.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer } from "../d100/fixtures.ts";
import { d20Sim, hero, minion } from "./helpers.ts";

/** A toy ruleset over the skeleton's loop: `ok` plays, `no` refuses, `stop` plays and ends the plan. */
interface Toy { kind: "ok" | "no" | "stop" | string }
function toyLoop(log: string[], opts: { down?: () => boolean } = {}): StepLoop<{ n: number }, Toy> {
  let n = 0;
  let stopped = false;
  const steps: StepTable<{ n: number }, Toy> = {
    ok: (c) => { log.push(`ok${c.n}`); return null; },
    no: (c) => { log.push(`no${c.n}`); return "refused"; },
    stop: (c) => { log.push(`stop${c.n}`); stopped = true; return null; },
  };
  return {
    steps,
    unknown: (s) => `unknown ${s.kind}`,
    halt: () => (opts.down?.() ? "down" : null),
    context: () => ({ n: n++ }),
    intercept: (c, s) => (s.kind === "talk" ? (log.push(`talk${c.n}`), null) : undefined),
    done: () => stopped,
  };
}

describe("the turn skeleton's step loop (encounters/turnSkeleton.ts playSteps)", () => {
  it("plays steps in order, each with a fresh context, and stops at the first refusal (its reason last)", () => {
    const log: string[] = [];
    expect(playSteps(toyLoop(log), [{ kind: "ok" }, { kind: "talk" }, { kind: "no" }, { kind: "ok" }])).toEqual([null, null, "refused"]);
    expect(log).toEqual(["ok0", "talk1", "no2"]);
  });

  it("stops after a step that ends the plan (done), and before a step when halted", () => {
    const log: string[] = [];
    expect(playSteps(toyLoop(log), [{ kind: "ok" }, { kind: "stop" }, { kind: "ok" }])).toEqual([null, null]);
    let calls = 0;
    expect(playSteps(toyLoop(log, { down: () => ++calls > 1 }), [{ kind: "ok" }, { kind: "ok" }, { kind: "ok" }])).toEqual([null, "down"]);
    expect(log).toEqual(["ok0", "stop1", "ok0"]);
  });

  it("refuses a kind with no handler, Object.prototype names included (no inherited handler is called)", () => {
    const log: string[] = [];
    const kinds = ["fly", "constructor", "toString", "__proto__", "hasOwnProperty"];
    for (const kind of kinds) expect(playSteps(toyLoop(log), [{ kind }])).toEqual([`unknown ${kind}`]);
    expect(log).toEqual([]);
  });
});

describe("one handler per step kind", () => {
  it("D20-ACTION-01, D20-ACTION-02: the d20 table has the 24 step kinds of plan.ts D20Step", () => {
    expect(Object.keys(D20_STEPS).sort()).toEqual([
      "attack", "attackTile", "cast", "dash", "disengage", "dismount", "dropProne", "escape", "firstAid", "grapple", "help", "hide",
      "mount", "mountAction", "move", "ready", "readySpell", "release", "reload", "say", "search", "standUp", "switchMode", "useObject",
    ]);
  });

  it("the d100 tables have the step kinds and one-word plans of shared/protocol.ts TurnPlan (companion ones are companions.ts's)", () => {
    expect(Object.keys(D100_STEPS).sort()).toEqual(["attack", "cast", "climb", "descend", "endTurn", "familiar", "forfeit", "guardedMove", "land", "move", "rescue", "takeOff", "wait"]);
    expect(Object.keys(D100_PLANS).sort()).toEqual(["attack", "climb", "descend", "forfeit", "guardedMove", "land", "move", "rescue", "takeOff", "wait"]);
  });
});

describe("step kinds named like Object.prototype members are refused in real turns", () => {
  it("D20-ACTION-02: a d20 plan step `constructor` is refused as undescribed, after `say` played", () => {
    const sim = d20Sim(1);
    const a = hero(sim, 2, 5), m = minion(sim, 6, 5);
    for (const u of [a, m]) addStatus(d20Of(u).statuses, "paralysed", "", 1);
    a.targetId = m.id;
    sim.step();
    for (const u of [a, m]) removeStatus(d20Of(u).statuses, "paralysed");
    const enc = encounterOf(sim, a.id) as EncounterRecord;
    const steps = [{ kind: "say", text: "hi" }, { kind: "constructor" }] as unknown as Parameters<typeof playPlan>[3]["steps"];
    expect(playPlan(sim, enc, a, { steps }, { budget: newTurn(6), attacksLeft: 0 })).toEqual([null, '"constructor" is not an action these rules describe (D20-ACTION-02)']);
  });

  it("d100: a step `toString` is refused unknownStep (the turn then ends); a one-word plan `constructor` is invalidPlan", () => {
    const arena = ["P...................", ...Array.from({ length: 10 }, () => "...................."), "SK.................."].join("\n");
    const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", arena) });
    const h = adventurer(sim, "Warrior", 5, 5);
    h.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 9, y: 5 });
    h.targetId = m.id;
    sim.step();
    const enc = encounterOf(sim, h.id) as EncounterRecord;
    const played = (events: SimEvent[]) => events.filter((e) => e.type === "turnPlanPlayed").map((e) => (e as { refusals: (string | null)[] }).refusals);
    enc.plans[h.id] = { action: "steps", steps: [{ kind: "toString" }] };
    expect(played(sim.step())).toEqual([["unknownStep"]]);
    expect(enc.acted.at(-1)).toBe(h.id);
    // The hero's next turn, with a one-word plan named like a prototype member.
    const events: SimEvent[] = [];
    enc.plans[h.id] = { action: "constructor" };
    for (let i = 0; i < 40 && played(events).length === 0; i++) events.push(...sim.step());
    expect(played(events)).toEqual([["invalidPlan"]]);
  });
});
