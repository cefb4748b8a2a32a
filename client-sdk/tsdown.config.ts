import { defineConfig } from "tsdown";

/**
 * The SDK's published build (issue 19 part 5): `dist/index.js` (ESM) and `dist/index.d.ts`.
 * tsdown (Rolldown + rolldown-plugin-dts) bundles the JS and the declarations in one step.
 * `@malignus/shared` is TypeScript source inside this monorepo, so it is bundled in (JS and
 * types); `@colyseus/sdk`, `@colyseus/schema` and `zod` stay imports (the game's bundler
 * resolves them from the registry packages). Not minified: the game's bundler does that.
 */
export default defineConfig({
  entry: { index: "src/index.ts" },
  format: "esm",
  platform: "neutral",
  target: "es2022",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // eager: the declarations of the whole program at once (the lazy per-file emit failed on the
  // shared barrels' re-exported types). The bundled package's types come in with its code.
  dts: { eager: true },
  deps: { alwaysBundle: [/^@malignus\/shared(\/|$)/], neverBundle: ["@colyseus/sdk", "@colyseus/schema", /^zod(\/|$)/] },
  tsconfig: "../tsconfig.json",
});
