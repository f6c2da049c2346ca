/**
 * The page a request answers when something failed outside React Router's own error page
 * (workers/server.ts's last resort, a download that could not be served): the shop's words,
 * the request id to quote, and, when a binding did not answer this time (`isUnavailable`), a
 * 503 with Retry-After. Never the error's message: a database fault's carries the query's values.
 */
import type { Context } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../request-context";
import { isUnavailable, retryShortly, UNAVAILABLE } from "./errors";
import { plainPage } from "./plain-page";

export const SOMETHING_WENT_WRONG = "Something went wrong on our side. Please try again.";

export function failurePage(c: Context<AppEnv>, error: unknown) {
  const unavailable = isUnavailable(error);
  if (unavailable) retryShortly(c);
  c.header("Cache-Control", "no-store");
  const status = unavailable ? UNAVAILABLE.status : 500;
  const [title, lede] = unavailable ? ["Not answering just now", UNAVAILABLE.message] : ["Something went wrong", SOMETHING_WENT_WRONG];
  const then = html`<p>Your cart is kept. If this goes on, quote request id ${c.var.requestId ?? "(none)"}.</p>
    <p><a href="/">Back to the shop</a></p>`;
  return plainPage(c, { status, title, lede, then });
}
