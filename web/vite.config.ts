import { fileURLToPath } from "node:url";
import { defaultClientConditions, defineConfig } from "vite";

/**
 * The watch page's build: web/index.html and web/src/*.ts bundled by Vite into web/dist, which
 * the server serves at /watch/ (server/src/watch.ts), so every asset URL starts with /watch/.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/watch/",
  logLevel: "warn",
  // The SDK from its TypeScript source (client-sdk `exports` condition), not its dist/ build.
  resolve: { conditions: ["@malignus/source", ...defaultClientConditions] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // The SDK with Colyseus and its validators is one ~250 KB chunk (issue 19 part 5); the page is
    // served from the game server itself.
    chunkSizeWarningLimit: 1024,
  },
});
