import { describe, expect, it } from "vitest";
import { formatSize, type SdkSize } from "../scripts/size.ts";

describe("npm run sdk:size's table (scripts/size.ts formatSize)", () => {
  it("fills every column: raw KB, gzip KB and the share of the gzipped total, largest first", () => {
    const size: SdkSize = {
      from: "dist", rawBytes: 4096, gzipBytes: 2048, rawKb: 4, gzipKb: 2, budgetKb: 60, withinBudget: true,
      groups: [
        { name: "small", rawBytes: 1024, gzipBytes: 512, rawKb: 1, gzipKb: 0.5 },
        { name: "large", rawBytes: 3072, gzipBytes: 1536, rawKb: 3, gzipKb: 1.5 },
      ],
    };
    expect(formatSize(size).split("\n")).toEqual([
      "SDK browser bundle (dist, Vite, minified): 4 KB raw, 2 KB gzipped (budget 60 KB gzipped)",
      `  ${"by module group".padEnd(34)}       raw     gzip   share`,
      `  ${"large".padEnd(34)}      3 KB   1.5 KB  75.0 %`,
      `  ${"small".padEnd(34)}      1 KB   0.5 KB  25.0 %`,
    ]);
  });
});
