import { Hono } from "hono";
import type { AppEnv } from "../request-context";
import { jsonError } from "../edge/errors";

/**
 * GET /api/health, for uptime monitors and the operator: the build serving and the catalog
 * version D1 holds, read afresh (never cached). It is also the cheapest answer that
 * touches D1, which `npm run bench` shows as the floor of any answer that checks the
 * catalog's freshness. A database that does not answer is a 503, logged.
 */
export const healthApi = (buildId: string) =>
  new Hono<AppEnv>().get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      return c.json({ status: "ok", build: buildId, catalogVersion: (await c.var.shop.catalog.currentCatalogVersion()).version });
    } catch (error) {
      c.var.log("health_check_failed", { error: String(error) });
      return jsonError(c, 503, "The shop's database is not answering.");
    }
  });
