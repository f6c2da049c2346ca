import { Hono } from "hono";
import { limitWrites } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { pathId } from "./http";

export const recommendationsApi = new Hono<AppEnv>()
  .use(limitWrites("cart"))
  .get("/", async (c) => c.json(await c.var.shop.recommendations.listRecommendations()))
  .patch("/:id/viewed", async (c) => c.json(await c.var.shop.recommendations.markRecommendationViewed(pathId(c, "id", "Recommendation"))))
  .patch("/:id/clicked", async (c) => c.json(await c.var.shop.recommendations.markRecommendationClicked(pathId(c, "id", "Recommendation"))));
