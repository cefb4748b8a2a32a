import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice } from "../encounters/helpers.ts";
import { creature, of, plain, run } from "./live-helpers.ts";
import { setFaction } from "../../../src/sim/world/factions.ts";

const strip = (ev: readonly SimEvent[]) => ev.map((e) => { const { tick: _t, encounterId: _e, ...r } = e as SimEvent & { encounterId?: string }; return r; });

describe("flyers fall in play (D20-MOVE-37)", () => {
  it("D20-MOVE-37: a flying bat of the heroes' side webbed by a giant spider (rooted: it cannot move) falls at the start of its next turn: walking, 1 bludgeoning from the fall", () => {
    const sim = d20Sim();
    const bat = creature(sim, "giantBat", 5, 5);
    setFaction(sim, bat, "heroes");
    const s = creature(sim, "giantSpider", 8, 5);
    plain([bat, s]);
    d20Of(bat).mode = "fly";
    bat.targetId = s.id;
    // initiative bat 1, spider 20; the web hits (15): rooted.
    forceDice(sim, [1, 20, 15]);
    const first = sim.step();
    expect(of(first, "attack")).toMatchObject([{ attackerId: s.id, targetId: bat.id, hit: true }]);
    expect(sim.ruleset.statuses(bat)).toEqual(["rooted"]);
    expect(d20Of(bat).mode).toBe("fly"); // still up until a turn starts
    const dice = forceDice(sim, [1]); // the bat's screech, 3 tiles off: natural 1
    const ev = run(sim, 1);
    expect(strip(ev).filter((e) => e.type === "moveModeChanged" || e.type === "damaged")).toEqual([
      { type: "moveModeChanged", unitId: bat.id, from: "fly", mode: "walk", movementBefore: 0, movementLeft: 0 },
      { type: "damaged", targetId: bat.id, sourceId: bat.id, amount: 1, damageType: "bludgeoning", hp: 99, critical: false },
    ]);
    expect(d20Of(bat).mode).toBe("walk"); // on the ground; the web (1 turn) is gone by the end of its turn
    expect([bat.x, bat.y]).toEqual([5, 5]);
    expect(dice.left()).toBe(0);
  });
});
