/**
 * Small pure helpers of the benchmarks: percentiles over samples and plain-text tables.
 */

/**
 * The `p`-th percentile (0–100) of `samples` by the nearest-rank method: the smallest sample
 * such that at least p% of the samples are ≤ it. `p = 0` gives the minimum.
 * @throws Error when `samples` is empty or `p` is outside 0–100.
 */
export function percentile(samples: ArrayLike<number>, p: number): number {
  if (samples.length === 0) throw new Error("percentile of no samples");
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile ${p} is outside 0–100`);
  const sorted = Float64Array.from(samples as ArrayLike<number>).sort();
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
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
