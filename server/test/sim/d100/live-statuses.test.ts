import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { beginDuel } from "../../../src/sim/combat/d100/duels.ts";
import { ROUND_TICKS } from "@malignus/shared";
import { adventurer, forceDice, run } from "./fixtures.ts";

/**
 * Statuses, spells and abilities in live d100 fights (issue 17): the loadouts of data/d100.ts
 * `D100_LOADOUTS` cast by the AI (or a player's step) through `Simulation.step`, with forced dice.
 * Each fight's events are listed compactly: "tick type field=value…" (moves, turn starts and
 * wound events left out).
 */

const ARENA = ["P...................", ...Array.from({ length: 10 }, () => "...................."), "SK.................."].join("\n");

function d100Sim(): Simulation {
  return Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
}

const SKIP = new Set(["unitMoved", "turnStarted", "wound", "unitFacing", "activityChanged"]);
/** The events of a fight, one compact line each. */
function lines(events: SimEvent[]): string[] {
  return events.filter((e) => !SKIP.has(e.type)).map((e) => {
    const { tick, type, ...rest } = e as unknown as Record<string, unknown>;
    return `${String(tick)} ${String(type)} ${Object.entries(rest).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : String(v)}`).join(" ")}`;
  });
}

/** A keeper-side adventurer (a renegade), to fight a hero's class against a hero. */
function renegade(sim: Simulation, cls: string, x: number, y: number, gear: Partial<UnitRecord["gear"]> = {}): UnitRecord {
  return addUnit(sim, { kind: "adventurer", faction: "keeper", adventurerClass: cls, level: 1, x, y, gear: { weapon: "dagger", blunt: false, ranged: false, armour: "none", helm: 0, ...gear } });
}

describe("d100 statuses in live fights", () => {
  it("P100-STATUS-01, P100-STATUS-02, P100-WEAPON-02: a troll's maul stuns a warrior, who cannot dodge the minion's blow and loses its next turn; the troll's fists then strike as armed (1..100)", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 6, y: 5 });
    const m = addUnit(sim, { kind: "minion", x: 5, y: 6 });
    troll.targetId = w.id; m.targetId = w.id;
    // Initiative warrior 90, troll 80, minion 70. Round 1: the warrior hits the troll (60 against 40, 25 HP); the
    // troll's maul (its one charge) hits (50 against 10) for 30 (10..40) and stuns; the minion's blow meets no
    // dodge (defence 0): 30 HP. Round 2 (tick 11): the warrior's turn passes; the troll's fists hit (80 against
    // 20) for 90, a roll only the armed range 1..100 allows; the minion misses (20 against 90).
    const dice = forceDice(sim, [90, 80, 70, 60, 40, 25, 50, 10, 30, 30, 30, 80, 20, 90, 20, 90]);
    const ev = run(sim, ROUND_TICKS + 3);
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=4 order=["1","2","3"] initiative={"1":90,"2":80,"3":70} surprised=[]`,
      "1 attack attackerId=1 targetId=2 hit=true attackRoll=60 defenceRoll=40",
      "1 damaged targetId=2 sourceId=1 amount=25 damageType=melee hp=125 critical=false",
      "2 spellCast unitId=2 spellId=maul targetId=1 chargesLeft=0",
      "2 attack attackerId=2 targetId=1 hit=true attackRoll=50 defenceRoll=10",
      "2 damaged targetId=1 sourceId=2 amount=30 damageType=magic hp=170 critical=false",
      "2 statusApplied unitId=1 byUnitId=2 spellId=maul status=stunned turns=1 x=5 y=5",
      "3 attack attackerId=3 targetId=1 hit=true attackRoll=30 defenceRoll=0",
      "3 damaged targetId=1 sourceId=3 amount=30 damageType=melee hp=140 critical=false",
      "12 attack attackerId=2 targetId=1 hit=true attackRoll=80 defenceRoll=20",
      "12 damaged targetId=1 sourceId=2 amount=90 damageType=melee hp=50 critical=false",
      "13 attack attackerId=3 targetId=1 hit=false attackRoll=20 defenceRoll=90",
    ]);
    expect([d100Of(w).hp, d100Of(w).statuses, d100Of(troll).monk, dice.left()]).toEqual([50, [], true, 0]);
  });

  it("P100-STATUS-05, P100-CRIT-02, P100-CRIT-04: a wolf's hamstring, a critical hit, deals 1.5 times its roll and immobilises the scout for 3 turns instead of 2: it cannot step away", () => {
    const sim = d100Sim();
    const s = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
    const wolf = addUnit(sim, { kind: "creature", species: "wolf", x: 6, y: 5 });
    wolf.targetId = s.id;
    // Initiative scout 10, wolf 90. The hamstring rolls a natural 97 (critical: no dodge), damage 20 × 1.5 = 30,
    // immobilised floor(2 × 1.5) = 3 turns. The scout would step away from the wolf (P100-PLACE-06) but cannot
    // move, and a ranged class without a melee weapon does not strike in melee (P100-PLACE-05): its turn passes.
    const dice = forceDice(sim, [10, 90, 97, 20]);
    const ev = run(sim, 3);
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=3 order=["2","1"] initiative={"1":10,"2":90} surprised=[]`,
      "1 spellCast unitId=2 spellId=hamstring targetId=1 chargesLeft=0",
      "1 attack attackerId=2 targetId=1 hit=true attackRoll=97 defenceRoll=0",
      "1 damaged targetId=1 sourceId=2 amount=30 damageType=magic hp=120 critical=true",
      "1 statusApplied unitId=1 byUnitId=2 spellId=hamstring status=immobilised turns=3 x=5 y=5",
    ]);
    expect([s.x, s.y, d100Of(s).statuses, dice.left()]).toEqual([5, 5, [{ kind: "immobilised", turnsLeft: 2 }], 0]);
  });

  it("P100-STATUS-10: a kobold's hex polymorphs a warrior 3 tiles away (no damage roll): it still walks up but cannot attack", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const k = addUnit(sim, { kind: "creature", species: "kobold", x: 8, y: 5 });
    k.targetId = w.id; w.targetId = k.id;
    // Initiative warrior 10, kobold 90. The hex hits (60 against 30) and draws no damage roll; the warrior walks
    // next to the kobold (7, 5) and makes no attack (no dice drawn).
    const dice = forceDice(sim, [10, 90, 60, 30]);
    const ev = run(sim, 3);
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=3 order=["2","1"] initiative={"1":10,"2":90} surprised=[]`,
      "1 spellCast unitId=2 spellId=hex targetId=1 chargesLeft=0",
      "1 attack attackerId=2 targetId=1 hit=true attackRoll=60 defenceRoll=30",
      "1 statusApplied unitId=1 byUnitId=2 spellId=hex status=polymorphed turns=2 x=5 y=5",
    ]);
    expect([w.x, w.y, d100Of(w).hp, d100Of(w).statuses, dice.left()]).toEqual([7, 5, 200, [{ kind: "polymorphed", turnsLeft: 1 }], 0]);
  });

  it("P100-STATUS-13, P100-STATUS-14, P100-STATUS-15: a crocodile's snatch disarms a warrior (its sword on its tile); a player's attack then rolls unarmed damage (1..50), and the AI picks the sword up next turn", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const croc = addUnit(sim, { kind: "creature", species: "crocodile", x: 6, y: 5 });
    croc.targetId = w.id; w.targetId = croc.id;
    // Initiative warrior 10, crocodile 90. The snatch hits (60 against 30) for 10 and disarms: the sword lies on (5, 5).
    // Tick 2, the warrior's planned attack hits (70 against 20) with the unarmed damage roll (1..50): 45.
    // Round 2: the crocodile bites and misses (20 against 80); the warrior (AI) picks its sword up, its main action.
    const dice = forceDice(sim, [10, 90, 60, 30, 10, 70, 20, 45, 20, 80]);
    let ev = sim.step();
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=3 order=["2","1"] initiative={"1":10,"2":90} surprised=[]`,
      "1 spellCast unitId=2 spellId=snatch targetId=1 chargesLeft=0",
      "1 attack attackerId=2 targetId=1 hit=true attackRoll=60 defenceRoll=30",
      "1 damaged targetId=1 sourceId=2 amount=10 damageType=magic hp=190 critical=false",
      "1 statusApplied unitId=1 byUnitId=2 spellId=snatch status=disarmed turns=-1 x=5 y=5",
    ]);
    expect([d100Of(w).weapon, d100Of(w).droppedWeapon]).toEqual(["unarmed", { x: 5, y: 5 }]);
    encounterOf(sim, w.id)!.plans[w.id] = { action: "steps", steps: [{ kind: "attack", targetId: croc.id }] };
    ev = run(sim, ROUND_TICKS + 1);
    expect(lines(ev)).toEqual([
      "2 attack attackerId=1 targetId=2 hit=true attackRoll=70 defenceRoll=20",
      "2 damaged targetId=2 sourceId=1 amount=45 damageType=melee hp=35 critical=false",
      "2 turnPlanPlayed unitId=1 refusals=[null]",
      "11 attack attackerId=2 targetId=1 hit=false attackRoll=20 defenceRoll=80",
      "12 statusApplied unitId=1 byUnitId=1 spellId= status=rearmed turns=0 x=5 y=5",
    ]);
    expect([d100Of(w).weapon, d100Of(w).droppedWeapon, d100Of(w).statuses, dice.left()]).toEqual(["armed", null, [], 0]);
  });

  it("P100-STATUS-03, P100-STATUS-04, P100-PLACE-11: a cartographer's hush dart (certain to hit) silences a bare-handed priest, who can neither heal, ward, attack nor be challenged to a duel", () => {
    const sim = d100Sim();
    const priest = adventurer(sim, "Priest", 5, 5, { weapon: "fists", blunt: true });
    const w = adventurer(sim, "Warrior", 5, 4);
    const c = renegade(sim, "Cartographer", 9, 5);
    const m = addUnit(sim, { kind: "minion", x: 15, y: 9 });
    c.targetId = priest.id;
    Object.assign(d100Of(w), { hp: 50 }); // a ward target (half its HP or less)
    // Initiative priest 10, warrior 20, cartographer 90, minion 5. The dart draws only its damage (5..15): 12, and
    // silences for 2 turns. The warrior walks up and misses (50 against 50). The priest's turn (tick 3) passes:
    // no heal or ward for the hurt warrior (silenced), no blow (a silenced magic class without a secondary weapon).
    const dice = forceDice(sim, [10, 20, 90, 5, 12, 50, 50]);
    const ev = run(sim, 3);
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=5 order=["3","2","1","4"] initiative={"1":10,"2":20,"3":90,"4":5} surprised=[]`,
      "1 spellCast unitId=3 spellId=hushDart targetId=1 chargesLeft=0",
      "1 attack attackerId=3 targetId=1 hit=true attackRoll=0 defenceRoll=0",
      "1 damaged targetId=1 sourceId=3 amount=12 damageType=magic hp=138 critical=false",
      "1 statusApplied unitId=1 byUnitId=3 spellId=hushDart status=silenced turns=2 x=5 y=5",
      "2 attack attackerId=2 targetId=3 hit=false attackRoll=50 defenceRoll=50",
    ]);
    expect(d100Of(priest).spells.map((sp) => [sp.id, sp.charges])).toEqual([["heal", 1], ["ward", 1]]);
    expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: priest.id, toDeath: false })).toEqual({ ok: false, code: "DUEL_REFUSED", reason: "cannot duel: silenced", rule: "P100-DUEL-03" });
    expect([d100Of(priest).statuses, dice.left()]).toEqual([[{ kind: "silenced", turnsLeft: 1 }], 0]);
  });

  it("P100-STATUS-16, P100-STATUS-17, P100-CRIT-03, P100-CRIT-04: a locksmith's blinding powder strikes two minions side by side; the critical one takes 1.5 times its damage and 3 turns of disorientation; neither moves nor attacks", () => {
    const sim = d100Sim();
    const l = adventurer(sim, "Locksmith", 5, 5, { weapon: "dagger" });
    const m1 = addUnit(sim, { kind: "minion", x: 8, y: 5 });
    const m2 = addUnit(sim, { kind: "minion", x: 8, y: 6 });
    l.targetId = m1.id;
    // Initiative locksmith 90, minions 20 and 10. The powder at m1 (3 tiles) also strikes m2 (1 tile from m1), each
    // with its own roll: m1 a natural 97 (critical, no dodge), damage 10 × 1.5 = 15, disoriented floor(2 × 1.5) = 3
    // turns; m2 60 against 40, damage 8, disoriented 2 turns. Their turns (ticks 2, 3) pass where they stand.
    const dice = forceDice(sim, [90, 20, 10, 97, 10, 60, 40, 8]);
    const ev = run(sim, 3);
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=4 order=["1","2","3"] initiative={"1":90,"2":20,"3":10} surprised=[]`,
      "1 spellCast unitId=1 spellId=blindingPowder targetId=2 chargesLeft=0",
      "1 attack attackerId=1 targetId=2 hit=true attackRoll=97 defenceRoll=0",
      "1 damaged targetId=2 sourceId=1 amount=15 damageType=magic hp=45 critical=true",
      "1 statusApplied unitId=2 byUnitId=1 spellId=blindingPowder status=disoriented turns=3 x=8 y=5",
      "1 attack attackerId=1 targetId=3 hit=true attackRoll=60 defenceRoll=40",
      "1 damaged targetId=3 sourceId=1 amount=8 damageType=magic hp=52 critical=false",
      "1 statusApplied unitId=3 byUnitId=1 spellId=blindingPowder status=disoriented turns=2 x=8 y=6",
    ]);
    expect([m1.x, m1.y, m2.x, m2.y, d100Of(m1).statuses, d100Of(m2).statuses, dice.left()])
      .toEqual([8, 5, 8, 6, [{ kind: "disoriented", turnsLeft: 2 }], [{ kind: "disoriented", turnsLeft: 1 }], 0]);
  });

  it("P100-SPELL-03, P100-STATUS-06, P100-STATUS-07, P100-STATUS-08: a warlock's counterspell, cast outside its turn, interrupts the Master's bolt: no effect, the charge kept, the bolt locked until the Master's next turn, when it lands", () => {
    const sim = d100Sim();
    const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
    const wl = adventurer(sim, "Warlock", 9, 5, { weapon: "staff", blunt: true });
    const w = adventurer(sim, "Warrior", 11, 7);
    wl.targetId = master.id; w.targetId = master.id;
    // Initiative Master 90, warlock 10, warrior 20. The Master's bolt at the warrior (most HP) is answered by the
    // warlock 4 tiles away. Both heroes walk up and miss (50 against 50). Round 2 (tick 11): the bolt is castable
    // again and hits (60 against 30) for 40.
    const dice = forceDice(sim, [90, 10, 20, 50, 50, 50, 50, 60, 30, 40]);
    let ev = sim.step();
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=4 order=["1","3","2"] initiative={"1":90,"2":10,"3":20} surprised=[]`,
      "1 spellCast unitId=1 spellId=shadowBolt targetId=3 chargesLeft=0",
      "1 spellCast unitId=2 spellId=counterspell targetId=1 chargesLeft=0",
      "1 spellInterrupted unitId=1 byUnitId=2 spellId=shadowBolt",
    ]);
    expect([d100Of(master).spells.map((sp) => [sp.id, sp.charges]), d100Of(master).lockedSpells, d100Of(wl).spells.map((sp) => [sp.id, sp.charges])])
      .toEqual([[["shadowBolt", 1]], ["shadowBolt"], [["counterspell", 0]]]);
    ev = run(sim, ROUND_TICKS);
    expect(lines(ev)).toEqual([
      "2 attack attackerId=3 targetId=1 hit=false attackRoll=50 defenceRoll=50",
      "3 attack attackerId=2 targetId=1 hit=false attackRoll=50 defenceRoll=50",
      "11 spellCast unitId=1 spellId=shadowBolt targetId=3 chargesLeft=0",
      "11 attack attackerId=1 targetId=3 hit=true attackRoll=60 defenceRoll=30",
      "11 damaged targetId=3 sourceId=1 amount=40 damageType=magic hp=160 critical=false",
    ]);
    expect([d100Of(master).spells.map((sp) => [sp.id, sp.charges]), d100Of(master).lockedSpells, dice.left()]).toEqual([[["shadowBolt", 0]], [], 0]);
  });

  it("P100-STATUS-11, P100-STATUS-12: a priest wards the stunned warrior next to it: the stun is suspended (the warrior strikes back) and the troll's next blow takes no HP", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const priest = adventurer(sim, "Priest", 4, 5, { weapon: "mace", blunt: true });
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 6, y: 5 });
    troll.targetId = w.id;
    // Initiative warrior 10, priest 20, troll 90. The maul stuns the warrior (50 against 10, 30 HP); the priest
    // wards it (a control effect in force): immune for 2 turns, so the stun is suspended and the warrior strikes
    // (60 against 40, 25 HP); its stun ends with that turn. Round 2: the troll's fists hit (80 against 20, damage
    // roll 90) and take nothing; the priest's mace (50 × 0.5 = 25 against 50) and the warrior (50 against 50) miss.
    const dice = forceDice(sim, [10, 20, 90, 50, 10, 30, 60, 40, 25, 80, 20, 90, 50, 50, 50, 50]);
    const ev = run(sim, ROUND_TICKS + 3);
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=4 order=["3","2","1"] initiative={"1":10,"2":20,"3":90} surprised=[]`,
      "1 spellCast unitId=3 spellId=maul targetId=1 chargesLeft=0",
      "1 attack attackerId=3 targetId=1 hit=true attackRoll=50 defenceRoll=10",
      "1 damaged targetId=1 sourceId=3 amount=30 damageType=magic hp=170 critical=false",
      "1 statusApplied unitId=1 byUnitId=3 spellId=maul status=stunned turns=1 x=5 y=5",
      "2 spellCast unitId=2 spellId=ward targetId=1 chargesLeft=0",
      "2 statusApplied unitId=1 byUnitId=2 spellId=ward status=immune turns=2 x=5 y=5",
      "3 attack attackerId=1 targetId=3 hit=true attackRoll=60 defenceRoll=40",
      "3 damaged targetId=3 sourceId=1 amount=25 damageType=melee hp=125 critical=false",
      "11 attack attackerId=3 targetId=1 hit=true attackRoll=80 defenceRoll=20",
      "12 attack attackerId=2 targetId=3 hit=false attackRoll=25 defenceRoll=50",
      "13 attack attackerId=1 targetId=3 hit=false attackRoll=50 defenceRoll=50",
    ]);
    expect([d100Of(w).hp, d100Of(w).statuses, dice.left()]).toEqual([170, [], 0]);
  });

  it("P100-FUMBLE-10: a scout's fatal failure at a minion that cannot shoot back incapacitates it: it loses its next turn", () => {
    const sim = d100Sim();
    const s = adventurer(sim, "Scout", 3, 5, { weapon: "bow", ranged: true });
    const m = addUnit(sim, { kind: "minion", x: 8, y: 5 });
    s.targetId = m.id; m.targetId = s.id;
    // Initiative scout 90, minion 10. The scout's shot is a natural 1 (fatal failure) at a minion 5 tiles away that
    // cannot shoot back: no counter-attack, its turn ends, −20 to its dodge, and it is incapacitated. The minion
    // walks up and hits (50 against 50 − 20 = 30) for 50. Round 2: the scout's turn (tick 11) is lost, which ends the
    // penalty; the minion misses (50 against 50).
    const dice = forceDice(sim, [90, 10, 1, 50, 50, 50, 50, 50]);
    const ev = run(sim, ROUND_TICKS + 2);
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=3 order=["1","2"] initiative={"1":90,"2":10} surprised=[]`,
      "1 attack attackerId=1 targetId=2 hit=false attackRoll=1 defenceRoll=0",
      "2 attack attackerId=2 targetId=1 hit=true attackRoll=50 defenceRoll=30",
      "2 damaged targetId=1 sourceId=2 amount=50 damageType=melee hp=100 critical=false",
      "12 attack attackerId=2 targetId=1 hit=false attackRoll=50 defenceRoll=50",
    ]);
    expect([d100Of(s).statuses, d100Of(s).dodgePenalty, dice.left()]).toEqual([[], 0, 0]);
  });

  it("P100-DUEL-11, P100-DUEL-12: in a duel the priest's mastery (data D100_DUEL_MASTERY_CLASSES) makes its off-role mace roll × 0.8 (not × 0.75) and caps its damage at 100 (not 90)", () => {
    const sim = d100Sim();
    const priest = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    // Duel initiative priest 90, minion 10. The priest's natural 97 (critical) × 0.8 = 77 (× 0.75 would give 72),
    // damage 80 × 1.5 = 120 capped at 100 (90 without the mastery). The minion hits back (50 against 30) for 40.
    // Round 2: 50 × 0.8 = 40 against 30 hits for 50 and the minion is down: the duel ends.
    const dice = forceDice(sim, [90, 10, 97, 80, 50, 30, 40, 50, 30, 50]);
    beginDuel(sim, priest.id, m.id, { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
    expect([d100Of(priest).duel?.mastery, d100Of(m).duel?.mastery]).toEqual([true, false]);
    const ev = run(sim, ROUND_TICKS + 2);
    expect(lines(ev)).toEqual([
      `0 duelStarted duelId=3 unitIds=["1","2"] toDeath=false hp={"1":200,"2":110} warnings=["differentRoles"]`,
      `0 encounterStarted encounterId=3 order=["1","2"] initiative={"1":90,"2":10} surprised=[]`,
      "1 attack attackerId=1 targetId=2 hit=true attackRoll=77 defenceRoll=0",
      "1 damaged targetId=2 sourceId=1 amount=100 damageType=melee hp=10 critical=true",
      "2 attack attackerId=2 targetId=1 hit=true attackRoll=50 defenceRoll=30",
      "2 damaged targetId=1 sourceId=2 amount=40 damageType=melee hp=160 critical=false",
      "10 attack attackerId=1 targetId=2 hit=true attackRoll=40 defenceRoll=30",
      "10 damaged targetId=2 sourceId=1 amount=50 damageType=melee hp=-40 critical=false",
      "10 knockedOut unitId=2 outcome=unconscious cause=hitPoints",
      `10 duelEnded duelId=3 winnerId=1 loserId=2 how=down loserDied=false hp={"1":110,"2":1}`,
      "10 encounterEnded encounterId=3 rounds=2 reason=beaten",
    ]);
    expect(dice.left()).toBe(0);
  });

  it("P100-PLACE-03, P100-PLACE-04: a doorbreaker (a melee class) cannot reach a gargoyle at moderate height with its maul, so it throws its sidearm: roll × 0.5, damage capped at 70", () => {
    const sim = d100Sim();
    const db = adventurer(sim, "Doorbreaker", 5, 5, { weapon: "maul", blunt: true });
    const g = addUnit(sim, { kind: "creature", species: "gargoyle", x: 8, y: 5 });
    Object.assign(d100Of(g), { altitude: "moderate" });
    db.targetId = g.id;
    // Initiative doorbreaker 90, gargoyle 10. The throw: natural 80 × 0.5 = 40, +20 against a flyer at moderate
    // height (P100-AIR-05) = 60 against 30; damage roll 75 capped at 70 (below the unseat threshold of 80).
    const dice = forceDice(sim, [90, 10, 80, 30, 75]);
    const ev = sim.step();
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=3 order=["1","2"] initiative={"1":90,"2":10} surprised=[]`,
      "1 attack attackerId=1 targetId=2 hit=true attackRoll=60 defenceRoll=30 natural=80 airModifier=20 damageRoll=75",
      "1 damaged targetId=2 sourceId=1 amount=70 damageType=ranged hp=50 critical=false",
    ]);
    expect([db.x, db.y, dice.left()]).toEqual([5, 5, 0]);
  });

  it("P100-STATUS-09: a warlock's passive spell (its imp binding) is never declared, so the enemy counterspeller beside it never answers it and keeps its charge, while the warlock's own counterspell answers the Master's bolt", () => {
    const sim = d100Sim();
    const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
    const wl = adventurer(sim, "Warlock", 9, 5, { weapon: "staff", blunt: true });
    const rival = renegade(sim, "Warlock", 9, 6, { weapon: "staff", blunt: true });
    d100Of(wl).spells.push({ id: "bindImp", charges: 0, maxCharges: 0, passive: true, familiarSpecialisation: true }); // as companions.ts gives it
    wl.targetId = master.id;
    // Initiative Master 90, warlock 10, rival 20: the bolt at the warlock is answered by the warlock itself.
    const dice = forceDice(sim, [90, 10, 20]);
    const ev = sim.step();
    expect(lines(ev)).toEqual([
      `1 encounterStarted encounterId=4 order=["1","3","2"] initiative={"1":90,"2":10,"3":20} surprised=[]`,
      "1 spellCast unitId=1 spellId=shadowBolt targetId=2 chargesLeft=0",
      "1 spellCast unitId=2 spellId=counterspell targetId=1 chargesLeft=0",
      "1 spellInterrupted unitId=1 byUnitId=2 spellId=shadowBolt",
    ]);
    expect([d100Of(rival).spells.map((sp) => [sp.id, sp.charges]), d100Of(wl).spells.map((sp) => [sp.id, sp.charges, sp.passive]), dice.left()])
      .toEqual([[["counterspell", 1]], [["counterspell", 0, false], ["bindImp", 0, true]], 0]);
  });
});
