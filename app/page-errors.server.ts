/**
 * What the server logs of an error met while answering a page (React Router's `handleError`
 * and React's render errors, both in entry.server.tsx): the error's kind (`errorKind`) with
 * the request id that the request's log (`logContext`) adds. Never the error itself: React
 * Router would log it whole, and a loader's error can carry a session id, a database fault's
 * message the query's values (emails, addresses). A request the visitor abandoned is no
 * error of the shop's: nothing is logged.
 */
import { createContext, isRouteErrorResponse, RouterContextProvider } from "react-router";
import { getLog } from "./context.server";
import { errorKind, isUnavailable, UNAVAILABLE } from "./shared/errors";
import { createLog } from "./shared/log";

/** What React Router hands `handleError`; its context is missing when the request failed before it had one. */
type ErrorArgs = { request: Request; context?: unknown };

export function logPageError(event: string, error: unknown, { request, context }: ErrorArgs): void {
  if (request.signal.aborted) return;
  const log = context instanceof RouterContextProvider ? getLog(context) : createLog();
  // React Router's own answers (no route for the path, a method it refuses) carry the error they stand for.
  const answer = isRouteErrorResponse(error) ? error : null;
  const cause = answer && "error" in answer ? answer.error : error;
  log(event, { ...errorKind(cause), ...(answer ? { status: answer.status } : {}) });
  if (context instanceof RouterContextProvider && isUnavailable(cause)) context.set(bindingUnavailable, true);
}

/** Set when a loader, an action or the render met a binding that did not answer this time. */
const bindingUnavailable = createContext<boolean>(false);

/**
 * The error page's status: a failure because a binding did not answer this time is the
 * doors' one `UNAVAILABLE` answer (503, Retry-After), as /api, /admin and UCP answer it;
 * any other stays as React Router made it.
 */
export function failedPageStatus(status: number, headers: Headers, context: RouterContextProvider): number {
  if (status < 500 || !context.get(bindingUnavailable)) return status;
  headers.set("Retry-After", String(UNAVAILABLE.retryAfterSeconds));
  return UNAVAILABLE.status;
}
