// Fixture for server/test/boundaries/unused-exports.test.ts. Only `testOnlyRule` must be reported.

/** Called by the entry point: live. */
export function liveRule(n: number): number {
  return n + SHARED_BONUS;
}

/** Exported but used in this file: not reported (ignoreExportsUsedInFile). */
export const SHARED_BONUS = 1;

/** Imported only by the fixture's test helper: reported. */
export function testOnlyRule(n: number): number {
  return n * 2;
}
