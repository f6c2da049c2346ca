import type { Log } from "../app/shared/log";
import type { Insights } from "./shop/deps";
import type { Shop } from "./shop";

/** Hono's typing for this Worker: its bindings and what the edge's middleware put on the context. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** The shop's services as this request's visitor (workers/edge/session.ts). */
    shop: Shop;
    /** What this request's doing counts toward the insights (workers/insights/collect.ts). */
    insights?: Insights;
    requestId: string;
    log: Log;
    secureHeadersNonce?: string;
    /** The key of an answer made of the catalog: its URL at the catalog version (workers/edge/catalog-cache.ts). */
    catalogKey?: string;
  };
};
