import { describe, expect, it } from "vitest";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, lines, recordDice } from "../d100/fixtures.ts";

/*
 * Sweep s8 (issue 17): CMB-21 ("two kobolds can fight from the same tile") in a live d100
 * encounter. d100 turns path around the tiles other units hold (encounters/tactics.ts
 * `occupied`); before this sweep that held a kobold's tile against a second kobold too, so in a
 * d100 room no two kobolds ever shared a tile (bug fixed: a kobold may step where `hasRoomFor`
 * says it has room). A Warrior (1,000 HP, no spell) stands at the dead end (8, 1) of a corridor; its
 * one free neighbour (7, 1) holds a kobold that attacks it; every unit's spells are taken away so
 * each turn is a walk and a blow; every d100 is 50 (each blow 50 against 50: a miss).
 */
const CORRIDOR = ["##########", "P........#", "##########", "#K......S#", "##########"].join("\n");

/** The scene with `second` and a third kobold behind the first at (5, 1) and (4, 1); four ticks (the encounter forms, then the turns) on `draws` d100s of 50. */
function scene(second: "kobold" | "minion", draws: number) {
  const sim = Simulation.create({ seed: 5, ruleset: "d100", map: parseMap("t", CORRIDOR) });
  const w = adventurer(sim, "Warrior", 8, 1);
  d100Of(w).hp = d100Of(w).maxHp = 1000;
  const k1 = addUnit(sim, { kind: "creature", species: "kobold", x: 7, y: 1 });
  const b = second === "kobold" ? addUnit(sim, { kind: "creature", species: "kobold", x: 5, y: 1 }) : addUnit(sim, { kind: "minion", x: 5, y: 1 });
  const k3 = addUnit(sim, { kind: "creature", species: "kobold", x: 4, y: 1 });
  for (const u of [w, k1, b, k3] as UnitRecord[]) d100Of(u).spells = [];
  k1.targetId = w.id;
  const dice = recordDice(sim, Array.from({ length: draws }, () => 50));
  const ev = [sim.step(), sim.step(), sim.step(), sim.step()].flat();
  return { w, k1, b, k3, attacks: lines(ev).filter((l) => l.includes(" attack ")), draws: dice.draws, left: dice.left() };
}

describe("CMB-21 in a live d100 encounter", () => {
  it("CMB-21: d100 — the second kobold walks onto the first kobold's tile (7, 1), the only one next to the Warrior, and strikes from it; the third kobold finds no room (two to a tile) and stays at (4, 1)", () => {
    const f = scene("kobold", 14);
    expect([[f.k1.x, f.k1.y], [f.b.x, f.b.y], [f.k3.x, f.k3.y]]).toEqual([[7, 1], [7, 1], [4, 1]]);
    expect(f.attacks).toEqual([
      `1 attack attackerId=${f.w.id} targetId=${f.k1.id} hit=false attackRoll=50 defenceRoll=50`,
      `2 attack attackerId=${f.k1.id} targetId=${f.w.id} hit=false attackRoll=50 defenceRoll=50`,
      `3 attack attackerId=${f.b.id} targetId=${f.w.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([f.draws, f.left]).toEqual([Array.from({ length: 14 }, () => "d100=50"), 0]);
  });

  it("CMB-21: d100 — a minion in the second kobold's place never shares the kobold's tile (kobolds only): it stays at (5, 1) and strikes nobody", () => {
    const f = scene("minion", 12);
    expect([[f.k1.x, f.k1.y], [f.b.x, f.b.y], [f.k3.x, f.k3.y]]).toEqual([[7, 1], [5, 1], [4, 1]]);
    expect(f.attacks).toEqual([
      `1 attack attackerId=${f.w.id} targetId=${f.k1.id} hit=false attackRoll=50 defenceRoll=50`,
      `2 attack attackerId=${f.k1.id} targetId=${f.w.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([f.draws, f.left]).toEqual([Array.from({ length: 12 }, () => "d100=50"), 0]);
  });
});
