/**
 * Gives every request its id and its log (app/shared/log.ts), and the response its
 * `X-Request-Id`.
 */
import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { createLog } from "../../app/shared/log";
import type { AppEnv } from "../request-context";

/** A new id for every request: one a client sends is ignored, so no client can choose another's. */
const assignRequestId = requestId({ headerName: "" });

/**
 * Gives the request its id and its log, and the response its `X-Request-Id`: set on the
 * way out, over whatever a handler's or a cached answer's headers carried.
 */
export const requestLog: MiddlewareHandler<AppEnv> = (c, next) =>
  assignRequestId(c, async () => {
    c.set("log", createLog(c.var.requestId));
    await next();
    c.res.headers.set("X-Request-Id", c.var.requestId);
  });
