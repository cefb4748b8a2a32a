import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, COMMANDS, ROUND_TICKS } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { beginDuel } from "../../../src/sim/combat/d100/duels.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { adventurer, attackOnce, companion, d100Sim, kobolds, lines, playerBesideMinion, playPlan, recordDice, run } from "./fixtures.ts";

/**
 * Issue 17, sweep s9 (slice r6): live d100 fights for the rules of the slice the audit found
 * weakly tested. Each fight runs through `Simulation.step` with forced dice; `recordDice` lists
 * every die the rules asked for, with its range.
 */

describe("s9 r6: familiars", () => {
  it("P100-FAMILIAR-04, P100-FAMILIAR-03: a player's warlock (a specialist) orders its imp to claw the bear before its own blow: refused (ownerFirst, nothing drawn, the turn kept open); its plan of blow then claws plays: the staff (60 against 30, 20), then the imp (1..80: 50 against 20, 1..70: 30)", () => {
    const sim = d100Sim();
    const owner = adventurer(sim, "Warlock", 5, 5, { weapon: "staff", blunt: true });
    owner.controller = "a1";
    const imp = companion(sim, owner, 6, 6);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 6, y: 5 });
    d100Of(bear).hp = d100Of(bear).maxHp = 300;
    owner.targetId = bear.id;
    recordDice(sim, [90, 50, 10]); // initiative by id: warlock 90, imp 50, bear 10
    sim.step();
    expect(d100Of(owner).familiarSpecialist).toBe(true);
    const dice = recordDice(sim, [60, 30, 20, 50, 20, 30]);
    const claws = { kind: "familiar", targetId: bear.id };
    const first = playPlan(sim, owner, { action: "steps", steps: [claws], keepTurn: true });
    expect([lines(first), dice.draws, d100Of(bear).hp]).toEqual([[`2 turnPlanPlayed unitId=${owner.id} refusals=["ownerFirst"]`], [], 300]);
    const ev = playPlan(sim, owner, { action: "steps", steps: [{ kind: "attack", targetId: bear.id }, claws] });
    expect(lines(ev)).toEqual([
      `3 attack attackerId=${owner.id} targetId=${bear.id} hit=true attackRoll=60 defenceRoll=30`,
      `3 damaged targetId=${bear.id} sourceId=${owner.id} amount=20 damageType=melee hp=280 critical=false`,
      `3 attack attackerId=${imp.id} targetId=${bear.id} hit=true attackRoll=50 defenceRoll=20`,
      `3 damaged targetId=${bear.id} sourceId=${imp.id} amount=30 damageType=melee hp=250 critical=false`,
      `3 turnPlanPlayed unitId=${owner.id} refusals=[null,null]`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=60", "d100=30", "1..100=20", "1..80=50", "d100=20", "1..70=30"], 0]);
  });

  it("P100-FAMILIAR-11: a hunter's hound lying dying (−10 HP) is rescued like any dying character: a player's priest beside it makes the rescue roll of P100-DEATH-05 (d100 above 50): 51 stabilises it, after which its turn costs it no HP; 50 fails and its turn costs it 5", () => {
    for (const [roll, success] of [[51, true], [50, false]] as const) {
      const sim = d100Sim();
      const hunter = adventurer(sim, "Hunter", 7, 7, { weapon: "bow", ranged: true }); // within the minion's sight (5 tiles): nobody is surprised
      hunter.controller = "a2";
      const priest = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
      priest.controller = "a1";
      const hound = companion(sim, hunter, 6, 5);
      const m = addUnit(sim, { kind: "minion", x: 9, y: 5 });
      Object.assign(d100Of(hound), { hp: -10, dying: true });
      hound.activity = "unconscious";
      priest.targetId = m.id;
      // Initiative by id: hunter 10, priest 90, hound 50, minion 5; the priest's turn waits for its plan.
      recordDice(sim, [10, 90, 50, 5]);
      sim.step();
      const dice = recordDice(sim, [roll]);
      const ev = [...playPlan(sim, priest, { action: "steps", steps: [{ kind: "rescue", targetId: hound.id }] }), ...sim.step()];
      expect(lines(ev).filter((l) => / (rescue|damaged|turnPlanPlayed) /.test(l))).toEqual([
        `2 rescue unitId=${hound.id} byUnitId=${priest.id} roll=${roll} needed=50 success=${success}`,
        `2 turnPlanPlayed unitId=${priest.id} refusals=[null]`,
        // The hound's own turn (initiative 50) comes next: a dying character loses 5 HP, a stabilised one nothing (P100-DEATH-02, 06).
        ...(success ? [] : [`3 damaged targetId=${hound.id} sourceId=dying amount=5 damageType=dying hp=-15 critical=false`]),
      ]);
      expect([d100Of(hound).stabilised, d100Of(hound).hp, dice.draws, dice.left()]).toEqual([success, success ? -10 : -15, [`d100=${roll}`], 0]);
    }
  });
});

