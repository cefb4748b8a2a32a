// Fixture for server/test/boundaries/unused-exports.test.ts: the production entry point.
import { liveRule } from "./sim/rules.ts";

console.log(liveRule(2));
