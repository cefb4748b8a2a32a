import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

/**
 * A bot's random source: pure-rand xoroshiro128+ from a seed, so a bot run is repeatable
 * (given the same states received). Never Math.random.
 */
export class BotRandom {
  readonly #gen: ReturnType<typeof xoroshiro128plus>;

  /** @param seed a 32-bit integer. */
  constructor(seed: number) {
    this.#gen = xoroshiro128plus(seed | 0);
  }

  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number {
    return uniformInt(this.#gen, min, max);
  }

  /** One element of a non-empty array. @throws Error when `items` is empty. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(0, items.length - 1)] as T;
  }

  /** True with `percent` % chance. */
  chance(percent: number): boolean {
    return this.int(1, 100) <= percent;
  }

  /** `ms` jittered uniformly by ±50%. */
  jitter(ms: number): number {
    return this.int(Math.round(ms / 2), Math.round((ms * 3) / 2));
  }
}
