import type { Log } from "./log";
import type { Shop } from "./shop";
import type { Visitor } from "./shop/visitor";

/** Hono's typing for this Worker: its bindings and what middleware puts on the context. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    shop: Shop;
    visitor: Visitor;
    requestId: string;
    log: Log;
    secureHeadersNonce?: string;
    /** The key of a catalog API answer: its URL at the catalog version (server.ts). */
    catalogKey?: string;
  };
};
