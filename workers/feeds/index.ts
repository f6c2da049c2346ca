/**
 * The feeds door: what the shop publishes for machines, made only of the catalog shown, so
 * each is cached under the catalog version like the catalog API (workers/edge/catalog-cache.ts):
 * a repeat request on the same version makes no D1 round trip. Hono routes rather than React
 * Router resource routes (robots.txt, the sitemap) for that cache, and so the worker tests
 * can reach them (React Router's build cannot load in the test pool).
 *
 * - `GET /feeds/products.xml`: the Google Merchant Center feed (merchant-feed.ts).
 * - `GET /llms.txt`: the index for language models (llms-txt.ts).
 */
import { Hono } from "hono";
import { LLMS_TXT_PATH, MERCHANT_FEED_PATH } from "../../app/shared/feeds";
import { catalogCache } from "../edge/catalog-cache";
import type { AppEnv } from "../request-context";
import { llmsText } from "./llms-txt";
import { merchantFeed } from "./merchant-feed";

/** As long as the catalog API's answers: a catalog change is a new key in the Worker's cache at once. */
const FEED_MAX_AGE_SECONDS = 60;

export const createFeeds = () =>
  new Hono<AppEnv>()
    .get(MERCHANT_FEED_PATH, catalogCache(FEED_MAX_AGE_SECONDS), async (c) => {
      const feed = merchantFeed(await c.var.shop.catalog.loadCatalog(), new URL(c.req.url).origin);
      return c.body(feed, 200, { "Content-Type": "application/xml; charset=utf-8" });
    })
    .get(LLMS_TXT_PATH, catalogCache(FEED_MAX_AGE_SECONDS), async (c) => {
      const text = llmsText(await c.var.shop.catalog.loadCatalog(), new URL(c.req.url).origin);
      return c.body(text, 200, { "Content-Type": "text/markdown; charset=utf-8" });
    });
