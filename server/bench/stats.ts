/**
 * Small pure helpers of the benchmarks: percentiles over samples (hdr-histogram-js, as the load
 * runner's) and plain-text tables.
 */
import * as hdr from "hdr-histogram-js";

/**
 * Samples are recorded in an HDR histogram in units of 1/{@link PERCENTILE_SCALE} of theirs
 * (the benchmarks' µs → ns), with 5 significant digits: a percentile is within 0.001 % of the
 * sample it stands for.
 */
export const PERCENTILE_SCALE = 1000;

/**
 * The `p`-th percentile (0–100) of `samples` by hdr-histogram-js (nearest rank: the smallest
 * recorded value such that at least p% of the samples are ≤ it; `p = 0` the minimum), clamped
 * to the samples' exact minimum and maximum, so a p99 never exceeds the max. Negative samples
 * count as 0.
 * @throws Error when `samples` is empty or `p` is outside 0–100.
 */
export function percentile(samples: ArrayLike<number>, p: number): number {
  if (samples.length === 0) throw new Error("percentile of no samples");
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile ${p} is outside 0–100`);
  const h = hdr.build({ numberOfSignificantValueDigits: 5, autoResize: true });
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(0, samples[i] as number);
    lo = Math.min(lo, v); hi = Math.max(hi, v);
    h.recordValue(Math.round(v * PERCENTILE_SCALE));
  }
  const at = h.getValueAtPercentile(p) / PERCENTILE_SCALE;
  h.destroy();
  return Math.min(hi, Math.max(lo, at));
}

/** The arithmetic mean of `samples`. @throws Error when empty. */
export function mean(samples: ArrayLike<number>): number {
  if (samples.length === 0) throw new Error("mean of no samples");
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] as number;
  return sum / samples.length;
}

/**
 * A plain-text table (GitHub markdown when `markdown`), columns padded to their widest cell;
 * numeric-looking cells are right-aligned.
 */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[], markdown = false): string {
  const cells = [header.map(String), ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[-+]?[\d,.]+( ?[a-zµ%/]+)?$/i.test(String(r[i] ?? ""))));
  const line = (r: readonly string[]) => {
    const padded = r.map((c, i) => (numeric[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)));
    return markdown ? `| ${padded.join(" | ")} |` : padded.join("  ");
  };
  const sep = markdown
    ? `| ${widths.map((w, i) => (numeric[i] ? `${"-".repeat(Math.max(2, w) - 1)}:` : "-".repeat(Math.max(3, w)))).join(" | ")} |`
    : widths.map((w) => "-".repeat(w)).join("  ");
  return [line(cells[0] as string[]), sep, ...cells.slice(1).map(line)].join("\n");
}

/** `12345.6` → `"12,346"`: a rounded number with thousands separators. */
export function fmtInt(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** A number with `digits` decimals. */
export function fmt(n: number, digits = 1): string {
  return n.toFixed(digits);
}