describe("s9 r6: which familiars exist", () => {
  it("P100-FAMILIAR-10 (cannot happen: undead and elemental familiars, docs/rules-decisions.md): the class table's familiars are the Hunter's hound (a hunter's pet) and the Warlock's imp (a demon), nothing undead or elemental", () => {
    const kinds = Object.entries(ADVENTURER_CLASSES).flatMap(([cls, c]) => c.companion?.role === "familiar" ? [[cls, c.companion.species, c.companion.familiarKind]] : []);
    expect(kinds).toEqual([["Hunter", "hound", "hunter"], ["Warlock", "imp", "demon"]]);
  });
});

describe("s9 r6: statuses", () => {
  it("P100-STATUS-17: a player's disoriented warrior cannot move: its move and its guarded move are refused (cannotMove) and it stays on (5, 5); without the status the same guarded move takes it to (4, 5)", () => {
    for (const disoriented of [true, false]) {
      for (const kind of ["move", "guardedMove"] as const) {
        const { sim, hero } = playerBesideMinion("Warrior", {}, 9);
        if (disoriented) addStatus(d100Of(hero), "disoriented", 2);
        const dice = recordDice(sim, []);
        const ev = playPlan(sim, hero, { action: "steps", steps: [{ kind, x: 4, y: 5 }], keepTurn: true });
        expect(lines(ev).filter((l) => l.includes("turnPlanPlayed"))).toEqual([`2 turnPlanPlayed unitId=${hero.id} refusals=[${disoriented ? '"cannotMove"' : "null"}]`]);
        expect([hero.x, hero.y, encounterOf(sim, hero.id)?.openTurn?.unitId, dice.draws]).toEqual([disoriented ? 5 : 4, 5, hero.id, []]);
      }
    }
  });
});

