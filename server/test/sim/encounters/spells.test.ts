import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus, hasStatus, removeStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { newTurn } from "../../../src/sim/combat/d20/actions.ts";
import { ageZones, playPlan, takeD20Turn, type D20Step, type TurnState } from "../../../src/sim/combat/d20/turn.ts";
import type { D20Spell } from "../../../src/sim/combat/d20/spells.ts";
import { d20Sim, forceDice, hero, minion } from "./helpers.ts";

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);
const FIREBALL: D20Spell = { name: "fireball", cost: 3, pool: "mana", kind: "area", band: "medium", damage: "2d6", damageType: "burn", element: "fire", radius: 1, };
const BOLT: D20Spell = { name: "bolt", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d10", damageType: "magic", element: "fire", radius: 0 };
const turn = (): TurnState => ({ budget: newTurn(6), attacksLeft: 0 });

/** A caster at (2, 5) with 5 mana and both spells; minions where asked; a wall column at x = 6 except row 0. */
function arena(minions: [number, number][]) {
  const rows = Array.from({ length: 12 }, (_, y) => (y === 11 ? "SK" : y === 0 ? "P." : "..") + "....".concat(y === 0 ? "." : "#") + ".".repeat(13));
  const sim = d20Sim(1, rows.join("\n"));
  const c = hero(sim, 2, 5);
  const ms = minions.map(([x, y]) => minion(sim, x, y));
  for (const u of [c, ...ms]) {
    const d = d20Of(u);
    d.hp = d.maxHp = 100;
    d.abilities = { ...ZERO };
    addStatus(d.statuses, "paralysed", "", 1);
  }
  d20Of(c).mana = 5;
  d20Of(c).spells = [FIREBALL, BOLT];
  d20Of(c).abilities.mental = 2;
  c.targetId = ms[0]!.id;
  sim.step();
  for (const u of [c, ...ms]) removeStatus(d20Of(u).statuses, "paralysed");
  sim.drainEvents();
  return { sim, c, ms, enc: Object.values(sim.state.encounters ?? {})[0]! };
}

describe("d20 spells and techniques", () => {
  it("D20-ACTION-07, D20-ACTION-08, D20-ACTION-09, D20-DAMAGE-04, D20-ATTACK-66: an area spell is a full action paid in Mana, one roll for all, reaching behind total cover", () => {
    const f = arena([[7, 5], [8, 5]]);
    const [m1, m2] = f.ms;
    const ts = turn();
    forceDice(f.sim, [4, 5]);
    const steps: D20Step[] = [{ kind: "cast", spell: "fireball", x: 7, y: 5 }];
    expect(playPlan(f.sim, f.enc, f.c, { steps }, ts)).toEqual([null]);
    expect(d20Of(m1!).hp).toBe(91);
    expect(d20Of(m2!).hp).toBe(91);
    expect(d20Of(f.c).mana).toBe(2);
    expect(ts.budget.full).toBe(false);
    expect(playPlan(f.sim, f.enc, f.c, { steps }, turn())[0]).toMatch(/not enough mana/);
  });

  it("D20-STATUS-04: a silenced creature cannot cast", () => {
    const f = arena([[7, 5]]);
    addStatus(d20Of(f.c).statuses, "silenced");
    expect(playPlan(f.sim, f.enc, f.c, { steps: [{ kind: "cast", spell: "bolt", targetId: f.ms[0]!.id }] }, turn())[0]).toMatch(/D20-STATUS-04/);
    expect(d20Of(f.c).mana).toBe(5);
  });

  it("D20-ATTACK-14, D20-ATTACK-48, D20-ACTION-30: a spell attack rolls Mental against AC raised by Magic Absorb, within its band only", () => {
    const f = arena([[4, 5], [2, 9]]);
    const [m1, far] = f.ms;
    d20Of(m1!).abilities.contre = 2;
    expect(playPlan(f.sim, f.enc, f.c, { steps: [{ kind: "cast", spell: "bolt", targetId: far!.id }] }, turn())).toEqual([null]);
    f.sim.drainEvents();
    d20Of(f.c).mana = 5;
    const g = arena([[4, 5], [9, 1]]);
    expect(playPlan(g.sim, g.enc, g.c, { steps: [{ kind: "cast", spell: "bolt", targetId: g.ms[1]!.id }] }, turn())[0]).toMatch(/D20-ATTACK-48/);
    forceDice(f.sim, [11, 7]);
    playPlan(f.sim, f.enc, f.c, { steps: [{ kind: "cast", spell: "bolt", targetId: m1!.id }] }, turn());
    const events = f.sim.drainEvents();
    expect(of(events, "reaction")).toEqual([expect.objectContaining({ unitId: m1!.id, detail: "magicAbsorb" })]);
    expect(of(events, "attack")[0]).toMatchObject({ attackRoll: 13, defenceRoll: 13, hit: true });
    expect(d20Of(m1!).hp).toBe(93);
  });

  it("D20-ACTION-36, D20-FLOW-34: a readied spell is paid when readied and released by the reaction the Ready provides; without Ready nothing reacts", () => {
    const f = arena([[12, 5]]);
    const [m] = f.ms;
    playPlan(f.sim, f.enc, m!, { steps: [{ kind: "move", path: [{ x: 11, y: 4 }, { x: 10, y: 3 }] }] }, turn());
    expect(of(f.sim.drainEvents(), "reaction")).toEqual([]);
    const ts = turn();
    expect(playPlan(f.sim, f.enc, f.c, { steps: [{ kind: "readySpell", spell: "bolt" }] }, ts)).toEqual([null]);
    expect(d20Of(f.c).mana).toBe(3);
    forceDice(f.sim, [15, 6]);
    playPlan(f.sim, f.enc, m!, { steps: [{ kind: "move", path: [{ x: 9, y: 2 }, { x: 8, y: 1 }, { x: 7, y: 0 }, { x: 6, y: 0 }] }] }, turn());
    const events = f.sim.drainEvents();
    expect(of(events, "reaction")).toEqual([expect.objectContaining({ unitId: f.c.id, kind: "readied", detail: "bolt", againstId: m!.id })]);
    expect(d20Of(m!).hp).toBe(94);
    expect([m!.x, m!.y]).toEqual([6, 0]);
  });

  it("D20-ACTION-36: a held spell not released by the caster's next turn is lost, its cost spent", () => {
    const f = arena([[12, 5]]);
    playPlan(f.sim, f.enc, f.c, { steps: [{ kind: "readySpell", spell: "bolt" }] }, turn());
    takeD20Turn(f.sim, f.enc, f.c, { steps: [] });
    expect(hasStatus(d20Of(f.c).statuses, "readied")).toBe(false);
    expect(d20Of(f.c).mana).toBe(3);
  });

  it("D20-DAMAGE-10, D20-DAMAGE-15, D20-DAMAGE-24: a creature starting its turn in a ground zone takes its damage; zones last 2 rounds", () => {
    const f = arena([[9, 5]]);
    const [m] = f.ms;
    d20Of(f.c).spells = [{ ...FIREBALL, name: "acid pool", damage: "1", damageType: "acid", radius: 0, zone: { type: "acid" } }];
    playPlan(f.sim, f.enc, f.c, { steps: [{ kind: "cast", spell: "acid pool", x: 9, y: 5 }] }, turn());
    expect(d20Of(m!).hp).toBe(99);
    expect(f.enc.zones).toEqual([{ x: 9, y: 5, type: "acid", roundsLeft: 2, sourceId: f.c.id }]);
    addStatus(d20Of(m!).statuses, "paralysed", "", 1);
    forceDice(f.sim, [4]);
    takeD20Turn(f.sim, f.enc, m!, null);
    expect(d20Of(m!).hp).toBe(95);
    expect(of(f.sim.drainEvents(), "damaged").at(-1)).toMatchObject({ amount: 4, damageType: "acid" });
    ageZones(f.enc);
    expect(f.enc.zones).toHaveLength(1);
    ageZones(f.enc);
    expect(f.enc.zones).toEqual([]);
  });
});
