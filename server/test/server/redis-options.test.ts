import { describe, expect, it } from "vitest";
import {
  REDIS_COMMAND_TIMEOUT_MS, REDIS_CONNECT_TIMEOUT_MS, REDIS_RETRY_MAX_DELAY_MS, isRedisConnectionError, redactUrl, redisOptionsFromUrl,
} from "../../src/redis.ts";

describe("Redis client settings (issue 18 part 1)", () => {
  it("reads the URL and adds the outage settings: no offline queue, no per-request retries, reconnect forever", () => {
    const o = redisOptionsFromUrl("rediss://me:p%40ss@cache.example:6380/2", "a:");
    expect({ ...o, retryStrategy: undefined }).toEqual({
      host: "cache.example", port: 6380, username: "me", password: "p@ss", db: 2, tls: {}, keyPrefix: "a:",
      enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS, retryStrategy: undefined,
    });
    expect([1, 2, 10, 20, 21, 1000].map((n) => o.retryStrategy!(n))).toEqual([50, 100, 500, 1000, REDIS_RETRY_MAX_DELAY_MS, 1000]);
    expect(redisOptionsFromUrl("redis://127.0.0.1", undefined)).toMatchObject({ host: "127.0.0.1", port: 6379 });
    expect(redactUrl("redis://me:secret@h:1/0")).toBe("redis://me:***@h:1/0");
  });

  it("tells ioredis' not-connected rejections from other errors", () => {
    const maxRetries = Object.assign(new Error("Reached the max retries per request limit (which is 0). Refer to \"maxRetriesPerRequest\" option for details."), { name: "MaxRetriesPerRequestError" });
    expect([
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      maxRetries,
      new Error("Connection is closed."),
      new Error("Command timed out"),
      new Error("outer", { cause: new Error("Connection is closed.") }),
    ].map(isRedisConnectionError)).toEqual([true, true, true, true, true]);
    expect([
      new Error("connect ECONNREFUSED 127.0.0.1:5432"), // PostgreSQL: not Redis
      new Error("no rooms found with provided criteria"),
      "Connection is closed.", undefined,
    ].map(isRedisConnectionError)).toEqual([false, false, true, false]);
  });
});
