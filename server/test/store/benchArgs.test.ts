import { describe, expect, it } from "vitest";
import { STORE_BENCH_USAGE, parseStoreBenchArgs } from "../../bench/store.ts";

describe("npm run bench:store arguments", () => {
  it("parses its options, with the defaults", () => {
    expect(parseStoreBenchArgs([], {})).toEqual({ quick: false, pg: "postgres://postgres@127.0.0.1:5432/postgres" });
    expect(parseStoreBenchArgs([], { TEST_DATABASE_URL: "postgres://x@h:1/db" })).toEqual({ quick: false, pg: "postgres://x@h:1/db" });
    expect(parseStoreBenchArgs(["--quick", "--pg", "postgres://a@b/c"], {})).toEqual({ quick: true, pg: "postgres://a@b/c" });
    expect(parseStoreBenchArgs(["--no-pg"], {})).toEqual({ quick: false, pg: null });
  });

  it("answers --help with \"help\" and refuses the rest in one line", () => {
    expect(parseStoreBenchArgs(["-h"], {})).toBe("help");
    expect(() => parseStoreBenchArgs(["--pg"], {})).toThrow(new Error("--pg needs a value"));
    expect(() => parseStoreBenchArgs(["--fast"], {})).toThrow(new Error('unknown option "--fast"'));
    expect(STORE_BENCH_USAGE.split("\n")[0]).toBe("usage: npm run bench:store -- [options]");
  });
});
