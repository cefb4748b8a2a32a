import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * P100-AIR-23 in a live fight: a Skyrider stands on the ground beside its griffon (it has dismounted:
 * the griffon keeps it as rider, the rider has no mount). A bear beside the griffon attacks it.
 * Fights run through `Simulation.step`, every draw recorded.
 */
describe("d100 a mount whose rider is off (live)", () => {
  it("P100-AIR-23: the riderless griffon's own slot passes with nothing drawn and no action, and when the bear strikes it the griffon still rolls its dodge: 30 against 40 misses, 30 against 20 hits and its 25 damage comes off the pair's linked life (P100-AIR-22: the rider's 150 → 125)", () => {
    for (const [dodge, hit] of [[40, false], [20, true]] as const) {
      const sim = d100Sim();
      const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
      const griffon = companion(sim, sky, 6, 5);
      d100Of(sky).mountId = "";
      addStatus(d100Of(sky), "stunned", 1); // the rider's own turn passes (it does not climb back on)
      const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
      bear.targetId = griffon.id;
      // Initiative sky 90, griffon 50, bear 10; the bear's attack 30 against the griffon's dodge, then its damage 25 on a hit.
      const dice = recordDice(sim, [90, 50, 10, 30, dodge, ...(hit ? [25] : [])]);
      const ev = run(sim, 3);
      const turns = ev.filter((e) => e.type === "turnStarted").map((e) => [(e as { unitId: string }).unitId, e.tick]);
      expect(turns).toEqual([[sky.id, 1], [griffon.id, 2], [bear.id, 3]]);
      expect(lines(ev)).toEqual([
        `3 attack attackerId=${bear.id} targetId=${griffon.id} hit=${hit} attackRoll=30 defenceRoll=${dodge}`,
        ...(hit ? [`3 damaged targetId=${sky.id} sourceId=${bear.id} amount=25 damageType=melee hp=125 critical=false`] : []),
      ]);
      expect([d100Of(griffon).riderId, griffon.x, griffon.y, dice.left()]).toEqual([sky.id, 6, 5, 0]);
    }
  });
});
