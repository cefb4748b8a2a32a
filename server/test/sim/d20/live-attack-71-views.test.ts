import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { eventAudience, lazyContext, type Viewer } from "../../../src/sim/views/index.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { foe, party, playTurn } from "./live-turn.ts";

/**
 * D20-ATTACK-71 through the seats' views: the Scout (4, 5) shoots at a tile; its companion the
 * Warrior is moved to (8, 4). The minion has Agility 2, so on its tile it Dodges with its reaction
 * (a `reaction` event naming it). Each seat's events are what `eventAudience` lets through, as a
 * room sends them. The Scout's Tracking is set to 0: it perceives 3 tiles (CMB-03).
 */
function shot(minionX: number, tileX: number): { sim: Simulation; events: SimEvent[]; ids: string[] } {
  const sim = d20Sim(1);
  const [s, w] = party(sim, ["Scout", "Warrior"]);
  w!.x = 8; w!.y = 4;
  s!.stats.tracking = 0; // the Scout perceives 3 tiles (CMB-03); its d20 sheet was made from its class stats on arrival
  const m = foe(sim, minionX);
  d20Of(m).abilities.agility = 2;
  // Initiative in id order (Scout, Warrior, minion): the Scout first; the lower of its two d20 (D20-ATTACK-68) is kept.
  const t = playTurn(sim, s!, m, [20, 1, 1], [{ kind: "attackTile", x: tileX, y: 5 }], [3, 4]);
  expect(t.refusals).toEqual([null]);
  return { sim, events: t.events, ids: [s!.id, w!.id, m.id] };
}

/** Per seat (the Scout's player, the Warrior's player, the keeper): the types of the events it is sent. */
function heard(sim: Simulation, events: readonly SimEvent[], ids: readonly string[]): string[][] {
  const ctx = lazyContext(sim);
  const seats: Viewer[] = [{ kind: "adventurer", unitId: ids[0]! }, { kind: "adventurer", unitId: ids[1]! }, { kind: "keeper" }];
  return seats.map((v) => events.filter((e) => eventAudience(ctx, e, v)).map((e) => e.type));
}

describe("D20-ATTACK-71: what each seat is told of a shot at a tile", () => {
  it("D20-ATTACK-71: the Scout shoots the minion's tile (9, 5), 5 tiles off, beyond its sight: the minion's Dodge (a reaction naming it) reaches the Warrior's seat, which sees it from (8, 4), and the keeper's, not the Scout's, whose events are those of its shot at the empty (9, 6)", () => {
    const occupied = shot(9, 9);
    expect(occupied.events.filter((e) => e.type === "reaction")).toEqual([
      { type: "reaction", tick: 2, unitId: occupied.ids[2], kind: "defence", detail: "dodge", againstId: occupied.ids[0] },
    ]);
    expect(heard(occupied.sim, occupied.events, occupied.ids)).toEqual([
      ["turnStarted", "attack", "turnPlanPlayed"],
      ["turnStarted", "reaction", "attack", "turnPlanPlayed"],
      ["turnStarted", "reaction", "attack", "turnPlanPlayed"],
    ]);
    const empty = shot(9, 6);
    expect(heard(empty.sim, empty.events, empty.ids)[0]).toEqual(["turnStarted", "attack", "turnPlanPlayed"]);
  });

  it("D20-ATTACK-71: with the minion at (7, 5), 3 tiles off and in the Scout's sight, the Scout's seat is told of its Dodge", () => {
    const near = shot(7, 7);
    expect(heard(near.sim, near.events, near.ids)[0]).toEqual(["turnStarted", "reaction", "attack", "turnPlanPlayed"]);
  });
});
