import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { networkOf } from "../../../src/sim/traps/network.ts";
import { makeSim, path, place, unchangedBy } from "./helpers.ts";

/*
 * Audit s10-d (issue 17): TRAP-12's refusal branch (a dragged cable must run over orthogonally
 * adjacent tiles) was shown in a malignus room only (wiring.test.ts); wiring is always on, so here
 * the keeper's `wire` command in a room of each ruleset: a drag with a diagonal step or a gap is
 * refused and changes nothing; the same drag by orthogonal steps wires the plate to the blades.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("wiring a trap in a %s room (TRAP-12)", (ruleset: RulesetId) => {
  it(`TRAP-12 (${ruleset}): from the plate at (2, 2) to the blades at (4, 3), a drag with a diagonal step or a gap is refused CABLE_PATH_NOT_CONTIGUOUS and changes nothing; the orthogonal drag (2, 2) → (4, 2) → (4, 3) wires them as one trap`, () => {
    const sim = makeSim(7, ruleset);
    const plate = place(sim, "pressurePlate", 2, 2);
    const blades = place(sim, "spinningBlades", 4, 3);
    const diagonal = unchangedBy(sim, () => sim.apply({ type: "wire", path: [{ x: 2, y: 2 }, { x: 3, y: 2 }, { x: 4, y: 3 }] }));
    expect(diagonal).toMatchObject({ ok: false, code: "CABLE_PATH_NOT_CONTIGUOUS", rule: "TRAP-12" });
    const gap = unchangedBy(sim, () => sim.apply({ type: "wire", path: [{ x: 2, y: 2 }, { x: 4, y: 2 }, { x: 4, y: 3 }] }));
    expect(gap).toMatchObject({ ok: false, code: "CABLE_PATH_NOT_CONTIGUOUS", rule: "TRAP-12" });
    expect(Object.keys(sim.state.cables)).toEqual([]);
    const r = sim.apply({ type: "wire", path: path([2, 2], [4, 2], [4, 3]) });
    expect(r).toMatchObject({ ok: true });
    const w = sim.state.map.width;
    const id = r.ok ? (r.id as string) : "";
    expect(sim.state.cables[id]).toEqual({ id, path: [2 * w + 2, 2 * w + 3, 2 * w + 4, 3 * w + 4], hops: [] });
    expect(networkOf(sim, plate)).toMatchObject({ id, trigger: plate, timer: null, mechanism: blades, cableIds: [id] });
  });
});
