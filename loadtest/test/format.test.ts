import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/client-sdk";
import { formatEvent, formatResult } from "../src/format.ts";

const names: Record<string, string> = { "11": "Aldo", "2": "The Master" };
const nameOf = (id: string) => names[id];
const at = (day: number, hour: number, minute: number) => ((day - 1) * 24 * 60 + hour * 60 + minute) * 10;

describe("demo event lines", () => {
  it("prefix the game clock of the event's tick and the type", () => {
    expect(formatEvent({ type: "hour", tick: at(2, 7, 0), day: 2, hour: 7 })).toBe("[day 2 07:00] hour            day 2, 07:00");
  });

  it("name units through nameOf and fall back to #id", () => {
    const fired: SimEvent = {
      type: "trapFired", tick: at(2, 14, 2), triggerId: "5", mechanismId: "6", mechanism: "spinningBlades",
      x: 7, y: 15, byUnitId: "11", victims: ["11", "12"],
    };
    expect(formatEvent(fired, nameOf)).toBe(
      "[day 2 14:02] trapFired       trigger #5 set off by Aldo fired spinningBlades #6 at (7,15); victims: Aldo, #12",
    );
    const dud: SimEvent = { ...fired, mechanismId: null, mechanism: null, x: 6, byUnitId: null, victims: [] } as SimEvent;
    expect(formatEvent(dud, nameOf)).toBe("[day 2 14:02] trapFired       trigger #5 set off by nobody at (6,15) fired nothing");
  });

  it("describe wounds, knock-outs and the end of an invasion", () => {
    expect(formatEvent({
      type: "wound", tick: at(2, 14, 13), targetId: "11", sourceId: "2", severity: "critical", location: "head", woundPoints: 4,
    }, nameOf)).toBe("[day 2 14:13] wound           Aldo takes a critical wound to the head from The Master (4 wound points)");
    expect(formatEvent({ type: "knockedOut", tick: at(2, 14, 17), unitId: "11", outcome: "dead", cause: "headWound" }, nameOf))
      .toBe("[day 2 14:17] knockedOut      Aldo is dead (head wound)");
    expect(formatEvent({ type: "invasionEnded", tick: at(2, 14, 17), partyId: "8", invasionNumber: 1, fates: { "11": "captured", "12": "escaped" } }, nameOf))
      .toBe("[day 2 14:17] invasionEnded   invasion 1 over, party #8: Aldo captured, #12 escaped");
  });
});

describe("noise lines", () => {
  it("name the cause, who made it, who heard it and whom it revealed", () => {
    expect(formatEvent({ type: "noise", tick: at(2, 14, 20), cause: "bash", sourceId: "11", x: 7, y: 15, heardBy: ["2"], revealed: ["11", "12"] }, nameOf))
      .toBe("[day 2 14:20] noise           a failed bash by Aldo at (7,15) heard by The Master; revealed: Aldo, #12");
  });
});

describe("lair and cave-in lines", () => {
  it("name the creature and the lair, and list the tiles of a cave-in", () => {
    expect(formatEvent({ type: "creatureMovingIn", tick: at(1, 3, 5), unitId: "11", lairId: "4", x: 6, y: 9 }, nameOf))
      .toBe("[day 1 03:05] creatureMovingIn Aldo moves into lair #4 at (6,9)");
    expect(formatEvent({ type: "creatureJoined", tick: at(1, 4, 5), unitId: "12", lairId: "4" }, nameOf))
      .toBe("[day 1 04:05] creatureJoined  #12 lives in lair #4 and joins the dungeon");
    expect(formatEvent({ type: "caveIn", tick: at(1, 5, 0), x: 3, y: 2, rock: [], rubble: [{ x: 2, y: 1 }, { x: 4, y: 3 }], spared: [{ x: 3, y: 2 }] }))
      .toBe("[day 1 05:00] caveIn          at (3,2): rock none; rubble (2,1) (4,3); spared (3,2)");
  });
});

