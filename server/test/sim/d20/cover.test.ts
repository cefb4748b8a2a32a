import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { blockedLines, creatureInTheWay, mapCover } from "../../../src/sim/combat/d20/cover.ts";
import { resolveD20Attack } from "../../../src/sim/combat/d20/resolve.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** A 10×7 open room (portal, sanctum and stockpile in its corners) with walls on `walls`. */
function room(walls: [number, number][]): string {
  const rows = ["P.........", "..........", "..........", "..........", "..........", "..........", "SK........"].map((r) => r.split(""));
  for (const [x, y] of walls) rows[y]![x] = "#";
  return rows.map((r) => r.join("")).join("\n");
}
const lines = (walls: [number, number][], a: [number, number], t: [number, number]) =>
  blockedLines(parseMap("t", room(walls)).map, { x: a[0], y: a[1] }, { x: t[0], y: t[1] });

describe("cover from the map's walls (issue 7, D20-ATTACK cover)", () => {
  it("D20-ATTACK-59, D20-ATTACK-62: lines blocked from the attacker's best corner: none in the open, half behind one wall tile in line", () => {
    expect(lines([], [2, 3], [6, 3])).toBe(0);
    // One wall tile straight between on the same row: the 2 lines along its faces graze it.
    expect(lines([[4, 3]], [2, 3], [6, 3])).toBe(2);
    expect(mapCover(parseMap("t", room([[4, 3]])).map, { x: 2, y: 3 }, { x: 6, y: 3 })).toBe("half");
  });

  it("D20-ATTACK-64: a target seen past the corner of a wall tile has three-quarters cover", () => {
    expect(lines([[4, 3]], [2, 2], [6, 4])).toBe(3);
    expect(mapCover(parseMap("t", room([[4, 3]])).map, { x: 2, y: 2 }, { x: 6, y: 4 })).toBe("threeQuarters");
  });

  it("D20-ATTACK-67: a target right behind a wall two tiles high has total cover; a line along the edge between two wall tiles is blocked", () => {
    expect(lines([[5, 2], [5, 3]], [2, 2], [6, 3])).toBe(4);
    expect(lines([[4, 2], [4, 3], [4, 4]], [2, 3], [6, 3])).toBe(4);
    expect(mapCover(parseMap("t", room([[5, 2], [5, 3]])).map, { x: 2, y: 2 }, { x: 6, y: 3 })).toBe("total");
  });

  it("D20-ATTACK-58: walls on the attacker's side do not count; a diagonal neighbour past two wall corners has no cover", () => {
    // The attacker stands in a doorway-like gap: walls right next to it, nothing near the target.
    expect(lines([[2, 2], [2, 4]], [2, 3], [6, 3])).toBe(0);
    expect(lines([[3, 2], [2, 3]], [2, 2], [3, 3])).toBe(0);
  });

  it("D20-ATTACK-61, D20-ATTACK-63: an attack's AC (the attack event's defenceRoll) includes the map's cover: +1 half, +3 three-quarters", () => {
    const shoot = (walls: [number, number][], from: [number, number], to: [number, number]) => {
      const sim = d20Sim(1, room(walls));
      const h = hero(sim, from[0], from[1], { gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
      const m = minion(sim, to[0], to[1]);
      for (const u of [h, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
      const events: SimEvent[] = [];
      const emit = sim.emit.bind(sim);
      sim.emit = (e) => { events.push(e as SimEvent); return emit(e); };
      forceDice(sim, [12, 1]); // attack d20, then the damage die
      const r = resolveD20Attack(sim, h, m);
      return { r, baseAc: d20Of(m).ac, attack: events.find((e) => e.type === "attack") };
    };
    const open = shoot([], [2, 2], [6, 4]);
    expect(open.r.ac).toBe(open.baseAc);
    expect(open.baseAc).toBe(11);
    const half = shoot([[4, 3]], [2, 3], [6, 3]);
    expect(half.r.ac).toBe(12);
    expect(half.attack).toMatchObject({ type: "attack", defenceRoll: 12, hit: true, attackRoll: 12 });
    const three = shoot([[4, 3]], [2, 2], [6, 4]);
    expect(three.r.ac).toBe(14);
    expect(three.attack).toMatchObject({ type: "attack", defenceRoll: 14, hit: false, attackRoll: 12 });
  });

  it("D20-ATTACK-65: behind total cover from the map only a natural 20 hits", () => {
    const sim = d20Sim(1, room([[5, 2], [5, 3]]));
    const h = hero(sim, 2, 2, { gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    const m = minion(sim, 6, 3);
    for (const u of [h, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    forceDice(sim, [19]);
    expect(resolveD20Attack(sim, h, m)).toMatchObject({ hit: false, total: 19, ac: 11 });
    forceDice(sim, [20, 3, 4]);
    expect(resolveD20Attack(sim, h, m)).toMatchObject({ hit: true, critical: true });
  });

  it("D20-ATTACK-62: a standing creature on the line between gives half cover (+1 AC); grazing its corner does not", () => {
    expect(creatureInTheWay({ x: 2, y: 3 }, { x: 6, y: 3 }, { x: 4, y: 3 })).toBe(true);
    expect(creatureInTheWay({ x: 2, y: 3 }, { x: 6, y: 3 }, { x: 4, y: 4 })).toBe(false);
    expect(creatureInTheWay({ x: 2, y: 2 }, { x: 4, y: 4 }, { x: 3, y: 2 })).toBe(false);
    const sim = d20Sim(1, room([]));
    const h = hero(sim, 2, 3, { gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    const m = minion(sim, 6, 3);
    const ally = minion(sim, 4, 3);
    for (const u of [h, m, ally]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    forceDice(sim, [11]);
    expect(resolveD20Attack(sim, h, m, { bystanders: [h, m, ally] })).toMatchObject({ hit: false, total: 11, ac: 12 });
    ally.y = 4; // out of the line
    forceDice(sim, [11, 1]);
    expect(resolveD20Attack(sim, h, m, { bystanders: [h, m, ally] })).toMatchObject({ hit: true, total: 11, ac: 11 });
  });

  it("D20-ATTACK-60: a creature's half cover and a wall's three-quarters do not stack: +3", () => {
    const map = parseMap("t", room([[4, 3]])).map;
    expect(mapCover(map, { x: 2, y: 2 }, { x: 6, y: 4 }, [{ x: 5, y: 3 }])).toBe("threeQuarters");
    expect(mapCover(map, { x: 2, y: 3 }, { x: 6, y: 3 }, [{ x: 5, y: 3 }])).toBe("half");
  });
});
