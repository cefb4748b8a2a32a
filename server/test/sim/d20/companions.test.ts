import { describe, expect, it } from "vitest";
import { D20_CLASS_SPELLS } from "@malignus/shared";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20PartyArrived, learnClassSpells, stepD20Mounts } from "../../../src/sim/combat/d20/companions.ts";
import type { PartyRecord } from "../../../src/sim/state.ts";
import { d20Sim, hero } from "../encounters/helpers.ts";

/**
 * Issue 7, d20finish: class mounts and class spells in live d20 rooms (Left open D20-MOUNT,
 * D20-ACTION-07 to D20-ACTION-09): a Skyrider arrives riding its Large, trained griffon and knows
 * `gust`; out of fights the griffon stays under its rider, takes it back on, and leaves with it.
 */

const strip = (events: SimEvent[]) => events.map(({ tick: _t, ...e }) => e);

function arrive() {
  const sim = d20Sim(1);
  const rider = hero(sim, 4, 5, { adventurerClass: "Skyrider", name: "Ayla", partyId: "p1" });
  const priest = hero(sim, 5, 5, { adventurerClass: "Priest", partyId: "p1" });
  const warrior = hero(sim, 6, 5, { adventurerClass: "Warrior", partyId: "p1" });
  const mounts = d20PartyArrived(sim, { id: "p1", memberIds: [rider.id, priest.id, warrior.id] } as unknown as PartyRecord);
  return { sim, rider, priest, warrior, mounts };
}

describe("d20 class mounts and spells (issue 7, d20finish)", () => {
  it("D20-MOUNT-01, D20-MOUNT-12 to D20-MOUNT-15, D20-SIZE-01: a Skyrider arrives riding a Large, willing, trained griffon of its party; the Skyrider and the Priest know their spell with Mana 4, the Warrior none", () => {
    const f = arrive();
    expect(f.mounts.length).toBe(1);
    const g = f.mounts[0]!;
    expect([g.species, g.name, g.faction, g.partyId, g.companionOf, g.x, g.y]).toEqual(["griffon", "Griffon of Ayla", f.rider.faction, "p1", f.rider.id, 4, 5]);
    const gd = d20Of(g);
    expect([gd.size, gd.flyer, gd.mountTraits, gd.riderId]).toEqual(["large", true, { willing: true, trained: true, intelligent: false, summoned: false }, f.rider.id]);
    expect(d20Of(f.rider).riding).toEqual({ mountId: g.id, controlled: true });
    expect([d20Of(f.rider).spells.map((s) => s.name), d20Of(f.rider).mana]).toEqual([["gust"], 4]);
    expect([d20Of(f.priest).spells.map((s) => s.name), d20Of(f.priest).mana, d20Of(f.priest).riding]).toEqual([["smite", "waterborne"], 4, null]);
    expect([d20Of(f.warrior).spells, d20Of(f.warrior).mana]).toEqual([[], 0]);
    // The table is copied, not shared.
    d20Of(f.rider).spells[0]!.cost = 9;
    expect(D20_CLASS_SPELLS.Skyrider!.spells[0]!.cost).toBe(2);
    learnClassSpells(f.warrior);
    expect(d20Of(f.warrior).spells).toEqual([]);
  });

  it("Left open D20-MOUNT (out of fights): the ridden griffon stays on its rider's tile; unseated, it takes its rider back (mountChanged); when the rider leaves the map it leaves too (escaped)", () => {
    const f = arrive();
    const g = f.mounts[0]!;
    f.sim.drainEvents();
    f.rider.x = 9; f.rider.y = 7; f.rider.activity = "walking";
    stepD20Mounts(f.sim);
    expect([g.x, g.y, g.activity]).toEqual([9, 7, "walking"]);
    // Unseated (as after a dismount in a fight): out of fights it takes its rider back at once.
    d20Of(f.rider).riding = null; d20Of(g).riderId = "";
    g.x = 3; g.y = 3;
    stepD20Mounts(f.sim);
    expect(strip(f.sim.drainEvents())).toEqual([{ type: "mountChanged", riderId: f.rider.id, mountId: g.id, mounted: true }]);
    expect([d20Of(f.rider).riding, d20Of(g).riderId, g.x, g.y]).toEqual([{ mountId: g.id, controlled: true }, f.rider.id, 9, 7]);
    // A rider out of action is off its mount, which stays where it is while the body is carried off; standing again, it is back on.
    d20Of(f.rider).hp = 0; f.rider.activity = "unconscious";
    stepD20Mounts(f.sim);
    f.rider.x = 12;
    stepD20Mounts(f.sim);
    expect([d20Of(f.rider).riding, d20Of(g).riderId, g.x, g.y]).toEqual([null, "", 9, 7]);
    d20Of(f.rider).hp = 3; f.rider.activity = "idle";
    stepD20Mounts(f.sim);
    expect([d20Of(g).riderId, g.x, g.y]).toEqual([f.rider.id, 12, 7]);
    f.sim.drainEvents();
    f.rider.activity = "left";
    stepD20Mounts(f.sim);
    expect(strip(f.sim.drainEvents())).toEqual([{ type: "escaped", unitId: g.id }]);
    expect([g.activity, d20Of(g).riderId, d20Of(f.rider).riding]).toEqual(["left", "", null]);
  });
});
