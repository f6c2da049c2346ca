/**
 * What the server logs of an error met while answering a page (React Router's `handleError`
 * and React's render errors, both in entry.server.tsx): the error's kind (`errorKind`) with
 * the request id that the request's log (`logContext`) adds. Never the error itself: React
 * Router would log it whole, and a loader's error can carry a session id, a database fault's
 * message the query's values (emails, addresses). A request the visitor abandoned is no
 * error of the shop's: nothing is logged.
 */
import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { getLog } from "./context.server";
import { errorKind } from "./shared/errors";
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
}
