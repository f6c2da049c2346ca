/**
 * The outbox's sweep after a request's answer (workers/shop/emails/outbox-sweep.ts), beside the
 * Cron Trigger's: at most once a minute per isolate, in `waitUntil`, never on the request's
 * way, its failure logged and never the answer's.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../request-context";
import { sweepQuietly, sweepThrottle } from "../shop/emails/outbox-sweep";
import { sweepDeps } from "./shop-deps";

/** The middleware, with `due` saying whether this request may start a sweep. */
export const sweepAfter = (due: () => boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (due()) (c.executionCtx as ExecutionContext).waitUntil(sweepQuietly(sweepDeps(c)));
  });

/** The shop's: one throttle per isolate. */
export const sweepAfterAnswer = sweepAfter(sweepThrottle());
