import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { adventurer, makeSim } from "./helpers.ts";

/**
 * Audit s9-r3 (issue 17): the survival chances by severity (CMB-24), body armour on them (CMB-30)
 * and the helm's floor on the head-wound chance (CMB-39), in a live malignus room, with every die
 * recorded with its size (recordAllDice): a minion (Combat 0, sword) at (4, 5) strikes an
 * adventurer (Combat 0) at (5, 5) with `woundPoints` already; one tick. The blow's draws: the attack
 * d10, the defence d10, the location d100 (50 the torso, 10 the head), then the wound's own draws.
 */
const MARGIN = { light: [5, 4], serious: [8, 3], critical: [10, 1] } as const;
const TORSO = 50, HEAD = 10, WAKE = 20;

function blow(woundPoints: number, script: readonly number[], victim: Partial<UnitRecord> = {}) {
  const sim = makeSim();
  const zero = { combat: 0, craft: 0, tracking: 0, block: 0 };
  const hero = adventurer(sim, 5, 5, { stats: { ...zero }, woundPoints, ...victim });
  const minion = addUnit(sim, { kind: "minion", x: 4, y: 5, stats: { ...zero }, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } });
  minion.targetId = hero.id;
  const rec = recordAllDice(sim, script);
  const events: SimEvent[] = sim.step();
  const outs = events.filter((e) => e.type === "knockedOut").map((e) => e.type === "knockedOut" && [e.outcome, e.cause]);
  return { hero, draws: rec.draws, left: rec.left(), outs };
}

describe("survival by severity, armour and helm on recorded dice (CMB-24, CMB-30, CMB-39)", () => {
  it("CMB-24 (malignus combat ruleset): the final torso wound's survival d100: light (9 → 10 points) unconscious on 75 and dead on 76, serious (8 → 10) on 50 / 51, critical (6 → 10) on 25 / 26; the unconscious draw their wake delay in 1..2400", () => {
    const before = { light: 9, serious: 8, critical: 6 } as const;
    const at = { light: 75, serious: 50, critical: 25 } as const;
    for (const s of ["light", "serious", "critical"] as const) {
      const [a, d] = MARGIN[s];
      const lives = blow(before[s], [a, d, TORSO, at[s], WAKE]);
      expect([s, lives.draws, lives.outs, lives.hero.woundPoints, lives.left]).toEqual([s, [`d10=${a}`, `d10=${d}`, "d100=50", `d100=${at[s]}`, "1..2400=20"], [["unconscious", "woundPoints"]], 10, 0]);
      const dies = blow(before[s], [a, d, TORSO, at[s] + 1]);
      expect([s, dies.draws, dies.outs, dies.left]).toEqual([s, [`d10=${a}`, `d10=${d}`, "d100=50", `d100=${at[s] + 1}`], [["dead", "woundPoints"]], 0]);
    }
  });

  it("CMB-30 (malignus combat ruleset): body armour raises the chance to fall unconscious: on a light final wound (75%) leather makes it 85%: a survival d100 of 85 leaves the adventurer unconscious, 86 kills it; without armour 85 kills", () => {
    const [a, d] = MARGIN.light;
    const leather = { gear: { weapon: "sword", blunt: false, ranged: false, armour: "leather", helm: 0 } } as Partial<UnitRecord>;
    const lives = blow(9, [a, d, TORSO, 85, WAKE], leather);
    expect([lives.draws, lives.outs, lives.left]).toEqual([["d10=5", "d10=4", "d100=50", "d100=85", "1..2400=20"], [["unconscious", "woundPoints"]], 0]);
    const dies = blow(9, [a, d, TORSO, 86], leather);
    expect([dies.outs, dies.left]).toEqual([[["dead", "woundPoints"]], 0]);
    const bare = blow(9, [a, d, TORSO, 85]);
    expect([bare.outs, bare.left]).toEqual([[["dead", "woundPoints"]], 0]);
  });

  it("CMB-39 (malignus combat ruleset): a helm lowers the serious head wound's 25% by its number: helm 20 leaves 5% (a head-wound d100 of 5 takes the adventurer out, 6 does not); helm 30 leaves 0%, never below: no head-wound die is drawn and it stands with 2 wound points", () => {
    const [a, d] = MARGIN.serious;
    const helm = (n: number) => ({ gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: n } }) as Partial<UnitRecord>;
    const out = blow(0, [a, d, HEAD, 5, WAKE], helm(20));
    expect([out.draws, out.outs, out.left]).toEqual([["d10=8", "d10=3", "d100=10", "d100=5", "1..2400=20"], [["unconscious", "headWound"]], 0]);
    const stands = blow(0, [a, d, HEAD, 6], helm(20));
    expect([stands.draws, stands.outs, stands.hero.activity, stands.left]).toEqual([["d10=8", "d10=3", "d100=10", "d100=6"], [], "idle", 0]);
    const floor = blow(0, [a, d, HEAD], helm(30));
    expect([floor.draws, floor.outs, floor.hero.activity, floor.hero.woundPoints, floor.left]).toEqual([["d10=8", "d10=3", "d100=10"], [], "idle", 2, 0]);
  });
});
