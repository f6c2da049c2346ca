import { Hono } from "hono";
import { AffiliateApplicationSchema, CreatorApplicationSchema } from "../../app/shared/schemas";
import { limitWrites } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { queryFlag, readBody } from "./http";

export const affiliatesApi = new Hono<AppEnv>().post("/", limitWrites("form"), async (c) => {
  const application = await readBody(c, AffiliateApplicationSchema);
  return c.json(await c.var.shop.applications.submitAffiliateApplication(application), 201);
});

export const creatorsApi = new Hono<AppEnv>()
  .get("/", async (c) => {
    return c.json(await c.var.shop.catalog.listCreators(queryFlag(c, "featured") === true));
  })
  .post("/", limitWrites("form"), async (c) => {
    const application = await readBody(c, CreatorApplicationSchema);
    return c.json(await c.var.shop.applications.submitCreatorApplication(application), 201);
  });
