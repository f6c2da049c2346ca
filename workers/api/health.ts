import { Hono } from "hono";
import { errorKind } from "../../app/shared/errors";
import type { AppEnv } from "../request-context";
import { jsonError } from "../edge/errors";
import { limitsOn } from "../edge/rate-limits";

/**
 * GET /api/health, for uptime monitors and the operator: the build serving, the catalog
 * version D1 holds, read afresh (never cached), and whether the abuse limits are on (only
 * a local server can lift them). A database that does not answer is a 503, logged.
 */
export const healthApi = (buildId: string) =>
  new Hono<AppEnv>().get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      const { version } = await c.var.shop.catalog.currentCatalogVersion();
      return c.json({ status: "ok", build: buildId, catalogVersion: version, rateLimits: limitsOn(c) ? "on" : "off" });
    } catch (error) {
      c.var.log("health_check_failed", errorKind(error));
      return jsonError(c, 503, "The shop's database is not answering.");
    }
  });
