import { describe, expect, it } from "vitest";
import { parseCreateOptions } from "../../../src/rooms/options.ts";

describe("d100 room options", () => {
  it("P100-DEATH-10, P100-SPELL-08: a room takes the d100 options traumaticInsteadOfDeath and rechargeBetweenFights, and refuses unknown ones", () => {
    expect(parseCreateOptions({ seed: 1, ruleset: "d100", d100: { traumaticInsteadOfDeath: true } })).toMatchObject({ ruleset: "d100", d100: { traumaticInsteadOfDeath: true } });
    expect(parseCreateOptions({ seed: 1, ruleset: "d100" })).not.toHaveProperty("d100");
    expect(() => parseCreateOptions({ seed: 1, ruleset: "d100", d100: { recharge: true } })).toThrow(/d100/);
  });
});
