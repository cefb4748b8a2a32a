import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The watch page's build: web/index.html and web/src/*.ts bundled by Vite into web/dist, which
 * the server serves at /watch/ (server/src/watch.ts), so every asset URL starts with /watch/.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/watch/",
  logLevel: "warn",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // The SDK and its validators (zod) make one ~600 KB chunk until the SDK's slimmer browser
    // build lands (issue 19 part 5); the page is served from the game server itself.
    chunkSizeWarningLimit: 1024,
  },
});
