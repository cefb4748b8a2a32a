import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { newTurn } from "../../../src/sim/combat/d20/actions.ts";
import { addStatus, hasStatus, removeStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { refreshSqueezing } from "../../../src/sim/combat/d20/spaces.ts";
import { blockedLines, mapCover } from "../../../src/sim/combat/d20/cover.ts";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import { playPlan } from "../../../src/sim/combat/d20/turn.ts";
import { stepTo } from "../../../src/sim/combat/d20/stepping.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 7, d20finish: a creature covering several tiles attacks from its whole space (cover lines
 * from its best tile, D20-ATTACK-57 to D20-ATTACK-62 with D20-SIZE-01), and the reach it leaves
 * is measured with the space it will take on the next tile, squeezed there or not (D20-ATTACK-25,
 * D20-SIZE-08).
 */

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const strip = (events: SimEvent[]) => events.map(({ tick: _t, ...e }) => e);
const arena = (edit: (row: string, y: number) => string) => ARENA.split("\n").map(edit).join("\n");
/** A wall at x = 4 on rows 2 to 4. */
const PILLAR = arena((r, y) => (y >= 2 && y <= 4 ? r.slice(0, 4) + "#" + r.slice(5) : r));
/** Walls on rows 4 and 6 for x = 6..12: row 5 is a 1-tile corridor from x = 6 to 12. */
const NARROW = arena((r, y) => (y === 4 || y === 6 ? r.slice(0, 6) + "#######" + r.slice(13) : r));

/** Every unit paralysed for the step that forms the encounter (so nobody acts), then freed. */
function form(sim: Simulation, units: UnitRecord[], aggressor: UnitRecord, target: UnitRecord) {
  for (const u of units) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; addStatus(d.statuses, "paralysed", "", 1); }
  aggressor.targetId = target.id;
  sim.step();
  for (const u of units) removeStatus(d20Of(u).statuses, "paralysed");
  sim.drainEvents();
  return Object.values(sim.state.encounters ?? {})[0]!;
}

describe("an attacker's whole space for cover (d20finish)", () => {
  it("D20-ATTACK-57 to D20-ATTACK-61, D20-SIZE-01: behind the pillar from the Large attacker's north-west tile (4 lines blocked, total), but its north-east tile sees (9, 2) past it: no cover", () => {
    const sim = d20Sim(1, PILLAR);
    const map = sim.state.map;
    const large = { size: "large" as const, statuses: [] as { kind: string }[] };
    expect(blockedLines(map, { x: 2, y: 4 }, { x: 9, y: 2 })).toBe(4);
    expect(mapCover(map, { x: 2, y: 4 }, { x: 9, y: 2 })).toBe("total");
    expect(blockedLines(map, { x: 2, y: 4, d20: large }, { x: 9, y: 2 })).toBe(0);
    expect(mapCover(map, { x: 2, y: 4, d20: large }, { x: 9, y: 2 })).toBe("none");
    // Squeezing, it covers its north-west tile only (D20-SIZE-08).
    expect(mapCover(map, { x: 2, y: 4, d20: { size: "large", statuses: [{ kind: "squeezing" }] } }, { x: 9, y: 2 })).toBe("total");
  });

  it("live: a Large archer's options show the minion at (9, 2) without cover, and its arrow meets AC 11 (not only a natural 20)", () => {
    const sim = d20Sim(1, PILLAR);
    const h = hero(sim, 2, 4, { controller: "seat-1", gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    const m = minion(sim, 9, 2);
    d20Of(h).size = "large";
    const enc = form(sim, [h, m], h, m);
    const o = d20TurnOptions(sim, enc, h);
    expect([o.targets, o.targetCover]).toEqual([[m.id], ["none"]]);
    forceDice(sim, [12, 4]);
    expect(playPlan(sim, enc, h, { steps: [{ kind: "attack", targetId: m.id }] }, { budget: newTurn(6), attacksLeft: 0 })).toEqual([null]);
    const events = strip(sim.drainEvents());
    expect(events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: h.id, targetId: m.id, hit: true, attackRoll: 12, defenceRoll: 11 }]);
    expect(d20Of(m).hp).toBe(96);
  });
});

describe("the reach a squeezing mover leaves (d20finish)", () => {
  it("D20-ATTACK-25, D20-SIZE-08: a Large troll stepping from the open (2×2) into the corridor squeezes to 1 tile there, so it leaves the reach of the hero at (6, 7): an opportunity attack", () => {
    const sim = d20Sim(1, NARROW);
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 4, y: 5, gear: { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 } });
    const m = hero(sim, 6, 7);
    const enc = form(sim, [troll, m], m, troll);
    refreshSqueezing(sim, troll);
    expect(hasStatus(d20Of(troll).statuses, "squeezing")).toBe(false);
    // Now 1 from the hero ((5, 6) of its 2×2 space is next to (6, 7)); on (5, 5) squeezed it is 2 away.
    forceDice(sim, [15, 1]);
    const budget = newTurn(6);
    expect(stepTo(sim, enc, troll, { x: 5, y: 5 }, budget, true)).toBeNull();
    const events = strip(sim.drainEvents());
    expect(events.filter((e) => e.type === "reaction")).toEqual([{ type: "reaction", unitId: m.id, kind: "opportunityAttack", detail: d20Of(m).weapon.name, againstId: troll.id }]);
    expect(events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: m.id, targetId: troll.id, hit: true, attackRoll: 15, defenceRoll: 12 }]);
    expect([troll.x, troll.y, hasStatus(d20Of(troll).statuses, "squeezing"), budget.movement]).toEqual([5, 5, true, 4]);
  });

  it("D20-ATTACK-25: back out into the open (2×2 again at (4, 5)) it stays within 1 of the hero: no opportunity attack", () => {
    const sim = d20Sim(1, NARROW);
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 5, y: 5, gear: { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 } });
    const m = hero(sim, 4, 7);
    const enc = form(sim, [troll, m], m, troll);
    refreshSqueezing(sim, troll);
    expect(hasStatus(d20Of(troll).statuses, "squeezing")).toBe(true);
    // Squeezed on (5, 5) it is 2 from (4, 7): not in reach, so nothing to leave; the 2×2 on (4, 5) comes within 1.
    const budget = newTurn(6);
    expect(stepTo(sim, enc, troll, { x: 4, y: 5 }, budget, true)).toBeNull();
    expect(strip(sim.drainEvents()).filter((e) => e.type === "reaction" || e.type === "attack")).toEqual([]);
    expect([hasStatus(d20Of(troll).statuses, "squeezing"), budget.movement]).toEqual([false, 5]);
  });
});
