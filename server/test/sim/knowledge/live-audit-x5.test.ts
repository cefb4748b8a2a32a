import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { forceDice } from "../traps/helpers.ts";
import { RULESETS, makeParty, makeSim } from "./helpers.ts";

/*
 * Audit a8-x5 (issue 17), KNOW-21 in play in each ruleset: the north–south branch of a 1-wide
 * corridor (docs/rules-decisions.md, KNOW-21: walls on both sides, east–west or north–south) and
 * the boundary, a corridor 2 tiles wide, which gives no Caution. Through `sim.step()`, no die.
 */

/** The portal at the top of a 1-wide north–south corridor (x = 9, y = 1..3) that opens into a room. */
const NORTH_SOUTH_MAP = [
  "#########P##########",
  "#########.##########",
  "#########.##########",
  "#########.##########",
  "#.................S#",
  "#........K.........#",
  "####################",
].join("\n");

/** The portal at the west end of a corridor 2 tiles wide (rows 2 and 3, x = 1..8) that opens into a room. */
const TWO_WIDE_MAP = [
  "####################",
  "#########..........#",
  "P..................#",
  "#..................#",
  "#########..........#",
  "#########K........S#",
  "####################",
].join("\n");

describe.each(RULESETS.map((r) => [r]))("audit a8-x5: KNOW-21 corridor widths in a %s room", (ruleset: RulesetId) => {
  it(`KNOW-21, KNOW-23 (${ruleset}): a party entering a north–south corridor 1 tile wide at (9, 1) gains Caution 1 on its first step and walks 20% slower`, () => {
    const sim = makeSim(NORTH_SOUTH_MAP, 7, ruleset);
    const { party, members: [a] } = makeParty(sim, [[9, 1]]);
    const speed = a!.speed;
    const dice = forceDice(sim, []);
    expect(party.caution).toBe(0);
    sim.step();
    expect([party.caution, a!.x, a!.speed, dice.left()]).toEqual([1, 9, speed * 0.8, 0]);
  });

  it(`KNOW-21 (${ruleset}): a party walking 8 tiles along a corridor 2 tiles wide (one past the rule's width) gains no Caution and keeps its speed`, () => {
    const sim = makeSim(TWO_WIDE_MAP, 7, ruleset);
    const { party, members: [a] } = makeParty(sim, [[1, 2]]);
    const speed = a!.speed;
    const dice = forceDice(sim, []);
    const xs = new Set<number>();
    for (let i = 0; i < 400 && a!.x < 9; i++) { sim.step(); xs.add(a!.x); expect(party.caution).toBe(0); }
    expect([a!.x, [...xs].filter((x) => x <= 8).length, party.caution, a!.speed, dice.left()]).toEqual([9, 8, 0, speed, 0]);
  });
});
