import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { reactServerWrites } from "./scripts/react-server-writes.mjs";

// Local runs need no network: no request.cf lookup, no telemetry.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";
// Names this build (import.meta.env.VITE_BUILD_ID) so the Worker's page cache never serves
// pages of an earlier build, whose script files are gone.
process.env.VITE_BUILD_ID ??= Date.now().toString(36);

/**
 * vanilla-extract's plugin marks its runtime as `ssr.resolve.external`, which the
 * Cloudflare plugin refuses (workers-sdk#10287): the Worker bundle must be
 * self-contained. Drop that one key and keep the rest of the plugin as it is.
 */
function vanillaExtractForWorkers(): Plugin[] {
  return vanillaExtractPlugin().map((plugin) => {
    const original = plugin.config;
    if (typeof original !== "function") return plugin;
    return {
      ...plugin,
      async config(...args) {
        const result = await original.apply(this, args);
        if (result && typeof result === "object") delete result.ssr;
        return result;
      },
    } as Plugin;
  });
}

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Kept after the build (React Router deletes it otherwise): the JavaScript budget check
  // (tests/ops/budget.test.mjs) reads it. public/.assetsignore keeps it off the Worker's assets.
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        // The styles of the home page's sections in one chunk, so one stylesheet: the page
        // loads them all at once (tests/ops/budget.test.mjs), and each render-blocking request
        // delays its first paint on a slow connection more than a few KB do. The root route
        // loads it, so the tokens, the shared recipes and the header and footer are in it too:
        // a stylesheet that composes a recipe must come after the recipe's own rules, and
        // every page's own stylesheet comes after this one.
        codeSplitting: {
          groups: [
            {
              name: "home-styles",
              test: /app\/(styles\/[\w-]+|components\/(icons|home\/[\w-]+|forms\/forms|product\/product|ui\/(dialog|tooltip)|layout\/layout|catalog\/productLayout))\.css\.ts/,
            },
            // What the root route loads on every page, in one request rather than seven. React
            // DOM's small shared part and the WebMCP names too: every page that hydrates loads
            // them, and each chunk of its own cost its imports and exports again (about 0.3 KB
            // of the home page's budget).
            {
              name: "shell",
              test: /app\/(lib\/(nonce|api|seo|webmcp)|components\/(toast|icons|cart\/cart-context|ui\/Tooltip)|content\/cart-toasts)\.tsx?$|node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)$/,
            },
          ],
        },
      },
    },
  },
  // Pre-bundled up front so the dev server never serves a second copy of React to them.
  optimizeDeps: { include: ["@conform-to/react", "@conform-to/valibot", "valibot", "sonner"] },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // The dev server shares the local D1/KV of `npm start` unless $SHOP_STATE_DIR says otherwise.
      persistState: { path: process.env.SHOP_STATE_DIR ?? ".wrangler/state" },
    }),
    vanillaExtractForWorkers(),
    // React's server renderer writes the page in fewer, larger pieces (decision 0036).
    reactServerWrites(),
    reactRouter(),
  ],
});
