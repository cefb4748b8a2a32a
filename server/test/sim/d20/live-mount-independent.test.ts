import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain, run } from "./live-helpers.ts";

const turns = (ev: readonly SimEvent[]) => of(ev, "turnStarted").map((e) => [e.unitId, e.tick]);

describe("an independent mount in play", () => {
  it("D20-MOUNT-12, D20-MOUNT-20, D20-MOUNT-21: the Skyrider gets off its griffon; another hero's player mounts it letting it act on its own (control: false): the griffon keeps its own initiative slot and, rider aboard, flies off to attack the minion", () => {
    const sim = d20Sim(1);
    const k = ADVENTURER_CLASSES.Skyrider!;
    const sky = hero(sim, 4, 5, { adventurerClass: "Skyrider", partyId: "p1", controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
    sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [sky.id] } as unknown as PartyRecord);
    const griffon = sim.state.units[d20Of(sky).riding!.mountId]!; // 2 × 2 from (4, 5)
    const w = hero(sim, 6, 5, { controller: "a1" });
    const m = minion(sim, 14, 5);
    plain([sky, griffon, w, m]);
    sky.targetId = m.id;
    // initiative in id order: Skyrider 15, griffon 10, the other hero 12, minion 5.
    forceDice(sim, [15, 10, 12, 5]);
    const start = of(sim.step(), "encounterStarted")[0]!;
    expect(start.order).toEqual([sky.id, w.id, griffon.id, m.id]);
    expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: sky.id }, { type: "planTurn", action: "steps", steps: [{ kind: "dismount", x: 3, y: 5 }] } as never)).toEqual({ ok: true });
    expect(sim.enqueue({ kind: "adventurer", seatId: "a1", unitId: w.id }, { type: "planTurn", action: "steps", steps: [{ kind: "mount", mountId: griffon.id, control: false }] } as never)).toEqual({ ok: true });
    // the griffon's own blow and the minion's: natural 1s.
    const dice = forceDice(sim, [1, 1]);
    const ev = run(sim, 4);
    expect(of(ev, "turnPlanPlayed").map((e) => [e.unitId, e.refusals])).toEqual([[sky.id, [null]], [w.id, [null]]]);
    expect(d20Of(w).riding).toEqual({ mountId: griffon.id, controlled: false });
    // D20-MOUNT-20: the griffon's turn comes in its own slot (10), after its rider's (12), not with it.
    expect(turns(ev).map(([id]) => id)).toEqual([sky.id, w.id, griffon.id, m.id]);
    // D20-MOUNT-21: in that turn it takes off and flies at the minion on its own, carrying its rider.
    expect(of(ev, "attack")).toMatchObject([{ attackerId: griffon.id, targetId: m.id, attackRoll: 1 }, { attackerId: m.id }]);
    expect([griffon.x, griffon.y, w.x, w.y, d20Of(griffon).mode]).toEqual([12, 5, 12, 5, "fly"]);
    expect(dice.left()).toBe(0);
  });
});
