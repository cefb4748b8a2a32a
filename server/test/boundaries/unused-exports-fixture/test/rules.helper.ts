// Fixture: a test-side import, which production mode does not count as a use.
import { testOnlyRule } from "../src/sim/rules.ts";

export const doubled = testOnlyRule(3);
