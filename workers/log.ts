/**
 * Structured logs: one JSON object per line, with the request id that the response's
 * `X-Request-Id` header (and any API error body) also carries. Never pass card fields,
 * emails, addresses or payment details in `fields`.
 */
export type Log = (event: string, fields?: Record<string, string | number | boolean | null>) => void;

export const createLog =
  (requestId: string): Log =>
  (event, fields = {}) =>
    console.log(JSON.stringify({ event, requestId, ...fields }));
