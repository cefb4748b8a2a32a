import { describe, expect, it } from "vitest";
import { MatchMakeError } from "@colyseus/sdk";
import { connect, DungeonAccessError, ServiceUnavailableError, asServiceError } from "../src/index.ts";

/** Issue 18 part 1: the server's 503 answers become a typed error. */
describe("ServiceUnavailableError", () => {
  it("maps a matchmaking 503 (Colyseus' MatchMakeError, code 503) with its REASON: prefix", () => {
    const err = asServiceError(new MatchMakeError("REDIS_UNAVAILABLE: Redis at redis://r:6379/ is unreachable (connect ECONNREFUSED)", 503));
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({ name: "ServiceUnavailableError", status: 503, reason: "REDIS_UNAVAILABLE",
      message: "REDIS_UNAVAILABLE: Redis at redis://r:6379/ is unreachable (connect ECONNREFUSED)" });
  });

  it("a 503 without a reason (e.g. the server shutting down) is UNAVAILABLE; other errors pass through unchanged", () => {
    expect(asServiceError(new MatchMakeError("Service Unavailable", 503))).toMatchObject({ reason: "UNAVAILABLE", status: 503 });
    const notFound = new MatchMakeError("no rooms found with provided criteria", 4212);
    expect(asServiceError(notFound)).toBe(notFound);
    const access = new DungeonAccessError("KEEPER_KEY_WRONG", "KEEPER_KEY_WRONG: wrong key");
    expect(asServiceError(access)).toBe(access);
    expect(asServiceError("text")).toBe("text");
  });

  it("listDungeons raises it from GET /rooms' 503 JSON body", async () => {
    const body = { error: "REDIS_UNAVAILABLE", message: "Redis at redis://r:6379/ is unreachable (x)" };
    const client = connect("ws://127.0.0.1:1", {
      fetch: async () => new Response(JSON.stringify(body), { status: 503, headers: { "content-type": "application/json" } }),
    });
    const err = await client.listDungeons().then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({ reason: "REDIS_UNAVAILABLE", status: 503, message: body.message });
  });
});
