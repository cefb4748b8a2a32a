import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { applyWound } from "../../../src/sim/combat/malignus/wounds.ts";
import { KNOWN_ENEMY_MEMORY_TICKS, NOISE_RANGE, knownEnemies, makeNoise } from "../../../src/sim/combat/awareness.ts";
import { canSee } from "../../../src/sim/combat/perception.ts";
import { stepConditions } from "../../../src/sim/combat/conditions.ts";
import { stepMinions } from "../../../src/sim/minions/minions.ts";
import { adventurer, forceDice, makeSim, scriptedDice } from "./helpers.ts";

const WIDE = [
  "P.......................",
  "........................",
  "........................",
  "..........#.............",
  "..........#.............",
  "..........#.............",
  "........................",
  "SK......................",
].join("\n");

const BLIND = { combat: 3, craft: 0, tracking: 0, block: 0 };

describe("being hit reveals the attacker", () => {
  it("CMB-05: a hit tells the target where the attacker is even out of sight; a miss does not (the real malignus attack on forced dice)", () => {
    const sim = makeSim(1, WIDE);
    const target = addUnit(sim, { kind: "minion", x: 2, y: 2, stats: { ...BLIND } });
    const archer = adventurer(sim, 12, 2, { stats: { combat: 2, craft: 0, tracking: 1, block: 0 }, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    expect(canSee(sim, target, archer)).toBe(false); // 10 tiles away, perception 3
    // A miss: 1d10 1 + Combat 2 = 3 against 5 + Combat 3 = 8.
    let dice = forceDice(sim, [1, 5]);
    sim.drainEvents();
    expect(sim.ruleset.attack(sim, archer, target)).toEqual({ hit: false });
    expect(dice.left()).toBe(0);
    expect(target.knownEnemies).toEqual({});
    // A hit: 10 + 2 = 12 against 1 + 3 = 4 (margin 8), located on the torso (d100 50): a wound, and the archer is known.
    dice = forceDice(sim, [10, 1, 50]);
    expect(sim.ruleset.attack(sim, archer, target)).toEqual({ hit: true });
    expect(dice.left()).toBe(0);
    expect(sim.drainEvents().map((e) => e.type)).toEqual(["attack", "attack", "wound"]);
    expect(target.knownEnemies).toEqual({ [archer.id]: { x: 12, y: 2, tick: 0 } });
    expect(knownEnemies(sim, target).map((k) => [k.enemy.id, k.at])).toEqual([[archer.id, { x: 12, y: 2 }]]);
  });

  it("CMB-05: with real malignus rolls, exactly the attacks that wound reveal the attacker", () => {
    const sim = makeSim(4, WIDE);
    let revealedOnHit = 0, hits = 0;
    for (let i = 0; i < 200; i++) {
      const target = addUnit(sim, { kind: "minion", x: 2, y: 2, stats: { ...BLIND } });
      const archer = adventurer(sim, 12, 2);
      const before = target.woundPoints;
      sim.ruleset.attack(sim, archer, target);
      const wounded = target.woundPoints > before;
      if (wounded) hits++;
      if (wounded && target.knownEnemies[archer.id]) revealedOnHit++;
      if (!wounded) expect(target.knownEnemies).toEqual({});
      delete sim.state.units[target.id];
      delete sim.state.units[archer.id];
    }
    expect(hits).toBeGreaterThan(50);
    expect(revealedOnHit).toBe(hits);
  });

  it("CMB-05: what a unit learned is forgotten after KNOWN_ENEMY_MEMORY_TICKS or once the enemy is out of the fight", () => {
    const sim = makeSim();
    const m = addUnit(sim, { kind: "minion", x: 2, y: 2 });
    const a = adventurer(sim, 9, 2);
    const b = adventurer(sim, 9, 5);
    m.knownEnemies[a.id] = { x: 9, y: 2, tick: 0 };
    m.knownEnemies[b.id] = { x: 9, y: 5, tick: 0 };
    b.activity = "unconscious";
    expect(knownEnemies(sim, m).map((k) => k.enemy.id)).toEqual([a.id]);
    expect(Object.keys(m.knownEnemies)).toEqual([a.id]);
    sim.state.tick = KNOWN_ENEMY_MEMORY_TICKS;
    expect(knownEnemies(sim, m).length).toBe(1);
    sim.state.tick = KNOWN_ENEMY_MEMORY_TICKS + 1;
    expect(knownEnemies(sim, m)).toEqual([]);
  });
});

describe("noise", () => {
  it("CMB-06: a death makes a noise where the body fell, once, whatever killed it; the Master's death is silent", () => {
    const sim = makeSim(2, WIDE);
    const kobold = addUnit(sim, { kind: "creature", species: "kobold", x: 5, y: 5 });
    const m = addUnit(sim, { kind: "minion", x: 8, y: 5 });
    const a = adventurer(sim, 4, 5);
    sim.drainEvents();
    // A critical wound to a creature at 10 points kills it (CMB-33).
    kobold.woundPoints = 6;
    applyWound(sim, kobold, a.id, "critical", "torso", false, scriptedDice([]));
    expect(kobold.activity).toBe("dead");
    sim.drainEvents();
    stepConditions(sim);
    expect(sim.drainEvents()).toEqual([
      { type: "noise", cause: "death", sourceId: kobold.id, x: 5, y: 5, heardBy: [m.id], revealed: [a.id], tick: 0 },
    ]);
    expect(kobold.diedTick).toBe(0);
    stepConditions(sim);
    expect(sim.drainEvents()).toEqual([]);
    const master = addUnit(sim, { kind: "master", x: 1, y: 7 });
    master.activity = "dead";
    stepConditions(sim);
    expect(sim.drainEvents()).toEqual([]);
    // An adventurer's death makes one too.
    a.activity = "dead";
    stepConditions(sim);
    expect(sim.drainEvents().map((e) => e.type)).toEqual(["noise"]);
  });

  it("CMB-08: minions and creatures within 7 tiles learn every enemy within 7 tiles of the noise, through walls; not the Master, not farther away", () => {
    expect(NOISE_RANGE).toBe(7);
    const sim = makeSim(2, WIDE);
    const at = { x: 10, y: 4 }; // inside the wall column: walls do not stop noise
    const near = addUnit(sim, { kind: "minion", x: 3, y: 4, stats: { ...BLIND } }); // 7 tiles
    const far = addUnit(sim, { kind: "minion", x: 2, y: 4 }); // 8 tiles
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 17, y: 7, stats: { ...BLIND } }); // 7 tiles
    const master = addUnit(sim, { kind: "master", x: 10, y: 6 });
    const e1 = adventurer(sim, 17, 1); // 7 tiles from the noise
    const e2 = adventurer(sim, 18, 4); // 8 tiles
    const wild = addUnit(sim, { kind: "creature", species: "wolf", faction: "wild", x: 11, y: 0 });
    const ko = adventurer(sim, 12, 4, { activity: "unconscious" });
    sim.drainEvents();
    makeNoise(sim, at, "death", ko.id);
    expect(sim.drainEvents()).toEqual([
      { type: "noise", cause: "death", sourceId: ko.id, x: 10, y: 4, heardBy: [near.id, troll.id], revealed: [e1.id, wild.id], tick: 0 },
    ]);
    expect(near.knownEnemies).toEqual({ [e1.id]: { x: 17, y: 1, tick: 0 }, [wild.id]: { x: 11, y: 0, tick: 0 } });
    expect(Object.keys(troll.knownEnemies)).toEqual([e1.id, wild.id]);
    expect(far.knownEnemies).toEqual({});
    expect(master.knownEnemies).toEqual({});
    expect(e1.knownEnemies).toEqual({});
    expect(canSee(sim, near, e1)).toBe(false);
  });

  it("CMB-08: a minion that heard a noise goes where the enemy was, and forgets it once there", () => {
    const sim = makeSim(2, WIDE);
    const m = addUnit(sim, { kind: "minion", x: 3, y: 1, stats: { ...BLIND } });
    const a = adventurer(sim, 9, 1, { activity: "idle" });
    makeNoise(sim, { x: 6, y: 1 }, "bash", a.id);
    a.x = 20; a.y = 7; // it moved on after the noise
    stepMinions(sim);
    expect(m.walk?.goal).toBe(8 + 1 * 24); // next to where it was, nearest side
    expect(m.activity).toBe("walking");
    m.x = 8; m.y = 1; m.walk = null;
    stepMinions(sim);
    expect(m.knownEnemies).toEqual({});
  });
});
