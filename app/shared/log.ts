/**
 * Structured logs: one JSON object per line, carrying the request id that the response's
 * `X-Request-Id` header (and any API error body) also carries. The Worker makes one log per
 * request (workers/edge/request-log.ts) and one per queue message; loaders, actions and the
 * shop only write to the one they are given. Never pass card fields, emails, addresses,
 * session ids or an error's message in `fields`: an error is logged by its kind.
 */
export type Log = (event: string, fields?: Record<string, string | number | boolean | null>) => void;

/** A log whose every line carries `requestId` (left out when there is none). */
export const createLog =
  (requestId?: string): Log =>
  (event, fields = {}) =>
    console.log(JSON.stringify(requestId ? { event, requestId, ...fields } : { event, ...fields }));

/**
 * A request's path as a log may carry it: the secret segment of a link that needs no
 * sign-in (an order's own page, a download link: docs/decisions/0021; a partner's sign-in link) left out, so that
 * whoever reads the logs cannot open the page. Wherever the segment sits: an agent's
 * `/ucp/v1/orders/{id}` carries the same token.
 */
export const loggedPath = (path: string) => path.replace(/(^|\/)(orders|downloads|login)\/[^/]+/gi, "$1$2/[token]");
