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

const assignRequestId = requestId();

/**
 * Gives the request its id and its log. Hono's requestId() sets its header before the
 * handler runs, so a handler's own Response (every page is one) would not carry it: it is
 * set again on the way out.
 */
export const requestLog: MiddlewareHandler<AppEnv> = (c, next) =>
  assignRequestId(c, async () => {
    c.set("log", createLog(c.var.requestId));
    await next();
    if (!c.res.headers.has("X-Request-Id")) c.res.headers.set("X-Request-Id", c.var.requestId);
  });
