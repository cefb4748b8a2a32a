import { describe, expect, it } from "vitest";
import { D20_KIT_WEAPONS, RANGE_BANDS, REACH_WEAPON_REACH } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { playRecordedTurn } from "./diceRecorder.ts";
import { of, plain } from "./live-helpers.ts";
import { attacks, damage, foe, party, playTurn, seat, walled } from "./live-turn.ts";

/**
 * Issue 17, audit s9-r4: D20-ATTACK-26, D20-ATTACK-38, D20-ATTACK-53 and D20-ATTACK-57 in a live
 * d20 room: a player plans its turn with the live `planTurn` command and `sim.step()` plays it with
 * forced dice (recorded where a die decides). Initiative: the player 20, the minion 1 (others 2).
 */
describe("audit s9-r4: attacks in a live d20 room", () => {
  it("D20-ATTACK-53: the Skyrider's gust (Short band, RANGE_BANDS.short = 5 tiles) is cast on a minion 5 tiles from its griffon's space (d20 15 hits AC 11, 1d6 3, 2 Mana); at 6 tiles it is refused, nothing drawn, no Mana spent", () => {
    expect(RANGE_BANDS.short).toBe(5);
    const cast = (x: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Skyrider"]);
      const m = foe(sim, x); // the griffon's 2 × 2 space covers x 4..5: x 10 is 5 tiles off, x 11 is 6
      s!.targetId = m.id;
      forceDice(sim, [20, 1, 2]); // initiative: Skyrider 20, its griffon 1, the minion 2
      sim.step();
      expect(sim.enqueue(seat(s!), { type: "planTurn", action: "steps", steps: [{ kind: "cast", spell: "gust", targetId: m.id }] } as never)).toEqual({ ok: true });
      const rec = recordD20Dice(sim, dice);
      const events = sim.step();
      expect(rec.left()).toBe(0);
      return { refusals: of(events, "turnPlanPlayed")[0]!.refusals, attacks: attacks(events), damage: damage(events), draws: rec.draws, mana: d20Of(s!).mana, ids: [s!.id, m.id] };
    };
    const at5 = cast(10, [15, 3]);
    expect(at5).toEqual({ refusals: [null], attacks: [[at5.ids[0], at5.ids[1], true, 15, 11]], damage: [[at5.ids[0], at5.ids[1], 3]], draws: ["d20=15", "d6=3"], mana: 2, ids: at5.ids });
    const at6 = cast(11, []);
    expect(at6).toEqual({ refusals: ["out of the spell's range (D20-ATTACK-48)"], attacks: [], damage: [], draws: [], mana: 4, ids: at6.ids });
  });

  it("D20-ATTACK-38: the Warrior (sword in its main hand, off hand empty) grapples the minion next to it (the Strength contest draws d20 11 and 9: grappled); the Rogue (shortsword and dagger: no free hand) is refused, no die drawn", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    expect([d20Of(w!).equipment.mainHand, d20Of(w!).equipment.offHand]).toEqual([["weapon:sword"], []]);
    w!.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue(seat(w!), { type: "planTurn", action: "steps", steps: [{ kind: "grapple", targetId: m.id }] } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, [11, 9]);
    const ev = sim.step();
    expect([of(ev, "turnPlanPlayed")[0]!.refusals, rec.draws, rec.left(), d20Of(m).statuses.filter((s) => s.kind === "grappled").map((s) => s.sourceId)]).toEqual([[null], ["d20=11", "d20=9"], 0, [w!.id]]);

    const sim2 = d20Sim(1);
    const [r] = party(sim2, ["Rogue"]);
    const m2 = foe(sim2, 5);
    expect([d20Of(r!).equipment.mainHand, d20Of(r!).equipment.offHand]).toEqual([["weapon:shortsword"], ["weapon:dagger"]]);
    const t = playTurn(sim2, r!, m2, [20, 1], [{ kind: "grapple", targetId: m2.id }], []);
    expect([t.refusals, d20Of(m2).statuses.filter((s) => s.kind === "grappled")]).toEqual([["grappling needs a free hand (D20-ATTACK-38)"], []]);
  });

  it("D20-ATTACK-57: the same shot (d20 10 + marksmanship 1 = 11) from (2, 2) at the minion (6, 4) hits AC 11 in the open (1d6 2), but misses behind the wall tile (4, 3) (three-quarters: AC 14) and behind another minion standing at (5, 3) (half: AC 12)", () => {
    const shoot = (walls: readonly (readonly [number, number])[], bystander: boolean, dice: number[]) => {
      const sim = d20Sim(1, walled(walls));
      const [s] = party(sim, ["Scout"], { x0: 2, y: 2 });
      const m = foe(sim, 6, 4);
      const others = bystander ? [foe(sim, 5, 3)] : [];
      const t = playTurn(sim, s!, m, [20, 1, ...others.map(() => 2)], [{ kind: "attack", targetId: m.id }], dice);
      return { hit: attacks(t.events).map((a) => [a[2], a[3], a[4]]), damage: damage(t.events).map((d) => d[2]), hp: d20Of(m).hp };
    };
    expect(shoot([], false, [10, 2])).toEqual({ hit: [[true, 11, 11]], damage: [2], hp: 28 });
    expect(shoot([[4, 3]], false, [10])).toEqual({ hit: [[false, 11, 14]], damage: [], hp: 30 });
    expect(shoot([], true, [10])).toEqual({ hit: [[false, 11, 12]], damage: [], hp: 30 });
  });

  it("D20-ATTACK-26: the minion's opportunity attack on the hero leaving its reach is one unarmed blow (d20 15 hits AC 12: 1 bludgeoning, 100 → 99) that spends its reaction: when the hero steps back in and leaves again in the same turn, no second attack, no die", () => {
    const sim = d20Sim(1);
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(d20Of(m).reactionUsed).toBe(false);
    const steps = [{ kind: "move", path: [{ x: 4, y: 5 }] }, { kind: "move", path: [{ x: 5, y: 5 }] }, { kind: "move", path: [{ x: 4, y: 5 }] }];
    expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, [15]);
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed")[0]!.refusals).toEqual([null, null, null]);
    expect(of(ev, "reaction").map((r) => [r.unitId, r.kind, r.detail, r.againstId])).toEqual([[m.id, "opportunityAttack", "unarmed", a.id]]);
    expect(attacks(ev)).toEqual([[m.id, a.id, true, 15, 12]]);
    expect(of(ev, "damaged").map((d) => [d.sourceId, d.targetId, d.amount, d.damageType, d.hp])).toEqual([[m.id, a.id, 1, "bludgeoning", 99]]);
    expect([rec.draws, rec.left(), d20Of(m).reactionUsed, a.x, a.y]).toEqual([["d20=15"], 0, true, 4, 5]);
  });

  it("D20-ATTACK-03: before the roll the shot's cover and edge are settled: with the wall (4, 3) giving the minion half cover (AC 12) and another minion next to the Scout (disadvantage), two d20 are drawn (15 and 11, 11 kept: 12 hits AC 12, then 1d6 3); 15 and 10 keep 10: 11 misses AC 12, no damage die; in the open with no neighbour one d20 10: 11 hits AC 11", () => {
    const shot = (walls: readonly (readonly [number, number])[], neighbour: boolean, dice: number[]) => {
      const sim = d20Sim(1, walled(walls));
      const [s] = party(sim, ["Scout"], { x0: 2, y: 3 });
      const m = foe(sim, 5, 3);
      const others = neighbour ? [foe(sim, 2, 4)] : [];
      s!.targetId = m.id;
      forceDice(sim, [20, 1, ...others.map(() => 2)]);
      sim.step();
      expect(sim.enqueue(seat(s!), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] } as never)).toEqual({ ok: true });
      const rec = recordD20Dice(sim, dice);
      const ev = sim.step();
      expect(rec.left()).toBe(0);
      return { attack: attacks(ev).map((a) => [a[2], a[3], a[4]]), draws: rec.draws, hp: d20Of(m).hp };
    };
    expect(shot([[4, 3]], true, [15, 11, 3])).toEqual({ attack: [[true, 12, 12]], draws: ["d20=15", "d20=11", "d6=3"], hp: 27 });
    expect(shot([[4, 3]], true, [15, 10])).toEqual({ attack: [[false, 11, 12]], draws: ["d20=15", "d20=10"], hp: 30 });
    expect(shot([], false, [10, 2])).toEqual({ attack: [[true, 11, 11]], draws: ["d20=10", "d6=2"], hp: 28 });
  });

  it("D20-ATTACK-06: on a hit the Warrior's sword rolls its damage (d20 15, then 1d8 5: 30 → 25); unless the attack says otherwise: the minion's unarmed blow (D20-ATTACK-24: 1 + skill, no die) hits with d20 15 and draws no damage die (100 → 99)", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    w!.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue(seat(w!), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, [15, 5]);
    const ev = sim.step();
    expect([attacks(ev), damage(ev), rec.draws, rec.left(), d20Of(m).hp]).toEqual([[[w!.id, m.id, true, 15, 11]], [[w!.id, m.id, 5]], ["d20=15", "d8=5"], 0, 25]);
    // the minion's turn: its unarmed blow on the Warrior (plain, 100 HP)
    d20Of(w!).hp = d20Of(w!).maxHp = 100;
    m.targetId = w!.id;
    const rec2 = recordD20Dice(sim, [15]);
    const ev2 = [...sim.step(), ...sim.step()];
    const blow = of(ev2, "attack").filter((a) => a.attackerId === m.id);
    expect([blow.map((a) => [a.hit, a.attackRoll]), damage(ev2).filter((d) => d[0] === m.id), rec2.draws, rec2.left(), d20Of(w!).hp]).toEqual([[[true, 15]], [[m.id, w!.id, 1]], ["d20=15"], 0, 99]);
  });

  it("D20-ATTACK-46: a bow shot, a crossbow shot, a thrown dagger (the game's thrown weapon: there is no hatchet) and the Priest's smite spell at a minion 3 tiles off are each a ranged attack: with another minion next to the attacker each draws two d20 (15 and 12, 12 kept: D20-ATTACK-56), then its damage die; a melee blow with that neighbour draws one d20", () => {
    /** `attacker` at (5, 5) plans `steps` against the minion at (8, 5) with another minion at (5, 6); returns the draws and the damage dealt to the target. */
    const play = (make: (sim: ReturnType<typeof d20Sim>) => ReturnType<typeof hero>, steps: (targetId: string) => unknown[], dice: number[], x = 8) => {
      const sim = d20Sim(1);
      const a = make(sim);
      const m = foe(sim, x, 5);
      foe(sim, 5, 6); // the neighbour
      a.targetId = m.id;
      forceDice(sim, [20, 1, 2]);
      sim.step();
      expect(sim.enqueue(seat(a), { type: "planTurn", action: "steps", steps: steps(m.id) } as never)).toEqual({ ok: true });
      const rec = recordD20Dice(sim, dice);
      const ev = sim.step();
      expect([of(ev, "turnPlanPlayed")[0]!.refusals.every((r) => r === null), rec.left(), of(ev, "attack").map((e) => e.attackerId === a.id && e.targetId === m.id)]).toEqual([true, 0, [true]]);
      return { draws: rec.draws, dealt: damage(ev).filter((d) => d[1] === m.id).map((d) => d[2]) };
    };
    const gearHero = (weapon: "bow" | "crossbow" | "sword") => (sim: ReturnType<typeof d20Sim>) => {
      const h = hero(sim, 5, 5, { controller: "a0", gear: { weapon, blunt: false, ranged: weapon !== "sword", armour: "none", helm: 0 } });
      plain([h]);
      return h;
    };
    const member = (c: string) => (sim: ReturnType<typeof d20Sim>) => party(sim, [c], { x0: 5 })[0]!;
    const attack = (id: string) => [{ kind: "attack", targetId: id }];
    expect(play(gearHero("bow"), attack, [15, 12, 4])).toEqual({ draws: ["d20=15", "d20=12", "d6=4"], dealt: [4] });
    expect(play(gearHero("crossbow"), attack, [15, 12, 4])).toEqual({ draws: ["d20=15", "d20=12", "d6=4"], dealt: [4] });
    expect(play(member("Rogue"), (id) => [{ kind: "useObject", item: "swapWeapons" }, { kind: "attack", targetId: id, thrown: true }], [15, 12, 3])).toEqual({ draws: ["d20=15", "d20=12", "d4=3"], dealt: [3] });
    expect(play(member("Priest"), (id) => [{ kind: "cast", spell: "smite", targetId: id }], [15, 12, 4])).toEqual({ draws: ["d20=15", "d20=12", "d8=4"], dealt: [4] });
    expect(play(gearHero("sword"), attack, [12, 4], 6)).toEqual({ draws: ["d20=12", "d8=4"], dealt: [4] });
  });

  it("D20-ATTACK-24: instead of its longsword the Warrior (level 4, weapon skill 2) strikes the minion next to it unarmed (attack with `unarmed`): d20 15 hits AC 11, no damage die, 1 bludgeoning + its weapon skill; the Skyrider's unarmed blow (reach 1) on the minion 2 tiles off is refused, no die, where its spear (reach 2) hits it (d20 12, 1d6 4); an unarmed blow cannot be thrown", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"], { level: 4 });
    const m = foe(sim, 5);
    const skill = d20Of(w!).skills.weapon;
    expect(skill).toBe(2);
    w!.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue(seat(w!), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id, unarmed: true }] } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, [15]);
    const ev = sim.step();
    expect([of(ev, "turnPlanPlayed")[0]!.refusals, attacks(ev), of(ev, "damaged").map((d) => [d.sourceId, d.targetId, d.amount, d.damageType]), rec.draws, rec.left(), d20Of(m).hp, d20Of(w!).weapon.name]).toEqual([[null], [[w!.id, m.id, true, 15, 11]], [[w!.id, m.id, 1 + skill, "bludgeoning"]], ["d20=15"], 0, 30 - 3, "longsword"]);

    const sim2 = d20Sim(1);
    const [s] = party(sim2, ["Skyrider"]);
    const m2 = foe(sim2, 7); // 2 tiles from the griffon's 2 × 2 space (x 4..5)
    const t = playTurn(sim2, s!, m2, [20, 1, 2], [{ kind: "attack", targetId: m2.id, unarmed: true }], []);
    expect([t.refusals, attacks(t.events), d20Of(m2).hp]).toEqual([["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"], [], 30]);
    const sim4 = d20Sim(1);
    const [w4] = party(sim4, ["Warrior"]);
    const m4 = foe(sim4, 5);
    const thrown = playTurn(sim4, w4!, m4, [20, 1], [{ kind: "attack", targetId: m4.id, unarmed: true, thrown: true }], []);
    expect([thrown.refusals, d20Of(m4).hp]).toEqual([["an unarmed blow is a melee attack of the main action (D20-ATTACK-24)"], 30]);
    const sim3 = d20Sim(1);
    const [s3] = party(sim3, ["Skyrider"]);
    const m3 = foe(sim3, 7);
    const armed = playTurn(sim3, s3!, m3, [20, 1, 2], [{ kind: "attack", targetId: m3.id }], [12, 4]);
    expect([armed.refusals, attacks(armed.events).map((a) => [a[2], a[3]]), damage(armed.events).map((d) => d[2])]).toEqual([[null], [[true, 12]], [4]]);
  });

  it("D20-ATTACK-70: the Warrior's attack on the minion's tile (5, 5) with d20s 18 and 19 (18 kept, unseen: disadvantage) hits (1d8 4: 30 → 26); the same dice on the empty tile (5, 6) miss, and so do two natural 20s there: no damage die", () => {
    const swing = (x: number, y: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      w!.targetId = m.id;
      forceDice(sim, [20, 1]);
      sim.step();
      expect(sim.enqueue(seat(w!), { type: "planTurn", action: "steps", steps: [{ kind: "attackTile", x, y }] } as never)).toEqual({ ok: true });
      const rec = recordD20Dice(sim, dice);
      const ev = sim.step();
      expect(rec.left()).toBe(0);
      return { hit: of(ev, "attack").map((a) => [a.hit, a.attackRoll]), draws: rec.draws, hp: d20Of(m).hp };
    };
    expect(swing(5, 5, [18, 19, 4])).toEqual({ hit: [[true, 18]], draws: ["d20=18", "d20=19", "d8=4"], hp: 26 });
    expect(swing(5, 6, [18, 19])).toEqual({ hit: [[false, 18]], draws: ["d20=18", "d20=19"], hp: 30 });
    expect(swing(5, 6, [20, 20])).toEqual({ hit: [[false, 20]], draws: ["d20=20", "d20=20"], hp: 30 });
  });

  it("D20-ATTACK-73: the Warrior (Furtivité 2, Discrétion 1) hides (d20 8: 11 beats the minion's passive 10) and stays hidden when it does not attack; its attack reveals it when it misses (advantage: 2 and 3, 3 kept: misses AC 11) as when it hits (2 and 15: 1d8 4)", () => {
    const hideThen = (steps: (id: string) => unknown[], dice: number[]) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      d20Of(w!).abilities.furtivite = 2;
      d20Of(w!).skills.discretion = 1;
      const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "hide" }, ...steps(m.id)], dice);
      return { refusals: t.refusals, draws: t.draws, hit: of(t.events, "attack").map((a) => a.hit), seen: sim.ruleset.statuses(w!) };
    };
    expect(hideThen(() => [], [8])).toEqual({ refusals: [null], draws: ["d20=8"], hit: [], seen: ["hidden"] });
    expect(hideThen((id) => [{ kind: "attack", targetId: id }], [8, 2, 3])).toEqual({ refusals: [null, null], draws: ["d20=8", "d20=2", "d20=3"], hit: [false], seen: [] });
    expect(hideThen((id) => [{ kind: "attack", targetId: id }], [8, 2, 15, 4])).toEqual({ refusals: [null, null], draws: ["d20=8", "d20=2", "d20=15", "d8=4"], hit: [true], seen: [] });
  });

  it("D20-ATTACK-52: melee reaches the contact band, RANGE_BANDS.contact = 2 tiles at most: the Skyrider's spear (a reach weapon) hits the minion 2 tiles from its griffon's space (d20 15, 1d6 4); 3 tiles off the blow is refused, no die", () => {
    expect([RANGE_BANDS.contact, REACH_WEAPON_REACH]).toEqual([2, 2]);
    const thrust = (x: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Skyrider"]);
      const m = foe(sim, x); // the griffon's 2 × 2 space covers x 4..5
      const t = playTurn(sim, s!, m, [20, 1, 2], [{ kind: "attack", targetId: m.id }], dice);
      return { refusals: t.refusals, hit: attacks(t.events).map((a) => [a[2], a[3]]), hp: d20Of(m).hp, reach: d20Of(s!).weapon.reach };
    };
    expect(thrust(7, [15, 4])).toEqual({ refusals: [null], hit: [[true, 15]], hp: 26, reach: 2 });
    expect(thrust(8, [])).toEqual({ refusals: ["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"], hit: [], hp: 30, reach: 2 });
  });

  it("D20-ATTACK-30: the Rogue's off-hand dagger attack comes only after its Attack action (planned first: refused, no die), with two light melee weapons (the Warrior, off hand empty, and a Rogue holding a spear, not light, in its other hand are refused after their blow); after the shortsword's blow (d20 15, 1d6 4) the dagger strikes (d20 15, 1d4 3)", () => {
    const rogue = (steps: (id: string) => unknown[], dice: number[], cls = "Rogue", spearInOffHand = false) => {
      const sim = d20Sim(1);
      const [r] = party(sim, [cls]);
      if (spearInOffHand) { d20Of(r!).offHand = D20_KIT_WEAPONS.spear; d20Of(r!).equipment.offHand = ["weapon:spear"]; } // a melee weapon, not light
      const m = foe(sim, 5);
      const t = playRecordedTurn(sim, r!, m, [20, 1], steps(m.id), dice);
      return { refusals: t.refusals, draws: t.draws, hp: d20Of(m).hp };
    };
    const NOT_YET = "the off-hand attack follows the Attack action (D20-ATTACK-30)";
    const TWO = "two-weapon fighting needs two light weapons, the demi-action and the reaction (D20-ATTACK-30, D20-ATTACK-31)";
    expect(rogue((id) => [{ kind: "attack", targetId: id, offHand: true }], [])).toEqual({ refusals: [NOT_YET], draws: [], hp: 30 });
    expect(rogue((id) => [{ kind: "attack", targetId: id }, { kind: "attack", targetId: id, offHand: true }], [15, 4, 15, 3])).toEqual({ refusals: [null, null], draws: ["d20=15", "d6=4", "d20=15", "d4=3"], hp: 23 });
    expect(rogue((id) => [{ kind: "attack", targetId: id }, { kind: "attack", targetId: id, offHand: true }], [15, 5], "Warrior")).toEqual({ refusals: [null, TWO], draws: ["d20=15", "d8=5"], hp: 25 });
    expect(rogue((id) => [{ kind: "attack", targetId: id }, { kind: "attack", targetId: id, offHand: true }], [15, 4], "Rogue", true)).toEqual({ refusals: [null, TWO], draws: ["d20=15", "d6=4"], hp: 26 });
  });

  it("D20-ATTACK-31: the off-hand attack needs and spends the reaction: a Rogue whose reaction went on its shortsword's natural 1 (D20-ATTACK-18) is refused the dagger attack, no die; the shortsword alone (d20 15) leaves the reaction, the dagger after it spends it", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 5);
    const t = playRecordedTurn(sim, r!, m, [20, 1], [{ kind: "attack", targetId: m.id }, { kind: "attack", targetId: m.id, offHand: true }], [1]);
    expect([t.refusals, t.draws, d20Of(r!).reactionUsed, d20Of(m).hp]).toEqual([[null, "two-weapon fighting needs two light weapons, the demi-action and the reaction (D20-ATTACK-30, D20-ATTACK-31)"], ["d20=1"], true, 30]);
    const sim2 = d20Sim(1);
    const [r2] = party(sim2, ["Rogue"]);
    const m2 = foe(sim2, 5);
    const t2 = playRecordedTurn(sim2, r2!, m2, [20, 1], [{ kind: "attack", targetId: m2.id }], [15, 4]);
    expect([t2.refusals, d20Of(r2!).reactionUsed]).toEqual([[null], false]);
    const sim3 = d20Sim(1);
    const [r3] = party(sim3, ["Rogue"]);
    const m3 = foe(sim3, 5);
    const t3 = playRecordedTurn(sim3, r3!, m3, [20, 1], [{ kind: "attack", targetId: m3.id }, { kind: "attack", targetId: m3.id, offHand: true }], [15, 4, 15, 3]);
    expect([t3.refusals, d20Of(r3!).reactionUsed]).toEqual([[null, null], true]);
  });

  it("D20-ATTACK-19: the Warrior's longsword (reach 1) strikes the minion next to it (d20 15, 1d8 5: 30 → 25); the minion 2 tiles off is beyond its reach: refused, no die", () => {
    const blow = (x: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, x);
      const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice);
      return { refusals: t.refusals, draws: t.draws, hp: d20Of(m).hp, reach: d20Of(w!).weapon.reach };
    };
    expect(blow(5, [15, 5])).toEqual({ refusals: [null], draws: ["d20=15", "d8=5"], hp: 25, reach: 1 });
    expect(blow(6, [])).toEqual({ refusals: ["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"], draws: [], hp: 30, reach: 1 });
  });

  it("D20-ATTACK-56: only a hostile creature next to the Scout imposes the disadvantage: with its ally the Warrior next to it, the shot at the minion 4 tiles south draws one d20 (12 + 1 = 13 hits, 1d6 3); with a second minion there instead, two d20 (15 and 9, 9 kept: 10 misses AC 11)", () => {
    const sim = d20Sim(1);
    const [s, w] = party(sim, ["Scout", "Warrior"], { x0: 4 }); // the Warrior at (5, 5), next to the Scout at (4, 5)
    const m = foe(sim, 4, 9); // straight south: the Warrior is not on the shot's line
    const t = playRecordedTurn(sim, s!, m, [20, 2, 1], [{ kind: "attack", targetId: m.id }], [12, 3]);
    expect([w!.faction, t.refusals, t.draws, attacks(t.events).map((a) => [a[2], a[3]]), d20Of(m).hp]).toEqual([s!.faction, [null], ["d20=12", "d6=3"], [[true, 13]], 27]);
    const sim2 = d20Sim(1);
    const [s2] = party(sim2, ["Scout"], { x0: 4 });
    const m2 = foe(sim2, 4, 9);
    foe(sim2, 5);
    const t2 = playRecordedTurn(sim2, s2!, m2, [20, 1, 2], [{ kind: "attack", targetId: m2.id }], [15, 9]);
    expect([t2.refusals, t2.draws, attacks(t2.events).map((a) => [a[2], a[3]]), d20Of(m2).hp]).toEqual([[null], ["d20=15", "d20=9"], [[false, 10]], 30]);
  });
});
