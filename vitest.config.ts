import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { seedStatements } from "./workers/db/seed/statements";

/**
 * Worker tests run inside workerd with the real bindings of wrangler.toml (local D1 and
 * KV). The migrations and the seed are read here, in Node, and handed to the setup file,
 * which applies them before any test. Pages need React Router's build, which the pool
 * cannot load, so tests/worker/entry.ts serves the same app with a stand-in renderer.
 */
export default defineConfig(async () => ({
  // The app's own alias (vite.config.ts): server code reaches browser-safe app modules that use it.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [
    // The stand-in page renders the real Header, whose styles are vanilla-extract modules.
    vanillaExtractPlugin(),
    cloudflareTest({
      main: "./tests/worker/entry.tsx",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          // Hundreds of requests from one address: limits are tested with them switched on explicitly.
          SHOP_RATE_LIMITS: "off",
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          TEST_SEED: seedStatements(),
        },
      },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    // Two files at a time even on two cores (vitest's default leaves one core idle there): the
    // files wait on the clock and on workerd more than they compute (catalog-changes.test.ts
    // alone waits out its 5 s windows for 24 s), so the run takes ~45 s instead of ~70 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The Worker logs one JSON line per API error; show logs only for failing tests.
    silent: "passed-only" as const,
    setupFiles: ["./tests/worker/setup.ts"],
    // One workerd per worker for all its files, not one per file: starting one and fetching the
    // Worker's modules into it again took half the stage. tests/worker/setup.ts gives each file
    // a fresh database, KV and bucket, and has the isolate forget what it held of the last one.
    isolate: false,
  },
}));
