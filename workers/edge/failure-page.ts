/**
 * The page a request answers when something failed outside React Router's own error page
 * (workers/server.ts's last resort, a download that could not be served): the shop's words,
 * the request id to quote, and, when a binding did not answer this time (`isUnavailable`), a
 * 503 with Retry-After. Never the error's message: a database fault's carries the query's values.
 */
import type { Context } from "hono";
import { html } from "hono/html";
import { pageTitle } from "../../app/shared/constants";
import { palette } from "../../app/shared/palette";
import type { AppEnv } from "../request-context";
import { isUnavailable, retryShortly, UNAVAILABLE } from "./errors";

export const SOMETHING_WENT_WRONG = "Something went wrong on our side. Please try again.";

export function failurePage(c: Context<AppEnv>, error: unknown) {
  const unavailable = isUnavailable(error);
  if (unavailable) retryShortly(c);
  c.header("Cache-Control", "no-store");
  const status = unavailable ? UNAVAILABLE.status : 500;
  if (c.req.method === "HEAD") return c.body(null, status);
  const [title, message] = unavailable ? ["Not answering just now", UNAVAILABLE.message] : ["Something went wrong", SOMETHING_WENT_WRONG];
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>${pageTitle(title)}</title>
          <style nonce="${c.get("secureHeadersNonce") ?? ""}">
            body {
              font-family: system-ui, sans-serif;
              background: ${palette.page};
              color: ${palette.ink};
              padding: 2rem;
              line-height: 1.5;
            }
            a {
              color: ${palette.accent};
            }
          </style>
        </head>
        <body>
          <main>
            <h1>${title}</h1>
            <p role="alert">${message}</p>
            <p>Your cart is kept. If this goes on, quote request id ${c.var.requestId ?? "(none)"}.</p>
            <p><a href="/">Back to the shop</a></p>
          </main>
        </body>
      </html>`,
    status,
  );
}