describe("s9 r6: placement and weapons", () => {
  it("P100-PLACE-06: a player's scout (a ranged class, its bow) beside the minion cannot shoot it from there (refused, nothing drawn); stepping away 1 tile first (guarded), its arrow flies: 90 counts 90 against 44, damage 30", () => {
    const { sim, hero, m } = playerBesideMinion("Scout", { weapon: "bow", ranged: true });
    const none = recordDice(sim, []);
    const near = playPlan(sim, hero, { action: "steps", steps: [{ kind: "attack", targetId: m.id }], keepTurn: true });
    expect(lines(near).filter((l) => l.includes("turnPlanPlayed"))).toEqual([`2 turnPlanPlayed unitId=${hero.id} refusals=["invalidTarget"]`]);
    expect([none.draws, d100Of(m).hp]).toEqual([[], 300]);
    const dice = recordDice(sim, [90, 44, 30]);
    const ev = playPlan(sim, hero, { action: "steps", steps: [{ kind: "guardedMove", x: 4, y: 5 }, { kind: "attack", targetId: m.id }] });
    expect(lines(ev).filter((l) => !l.includes("guardedMove"))).toEqual([
      `3 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=90 defenceRoll=44`,
      `3 damaged targetId=${m.id} sourceId=${hero.id} amount=30 damageType=ranged hp=270 critical=false`,
      `3 turnPlanPlayed unitId=${hero.id} refusals=[null,null]`,
    ]);
    expect([hero.x, hero.y, dice.draws, dice.left()]).toEqual([4, 5, ["d100=90", "d100=44", "1..100=30"], 0]);
  });

  it("P100-PLACE-10 (both sides of the cap): a priest (magic class) striking with its mace in melee: a damage roll of 71 deals 70 (the cap), one of 70 deals 70 and one of 69 deals 69; a warrior's 99 with its sword deals 99 (no cap for a melee class)", () => {
    for (const [cls, gear, roll, amount] of [
      ["Priest", { weapon: "mace", blunt: true }, 71, 70], ["Priest", { weapon: "mace", blunt: true }, 70, 70],
      ["Priest", { weapon: "mace", blunt: true }, 69, 69], ["Warrior", {}, 99, 99],
    ] as const) {
      const { sim, hero, m } = playerBesideMinion(cls, gear);
      const dice = recordDice(sim, [90, 44, roll]);
      const attackRoll = cls === "Priest" ? 45 : 90; // off-role in melee: halved (P100-PLACE-09)
      expect(lines(attackOnce(sim, hero, m)).slice(0, 2)).toEqual([
        `2 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=${attackRoll} defenceRoll=44`,
        `2 damaged targetId=${m.id} sourceId=${hero.id} amount=${amount} damageType=melee hp=${300 - amount} critical=false`,
      ]);
      expect([dice.draws, dice.left()]).toEqual([["d100=90", "d100=44", `1..100=${roll}`], 0]);
    }
  });

  it("P100-WEAPON-01 (monks excepted): a bare-handed warrior's blow draws its damage from 1..50; a troll (a monk, P100-WEAPON-02) striking with its fists draws from 1..100, and its 90 deals 90", () => {
    const { sim, hero, m } = playerBesideMinion("Warrior", { weapon: "fists" });
    const dice = recordDice(sim, [60, 10, 50]);
    expect(lines(attackOnce(sim, hero, m)).slice(0, 2)).toEqual([
      `2 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=10`,
      `2 damaged targetId=${m.id} sourceId=${hero.id} amount=50 damageType=melee hp=250 critical=false`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=60", "d100=10", "1..50=50"], 0]);

    const sim2 = d100Sim();
    const w = adventurer(sim2, "Warrior", 5, 5);
    const troll = addUnit(sim2, { kind: "creature", species: "troll", x: 6, y: 5 });
    troll.targetId = w.id;
    for (const s of d100Of(troll).spells) s.charges = 0; // its maul spent: it strikes with its fists
    // Initiative warrior 10, troll 90: the troll hits (60 against 10) with its fists, damage 90 (1..100).
    const dice2 = recordDice(sim2, [10, 90, 60, 10, 90]);
    expect(lines(run(sim2, 1)).filter((l) => / (attack|damaged) /.test(l))).toEqual([
      `1 attack attackerId=${troll.id} targetId=${w.id} hit=true attackRoll=60 defenceRoll=10`,
      `1 damaged targetId=${w.id} sourceId=${troll.id} amount=90 damageType=melee hp=110 critical=false`,
    ]);
    expect([troll.gear.weapon, d100Of(troll).monk, dice2.draws, dice2.left()]).toEqual(["fists", true, ["d100=10", "d100=90", "d100=60", "d100=10", "1..100=90"], 0]);
  });
});

describe("s9 r6: duels", () => {
  it("P100-DUEL-01: the to-the-death term is settled in the proposal itself: the room's proposeDuel schema refuses a challenge without toDeath and takes one with it (true or false)", () => {
    const base = { unitId: "2", opponentId: "1" };
    expect([COMMANDS.proposeDuel.safeParse(base).success, COMMANDS.proposeDuel.safeParse({ ...base, toDeath: true }).success, COMMANDS.proposeDuel.safeParse({ ...base, toDeath: false }).success])
      .toEqual([false, true, true]);
  });

  it("P100-DUEL-02: the keeper's minion challenges a warrior (the AI accepts): the one term toDeath is both duellists' (duelStarted toDeath, each one's duel); to the death, whichever of them loses dies (the minion at once, the warrior when the keeper's mercy window closes at tick 51 unspared); otherwise neither dies", () => {
    for (const toDeath of [true, false]) {
      for (const loser of ["minion", "warrior"] as const) {
        const sim = d100Sim();
        const w = adventurer(sim, "Warrior", 5, 5);
        const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
        // Initiative minion then warrior. The warrior loses: the minion first (80 over 30), 60 against 10, damage 50 on
        // a warrior left at 10 HP. The minion loses: the warrior first (80 over 30), a heroic 100 for 150 on its 110.
        const dice = recordDice(sim, loser === "warrior" ? [80, 30, 60, 10, 50] : [30, 80, 100, 100]);
        expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: w.id, toDeath })).toEqual({ ok: true });
        expect([d100Of(w).duel?.toDeath, d100Of(m).duel?.toDeath]).toEqual([toDeath, toDeath]);
        if (loser === "warrior") d100Of(w).hp = 10;
        const ev = [...sim.drainEvents(), ...run(sim, 51)];
        expect(lines(ev).filter((l) => / duel(Started|Ended) /.test(l))).toEqual([
          `0 duelStarted duelId=3 unitIds=["${m.id}","${w.id}"] toDeath=${toDeath} hp={"${w.id}":250,"${m.id}":110} warnings=["differentRoles"]`,
          loser === "warrior"
            ? `1 duelEnded duelId=3 winnerId=${m.id} loserId=${w.id} how=down loserDied=false hp={"${w.id}":1,"${m.id}":60}`
            : `1 duelEnded duelId=3 winnerId=${w.id} loserId=${m.id} how=down loserDied=${toDeath} hp={"${w.id}":200,"${m.id}":${toDeath ? -40 : 1}}`,
        ]);
        const [lost, won] = loser === "warrior" ? [w, m] : [m, w];
        expect([d100Of(lost).dead, d100Of(won).dead, dice.left()]).toEqual([toDeath, false, 0]);
      }
    }
  });

  it("P100-DUEL-09 (its magic-class branch, with P100-DUEL-11): in a duel a player's priest (the one magic class, which holds a duel mastery) striking the minion beside it with its mace counts 80 as 64 (× 0.8, not × 0.5) against the dodge 59 and hits; outside a duel the same 80 counts 40 and misses the same 59", () => {
    for (const duel of [true, false]) {
      const sim = d100Sim();
      const hero = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
      hero.controller = "a1";
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      hero.targetId = m.id;
      recordDice(sim, [90, 10]);
      if (duel) {
        const enc = beginDuel(sim, hero.id, m.id, { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
        if (typeof enc === "string") throw new Error(enc);
      }
      sim.step();
      expect(d100Of(hero).duel?.mastery ?? null).toBe(duel ? true : null);
      const dice = recordDice(sim, duel ? [80, 59, 40] : [80, 59]);
      expect(lines(attackOnce(sim, hero, m)).filter((l) => / (attack|damaged) /.test(l))).toEqual([
        `2 attack attackerId=${hero.id} targetId=${m.id} hit=${duel} attackRoll=${duel ? 64 : 40} defenceRoll=59`,
        ...(duel ? [`2 damaged targetId=${m.id} sourceId=${hero.id} amount=40 damageType=melee hp=70 critical=false`] : []),
      ]);
      expect([dice.draws, dice.left()]).toEqual([duel ? ["d100=80", "d100=59", "1..100=40"] : ["d100=80", "d100=59"], 0]);
    }
  });
});

describe("s9 r6: back into the fight", () => {
  it("P100-DEATH-13, P100-DEATH-14: a player's dying warrior is rescued by the AI's priest (51, above 50); stabilised but unhealed, its attack plan at its turn (tick 3) plays nothing and is answered (turnPlanPlayed, refusal stabilised); healed next round (20..40: 40, −10 → 30, it wakes), the same plan strikes the stunned minion (60, no dodge) for 40 at tick 13", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 4, 5);
    Object.assign(d100Of(w), { hp: -10, dying: true });
    w.activity = "unconscious";
    w.controller = "a1";
    const p = adventurer(sim, "Priest", 4, 4, { weapon: "mace", blunt: true });
    const m = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    d100Of(m).hp = d100Of(m).maxHp = 300;
    addStatus(d100Of(m), "stunned", 3); // it strikes nobody
    p.targetId = m.id;
    // Initiative warrior 5, priest 90, minion 10: each round the priest, the minion, then the warrior.
    const dice = recordDice(sim, [5, 90, 10, 51, 40, 60, 40]);
    const out: string[] = [], turns: number[] = [];
    for (let i = 0; i < ROUND_TICKS + 3; i++) {
      if (i === 2 || i === ROUND_TICKS + 2) encounterOf(sim, w.id)!.plans[w.id] = { action: "steps", steps: [{ kind: "attack", targetId: m.id }] };
      const ev = sim.step();
      out.push(...lines(ev));
      turns.push(...ev.filter((e) => e.type === "turnStarted" && (e as { unitId: string }).unitId === w.id).map((e) => e.tick));
    }
    expect(turns).toEqual([3, 13]);
    expect(out).toEqual([
      `1 rescue unitId=${w.id} byUnitId=${p.id} roll=51 needed=50 success=true`,
      `3 turnPlanPlayed unitId=${w.id} refusals=["stabilised"]`,
      `11 healed unitId=${w.id} byUnitId=${p.id} woundPoints=0 hp=30`,
      `11 woke unitId=${w.id}`,
      `13 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=0`,
      `13 damaged targetId=${m.id} sourceId=${w.id} amount=40 damageType=melee hp=260 critical=false`,
      `13 turnPlanPlayed unitId=${w.id} refusals=[null]`,
    ]);
    expect([d100Of(w).hp, d100Of(w).dying, w.activity, dice.draws, dice.left()]).toEqual([30, false, "fighting", ["d100=5", "d100=90", "d100=10", "d100=51", "20..40=40", "d100=60", "1..100=40"], 0]);
  });
});

