import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** Random bytes of a keeper key (the key is their base64url text, 32 characters). */
export const KEEPER_KEY_BYTES = 24;
/** Random bytes of the salt of a keeper key hash. */
const SALT_BYTES = 16;
/** Bytes of the derived scrypt hash. */
const HASH_BYTES = 32;
/** scrypt cost parameters (N, r, p): Node's defaults, ~16 MiB of memory and tens of ms per hash. */
const SCRYPT: Required<Pick<ScryptOptions, "N" | "r" | "p">> = { N: 16384, r: 8, p: 1 };

function derive(key: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(key, salt, HASH_BYTES, { N, r, p, maxmem: 256 * N * r }, (err, out) => (err ? reject(err) : resolve(out)));
  });
}

/**
 * A new keeper key: the secret a dungeon's creator receives once (32 base64url characters).
 * Only {@link hashKeeperKey} of it is stored.
 */
export function newKeeperKey(): string {
  return randomBytes(KEEPER_KEY_BYTES).toString("base64url");
}

/**
 * The stored form of a keeper key: `scrypt$N$r$p$<salt base64url>$<hash base64url>` with a fresh
 * random salt (node:crypto `scrypt`, off the event loop's thread).
 * @example const keeperKeyHash = await hashKeeperKey(key); // store it; never store `key`
 */
export async function hashKeeperKey(key: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(key, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/**
 * Whether `key` is the keeper key whose {@link hashKeeperKey} is `stored` (constant-time compare).
 * False for an empty or missing key and for a `stored` value not in that form (never throws).
 */
export async function verifyKeeperKey(key: string | undefined, stored: string): Promise<boolean> {
  if (typeof key !== "string" || key === "") return false;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (expected.length !== HASH_BYTES) return false;
  try {
    return timingSafeEqual(await derive(key, salt, N, r, p), expected);
  } catch {
    return false;
  }
}
