import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { d100Attack, healUnit, hurt } from "../../../src/sim/combat/d100/resolve.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addCompanions, stepD100Companions } from "../../../src/sim/combat/d100/companions.ts";
import { aiLetsFamiliarAct, ownerBest } from "../../../src/sim/combat/d100/companionTurn.ts";
import { companionStep } from "../../../src/sim/combat/d100/companionSteps.ts";
import { expectedDamage } from "../../../src/sim/combat/d100/odds.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { startInvasion } from "../../../src/sim/invasions/party.ts";
import { encountersOf } from "../../../src/sim/combat/encounters/book.ts";
import { d100TurnOptions } from "../../../src/sim/combat/d100/options.ts";
import { newTurn } from "../../../src/sim/combat/d100/turns.ts";
import { adventurer, forceDice, run, of } from "./fixtures.ts";
import { setFaction } from "../../../src/sim/world/factions.ts";

/**
 * Familiars (P100-FAMILIAR) and mounts (P100-AIR-20 to 23) as units of a d100 room, with scripted
 * dice: they come with their owner's class, act in its slot or carry it, and share its life.
 */

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

function d100Sim(extra: Partial<Parameters<typeof Simulation.create>[0]> = {}): Simulation {
  return Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA), ...extra });
}
/** The owner's companion, created as a party's would be, moved to (x, y). */
function companion(sim: Simulation, owner: UnitRecord, x = owner.x, y = owner.y): UnitRecord {
  const [c] = addCompanions(sim, { id: "", memberIds: [owner.id] } as unknown as PartyRecord);
  if (!c) throw new Error("no companion");
  c.x = x; c.y = y;
  return c;
}
const bare = (e: SimEvent) => { const { tick: _t, type: _y, ...rest } = e; return rest; };
/** The events cut into turns: [unit id, event types] per turnStarted. */
function turns(events: SimEvent[]): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const e of events) {
    if (e.type === "turnStarted") out.push([e.unitId, []]);
    else if (out.length > 0 && e.type !== "encounterEnded") out.at(-1)![1].push(e.type);
  }
  return out;
}

