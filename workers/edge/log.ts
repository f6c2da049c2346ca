/**
 * Structured logs: one JSON object per line, with the request id that the response's
 * `X-Request-Id` header (and any API error body) also carries. Never pass card fields,
 * emails, addresses or payment details in `fields`.
 */
import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { AppEnv } from "../request-context";

export type Log = (event: string, fields?: Record<string, string | number | boolean | null>) => void;

export const createLog =
  (requestId: string): Log =>
  (event, fields = {}) =>
    console.log(JSON.stringify({ event, requestId, ...fields }));

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
