import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A form posted from a page that sends no referrer (an order's own page) carries `Origin: null`,
  // which React Router's own check refuses. The Worker's guard (workers/edge/request-guards.ts) runs
  // first on every post and lets `null` through only when the browser says the post is same-origin.
  allowedActionOrigins: ["null"],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