describe("companions in a d100 room", () => {
  it("P100-FAMILIAR-01, P100-FAMILIAR-05, P100-AIR-22: the first party of a room with firstParty brings its hound, imp and griffon", () => {
    const sim = d100Sim({ d100: { firstParty: ["Hunter", "Warlock", "Skyrider"] } });
    const party = startInvasion(sim);
    const [hunter, warlock, sky] = party.memberIds.map((id) => sim.state.units[id]!);
    const companions = Object.values(sim.state.units).filter((u) => u.companionOf);
    expect(companions.map((c) => [c.species, c.companionOf, c.faction, c.partyId, c.x, c.y])).toEqual([
      ["hound", hunter!.id, "village", party.id, party.portal.x, party.portal.y],
      ["imp", warlock!.id, "village", party.id, party.portal.x, party.portal.y],
      ["griffon", sky!.id, "village", party.id, party.portal.x, party.portal.y],
    ]);
    const [hound, imp, griffon] = companions.map((c) => d100Of(c));
    expect([hound!.hp, hound!.maxHp, hound!.familiar, hound!.dyingPhase]).toEqual([75, 75, { kind: "hunter", ownerId: hunter!.id }, true]);
    expect([imp!.hp, imp!.familiar, imp!.dyingPhase]).toEqual([75, { kind: "demon", ownerId: warlock!.id }, false]);
    expect([d100Of(hunter!).familiarSpecialist, d100Of(warlock!).familiarSpecialist]).toEqual([false, true]);
    expect([griffon!.flyer, griffon!.canCharge, griffon!.riderId, d100Of(sky!).mountId, d100Of(sky!).canCharge]).toEqual([true, true, sky!.id, companions[2]!.id, true]);
    expect([griffon!.hp, griffon!.maxHp]).toEqual([150, 150]); // the rider's pool
    expect(party.memberIds).toHaveLength(3); // companions follow the party, they are not members
  });

  it("companions only come in d100 rooms: a d20 room's Hunter comes alone", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "d20", map: parseMap("t", ARENA) });
    const hunter = adventurer(sim, "Hunter", 3, 3);
    expect(addCompanions(sim, { id: "", memberIds: [hunter.id] } as unknown as PartyRecord)).toEqual([]);
  });

  it("P100-FAMILIAR-02, P100-FAMILIAR-08, P100-PLACE-13/14: a hunter (not a specialist) lets its hound, next to a bear in cover, attack in its slot (expected 58% x 35.5 = 20.59 against its arrow's 27% x 50.5 = 13.635; 70 of 1..80 x1.5 against 40, 30 damage); the hound's own slot passes", () => {
    const rows = ARENA.split("\n");
    rows[5] = ".......=............";
    const sim = d100Sim({ map: parseMap("t", rows.join("\n")) });
    const hunter = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 6, 5);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    hunter.targetId = bear.id;
    const enc = () => Object.values(encountersOf(sim))[0]!;
    // initiative hunter 90, hound 50, bear 10; the hound: 70 (1..80, x1.5 = 105) vs 40, damage 30 (1..70); the bear: 50 vs the hound's 60.
    const dice = forceDice(sim, [90, 50, 10, 70, 40, 30, 50, 60]);
    const events = run(sim, 3);
    expect([expectedDamage(d100Of(hound), { ...d100Of(bear), inCover: true }, { mode: "melee" }), ownerBest(sim, enc(), hunter), aiLetsFamiliarAct(sim, enc(), hound)]).toEqual([20.59, 13.635, true]);
    expect(turns(events)).toEqual([[hunter.id, ["attack", "damaged", "wound"]], [hound.id, []], [bear.id, ["attack"]]]);
    expect(of(events, "attack").map(bare)).toEqual([
      { attackerId: hound.id, targetId: bear.id, hit: true, attackRoll: 105, defenceRoll: 40, natural: 70, airModifier: 0, damageRoll: 30, cover: true },
      { attackerId: bear.id, targetId: hound.id, hit: false, attackRoll: 50, defenceRoll: 60 },
    ]);
    expect([d100Of(bear).hp, d100Of(hound).hp, d100Of(hunter).hp]).toEqual([80 - 30, 75, 150]);
    expect(dice.left()).toBe(0);
  });

  it("P100-FAMILIAR-02 (AI, issue 8): the hound next to a bear in the open could strike, but the hunter's arrow is worth more (50% x 50.5 = 25.25 against 40% x 35.5 = 14.2): the hunter shoots", () => {
    const sim = d100Sim();
    const hunter = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 7, 4); // next to the bear, off the arrow's line
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    hunter.targetId = bear.id;
    // initiative hunter 90, hound 50, bear 10; the hunter's arrow 60 vs 20, damage 25.
    const dice = forceDice(sim, [90, 50, 10, 60, 20, 25]);
    const events = run(sim, 1);
    const enc = Object.values(encountersOf(sim))[0]!;
    expect([expectedDamage(d100Of(hound), d100Of(bear), { mode: "melee" }), ownerBest(sim, enc, hunter), aiLetsFamiliarAct(sim, enc, hound)]).toEqual([14.2, 25.25, false]);
    expect(of(events, "attack").map(bare)).toEqual([{ attackerId: hunter.id, targetId: bear.id, hit: true, attackRoll: 60, defenceRoll: 20 }]);
    expect(d100Of(bear).hp).toBe(55);
    expect(dice.left()).toBe(0);
  });

  it("P100-FAMILIAR-02: with no foe its hound can reach this turn, the hunter shoots itself and the hound stays put", () => {
    const sim = d100Sim();
    const hunter = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 0, 10);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 9, y: 5 });
    hunter.targetId = bear.id;
    // initiative hunter 90, hound 50, bear 10; the hunter's arrow 60 vs 20, damage 25.
    const dice = forceDice(sim, [90, 50, 10, 60, 20, 25]);
    const events = run(sim, 1);
    expect(of(events, "attack").map(bare)).toEqual([{ attackerId: hunter.id, targetId: bear.id, hit: true, attackRoll: 60, defenceRoll: 20 }]);
    expect([hound.x, hound.y, d100Of(bear).hp]).toEqual([0, 10, 55]);
    expect(dice.left()).toBe(0);
  });

  it("P100-FAMILIAR-03, P100-FAMILIAR-04: a warlock (imp specialist) strikes, then its imp strikes right after, both in the warlock's slot", () => {
    const sim = d100Sim();
    const warlock = adventurer(sim, "Warlock", 6, 4, { weapon: "staff", blunt: true });
    const imp = companion(sim, warlock, 6, 6);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    warlock.targetId = bear.id;
    // initiative warlock 90, imp 50, bear 10; the warlock 60 vs 30, damage 20; the imp 55 (1..80) vs 70: a miss.
    const dice = forceDice(sim, [90, 50, 10, 60, 30, 20, 55, 70]);
    const events = run(sim, 2);
    expect(turns(events)).toEqual([[warlock.id, ["attack", "damaged", "wound", "attack"]], [imp.id, []]]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll])).toEqual([[warlock.id, true, 60], [imp.id, false, 55]]);
    expect(d100Of(bear).hp).toBe(60);
    expect(dice.left()).toBe(0);
  });

  it("P100-FAMILIAR-06, P100-FAMILIAR-07, P100-FAMILIAR-09, P100-FAMILIAR-10: a familiar's 80 is no critical and its 1 no fumble; an imp brought to 0 HP is banished (dead, no dying phase)", () => {
    const sim = d100Sim();
    const warlock = adventurer(sim, "Warlock", 2, 2);
    const imp = companion(sim, warlock, 6, 5);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    forceDice(sim, [80, 79, 70, 1, 1]);
    d100Attack(sim, imp, bear, { mode: "melee" });
    d100Attack(sim, imp, bear, { mode: "melee" });
    const first = sim.drainEvents();
    expect(of(first, "attack").map(bare)).toEqual([
      { attackerId: imp.id, targetId: bear.id, hit: true, attackRoll: 80, defenceRoll: 79 },
      { attackerId: imp.id, targetId: bear.id, hit: false, attackRoll: 1, defenceRoll: 1 },
    ]);
    expect(of(first, "damaged").map((e) => e.amount)).toEqual([70]); // ×1 (no critical), no counter-attack on the 1
    d100Of(imp).hp = 10;
    forceDice(sim, [60, 20, 30]);
    d100Attack(sim, bear, imp, { mode: "melee" });
    const events = sim.drainEvents();
    expect(of(events, "knockedOut").map(bare)).toEqual([{ unitId: imp.id, outcome: "dead", cause: "hitPoints" }]);
    expect([d100Of(imp).hp, d100Of(imp).dead, d100Of(imp).dying, imp.activity]).toEqual([-20, true, false, "dead"]);
  });

  it("P100-FAMILIAR-14: a banished imp comes back next to its warlock at 75 HP once the fight is over; a hunter's dead hound does not", () => {
    const sim = d100Sim();
    const warlock = adventurer(sim, "Warlock", 2, 2);
    const imp = companion(sim, warlock, 6, 5);
    const hunter = adventurer(sim, "Hunter", 2, 8, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 6, 8);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    d100Of(imp).hp = 10;
    d100Of(hound).hp = -45;
    Object.assign(d100Of(hound), { dying: true });
    forceDice(sim, [60, 20, 30, 60, 10]);
    d100Attack(sim, bear, imp, { mode: "melee" });
    d100Attack(sim, bear, hound, { mode: "melee" });
    expect([imp.activity, hound.activity]).toEqual(["dead", "dead"]);
    sim.drainEvents();
    bear.activity = "dead"; // the fight is over
    Object.assign(d100Of(bear), { dead: true });
    const events = run(sim, 1);
    expect(of(events, "woke").map(bare)).toEqual([{ unitId: imp.id }]);
    expect([imp.activity, imp.x, imp.y, d100Of(imp).hp, d100Of(imp).dead]).toEqual(["idle", 2, 2, 75, false]);
    expect([hound.activity, d100Of(hound).dead]).toEqual(["dead", true]);
  });

  it("P100-FAMILIAR-11, P100-FAMILIAR-12: the hunter's hound at −45 lies dying (an ordinary 75-HP unit would be dead); it dies at −50", () => {
    const sim = d100Sim();
    const hunter = adventurer(sim, "Hunter", 2, 2);
    const hound = companion(sim, hunter, 6, 5);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    d100Of(hound).hp = 10;
    forceDice(sim, [60, 20, 55]);
    d100Attack(sim, bear, hound, { mode: "melee" });
    expect(of(sim.drainEvents(), "knockedOut").map(bare)).toEqual([{ unitId: hound.id, outcome: "unconscious", cause: "hitPoints" }]);
    expect([d100Of(hound).hp, d100Of(hound).dying, d100Of(hound).dead]).toEqual([-45, true, false]);
    forceDice(sim, [60, 5]);
    d100Attack(sim, bear, hound, { mode: "melee" }); // a dying target does not dodge
    expect([d100Of(hound).hp, d100Of(hound).dead, hound.activity]).toEqual([-50, true, "dead"]);
  });

  it("P100-FAMILIAR-13: a hunter next to its dying hound spends its whole turn healing it (60 > 50): the hound is back at 1 HP and acts again", () => {
    const sim = d100Sim();
    const hunter = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 4, 5);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 9, y: 5 });
    Object.assign(d100Of(hound), { hp: -10, dying: true });
    hound.activity = "unconscious";
    hunter.targetId = bear.id;
    // initiative hunter 90, hound 50, bear 10; the hunter's heal roll 60.
    const dice = forceDice(sim, [90, 50, 10, 60]);
    const events = run(sim, 1);
    expect(turns(events)).toEqual([[hunter.id, ["rescue", "woke"]]]);
    expect(of(events, "rescue").map(bare)).toEqual([{ unitId: hound.id, byUnitId: hunter.id, roll: 60, needed: 50, success: true }]);
    expect([d100Of(hound).hp, d100Of(hound).dying, hound.activity]).toEqual([1, false, "idle"]);
    expect(of(events, "attack")).toEqual([]); // no move, no attack that turn
    expect(dice.left()).toBe(0);
  });

  it("P100-FAMILIAR-13: a hunter whose pet lies dying out of its reach walks next to it (its whole turn), then heals it the next round", () => {
    const sim = d100Sim();
    const hunter = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 7, 5);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 9, y: 5 });
    Object.assign(d100Of(hound), { hp: -10, dying: true });
    hound.activity = "unconscious";
    hunter.targetId = bear.id;
    // initiative hunter 90, hound 50, bear 10; round 1: the hunter walks, the hound loses 5, the bear walks up to the hunter and
    // misses (30 vs 40); round 2: the heal roll 70.
    const dice = forceDice(sim, [90, 50, 10, 30, 40, 70]);
    const events: SimEvent[] = run(sim, 3);
    expect([hunter.x, hunter.y]).toEqual([6, 4]);
    expect(turns(events).map(([id, types]) => [id, types.filter((t) => t !== "guardedMove")])).toEqual([[hunter.id, []], [hound.id, ["damaged"]], [bear.id, ["attack"]]]);
    expect(d100Of(hound).hp).toBe(-15);
    const enc = Object.values(encountersOf(sim))[0]!;
    let healed: SimEvent[] = [];
    while (enc.round < 2) healed = run(sim, 1); // round 2 opens with the hunter's turn
    expect(turns(healed)).toEqual([[hunter.id, ["rescue", "woke"]]]);
    expect(of(healed, "rescue").map(bare)).toEqual([{ unitId: hound.id, byUnitId: hunter.id, roll: 70, needed: 50, success: true }]);
    expect([d100Of(hound).hp, hound.activity]).toEqual([1, "idle"]);
    expect(dice.left()).toBe(0);
  });

  it("P100-FAMILIAR-02, P100-FAMILIAR-13: a player's plan familiar gives the hunter's turn to its hound; healFamiliar out of reach is refused and draws nothing", () => {
    const sim = d100Sim();
    const hunter = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 8, 6);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 9, y: 5 });
    hunter.controller = "seat-1";
    hunter.targetId = bear.id;
    // The hound: 44 (1..80) vs 20, 15 damage; the bear strikes the hound: 30 vs 40.
    const dice = forceDice(sim, [90, 50, 10, 44, 20, 15, 30, 40]);
    run(sim, 1);
    const enc = Object.values(encountersOf(sim))[0]!;
    enc.plans[hunter.id] = { action: "familiar" };
    const events = run(sim, 1);
    // The hunter itself does not shoot.
    expect(of(events, "attack").map(bare)).toEqual([{ attackerId: hound.id, targetId: bear.id, hit: true, attackRoll: 44, defenceRoll: 20 }]);
    while (enc.round < 2 || enc.waitingSince < 0) run(sim, 1);
    expect(dice.left()).toBe(0);
    forceDice(sim, []);
    enc.plans[hunter.id] = { action: "healFamiliar" };
    const refused = run(sim, 1);
    // issue 8: the one-word plan is reported, with its refusal.
    expect(turns(refused)).toEqual([[hunter.id, ["turnPlanPlayed"]]]);
    expect(of(refused, "turnPlanPlayed").map(bare)).toEqual([{ unitId: hunter.id, refusals: ["notAdjacent"] }]);
  });

  it("P100-AIR-20, P100-AIR-21, P100-FAMILIAR-13: the turn options list a rider's takeOff and dismount, then land, climb and dismount's refusal in the air; a step list flies the griffon; a hunter next to its pet gets healFamiliar", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const hunter = adventurer(sim, "Hunter", 3, 8, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 4, 8);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 14, y: 5 });
    sky.controller = "seat-1";
    sky.targetId = bear.id;
    forceDice(sim, [90, 50, 40, 30, 10]); // initiative: sky, griffon, hunter, hound, bear
    run(sim, 1);
    const enc = Object.values(encountersOf(sim))[0]!;
    expect(enc.participants).toContain(hunter.id);
    const ground = d100TurnOptions(sim, enc, sky).actions;
    expect(ground.filter((a) => ["takeOff", "land", "climb", "descend", "dismount", "mount"].includes(a))).toEqual(["takeOff", "dismount"]);
    expect(ground.at(-1)).toBe("endTurn");
    expect(d100TurnOptions(sim, enc, hunter).actions).toContain("healFamiliar");
    enc.plans[sky.id] = { action: "steps", steps: [{ kind: "takeOff" }] };
    const events = run(sim, 1);
    expect(of(events, "altitudeChanged").map(bare)).toEqual([
      { unitId: griffon.id, altitude: "low", cause: "takeOff" }, { unitId: sky.id, altitude: "low", cause: "takeOff" },
    ]);
    expect(of(events, "turnPlanPlayed").map(bare)).toEqual([{ unitId: sky.id, refusals: [null] }]);
    const air = d100TurnOptions(sim, enc, sky, newTurn()).actions;
    expect(air.filter((a) => ["takeOff", "land", "climb", "descend", "dismount", "mount"].includes(a))).toEqual(["land", "climb"]);
    expect(companionStep(sim, sky, { kind: "dismount" }, newTurn())).toBe("mountFlying");
    expect(companionStep(sim, hunter, { kind: "healFamiliar", targetId: hound.id }, { ...newTurn(), moved: true })).toBe("needsFullTurn");
    expect(companionStep(sim, sky, { kind: "mount", targetId: hound.id }, newTurn())).toBe("noMount");
    expect(companionStep(sim, hunter, { kind: "climb" }, newTurn())).toBeUndefined(); // riding nothing: the turn's own flight rules
  });

  it("P100-AIR-22: a blow on the griffon comes out of its rider's HP, and at 0 both are out of action", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 6, y: 5 });
    forceDice(sim, [60, 20, 50]);
    d100Attack(sim, bear, griffon, { mode: "melee" });
    expect(of(sim.drainEvents(), "damaged").map((e) => [e.targetId, e.amount, e.hp])).toEqual([[sky.id, 50, 100]]);
    expect([d100Of(sky).hp, d100Of(griffon).hp, d100Of(griffon).maxHp]).toEqual([100, 100, 150]);
    forceDice(sim, [60, 20, 100]);
    d100Attack(sim, bear, sky, { mode: "melee" });
    expect(of(sim.drainEvents(), "knockedOut").map((e) => [e.unitId, e.outcome])).toEqual([[sky.id, "unconscious"], [griffon.id, "unconscious"]]);
    expect([d100Of(sky).hp, d100Of(sky).dying, d100Of(griffon).hp, d100Of(griffon).traumatised, d100Of(griffon).dying, griffon.activity]).toEqual([0, true, 0, true, false, "unconscious"]);
    // Rescued and healed, the rider is back up, and its griffon with it.
    Object.assign(d100Of(sky), { dying: false, hp: 20 });
    sky.activity = "idle";
    sim.drainEvents();
    stepD100Companions(sim); // the tick's companion step
    expect(of(sim.drainEvents(), "woke").map(bare)).toEqual([{ unitId: griffon.id }]);
    expect([d100Of(griffon).hp, d100Of(griffon).traumatised, griffon.activity]).toEqual([20, false, "idle"]);
  });

  it("P100-AIR-22: a trap's harm on the griffon also comes out of its rider's HP, and healing it heals its rider", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    hurt(sim, griffon, 30, "trap", "piercing");
    expect(of(sim.drainEvents(), "damaged").map((e) => [e.targetId, e.amount, e.hp])).toEqual([[sky.id, 30, 120]]);
    expect([d100Of(sky).hp, d100Of(griffon).hp]).toEqual([120, 120]);
    forceDice(sim, [20]);
    healUnit(sim, griffon, "priest"); // CMB-45 healing: the shared HP
    expect(of(sim.drainEvents(), "healed").map(bare)).toEqual([{ unitId: sky.id, byUnitId: "priest", woundPoints: 0, hp: 140 }]);
    expect([d100Of(sky).hp, d100Of(griffon).hp]).toEqual([140, 140]);
  });

  it("P100-AIR-16, P100-AIR-18, P100-AIR-22: a sling stone of 90 on the rider at moderate height unseats the pair: both fall, the pool loses half of what was left once", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    for (const u of [sky, griffon, g]) d100Of(u).altitude = "moderate";
    forceDice(sim, [60, 20, 90]);
    d100Attack(sim, g, sky, { mode: "ranged" });
    const events = sim.drainEvents();
    // 150 − 90 = 60, the fall from moderate height: − 30.
    expect(of(events, "damaged").map((e) => [e.targetId, e.amount, e.hp])).toEqual([[sky.id, 120, 30]]);
    expect(of(events, "altitudeChanged").map(bare)).toEqual([{ unitId: griffon.id, altitude: "ground", cause: "fall" }]);
    expect([d100Of(sky).altitude, d100Of(griffon).altitude, d100Of(griffon).hp]).toEqual(["ground", "ground", 30]);
  });

  it("P100-AIR-20, P100-AIR-23: a rider's dismount and mount are each a full turn; the griffon never acts in its own slot", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 12, y: 5 });
    sky.controller = "seat-1";
    sky.targetId = bear.id;
    // initiative sky 90, griffon 50, bear 10; the bear walks up and strikes the rider: 30 vs 40, a miss.
    const dice = forceDice(sim, [90, 50, 10, 30, 40]);
    run(sim, 1); // the encounter starts and waits for the rider's plan
    const enc = Object.values(encountersOf(sim))[0]!;
    enc.plans[sky.id] = { action: "dismount" };
    const events = run(sim, 3);
    expect(turns(events)).toEqual([[sky.id, ["mountChanged", "turnPlanPlayed"]], [griffon.id, []], [bear.id, ["attack"]]]);
    expect(of(events, "mountChanged").map(bare)).toEqual([{ riderId: sky.id, mountId: griffon.id, mounted: false }]);
    expect(of(events, "turnPlanPlayed").map(bare)).toEqual([{ unitId: sky.id, refusals: [null] }]); // issue 8: one-word plans are reported
    expect([d100Of(sky).mountId, d100Of(griffon).riderId, d100Of(sky).canCharge]).toEqual(["", sky.id, false]);
    // Next round: mounting again is the rider's whole turn too.
    while (enc.round < 2 || enc.waitingSince < 0) run(sim, 1); // round 2 waits for the rider's plan
    enc.plans[sky.id] = { action: "mount", targetId: griffon.id };
    const again = run(sim, 1);
    expect(turns(again)).toEqual([[sky.id, ["mountChanged", "turnPlanPlayed"]]]);
    expect(dice.left()).toBe(0);
    expect(of(again, "mountChanged").map(bare)).toEqual([{ riderId: sky.id, mountId: griffon.id, mounted: true }]);
    expect([d100Of(sky).mountId, d100Of(sky).canCharge]).toEqual([griffon.id, true]);
  });

  it("P100-AIR-20: an AI rider next to its griffon gets back on in a fight (its whole turn); out of fights the griffon walks back to its rider, who gets on", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky, 6, 5);
    d100Of(sky).mountId = "";
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 14, y: 5 });
    sky.targetId = bear.id;
    const dice = forceDice(sim, [90, 50, 10]);
    const events = run(sim, 1);
    expect(turns(events)).toEqual([[sky.id, ["mountChanged"]]]);
    expect([d100Of(sky).mountId, sky.x, sky.y]).toEqual([griffon.id, 6, 5]);
    expect(dice.left()).toBe(0);

    const calm = d100Sim();
    const rider = adventurer(calm, "Skyrider", 2, 2, { weapon: "spear" });
    const mountUnit = companion(calm, rider, 9, 2);
    d100Of(rider).mountId = "";
    const seen = run(calm, 40);
    expect(of(seen, "mountChanged").map(bare)).toEqual([{ riderId: rider.id, mountId: mountUnit.id, mounted: true }]);
    expect([d100Of(rider).mountId, mountUnit.x, mountUnit.y]).toEqual([mountUnit.id, rider.x, rider.y]);
  });

  it("P100-AIR-20, P100-AIR-21: a rider's takeOff lifts its griffon and itself to low height (whole turn), climb one more level", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 14, y: 5 });
    sky.controller = "seat-1";
    sky.targetId = bear.id;
    forceDice(sim, [90, 50, 10]);
    run(sim, 1);
    const enc = Object.values(encountersOf(sim))[0]!;
    enc.plans[sky.id] = { action: "takeOff" };
    const events = run(sim, 1);
    expect(of(events, "altitudeChanged").map(bare)).toEqual([
      { unitId: griffon.id, altitude: "low", cause: "takeOff" }, { unitId: sky.id, altitude: "low", cause: "takeOff" },
    ]);
    expect([d100Of(griffon).altitude, d100Of(sky).altitude]).toEqual(["low", "low"]);
  });

  it("P100-AIR-11, P100-AIR-12, P100-AIR-13, P100-AIR-14, P100-AIR-15: a skyrider at moderate height charges a gargoyle at the same height (3 tiles: +20 to hit, +10 damage); the gargoyle steps back with no opportunity attack", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 3, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 7, y: 5 });
    for (const u of [sky, griffon, g]) d100Of(u).altitude = "moderate";
    sky.targetId = g.id;
    // initiative sky 90, griffon 50, gargoyle 10; the charge 50 + 20 vs 40, damage 30 + 10; the gargoyle's stone 30 vs 50: a miss.
    const dice = forceDice(sim, [90, 50, 10, 50, 40, 30, 30, 50]);
    const events = run(sim, 3);
    expect(of(events, "attack").map(bare)).toEqual([
      { attackerId: sky.id, targetId: g.id, hit: true, attackRoll: 70, defenceRoll: 40, natural: 50, airModifier: 20, damageRoll: 30 },
      { attackerId: g.id, targetId: sky.id, hit: false, attackRoll: 30, defenceRoll: 50, natural: 30, airModifier: 0, damageRoll: 0 },
    ]);
    expect(of(events, "damaged").map((e) => [e.targetId, e.amount, e.hp])).toEqual([[g.id, 40, 80]]);
    // P100-AIR-11: leaving the rider's side gives it no opportunity attack, so the gargoyle steps back with a normal move, not a guarded one.
    expect(of(events, "reaction")).toEqual([]);
    expect(of(events, "guardedMove")).toEqual([]);
    expect(Math.max(Math.abs(g.x - 6), Math.abs(g.y - 5))).toBe(2);
    expect([sky.x, sky.y, griffon.x, griffon.y]).toEqual([6, 5, 6, 5]); // the griffon carried its rider
    expect(of(events, "altitudeChanged")).toEqual([]);
    expect(dice.left()).toBe(0);
  });

  it("P100-AIR-20: flyers still aloft once their fight is over land where they are (a pair together), one put out of action falls", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 3, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    const dead = addUnit(sim, { ...speciesFields("gargoyle"), x: 12, y: 5 });
    for (const u of [sky, griffon, g, dead]) d100Of(u).altitude = "moderate";
    Object.assign(d100Of(dead), { dead: true, hp: -5 });
    dead.activity = "dead";
    setFaction(sim, g, sky.faction); // nobody fights
    const events = run(sim, 1);
    expect(of(events, "altitudeChanged").map(bare)).toEqual([
      { unitId: sky.id, altitude: "ground", cause: "land" }, { unitId: griffon.id, altitude: "ground", cause: "land" },
      { unitId: g.id, altitude: "ground", cause: "land" }, { unitId: dead.id, altitude: "ground", cause: "fall" },
    ]);
    expect(of(run(sim, 1), "altitudeChanged")).toEqual([]);
  });

  it("out of fights a familiar walks to its owner, a ridden griffon stays on its rider's tile, and a companion whose owner left the map leaves too", () => {
    const sim = d100Sim();
    const hunter = adventurer(sim, "Hunter", 2, 2, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 10, 2);
    const sky = adventurer(sim, "Skyrider", 4, 8, { weapon: "spear" });
    const griffon = companion(sim, sky);
    sky.x = 6; sky.y = 9;
    run(sim, 1);
    expect([griffon.x, griffon.y]).toEqual([6, 9]);
    run(sim, 40);
    expect(Math.max(Math.abs(hound.x - hunter.x), Math.abs(hound.y - hunter.y))).toBe(1);
    hunter.activity = "left";
    const events = run(sim, 1);
    expect(of(events, "escaped").map(bare)).toEqual([{ unitId: hound.id }]);
    expect(hound.activity).toBe("left");
  });
});