describe("demo command answers", () => {
  it("show the id of an accepted command and the code, rule and reason of a refusal", () => {
    expect(formatResult({ ok: true, id: "5" })).toBe("ok (id 5)");
    expect(formatResult({ ok: true })).toBe("ok");
    expect(formatResult({ ok: false, code: "TRIGGER_TOO_CLOSE", reason: "another trigger is 1 tile away", rule: "TRAP-09" }))
      .toBe("refused TRIGGER_TOO_CLOSE [TRAP-09]: another trigger is 1 tile away");
    expect(formatResult({ ok: false, code: "NOT_FLOOR", reason: "walls only" })).toBe("refused NOT_FLOOR: walls only");
  });
});

describe("invasion lines a person reads (issue 19)", () => {
  it("say the party's size as a count of adventurers, not \"party #9 of 1\"", () => {
    expect(formatEvent({ type: "invasionStarted", tick: at(2, 5, 0), invasionNumber: 1, partyId: "9", size: 1 } as SimEvent))
      .toBe("[day 2 05:00] invasionStarted invasion 1: a party of 1 adventurer sets out (party #9)");
    expect(formatEvent({ type: "invasionStarted", tick: at(2, 5, 0), invasionNumber: 2, partyId: "12", size: 3 } as SimEvent))
      .toBe("[day 2 05:00] invasionStarted invasion 2: a party of 3 adventurers sets out (party #12)");
  });

  it("name each spotted member once, with the class only when the name does not say it", () => {
    const spotted = {
      type: "partySpotted", tick: at(2, 5, 30), partyId: "9", spottedBy: "2", how: "sight", goal: "loot",
      members: [{ unitId: "11", name: "Peasant 1", adventurerClass: "Peasant", level: 0, abilities: [] }, { unitId: "12", name: "Aldo", adventurerClass: "fighter", level: 3, abilities: [] }],
    } as unknown as SimEvent;
    expect(formatEvent(spotted, nameOf)).toBe("[day 2 05:30] partySpotted    party #9 spotted by The Master (sight), goal loot: Peasant 1 (level 0), Aldo (fighter, level 3)");
  });
});

describe("trap upkeep lines (fresh-user finding 3: no raw JSON)", () => {
  it("say who defused a trigger, or failed and set it off", () => {
    expect(formatEvent({ type: "triggerDefused", tick: at(2, 0, 2), partyId: "9", unitId: "11", triggerId: "6", success: true }, nameOf))
      .toBe("[day 2 00:02] triggerDefused  Aldo defuses trigger #6 (party #9)");
    expect(formatEvent({ type: "triggerDefused", tick: at(2, 0, 2), partyId: "9", unitId: "10", triggerId: "6", success: false }, nameOf))
      .toBe("[day 2 00:02] triggerDefused  #10 fails to defuse trigger #6 and sets it off (party #9)");
  });

  it("say each outcome of a rearming, with its roll and the trigger a botch rigged", () => {
    const rearm = (outcome: "rearmed" | "failed" | "fired" | "rigged", riggedTriggerId: string | null = null): SimEvent =>
      ({ type: "partRearmed", tick: at(1, 9, 0), partId: "6", byUnitId: "2", outcome, roll: 37, riggedTriggerId });
    const parts = (id: string) => (id === "6" ? "spinningBlades #6" : nameOf(id));
    expect(formatEvent(rearm("rearmed"), parts)).toBe("[day 1 09:00] partRearmed     The Master rearms spinningBlades #6 (roll 37)");
    expect(formatEvent(rearm("failed"), parts)).toBe("[day 1 09:00] partRearmed     The Master fails to rearm spinningBlades #6 (roll 37)");
    expect(formatEvent(rearm("fired"), parts)).toBe("[day 1 09:00] partRearmed     The Master sets off spinningBlades #6 while rearming it (roll 37)");
    expect(formatEvent(rearm("rigged", "8"), parts)).toBe("[day 1 09:00] partRearmed     The Master botches rearming spinningBlades #6, rigging trigger #8 (roll 37)");
    expect(formatEvent(rearm("rigged"))).toBe("[day 1 09:00] partRearmed     #2 botches rearming #6 (roll 37)");
  });
});
