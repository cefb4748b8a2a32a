/**
 * Latency summaries (hdr-histogram-js) and Prometheus text parsing for the load runner. Pure.
 */
import * as hdr from "hdr-histogram-js";

/** A latency summary in milliseconds (0 everywhere when `count` is 0). */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Latencies recorded in microseconds (1 µs to 10 min, 3 significant digits) in an HDR histogram,
 * summarised in milliseconds.
 */
export class Latencies {
  readonly #h = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: 3 });

  /** Records one latency in milliseconds (clamped to the trackable range). */
  record(ms: number): void {
    this.#h.recordValue(Math.min(600_000_000, Math.max(1, Math.round(ms * 1000))));
  }

  /** Adds every value of `other`. */
  add(other: Latencies): void {
    this.#h.add(other.#h);
  }

  /** The recorded values as compressed base64 (HDR encoding), to cross a worker thread; read back with {@link Latencies.addEncoded}. */
  encode(): string {
    return hdr.encodeIntoCompressedBase64(this.#h);
  }

  /** Adds every value of a histogram {@link Latencies.encode} wrote. */
  addEncoded(encoded: string): void {
    this.#h.add(hdr.decodeFromCompressedBase64(encoded));
  }

  get count(): number {
    return this.#h.totalCount;
  }

  /**
   * The value at percentile `p` (0–100) in ms, 0 when empty. Never above the largest recorded
   * value (the histogram's bucket top would be, by up to 0.1 %).
   */
  at(p: number): number {
    return this.count === 0 ? 0 : Math.min(this.#h.getValueAtPercentile(p), this.#h.maxValue) / 1000;
  }

  /** Count, mean and p50/p95/p99/max in ms, rounded to 0.01 ms; mean, p50 ≤ p95 ≤ p99 ≤ max. */
  summary(): LatencySummary {
    if (this.count === 0) return { count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
    const r = (us: number) => Math.round(us / 10) / 100;
    return {
      count: this.count,
      mean: r(Math.min(this.#h.mean, this.#h.maxValue)),
      p50: r(Math.min(this.#h.getValueAtPercentile(50), this.#h.maxValue)),
      p95: r(Math.min(this.#h.getValueAtPercentile(95), this.#h.maxValue)),
      p99: r(Math.min(this.#h.getValueAtPercentile(99), this.#h.maxValue)),
      max: r(this.#h.maxValue),
    };
  }
}

/** One sample of a Prometheus text exposition: name, labels, value. */
export interface PromSample { name: string; labels: Record<string, string>; value: number }

/**
 * Parses Prometheus text format (version 0.0.4) into samples; comments and blank lines are
 * skipped, `+Inf`/`-Inf`/`NaN` understood, malformed lines ignored.
 */
export function parsePrometheus(text: string): PromSample[] {
  const out: PromSample[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    if (m[3]) for (const lm of m[3].matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[lm[1] as string] = (lm[2] as string).replace(/\\(.)/g, "$1");
    const v = m[4] as string;
    const value = v === "+Inf" ? Infinity : v === "-Inf" ? -Infinity : Number(v);
    if (Number.isNaN(value) && v !== "NaN") continue;
    out.push({ name: m[1] as string, labels, value });
  }
  return out;
}

/** The sum of every sample named `name` (all label sets), or null when there is none. */
export function sumOf(samples: readonly PromSample[], name: string): number | null {
  const hits = samples.filter((s) => s.name === name);
  return hits.length === 0 ? null : hits.reduce((a, s) => a + s.value, 0);
}

/** The first metric name ending in `suffix`, or null. */
export function findName(samples: readonly PromSample[], suffix: string): string | null {
  return samples.find((s) => s.name.endsWith(suffix))?.name ?? null;
}

/** Cumulative histogram buckets: upper bound (`le`) → count, summed over label sets. */
export function histogramBuckets(samples: readonly PromSample[], bucketName: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of samples) {
    if (s.name !== bucketName || s.labels.le === undefined) continue;
    const le = s.labels.le === "+Inf" ? Infinity : Number(s.labels.le);
    out.set(le, (out.get(le) ?? 0) + s.value);
  }
  return out;
}

/** `after - before`, bucket by bucket (the observations made between two scrapes). */
export function bucketDelta(before: Map<number, number>, after: Map<number, number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [le, n] of after) out.set(le, n - (before.get(le) ?? 0));
  return out;
}

/**
 * The `q`-quantile (0–1) of cumulative buckets, interpolated linearly inside the bucket as
 * Prometheus' `histogram_quantile` does (the lowest bucket starts at 0; a quantile in the
 * `+Inf` bucket answers the highest finite bound). Null when no observation.
 */
export function histogramQuantile(q: number, buckets: Map<number, number>): number | null {
  const sorted = [...buckets.entries()].sort((a, b) => a[0] - b[0]);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let prevLe = 0, prevCount = 0;
  for (const [le, count] of sorted) {
    if (count >= rank) {
      if (le === Infinity) return prevLe;
      if (count === prevCount) return le;
      return prevLe + ((le - prevLe) * (rank - prevCount)) / (count - prevCount);
    }
    prevLe = le; prevCount = count;
  }
  return prevLe;
}
