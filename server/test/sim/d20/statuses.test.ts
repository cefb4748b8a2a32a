import { describe, expect, it } from "vitest";
import { BLINDED_RANGE } from "@malignus/shared";
import {
  addStatus, canAct, canMove, canReact, canUseMagic, endOfTurnStatuses, hasStatus, isIncapacitated,
  targetingLimit, treatBleeding, type StatusRecord,
} from "../../../src/sim/combat/d20/statuses.ts";

describe("d20 statuses", () => {
  it("D20-STATUS-01: an effect inflicts a status; inflicting it again refreshes the duration", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "silenced", "a", 3);
    addStatus(s, "silenced", "b", 2);
    expect(s).toEqual([{ kind: "silenced", turnsLeft: 2, sourceId: "b" }]);
  });

  it("D20-STATUS-02, D20-STATUS-03: a paralysed creature cannot act, move or react and is incapable of acting", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "paralysed");
    expect(canAct(s, false)).toBe(false);
    expect(canMove(s, false)).toBe(false);
    expect(canReact(s, false, false)).toBe(false);
    expect(isIncapacitated(s, false)).toBe(true);
  });

  it("D20-STATUS-04: a silenced creature cannot use magic but can still act", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "silenced");
    expect(canUseMagic(s)).toBe(false);
    expect(canAct(s, false)).toBe(true);
    expect(canUseMagic([])).toBe(true);
  });

  it("D20-STATUS-05: a rooted creature cannot move but can act", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "rooted");
    expect(canMove(s, false)).toBe(false);
    expect(canAct(s, false)).toBe(true);
  });

  it("D20-STATUS-06: a blinded creature targets only within 8 tiles", () => {
    const s: StatusRecord[] = [];
    expect(targetingLimit(s, 25)).toBe(25);
    addStatus(s, "blinded");
    expect(BLINDED_RANGE).toBe(8);
    expect(targetingLimit(s, 25)).toBe(8);
    expect(targetingLimit(s, 1)).toBe(1);
  });

  it("D20-STATUS-07, D20-STATUS-08, D20-STATUS-09: terrified and enraged creatures keep their turn", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "terrified", "monster");
    addStatus(s, "enraged", "other");
    expect(canAct(s, false)).toBe(true);
    expect(s.map((r) => r.sourceId)).toEqual(["monster", "other"]);
  });

  it("D20-STATUS-10, D20-STATUS-11, D20-STATUS-12, D20-STATUS-13: bleeding lasts until treated with medicine, not a potion", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "bleeding");
    for (let i = 0; i < 10; i++) endOfTurnStatuses(s);
    expect(hasStatus(s, "bleeding")).toBe(true);
    expect(treatBleeding(s, "healingPotion")).toBe(false);
    expect(treatBleeding(s, "medicineSkill", 9)).toBe(false);
    expect(treatBleeding(s, "bandage")).toBe(true);
    expect(hasStatus(s, "bleeding")).toBe(false);
    addStatus(s, "bleeding");
    expect(treatBleeding(s, "medicalTools")).toBe(true);
    addStatus(s, "bleeding");
    expect(treatBleeding(s, "medicineSkill", 10)).toBe(true);
  });

  it("statuses without a stated duration end at the end of the target's next turn", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "rooted");
    endOfTurnStatuses(s);
    expect(s).toEqual([]);
  });

  it("D20-FLOW-12, D20-FLOW-13, D20-FLOW-14: a surprised creature cannot move, act or react", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "surprised");
    expect(canMove(s, false)).toBe(false);
    expect(canAct(s, false)).toBe(false);
    expect(canReact(s, false, false)).toBe(false);
    endOfTurnStatuses(s);
    expect(canReact(s, false, false)).toBe(true);
  });

  it("D20-FLOW-15, D20-FLOW-38: a creature that is not surprised may react, once per round", () => {
    expect(canReact([], false, false)).toBe(true);
    expect(canReact([], false, true)).toBe(false);
  });

  it("D20-ACTION-44: a reloading creature can take no reflex", () => {
    const s: StatusRecord[] = [];
    addStatus(s, "reloading");
    expect(canReact(s, false, false)).toBe(false);
    expect(canAct(s, false)).toBe(true);
  });
});
