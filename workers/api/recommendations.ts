import { Hono } from "hono";
import type { AppEnv } from "../env";
import { pathId } from "./http";

export const recommendationsApi = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await c.var.shop.recommendations.listRecommendations()))
  .patch("/:id/viewed", async (c) =>
    c.json(await c.var.shop.recommendations.markRecommendationViewed(pathId(c, "id", "Recommendation"))),
  )
  .patch("/:id/clicked", async (c) =>
    c.json(await c.var.shop.recommendations.markRecommendationClicked(pathId(c, "id", "Recommendation"))),
  );
