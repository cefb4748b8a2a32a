import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { BYSTANDER_HIT_CHANCE } from "@malignus/shared";
import { canReach, stepCombat } from "../../../src/sim/combat/combat.ts";
import { shotTaker } from "../../../src/sim/combat/shots.ts";
import { shotPath } from "../../../src/sim/combat/perception.ts";
import { adventurer, makeSim, pct } from "./helpers.ts";

const BOW = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } as const;
const EYES = { combat: 3, craft: 0, tracking: 3, block: 0 };

describe("shots and bodies on their path", () => {
  it("CMB-13: a body on the path does not block the shot", () => {
    const sim = makeSim();
    const archer = addUnit(sim, { kind: "minion", x: 1, y: 3, stats: { ...EYES }, gear: { ...BOW } });
    const target = adventurer(sim, 6, 3);
    addUnit(sim, { kind: "minion", x: 3, y: 3 });
    adventurer(sim, 4, 3);
    expect(shotPath(archer, target)).toEqual([{ x: 2, y: 3 }, { x: 3, y: 3 }, { x: 4, y: 3 }, { x: 5, y: 3 }]);
    expect(canReach(sim, archer, target)).toBe(true);
  });

  it(`CMB-14: each body on the path, nearest the shooter first, takes the shot with ${BYSTANDER_HIT_CHANCE}%: 25 / 18.75 / 56.25 over 20,000 shots (±1.2)`, () => {
    expect(BYSTANDER_HIT_CHANCE).toBe(25);
    const sim = makeSim(21);
    const archer = addUnit(sim, { kind: "minion", x: 1, y: 3, stats: { ...EYES }, gear: { ...BOW } });
    const target = adventurer(sim, 6, 3);
    const friend = addUnit(sim, { kind: "minion", x: 3, y: 3 }); // nearer the shooter: checked first
    const foe = adventurer(sim, 4, 3);
    const down = adventurer(sim, 5, 3, { activity: "unconscious" }); // bodies on the ground are not in the way
    const counts: Record<string, number> = {};
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const hit = shotTaker(sim, archer, target);
      counts[hit.id] = (counts[hit.id] ?? 0) + 1;
    }
    expect(Math.abs(pct(counts[friend.id] ?? 0, n) - 25)).toBeLessThan(1.2);
    expect(Math.abs(pct(counts[foe.id] ?? 0, n) - 18.75)).toBeLessThan(1.2);
    expect(Math.abs(pct(counts[target.id] ?? 0, n) - 56.25)).toBeLessThan(1.2);
    expect(counts[down.id]).toBeUndefined();
  });

  it("CMB-14: a melee blow never goes astray, and an intercepted shot is announced before its attack", () => {
    const sim = makeSim(2);
    const fighter = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    const next = adventurer(sim, 4, 3);
    for (let i = 0; i < 100; i++) expect(shotTaker(sim, fighter, next)).toBe(next);
    const archer = addUnit(sim, { kind: "minion", x: 1, y: 5, stats: { ...EYES }, gear: { ...BOW } });
    const target = adventurer(sim, 6, 5);
    const bystander = adventurer(sim, 3, 5);
    archer.targetId = target.id;
    let seen = false;
    for (let i = 0; i < 200 && !seen; i++) {
      archer.nextAttackTick = 0;
      sim.drainEvents();
      stepCombat(sim);
      const ev = sim.drainEvents();
      const k = ev.findIndex((e) => e.type === "shotIntercepted");
      if (k >= 0) {
        seen = true;
        expect(ev[k]).toEqual({ type: "shotIntercepted", attackerId: archer.id, intendedId: target.id, targetId: bystander.id, tick: 0 });
        expect(ev[k + 1]).toMatchObject({ type: "attack", attackerId: archer.id, targetId: bystander.id });
      }
      if (bystander.activity !== "idle" || target.activity !== "idle") break;
    }
    expect(seen).toBe(true);
  });
});
