import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice } from "../encounters/helpers.ts";
import { creature, plain, planSteps } from "./live-helpers.ts";
import { party } from "./live-turn.ts";

function line(e: SimEvent): string {
  const { tick, type, ...rest } = e as unknown as Record<string, unknown>;
  return `${String(tick)} ${String(type)} ${Object.entries(rest).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : String(v)}`).join(" ")}`;
}

const QUIET = /^\d+ (unitFacing|activityChanged|noise|wound|unitMoved|encounterStarted) /;

/**
 * D20-MOUNT-22 live: a Skyrider (seat a0) arrives on its griffon (2 × 2 from (4, 5)) through the
 * ruleset's `partyArrived`; a keeper's giant bat (seat b0, a longsword-armed flyer in this table)
 * at (6, 5), next to the griffon's space; all plain (100 HP, no characteristics). Initiative bat 20,
 * griffon 2, Skyrider 1. The bat's plan screeches at the griffon (its spell attack, two d20 drawn,
 * 15 and 15, against AC 12; 1 psychic damage): the griffon is terrified (D20-STATUS-07).
 * - independent (`controlled` false, D20-MOUNT-20/21): the griffon plays its own slot (tick 3) and flees,
 *   leaving the bat's reach: the bat's opportunity attack (`oa` dice) strikes the rider or the mount;
 * - controlled: the griffon has no turn of its own (D20-MOUNT-16) and stays; the Skyrider's plan
 *   (tick 4) rides it one tile west out of the bat's reach, which provokes the same attack.
 */
function ride(controlled: boolean, riderHp: number, griffonHp: number, oa: readonly number[]) {
  const sim = d20Sim(1);
  const [sky] = party(sim, ["Skyrider"]) as [UnitRecord];
  const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
  const bat = creature(sim, "giantBat", 6, 5);
  bat.controller = "b0";
  plain([sky, griffon, bat]);
  d20Of(sky).hp = riderHp;
  d20Of(griffon).hp = griffonHp;
  d20Of(sky).riding!.controlled = controlled;
  sky.targetId = bat.id;
  forceDice(sim, [1, 2, 20]); // initiative Skyrider 1, griffon 2, bat 20
  sim.step();
  planSteps(sim, bat, [{ kind: "cast", spell: "screech", targetId: griffon.id }]);
  planSteps(sim, sky, controlled ? [{ kind: "move", path: [{ x: 3, y: 5 }] }] : []);
  const dice = forceDice(sim, [15, 15, 1, ...oa]);
  const out: string[] = [];
  for (let i = 0; i < 3; i++) out.push(...sim.step().map(line).filter((l) => !QUIET.test(l)));
  return { out, left: dice.left(), sky: sky.id, griffon: griffon.id, bat: bat.id, at: [griffon.x, griffon.y, sky.x, sky.y], hp: [d20Of(sky).hp, d20Of(griffon).hp], terrified: d20Of(griffon).statuses.map((st) => st.kind) };
}

describe("D20-MOUNT-22: the opportunity attack an independent mount provokes", () => {
  const screech = (r: ReturnType<typeof ride>) => [
    `2 turnStarted encounterId=4 round=1 unitId=${r.bat}`,
    `2 attack attackerId=${r.bat} targetId=${r.griffon} hit=true attackRoll=15 defenceRoll=12`,
    `2 damaged targetId=${r.griffon} sourceId=${r.bat} amount=1 damageType=psychic hp=${r.hp[1] === 5 ? 9 : 99} critical=false`,
    `2 turnPlanPlayed unitId=${r.bat} refusals=[null]`,
  ];
  // The opportunity attack (18 hits, 4 damage) on `victim`, against its AC (rider 13, griffon 12).
  const blow = (t: number, r: ReturnType<typeof ride>, victim: string, hp: number) => [
    `${t} reaction unitId=${r.bat} kind=opportunityAttack detail=longsword againstId=${victim}`,
    `${t} attack attackerId=${r.bat} targetId=${victim} hit=true attackRoll=18 defenceRoll=${victim === r.sky ? 13 : 12}`,
    `${t} damaged targetId=${victim} sourceId=${r.bat} amount=4 damageType=piercing hp=${hp} critical=false`,
  ];

  it("D20-MOUNT-22 (independent), D20-MOUNT-21, D20-STATUS-07 (Left open victim: whichever has fewer HP, a tie to the mount): the terrified independent griffon flees in its own slot (tick 3) from (4, 5) to (0, 1), carrying its rider; leaving the bat's reach it provokes the bat's opportunity attack, at the rider (10 HP → 6) or, when the griffon is the weaker (10 − 1 = 9 HP → 5), at the griffon", () => {
    for (const [riderHp, griffonHp] of [[10, 100], [100, 10]] as const) {
      const r = ride(false, riderHp, griffonHp, [18, 4]);
      const victim = riderHp < griffonHp ? r.sky : r.griffon;
      expect(r.out).toEqual([
        ...screech(r),
        `3 turnStarted encounterId=4 round=1 unitId=${r.griffon}`,
        ...blow(3, r, victim, victim === r.sky ? 6 : 5),
        `4 turnStarted encounterId=4 round=1 unitId=${r.sky}`,
        `4 turnPlanPlayed unitId=${r.sky} refusals=[]`,
      ]);
      expect([r.at, r.hp, r.terrified, r.left]).toEqual([[0, 1, 0, 1], victim === r.sky ? [6, 99] : [100, 5], [], 0]);
    }
  });

  it("D20-MOUNT-22 (controlled, the contrast), D20-MOUNT-16, D20-MOUNT-17: the same screech on a controlled griffon: its slot (tick 3) passes with no move of its own, still terrified; the Skyrider's plan (tick 4) rides it west to (3, 5), out of the bat's reach, and the same opportunity attack goes at the rider (10 HP → 6) or at the weaker griffon (9 → 5)", () => {
    for (const [riderHp, griffonHp] of [[10, 100], [100, 10]] as const) {
      const r = ride(true, riderHp, griffonHp, [18, 4]);
      const victim = riderHp < griffonHp ? r.sky : r.griffon;
      expect(r.out).toEqual([
        ...screech(r),
        `3 turnStarted encounterId=4 round=1 unitId=${r.griffon}`,
        `4 turnStarted encounterId=4 round=1 unitId=${r.sky}`,
        ...blow(4, r, victim, victim === r.sky ? 6 : 5),
        `4 turnPlanPlayed unitId=${r.sky} refusals=[null]`,
      ]);
      expect([r.at, r.hp, r.terrified, r.left]).toEqual([[3, 5, 3, 5], victim === r.sky ? [6, 99] : [100, 5], ["terrified"], 0]);
    }
  });
});
