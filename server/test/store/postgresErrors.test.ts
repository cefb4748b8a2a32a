import { describe, expect, it } from "vitest";
import { isPgUnavailable } from "../../src/store/postgres.ts";

describe("isPgUnavailable: which PostgreSQL errors mean 'retry later'", () => {
  it.each([
    [{ code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" }],
    [{ code: "ECONNRESET", message: "read ECONNRESET" }],
    [{ code: "57P01", message: "terminating connection due to administrator command" }],
    [{ code: "57P03", message: "the database system is starting up" }],
    [{ code: "08006", message: "connection failure" }],
    [{ code: "53300", message: "sorry, too many clients already" }],
    [new Error("Connection terminated unexpectedly")],
    [new Error("timeout exceeded when trying to connect")],
    [Object.assign(new Error(""), { errors: [{ code: "ECONNREFUSED" }] })],
  ])("%o is unavailable", (err) => {
    expect(isPgUnavailable(err)).toBe(true);
  });

  it.each([
    [{ code: "23505", message: "duplicate key value violates unique constraint" }],
    [{ code: "42P01", message: "relation \"dungeons\" does not exist" }],
    [new TypeError("Cannot read properties of undefined")],
    ["ECONNREFUSED"],
    [null],
  ])("%o is not", (err) => {
    expect(isPgUnavailable(err)).toBe(false);
  });
});
