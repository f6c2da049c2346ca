/**
 * A request the browser makes ahead of a visit that may never come: React Router's
 * `prefetch="intent"` on a hover (`<link rel="prefetch">`), a speculative prefetch or prerender.
 * Chromium says so in `Sec-Purpose`, older browsers in `Purpose`, Firefox in `X-Moz`. What it
 * shows is not seen (a cart line's price: docs/decisions/0023) and it is never counted as a
 * visit (the insights: docs/decisions/0022).
 */
export function isPrefetch(request: Request): boolean {
  const headers = request.headers;
  const purpose = `${headers.get("Sec-Purpose") ?? ""} ${headers.get("Purpose") ?? ""} ${headers.get("X-Moz") ?? ""}`;
  return /\b(prefetch|prerender)\b/i.test(purpose);
}