describe("s9 r6: flight levels", () => {
  /** A player's skyrider on its griffon at moderate height at (5, 5), a gargoyle on the ground at (12, 5); the rider's turn waits for its plan. */
  function riderAloft() {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 12, y: 5 });
    for (const u of [sky, griffon]) d100Of(u).altitude = "moderate";
    sky.controller = "a1";
    sky.targetId = g.id;
    recordDice(sim, [90, 50, 10]); // initiative: skyrider 90, griffon 50, gargoyle 10
    sim.step();
    return { sim, sky, griffon };
  }
  const refusalsOf = (ev: ReturnType<typeof playPlan>) => lines(ev).filter((l) => l.includes("turnPlanPlayed") || l.includes("altitudeChanged"));

  it("P100-AIR-21: climbing one level is the turn's move: after the player's climb (moderate → high) a descent and a move are refused (alreadyMoved) and it stays high on (5, 5); after a move, a climb or a descent is refused (alreadyMoved) and it stays at moderate height", () => {
    const a = riderAloft();
    const dice = recordDice(a.sim, []);
    expect(refusalsOf(playPlan(a.sim, a.sky, { action: "steps", steps: [{ kind: "climb" }], keepTurn: true }))).toEqual([
      `2 altitudeChanged unitId=${a.griffon.id} altitude=high cause=climb`,
      `2 altitudeChanged unitId=${a.sky.id} altitude=high cause=climb`,
      `2 turnPlanPlayed unitId=${a.sky.id} refusals=[null]`,
    ]);
    for (const step of [{ kind: "descend" }, { kind: "move", x: 6, y: 5 }]) {
      expect(refusalsOf(playPlan(a.sim, a.sky, { action: "steps", steps: [step], keepTurn: true }))).toEqual([`${a.sim.state.tick} turnPlanPlayed unitId=${a.sky.id} refusals=["alreadyMoved"]`]);
    }
    expect([d100Of(a.sky).altitude, a.sky.x, a.sky.y, dice.draws]).toEqual(["high", 5, 5, []]);

    for (const kind of ["climb", "descend"] as const) {
      const b = riderAloft();
      expect(refusalsOf(playPlan(b.sim, b.sky, { action: "steps", steps: [{ kind: "move", x: 6, y: 5 }], keepTurn: true }))).toEqual([`2 turnPlanPlayed unitId=${b.sky.id} refusals=[null]`]);
      expect(refusalsOf(playPlan(b.sim, b.sky, { action: "steps", steps: [{ kind }], keepTurn: true }))).toEqual([`3 turnPlanPlayed unitId=${b.sky.id} refusals=["alreadyMoved"]`]);
      expect([d100Of(b.sky).altitude, b.sky.x]).toEqual(["moderate", 6]);
    }
  });
});

