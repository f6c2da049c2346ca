/**
 * The shop's plain page, for the answers React Router does not draw: a download refused, the
 * last-resort failure, a form posted too often without JavaScript. The shop's colours, no
 * script, noindex, and its few styles under the response's nonce (the pages' CSP allows no
 * other inline style). HEAD gets the status alone.
 */
import type { Context } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { pageTitle } from "../../app/shared/constants";
import { palette } from "../../app/shared/palette";
import type { AppEnv } from "../request-context";

type PlainPage = {
  status: 404 | 410 | 429 | 500 | 503;
  /** The page's heading, and its title after the shop's name. */
  title: string;
  /** What happened, read out at once (role=alert). */
  lede: string;
  /** What follows: what to do, where to go (escaped markup, from hono's `html`). */
  then: HtmlEscapedString | Promise<HtmlEscapedString>;
};

export function plainPage<E extends AppEnv>(c: Context<E>, { status, title, lede, then }: PlainPage) {
  if (c.req.method === "HEAD") return c.body(null, status);
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
            <p role="alert">${lede}</p>
            ${then}
          </main>
        </body>
      </html>`,
    status,
  );
}
