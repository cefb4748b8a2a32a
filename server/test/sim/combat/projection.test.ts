import { describe, expect, it } from "vitest";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { withSharedRules, moduleFor } from "../../../src/sim/combat/rulesets.ts";
import { projectUnitCombat } from "../../../src/rooms/combatProjection.ts";
import { UnitShadow } from "../../../src/rooms/shadows.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { pickUp } from "../../../src/sim/combat/unconscious.ts";
import { adventurer, makeSim } from "./helpers.ts";

describe("what clients see of a fight", () => {
  it("units carry their faction, species, weapon, stance, order, carrier and wound points (CMB-15, CMB-25, CMB-44)", () => {
    const sim = makeSim();
    const m = addUnit(sim, { kind: "minion", x: 3, y: 3, gear: { weapon: "club", blunt: true, ranged: false, armour: "leather", helm: 0 } });
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 5, y: 5 });
    const a = adventurer(sim, 4, 3, { woundPoints: 7 });
    sim.apply({ type: "setStance", unitId: m.id, stance: "keepDistance" });
    sim.apply({ type: "orderAttack", unitId: m.id, targetId: a.id });
    a.activity = "unconscious";
    pickUp(sim, m, a);
    const state = new DungeonState();
    projectState(state, sim, 1);
    const um = state.units.get(m.id)!, ut = state.units.get(troll.id)!, ua = state.units.get(a.id)!;
    expect([...um.statuses]).toEqual([]);
    expect([um.faction, um.weapon, um.stance, um.orderTargetId, um.harmModel, um.maxHp, um.hp]).toEqual(["dungeon", "club", "keepDistance", a.id, "woundPoints", 10, 0]);
    expect([ut.species, ut.stance, ut.weapon]).toEqual(["troll", "aggression", "fists"]);
    expect([ua.faction, ua.carriedBy, ua.woundPoints, ua.state]).toEqual(["heroes", m.id, 7, "unconscious"]);
  });

  it("a hit-point ruleset shows hp of maxHp instead", () => {
    const sim = makeSim();
    const u = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    let statuses = ["prone", "stunned"];
    const hpRuleset = withSharedRules({
      ...moduleFor("malignus"), describe: () => ({ model: "hitPoints", value: -3, max: 24 }), statuses: () => statuses,
    });
    const state = new DungeonState();
    projectState(state, sim, 1);
    const pu = state.units.get(u.id)!;
    const shadow = new UnitShadow(); // a fresh shadow: the first call writes every field
    projectUnitCombat(pu, shadow, u, hpRuleset);
    expect([pu.harmModel, pu.hp, pu.maxHp]).toEqual(["hitPoints", -3, 24]);
    expect([...pu.statuses]).toEqual(["prone", "stunned"]);
    statuses = ["stunned"];
    projectUnitCombat(pu, shadow, u, hpRuleset);
    expect([...pu.statuses]).toEqual(["stunned"]);
    expect([...state.units.get(u.id)!.statuses]).toEqual(["stunned"]);
  });
});
