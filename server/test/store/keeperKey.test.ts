import { describe, expect, it } from "vitest";
import { KEEPER_KEY_BYTES, hashKeeperKey, newKeeperKey, verifyKeeperKey } from "../../src/store/keeperKey.ts";

describe("keeper keys", () => {
  it("a new key is 32 base64url characters, different every time", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newKeeperKey()));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(new RegExp(`^[A-Za-z0-9_-]{${(KEEPER_KEY_BYTES * 4) / 3}}$`));
  });

  it("is stored as a salted scrypt hash that holds no trace of the key, and verifies only the right key", async () => {
    const key = newKeeperKey();
    const [h1, h2] = await Promise.all([hashKeeperKey(key), hashKeeperKey(key)]);
    expect(h1).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(h1).not.toBe(h2);
    expect(h1.includes(key)).toBe(false);
    expect(await verifyKeeperKey(key, h1)).toBe(true);
    expect(await verifyKeeperKey(key, h2)).toBe(true);
    expect(await verifyKeeperKey(`${key}x`, h1)).toBe(false);
    expect(await verifyKeeperKey(newKeeperKey(), h1)).toBe(false);
    expect(await verifyKeeperKey("", h1)).toBe(false);
    expect(await verifyKeeperKey(undefined, h1)).toBe(false);
  });

  it("a stored value not in that form verifies nothing (never throws)", async () => {
    const key = newKeeperKey();
    for (const stored of ["", key, "scrypt$16384$8$1$abc", "bcrypt$1$2$3$4$5", "scrypt$0$8$1$c2FsdA$aGFzaA", "scrypt$16384$8$1$c2FsdA$aGFzaA"]) {
      expect(await verifyKeeperKey(key, stored)).toBe(false);
    }
  });
});
