import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { Rng } from "../../../src/sim/rng.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { beginDuel, forfeitDuel } from "../../../src/sim/combat/d100/duels.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { ROUND_TICKS } from "@malignus/shared";
import { adventurer, forceDice, run, of } from "./fixtures.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

function d100Sim(seed = 1): Simulation {
  return Simulation.create({ seed, ruleset: "d100", map: parseMap("t", ARENA) });
}

describe("d100 ruleset in the simulation", () => {
  it("P100-PLACE-01, P100-DUEL-05: a d100 room gives every unit d100 data: roles, placements and HP from class data", () => {
    const sim = d100Sim();
    expect(sim.ruleset.id).toBe("d100");
    expect(sim.ruleset.timing).toBe("rounds");
    const w = adventurer(sim, "Warrior", 1, 1);
    const s = adventurer(sim, "Scout", 2, 1, { weapon: "bow", ranged: true });
    const p = adventurer(sim, "Priest", 3, 1, { weapon: "mace", blunt: true });
    const peasant = adventurer(sim, "Peasant", 4, 1, { weapon: "pitchfork" });
    expect([w, s, p, peasant].map((u) => [d100Of(u).role, d100Of(u).placement, d100Of(u).maxHp, d100Of(u).weapon])).toEqual([
      ["defender", "melee", 200, "armed"], ["attacker", "ranged", 150, "armed"], ["healer", "magic", 150, "armed"], ["attacker", "melee", 20, "improvised"],
    ]);
    expect(sim.ruleset.describe(w)).toEqual({ model: "hitPoints", value: 200, max: 200 });
    const kinds = [addUnit(sim, { kind: "master", x: 1, y: 2 }), addUnit(sim, { kind: "minion", x: 2, y: 2 }),
      addUnit(sim, { kind: "creature", species: "troll", x: 3, y: 2 }), addUnit(sim, { kind: "creature", species: "kobold", x: 4, y: 2 })];
    expect(kinds.map((u) => [d100Of(u).maxHp, d100Of(u).dyingPhase])).toEqual([[200, true], [60, false], [150, false], [20, false]]);
  });

  it("P100-DEATH-01: a trap's harm rolls the table's d100Damage range and a blow to 0 HP leaves the unit in a coma", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const predicted = new Rng(sim.rng.getState()).int(20, 60);
    sim.ruleset.harm(sim, w, "trap", { severity: "serious", damageType: "slashing", blunt: false, d100Damage: [20, 60] });
    expect(d100Of(w).hp).toBe(200 - predicted);
    const events = sim.drainEvents?.() ?? [];
    void events;
    d100Of(w).hp = 10;
    forceDice(sim, [30]);
    sim.ruleset.harm(sim, w, "trap", { severity: "serious", damageType: "fire", blunt: false, d100Damage: [20, 55] });
    expect([d100Of(w).hp, d100Of(w).dying, w.activity, sim.ruleset.isOutOfFight(w)]).toEqual([-20, true, "unconscious", true]);
  });

  it("P100-BASE-04, P100-BASE-10, P100-BASE-13: a fight forms an encounter with d100 initiative; a hit rolls damage against a dodge", () => {
    const sim = d100Sim();
    const a = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    a.targetId = m.id;
    // initiative: hero 40, minion 70; the minion's turn: attack 60 against dodge 30, damage 25 (unarmed 1..50).
    const dice = forceDice(sim, [40, 70, 60, 30, 25]);
    const events = sim.step();
    expect(of(events, "encounterStarted")[0]).toMatchObject({ order: [m.id, a.id], initiative: { [a.id]: 40, [m.id]: 70 } });
    expect(of(events, "attack")).toEqual([{ type: "attack", tick: 1, attackerId: m.id, targetId: a.id, hit: true, attackRoll: 60, defenceRoll: 30 }]);
    expect(of(events, "damaged")[0]).toMatchObject({ targetId: a.id, amount: 25, hp: 175 });
    expect(dice.left()).toBe(0);
  });

  it("P100-MASS-01, P100-MASS-06, P100-MASS-07, P100-MASS-09, P100-MASS-13, P100-MASS-14, P100-MASS-16: a peasant mob fights a troll as a swarm, checked event by event", () => {
    const sim = d100Sim(3);
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 10, y: 5, gear: { weapon: "club", blunt: true, ranged: false, armour: "none", helm: 0 } });
    const mob = [[9, 4], [9, 5], [9, 6], [10, 4], [10, 6], [11, 4], [11, 5], [11, 6]].map(([x, y]) => adventurer(sim, "Peasant", x!, y!, { weapon: "pitchfork" }));
    mob[0]!.targetId = troll.id;
    const events = run(sim, 400);
    expect(of(events, "encounterEnded")).toHaveLength(1);
    expect(of(events, "reaction")).toEqual([]); // no opportunity attacks in mass combat
    let standing = mob.length;
    let trollKills = 0, swarmHits = 0;
    const swarmAttackRounds: number[] = [];
    let round = 0;
    for (const e of events) {
      if (e.type === "turnStarted") round = e.round;
      if (e.type === "attack" && e.attackerId === troll.id) {
        expect(e.attackRoll).toBeLessThanOrEqual(40); // a d40 kill roll
        const kills = Math.min(Math.floor(e.attackRoll / 10), standing);
        const dead = of(events, "knockedOut").filter((k) => k.tick === e.tick && k.outcome === "dead" && k.unitId !== troll.id);
        expect(dead).toHaveLength(kills);
        standing -= kills;
        trollKills += kills;
      }
      if (e.type === "attack" && e.targetId === troll.id) {
        swarmAttackRounds.push(round);
        const dmg = of(events, "damaged").find((d) => d.tick === e.tick && d.targetId === troll.id);
        if (e.hit) {
          const strength = Math.min(80, 10 * standing);
          expect(dmg!.amount).toBeGreaterThanOrEqual(Math.max(1, 10 * Math.floor(strength / 50)));
          expect(dmg!.amount).toBeLessThanOrEqual(strength);
          swarmHits += 1;
        } else expect(dmg).toBeUndefined();
      }
    }
    expect(new Set(swarmAttackRounds).size).toBe(swarmAttackRounds.length); // the swarm acts once a round
    expect(trollKills).toBe(mob.filter((p) => d100Of(p).dead).length);
    expect(standing === 0 || d100Of(troll).dead || d100Of(troll).dying).toBe(true);
    expect(swarmHits).toBeGreaterThan(0);
  });

  it("P100-DUEL-01, P100-DUEL-05, P100-DUEL-06, P100-DUEL-07, P100-DUEL-08, P100-DUEL-18, P100-DUEL-21: a duel in the simulation, from bonus HP to the winner's HP afterwards", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    // initiative: warrior 30, minion 80.
    let dice = forceDice(sim, [30, 80]);
    const enc = beginDuel(sim, w.id, m.id, { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
    expect(typeof enc).toBe("object");
    expect([d100Of(w).hp, d100Of(w).maxHp, d100Of(m).hp, d100Of(m).maxHp]).toEqual([250, 250, 110, 200]);
    expect(dice.left()).toBe(0);
    // the minion: attack 60 against dodge 10, unarmed damage 50; the warrior: a heroic 100 for 100 × 1.5 = 150.
    dice = forceDice(sim, [60, 10, 50, 100, 100]);
    const events = run(sim, 2);
    expect(of(events, "damaged").map((e) => [e.targetId, e.amount, e.hp])).toEqual([[w.id, 50, 200], [m.id, 150, -40]]);
    expect(of(events, "duelEnded")).toEqual([{ type: "duelEnded", tick: 2, duelId: (enc as { id: string }).id, winnerId: w.id, loserId: m.id, how: "down", loserDied: false, hp: { [w.id]: 150, [m.id]: 1 } }]);
    expect(of(events, "encounterEnded")).toHaveLength(1);
    expect([d100Of(w).maxHp, d100Of(m).maxHp, d100Of(m).dead, m.activity]).toEqual([200, 60, false, "unconscious"]);
    expect(dice.left()).toBe(0);
  });

  it("P100-DUEL-03, P100-DUEL-19, P100-DUEL-20, P100-DUEL-22: nobody else acts in a duel; a forfeit ends it and a winner below 25 is raised to 25", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    forceDice(sim, [30, 80]);
    beginDuel(sim, w.id, m.id, { toDeath: true, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
    d100Of(w).hp = 60;
    expect(forfeitDuel(sim, m.id)).toBeNull();
    const events = sim.drainEvents?.() ?? run(sim, 1);
    const ended = of(events, "duelEnded")[0]!;
    expect([ended.how, ended.loserDied, ended.hp[w.id]]).toEqual(["forfeit", false, 25]);
    expect(forfeitDuel(sim, m.id)).toBe("notInDuel");
  });

  it("P100-AIR-01, P100-AIR-04, P100-AIR-07, P100-AIR-20, P100-AIR-21: a harpy archer takes off, climbs to moderate height and shoots a warrior who cannot reach it", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const harpy = addUnit(sim, { kind: "creature", species: "harpy", x: 9, y: 5, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    w.targetId = harpy.id;
    // initiative: warrior 10, harpy 90; round 1: the harpy takes off (no roll), the warrior walks up and misses (50 against 60);
    // round 2: the harpy climbs and shoots 50 + 20 against 30, damage 40; the warrior cannot reach it.
    const dice = forceDice(sim, [10, 90, 50, 60, 50, 30, 40]);
    const events = run(sim, ROUND_TICKS + 2);
    expect(of(events, "altitudeChanged").map((e) => [e.unitId, e.altitude, e.cause])).toEqual([[harpy.id, "low", "takeOff"], [harpy.id, "moderate", "climb"]]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[w.id, false, 50, 60], [harpy.id, true, 70, 30]]);
    expect(of(events, "damaged").map((e) => [e.targetId, e.amount, e.hp])).toEqual([[w.id, 40, 160]]);
    expect(dice.left()).toBe(0);
  });

  it("P100-DUEL-01, P100-DUEL-02, P100-DUEL-19: the keeper proposes a duel with a command, the AI accepts, and the keeper's duellist can forfeit", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const other = addUnit(sim, { kind: "minion", x: 8, y: 8 });
    expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: other.id, toDeath: false })).toMatchObject({ ok: false, code: "INVALID_TARGET" });
    expect(sim.apply({ type: "forfeitDuel", unitId: m.id })).toMatchObject({ ok: false, code: "DUEL_REFUSED" });
    expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: w.id, toDeath: true })).toEqual({ ok: true });
    expect([d100Of(w).duel?.toDeath, d100Of(m).duel?.toDeath]).toEqual([true, true]);
    expect(sim.apply({ type: "proposeDuel", unitId: other.id, opponentId: w.id, toDeath: false })).toMatchObject({ ok: false, code: "DUEL_REFUSED" });
    expect(sim.apply({ type: "forfeitDuel", unitId: m.id })).toEqual({ ok: true });
    const ended = of(sim.drainEvents(), "duelEnded");
    expect(ended.map((e) => [e.winnerId, e.loserId, e.how, e.loserDied])).toEqual([[w.id, m.id, "forfeit", false]]);
  });

  it("P100-DUEL-01: duels exist only in d100 rooms", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: parseMap("t", ARENA) });
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: w.id, toDeath: false })).toMatchObject({ ok: false, code: "DUEL_REFUSED" });
  });

  it("P100-DEATH-03, P100-DEATH-05, P100-DEATH-06, P100-DEATH-07, P100-DEATH-13: a priest rescues a dying warrior with its turn, then heals it back into the fight", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const priest = adventurer(sim, "Priest", 6, 5, { weapon: "mace", blunt: true });
    const m = addUnit(sim, { kind: "minion", x: 8, y: 5 });
    Object.assign(d100Of(w), { hp: -10, dying: true });
    w.activity = "unconscious";
    priest.targetId = m.id;
    // initiative (the dying warrior is a participant too): warrior 5, priest 90, minion 10; the priest's rescue
    // roll 51 (> 50); the minion walks up and misses (20 against 50).
    let dice = forceDice(sim, [5, 90, 10, 51, 20, 50]);
    let events = run(sim, 2);
    expect(of(events, "rescue")).toEqual([{ type: "rescue", tick: 1, unitId: w.id, byUnitId: priest.id, roll: 51, needed: 50, success: true }]);
    expect([d100Of(w).stabilised, dice.left()]).toEqual([true, 0]);
    // the stabilised warrior loses nothing on its turn; round 2: the heal spell restores 40 (20..40): −10 → 30,
    // the warrior wakes; the minion misses again.
    dice = forceDice(sim, [40, 20, 50]);
    events = run(sim, ROUND_TICKS);
    expect(of(events, "healed").map((e) => [e.unitId, e.hp])).toEqual([[w.id, 30]]);
    expect(of(events, "woke").map((e) => e.unitId)).toEqual([w.id]);
    expect([d100Of(w).dying, w.activity, d100Of(priest).spells[0]?.charges]).toEqual([false, "idle", 0]);
    expect(dice.left()).toBe(0);
  });

  it("P100-DEATH-10: with the room's traumaticInsteadOfDeath option a dying adventurer past the threshold is gravely wounded, not dead", () => {
    for (const [option, outcome] of [[true, "unconscious"], [false, "dead"]] as const) {
      const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA), d100: { traumaticInsteadOfDeath: option } });
      const w = adventurer(sim, "Warrior", 5, 5);
      Object.assign(d100Of(w), { hp: -95, dying: true });
      w.activity = "unconscious";
      forceDice(sim, [10]);
      sim.ruleset.harm(sim, w, "trap", { severity: "light", damageType: "piercing", blunt: false, d100Damage: [5, 25] });
      expect([d100Of(w).hp, d100Of(w).traumatised, d100Of(w).dead, w.activity]).toEqual([-105, option, !option, outcome]);
    }
  });

  it("P100-SPELL-06, P100-SPELL-07, P100-SPELL-08: spells recharge when a fight with the Master starts, not an ordinary fight, unless the room recharges them", () => {
    for (const [withMaster, option, charges] of [[false, false, 0], [true, false, 1], [false, true, 1]] as const) {
      const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA), d100: { rechargeBetweenFights: option } });
      const priest = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
      const foe = addUnit(sim, { kind: withMaster ? "master" : "minion", x: 6, y: 5 });
      d100Of(priest).spells[0]!.charges = 0;
      foe.targetId = priest.id;
      forceDice(sim, [10, 90, 20, 50]); // initiative, then the foe misses
      expect(of(sim.step(), "encounterStarted")).toHaveLength(1);
      expect(d100Of(priest).spells[0]?.charges).toBe(charges);
    }
  });

  it("P100-BASE-01, P100-BASE-02, P100-BASE-03: an archer the minion cannot see opens the fight with a surprise shot against a dodge at −20", () => {
    const sim = d100Sim();
    const scout = adventurer(sim, "Scout", 3, 5, { weapon: "bow", ranged: true });
    scout.stats.tracking = 3; // sees 9 tiles; the minion (Tracking 1) sees 5
    const m = addUnit(sim, { kind: "minion", x: 10, y: 5 });
    scout.targetId = m.id;
    // initiative: scout 50, minion 60; the surprise shot: 50 against 60 − 20 = 40, damage 30;
    // then the minion's turn: it walks 6 tiles and misses (10 against 90).
    const dice = forceDice(sim, [50, 60, 50, 60, 30, 10, 90]);
    const events = sim.step();
    const types = events.map((e) => e.type).filter((t) => ["encounterStarted", "turnStarted", "attack"].includes(t));
    expect(types).toEqual(["encounterStarted", "attack", "turnStarted", "attack"]);
    expect(of(events, "attack")[0]).toMatchObject({ attackerId: scout.id, targetId: m.id, hit: true, attackRoll: 50, defenceRoll: 40 });
    expect(of(events, "damaged")[0]).toMatchObject({ targetId: m.id, amount: 30, hp: 30 });
    expect(dice.left()).toBe(0);
  });

  it("P100-MOVE-05, P100-PLACE-06: an archer stepping away from two adjacent minions makes a guarded move (no opportunity attack), then shoots", () => {
    const sim = d100Sim();
    const scout = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
    const m1 = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const m2 = addUnit(sim, { kind: "minion", x: 5, y: 6 });
    scout.targetId = m1.id;
    // initiative: scout 90, minions 10 and 20; a normal step to (4, 4) would give m1 and m2 an
    // opportunity attack, so the AI steps there guarded (1 tile); from 2 tiles it shoots m1: 60 against 70, a miss.
    const dice = forceDice(sim, [90, 10, 20, 60, 70]);
    const events = sim.step();
    expect(of(events, "reaction")).toEqual([]);
    expect(of(events, "guardedMove").map((e) => [e.unitId, e.from, e.to, e.tiles])).toEqual([[scout.id, { x: 5, y: 5 }, { x: 4, y: 4 }, 1]]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.defenceRoll])).toEqual([[scout.id, m1.id, 60, 70]]);
    expect([scout.x, scout.y, dice.left()]).toEqual([4, 4, 0]);
  });

  it("determinism: two d100 rooms with the same seed and the same fight end in the same state hash", () => {
    const play = () => {
      const sim = d100Sim(11);
      const troll = addUnit(sim, { kind: "creature", species: "troll", x: 10, y: 5 });
      const mob = [[9, 4], [9, 5], [9, 6], [10, 4], [10, 6], [11, 4], [11, 5]].map(([x, y]) => adventurer(sim, "Peasant", x!, y!, { weapon: "pitchfork" }));
      mob[0]!.targetId = troll.id;
      run(sim, 200);
      return sim.hash();
    };
    expect(play()).toBe(play());
  });

  it("P100-STATUS-01, P100-STATUS-12: clients see the statuses in force; controls suspended by immunity are left out", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    addStatus(d100Of(w), "silenced");
    addStatus(d100Of(w), "stunned");
    expect(sim.ruleset.statuses(w)).toEqual(["stunned", "silenced"]);
    addStatus(d100Of(w), "immune");
    expect(sim.ruleset.statuses(w)).toEqual(["immune"]);
  });

  it("P100-AIR-02, P100-DEATH-01: clients see a flyer's height and d100 hit points, negative while dying", () => {
    const sim = d100Sim();
    const harpy = addUnit(sim, { kind: "creature", species: "harpy", x: 9, y: 5 });
    const w = adventurer(sim, "Warrior", 5, 5);
    d100Of(harpy).altitude = "moderate";
    Object.assign(d100Of(w), { hp: -12, dying: true });
    const state = new DungeonState();
    projectState(state, sim, 1);
    const ph = state.units.get(harpy.id)!, pw = state.units.get(w.id)!;
    expect([ph.altitude, ph.harmModel, ph.hp, ph.maxHp, pw.altitude, pw.hp, pw.maxHp]).toEqual(["moderate", "hitPoints", 80, 80, "ground", -12, 200]);
  });

  it("P100-AIR-24, P100-AIR-25: a flyer at moderate height shoots over a wall that stops an archer on the ground", () => {
    const walled = [
      "P...................",
      ...Array.from({ length: 10 }, (_, y) => (y >= 3 && y <= 7 ? ".....#.............." : "....................")),
      "SK..................",
    ].join("\n");
    const shots = (altitude: "ground" | "moderate") => {
      const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", walled) });
      const archer = addUnit(sim, { kind: "creature", species: altitude === "ground" ? "kobold" : "harpy", x: 3, y: 5, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
      d100Of(archer).altitude = altitude;
      const w = adventurer(sim, "Warrior", 7, 5);
      w.targetId = archer.id;
      return { sim, archer, w };
    };
    // Aloft: initiative harpy 90, warrior 10; neither sees the other through the wall, so the harpy opens with a
    // surprise shot (50 + 20 against 60 − 20, damage 10), then shoots on its turn (50 + 20 against 30, damage 10).
    const up = shots("moderate");
    let dice = forceDice(up.sim, [90, 10, 50, 60, 10, 50, 30, 10]);
    let events = up.sim.step();
    expect(of(events, "attack").map((e) => [e.attackerId, e.attackRoll, e.defenceRoll, e.hit])).toEqual([[up.archer.id, 70, 40, true], [up.archer.id, 70, 30, true]]);
    expect(dice.left()).toBe(0);
    // A kobold archer on the ground: the wall stops both the surprise shot and the turn's shot.
    const down = shots("ground");
    dice = forceDice(down.sim, [90, 10]);
    events = down.sim.step();
    expect(of(events, "attack")).toEqual([]);
    expect(dice.left()).toBe(0);
  });

  it("P100-MOVE-05, P100-MOVE-06: a player's guarded move away from two minions draws no opportunity attack and covers 1 tile", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m1 = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const m2 = addUnit(sim, { kind: "minion", x: 5, y: 6 });
    w.targetId = m1.id;
    forceDice(sim, [90, 10, 20, 50, 60]); // initiative: the warrior first; its AI attack on m1 misses (50 against 60)
    sim.step();
    const enc = Object.values(sim.state.encounters!)[0]!;
    expect(enc.order).toEqual([w.id, m2.id, m1.id]);
    // the minions miss (50 against 60) until the warrior's next turn, when its player plans a guarded move to (1, 1).
    enc.plans[w.id] = { action: "guardedMove", x: 1, y: 1 };
    const dice = forceDice(sim, [50, 60, 50, 60, 50, 60, 50, 60]);
    const events = run(sim, ROUND_TICKS + 2);
    expect(of(events, "reaction")).toEqual([]);
    expect(of(events, "turnStarted").map((e) => e.unitId)).toEqual([m2.id, m1.id, w.id, m2.id, m1.id]);
    expect([w.x, w.y, dice.left()]).toEqual([4, 4, 0]);
  });

  it("P100-DUEL-19: an adventurer player forfeits its duel with a turn plan", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    forceDice(sim, [90, 10]);
    const enc = beginDuel(sim, w.id, m.id, { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
    if (typeof enc === "string") throw new Error(enc);
    enc.plans[w.id] = { action: "forfeit" };
    const events = sim.step();
    expect(of(events, "duelEnded").map((e) => [e.winnerId, e.loserId, e.how])).toEqual([[m.id, w.id, "forfeit"]]);
  });
});
