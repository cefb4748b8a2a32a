import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

/** A generator from pure-rand: mutable, with a serializable state. */
type Generator = ReturnType<typeof xoroshiro128plus>;

/**
 * The simulation's only source of randomness: xoroshiro128+ from pure-rand, seeded by the room
 * seed. Its state is part of the snapshot, so a restored simulation draws the same numbers.
 * Never use Math.random in the simulation.
 */
export class Rng {
  #gen: Generator;

  /** @param seedOrState a 32-bit seed, or a state from {@link Rng.getState}. */
  constructor(seedOrState: number | readonly number[]) {
    this.#gen = typeof seedOrState === "number" ? xoroshiro128plus(seedOrState) : xoroshiro128plusFromState(seedOrState);
  }

  /** The generator state (4 numbers), for snapshots. */
  getState(): number[] {
    return [...this.#gen.getState()];
  }

  /** A whole number in [min, max], both ends included. */
  int(min: number, max: number): number {
    return uniformInt(this.#gen, min, max);
  }

  /** A roll of `1dN`: 1..N. */
  die(sides: number): number {
    return uniformInt(this.#gen, 1, sides);
  }

  /** A percentile roll 1..100. */
  d100(): number {
    return uniformInt(this.#gen, 1, 100);
  }

  /** True with `percent` % chance (0 never, 100 always; values outside are clamped). */
  chance(percent: number): boolean {
    if (percent <= 0) return false;
    if (percent >= 100) return true;
    return this.d100() <= percent;
  }

  /** One element of a non-empty array, uniformly. Throws on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Rng.pick: empty array");
    return items[this.int(0, items.length - 1)] as T;
  }
}