describe("s9 r6: shots from the air", () => {
  const WALLED = ["P...................", ...Array.from({ length: 10 }, (_, y) => (y >= 3 && y <= 7 ? ".....#.............." : "....................")), "SK.................."].join("\n");

  it("P100-AIR-24: a keeper's harpy archer at (3, 5), a wall at x = 5 between it and the warrior at (7, 5): on the ground or at low height its shot is refused (invalidTarget, nothing drawn); at moderate or high height it flies over the wall: its unseen surprise shot (tick 1, the dodge −20) and its turn's shot (tick 2) both fly, +20 at moderate height (hits, 10 each) and −20 at high (30: misses both)", () => {
    for (const altitude of ["ground", "low", "moderate", "high"] as const) {
      const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", WALLED) });
      const h = addUnit(sim, { kind: "creature", species: "harpy", x: 3, y: 5, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
      d100Of(h).altitude = altitude;
      h.controller = "k1";
      const w = adventurer(sim, "Warrior", 7, 5);
      w.targetId = h.id;
      const aloft = altitude === "moderate" || altitude === "high";
      const air = altitude === "moderate" ? 20 : -20;
      // Initiative harpy 90, warrior 10; aloft, the surprise shot 50 against 60 − 20, damage 10; the turn's shot 50 against 30, damage 10.
      const init = recordDice(sim, aloft ? [90, 10, 50, 60, ...(50 + air > 40 ? [10] : [])] : [90, 10]);
      const first = lines(sim.step());
      const dice = recordDice(sim, aloft ? [50, 30, ...(50 + air > 30 ? [10] : [])] : []);
      const ev = lines(playPlan(sim, h, { action: "steps", steps: [{ kind: "attack", targetId: w.id }] }));
      if (!aloft) {
        expect([first, ev, dice.draws]).toEqual([[], [`2 turnPlanPlayed unitId=${h.id} refusals=["invalidTarget"]`], []]);
        expect(d100Of(w).hp).toBe(200);
      } else {
        const hit = 50 + air > 30;
        expect([...first, ...ev]).toEqual([
          `1 attack attackerId=${h.id} targetId=${w.id} hit=${50 + air > 40} attackRoll=${50 + air} defenceRoll=40 natural=50 airModifier=${air} damageRoll=${50 + air > 40 ? 10 : 0}`,
          ...(50 + air > 40 ? [`1 damaged targetId=${w.id} sourceId=${h.id} amount=10 damageType=ranged hp=190 critical=false`] : []),
          `2 attack attackerId=${h.id} targetId=${w.id} hit=${hit} attackRoll=${50 + air} defenceRoll=30 natural=50 airModifier=${air} damageRoll=${hit ? 10 : 0}`,
          ...(hit ? [`2 damaged targetId=${w.id} sourceId=${h.id} amount=10 damageType=ranged hp=180 critical=false`] : []),
          `2 turnPlanPlayed unitId=${h.id} refusals=[null]`,
        ]);
      }
      expect([init.left(), dice.left()]).toEqual([0, 0]);
    }
  });
});

describe("s9 r6: abilities against a swarm, played by players", () => {
  const ROW: readonly [number, number][] = [[8, 5], [9, 5], [10, 5], [8, 6], [9, 6], [10, 6]];

  it("P100-MASS-18, P100-MASS-19: the keeper's player-held Master casts its shadow bolt (single target, not certain to hit) at one of a pack of six peasants: refused (singleTarget), nothing drawn, the charge kept, the turn still open; a player's cartographer throws its hush dart (certain to hit) at a kobold of a pack: exactly that one dies, nothing drawn", () => {
    const sim = d100Sim();
    const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
    master.controller = "k1";
    const ps = ROW.map(([x, y]) => adventurer(sim, "Peasant", x - 2, y, { weapon: "pitchfork" })); // beside the Master
    master.targetId = ps[0]!.id;
    recordDice(sim, [90, 10, 11, 12, 13, 14, 15]); // initiative: the Master first; its turn waits for its plan
    sim.step();
    const none = recordDice(sim, []);
    const bolt = playPlan(sim, master, { action: "steps", steps: [{ kind: "cast", targetId: ps[0]!.id, spell: "shadowBolt" }], keepTurn: true });
    expect([lines(bolt), none.draws, d100Of(master).spells.map((sp) => [sp.id, sp.charges]), ps.map((p) => d100Of(p).hp), encounterOf(sim, master.id)?.openTurn?.unitId])
      .toEqual([[`2 turnPlanPlayed unitId=${master.id} refusals=["singleTarget"]`], [], [["shadowBolt", 1]], [20, 20, 20, 20, 20, 20], master.id]);

    const sim2 = d100Sim();
    const c = adventurer(sim2, "Cartographer", 5, 5, { weapon: "dagger" });
    c.controller = "a1";
    const ks = kobolds(sim2, ROW);
    c.targetId = ks[0]!.id;
    recordDice(sim2, [90, 10, 11, 12, 13, 14, 15]);
    sim2.step();
    const dice = recordDice(sim2, []);
    const dart = playPlan(sim2, c, { action: "steps", steps: [{ kind: "cast", targetId: ks[1]!.id, spell: "hushDart" }] });
    expect([lines(dart), dice.draws, ks.map((k) => d100Of(k).dead)]).toEqual([[
      `2 spellCast unitId=${c.id} spellId=hushDart targetId=${ks[1]!.id} chargesLeft=0`,
      `2 attack attackerId=${c.id} targetId=${ks[1]!.id} hit=true attackRoll=0 defenceRoll=0`,
      `2 knockedOut unitId=${ks[1]!.id} outcome=dead cause=hitPoints`,
      `2 turnPlanPlayed unitId=${c.id} refusals=[null]`,
    ], [], [false, true, false, false, false, false]]);
  });
});

describe("s9 r6: two flyers, one height", () => {
  it("P100-AIR-13 (a shot, not only a blow): the keeper's player-held harpy archer at high height cannot shoot the skyrider on its griffon at moderate height 3 tiles off (refused, nothing drawn); once it has dropped to moderate height (its move) its arrow flies: 60 against 40, damage 30 off the rider's HP", () => {
    const sim = d100Sim();
    const h = addUnit(sim, { kind: "creature", species: "harpy", x: 5, y: 5, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    h.controller = "k1";
    const sky = adventurer(sim, "Skyrider", 8, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    d100Of(h).altitude = "high";
    for (const u of [sky, griffon]) d100Of(u).altitude = "moderate";
    h.targetId = sky.id; sky.targetId = h.id;
    recordDice(sim, [90, 20, 10]); // initiative: harpy 90, skyrider 20, griffon 10; the harpy's turn waits for its plan
    sim.step();
    const none = recordDice(sim, []);
    const shot = { kind: "attack", targetId: sky.id };
    const refused = playPlan(sim, h, { action: "steps", steps: [shot], keepTurn: true });
    expect([lines(refused), none.draws, d100Of(sky).hp]).toEqual([[`2 turnPlanPlayed unitId=${h.id} refusals=["invalidTarget"]`], [], 150]);
    const dice = recordDice(sim, [60, 40, 30]);
    const ev = playPlan(sim, h, { action: "steps", steps: [{ kind: "descend" }, shot] });
    expect(lines(ev)).toEqual([
      `3 altitudeChanged unitId=${h.id} altitude=moderate cause=descend`,
      `3 attack attackerId=${h.id} targetId=${sky.id} hit=true attackRoll=60 defenceRoll=40 natural=60 airModifier=0 damageRoll=30`,
      `3 damaged targetId=${sky.id} sourceId=${h.id} amount=30 damageType=ranged hp=120 critical=false`,
      `3 turnPlanPlayed unitId=${h.id} refusals=[null,null]`,
    ]);
    expect([d100Of(griffon).hp, dice.draws, dice.left()]).toEqual([120, ["d100=60", "d100=40", "1..100=30"], 0]);
  });
});

describe("s9 r6: a rider and its mount", () => {
  it("P100-AIR-22: the keeper's player-held bear strikes the griffon itself (60 against 20, damage 50): the blow comes out of the one life it shares with its skyrider (reported on the rider, both at 100 of 150); a blow of 100 on the griffon with 100 left puts both out of action", () => {
    for (const damage of [50, 100] as const) {
      const sim = d100Sim();
      const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
      const griffon = companion(sim, sky);
      const bear = addUnit(sim, { ...speciesFields("bear"), x: 6, y: 5 });
      bear.controller = "k1";
      if (damage === 100) d100Of(sky).hp = d100Of(griffon).hp = 100; // a first blow's worth already lost
      bear.targetId = griffon.id; sky.targetId = bear.id;
      recordDice(sim, [10, 20, 90]); // initiative: skyrider 10, griffon 20, bear 90; the bear's turn waits for its plan
      sim.step();
      const dice = recordDice(sim, [60, 20, damage]);
      const out = lines(attackOnce(sim, bear, griffon));
      const hp = (damage === 100 ? 100 : 150) - damage;
      expect(out).toEqual([
        `2 attack attackerId=${bear.id} targetId=${griffon.id} hit=true attackRoll=60 defenceRoll=20`,
        `2 damaged targetId=${sky.id} sourceId=${bear.id} amount=${damage} damageType=melee hp=${hp} critical=false`,
        ...(hp <= 0 ? [`2 knockedOut unitId=${sky.id} outcome=unconscious cause=hitPoints`, `2 knockedOut unitId=${griffon.id} outcome=unconscious cause=hitPoints`] : []),
        `2 turnPlanPlayed unitId=${bear.id} refusals=[null]`,
        ...(hp <= 0 ? ["2 encounterEnded encounterId=4 rounds=1 reason=beaten"] : []), // nobody of the heroes' side stands
      ]);
      expect([d100Of(sky).hp, d100Of(griffon).hp, dice.left()]).toEqual([hp, hp, 0]);
    }
  });
});
