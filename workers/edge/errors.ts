/**
 * The contract's one error shape, `{"error": {"message", "issues"?, "requestId"?}}`, for
 * every JSON answer that is not a success: the API's own and the edge's early answers
 * (403, 413, 429, 404 for an unknown API path).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { UNAVAILABLE, type FieldIssue } from "../../app/shared/errors";
import type { AppEnv } from "../request-context";

export const errorBody = (message: string, issues?: FieldIssue[], requestId?: string) => ({
  error: { message, ...(issues && issues.length > 0 ? { issues } : {}), ...(requestId ? { requestId } : {}) },
});

export const jsonError = (c: Context<AppEnv>, status: ContentfulStatusCode, message: string, issues?: FieldIssue[]) =>
  c.json(errorBody(message, issues, c.var.requestId), status);

export { isUnavailable, UNAVAILABLE } from "../../app/shared/errors";

/** Marks `c`'s answer as worth retrying after UNAVAILABLE's wait. */
export const retryShortly = (c: Context) => c.header("Retry-After", String(UNAVAILABLE.retryAfterSeconds));
