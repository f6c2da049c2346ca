/**
 * The contract's one error shape, `{"error": {"message", "issues"?, "requestId"?}}`, for
 * every JSON answer that is not a success: the API's own and the edge's early answers
 * (403, 413, 429, 404 for an unknown API path).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldIssue } from "../../app/shared/errors";
import type { AppEnv } from "../request-context";

export const errorBody = (message: string, issues?: FieldIssue[], requestId?: string) => ({
  error: { message, ...(issues && issues.length > 0 ? { issues } : {}), ...(requestId ? { requestId } : {}) },
});

export const jsonError = (c: Context<AppEnv>, status: ContentfulStatusCode, message: string, issues?: FieldIssue[]) =>
  c.json(errorBody(message, issues, c.var.requestId), status);

/**
 * Cloudflare's words for a binding that did not answer this time: D1's lost connection, its
 * reset storage object, overload or timeout; a KV, R2 or queue call that failed on the
 * platform's side. A retry in a few seconds may well succeed, so every door answers these
 * with `unavailable`: a 503 with Retry-After, never a 500.
 */
const TRANSIENT_FAULTS = [
  /Network connection lost/i,
  /storage caused object to be reset/i,
  /D1 DB is overloaded/i,
  /due to transient issue/i,
  /Internal error in D1 DB storage/i,
  /timed out/i,
  /KV (GET|PUT|DELETE|LIST) failed/i,
  /We encountered an internal error/i,
  /Queue send(Batch)? failed/i,
];

/** Is `error` (or an error it wraps: Drizzle wraps D1's) one of the platform's passing faults? */
export function isUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if (TRANSIENT_FAULTS.some((fault) => fault.test(at.message))) return true;
  }
  return false;
}

/** What every door says when a binding did not answer: the same words, the same wait. */
export const UNAVAILABLE = {
  status: 503,
  retryAfterSeconds: 5,
  message: "The shop cannot answer just now. Please try again in a few seconds.",
} as const;

/** Marks `c`'s answer as worth retrying after UNAVAILABLE's wait. */
export const retryShortly = (c: Context) => c.header("Retry-After", String(UNAVAILABLE.retryAfterSeconds));
