import { describe, expect, it } from "vitest";
import { Latencies, bucketDelta, findName, histogramBuckets, histogramQuantile, parsePrometheus, sumOf } from "../src/stats.ts";

describe("latency percentiles", () => {
  it("gives exact percentiles below 2 ms (1 µs resolution there)", () => {
    const l = new Latencies();
    for (let i = 1; i <= 100; i++) l.record(i / 100); // 0.01 … 1.00 ms
    expect(l.summary()).toEqual({ count: 100, mean: 0.51, p50: 0.5, p95: 0.95, p99: 0.99, max: 1 });
  });

  it("keeps 3 significant digits above (within 0.1%)", () => {
    const l = new Latencies();
    for (let ms = 1; ms <= 100; ms++) l.record(ms);
    const s = l.summary();
    expect(s.count).toBe(100);
    expect(Math.abs(s.p50 - 50) / 50).toBeLessThan(0.001);
    expect(Math.abs(s.p99 - 99) / 99).toBeLessThan(0.001);
    expect(s.p50).toBe(50.02); // 50,000 µs sits in a 32 µs bucket whose top HdrHistogram reports
  });

  it("keeps sub-millisecond precision and merges histograms", () => {
    const a = new Latencies(), b = new Latencies();
    a.record(0.25); a.record(0.5); b.record(0.75); b.record(1);
    a.add(b);
    expect(a.summary()).toEqual({ count: 4, mean: 0.63, p50: 0.5, p95: 1, p99: 1, max: 1 });
  });

  it("crosses a worker thread encoded: the decoded histograms merge to the same counts and percentiles (issue 20 part 3)", () => {
    const a = new Latencies(), b = new Latencies(), direct = new Latencies();
    for (let i = 1; i <= 100; i++) { a.record(i / 100); b.record(i); }
    direct.add(a); direct.add(b);
    const merged = new Latencies();
    merged.addEncoded(a.encode());
    merged.addEncoded(b.encode());
    merged.addEncoded(new Latencies().encode()); // an empty side adds nothing
    const { max: _m1, ...viaWorkers } = merged.summary();
    const { max: _m2, ...inThread } = direct.summary();
    expect(viaWorkers).toEqual(inThread);
    expect(viaWorkers.count).toBe(200);
  });

  it("never puts a percentile above the max (the HDR bucket's top is above the value recorded)", () => {
    const l = new Latencies();
    l.record(12_345.678);
    expect(l.summary()).toEqual({ count: 1, mean: 12_345.68, p50: 12_345.68, p95: 12_345.68, p99: 12_345.68, max: 12_345.68 });
    expect(l.at(99)).toBe(12_345.678);
    for (const ms of [1.5, 2.25, 700.001, 12_345.678]) l.record(ms);
    const s = l.summary();
    expect([s.p50 <= s.p95, s.p95 <= s.p99, s.p99 <= s.max, s.max]).toEqual([true, true, true, 12_345.68]);
  });

  it("summarises nothing as zeros", () => {
    expect(new Latencies().summary()).toEqual({ count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 });
    expect(new Latencies().at(99)).toBe(0);
  });
});

const TEXT = `# HELP x_cpu_seconds_total cpu
# TYPE x_cpu_seconds_total counter
x_process_cpu_seconds_total 12.5
x_clients{role="keeper"} 3
x_clients{role="spectator"} 12
x_step_duration_seconds_bucket{le="0.001"} 10
x_step_duration_seconds_bucket{le="0.01"} 90
x_step_duration_seconds_bucket{le="+Inf"} 100
garbage line
`;

describe("Prometheus text", () => {
  it("parses samples with labels and sums them", () => {
    const s = parsePrometheus(TEXT);
    expect(s).toHaveLength(6);
    expect(s[1]).toEqual({ name: "x_clients", labels: { role: "keeper" }, value: 3 });
    expect(sumOf(s, "x_clients")).toBe(15);
    expect(sumOf(s, "missing")).toBeNull();
    expect(findName(s, "process_cpu_seconds_total")).toBe("x_process_cpu_seconds_total");
  });

  it("interpolates histogram quantiles like histogram_quantile", () => {
    const b = histogramBuckets(parsePrometheus(TEXT), "x_step_duration_seconds_bucket");
    expect([...b.entries()]).toEqual([[0.001, 10], [0.01, 90], [Infinity, 100]]);
    expect(histogramQuantile(0.05, b)).toBeCloseTo(0.0005, 12);
    expect(histogramQuantile(0.5, b)).toBeCloseTo(0.001 + 0.009 * (40 / 80), 12);
    expect(histogramQuantile(0.99, b)).toBe(0.01); // in the +Inf bucket: the highest finite bound
    expect(histogramQuantile(0.5, new Map([[1, 0], [Infinity, 0]]))).toBeNull();
    const before = new Map([[0.001, 5], [0.01, 50], [Infinity, 50]]);
    expect([...bucketDelta(before, b).entries()]).toEqual([[0.001, 5], [0.01, 40], [Infinity, 50]]);
  });
});
