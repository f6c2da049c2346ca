// The shop's Worker as the tests run it: the real Hono app, API, middleware and page
// cache, with a stand-in page renderer (React Router's build cannot load in the test
// pool; the real pages are covered by the Playwright tests). The stand-in calls the pages'
// own loaders and actions (app/**/*.server.ts, as the route modules do), so round trips and
// outcomes count as in production, and shows what the cache must handle: the real Header
// with the visitor's cart count, a catalog price, a script carrying the CSP nonce.
import { renderToString } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { CartProvider } from "../../app/components/cart/cart-context";
import { cartAction, loadCartPage } from "../../app/routes/cart.server";
import { loadProductPage } from "../../app/routes/product.server";
import { checkoutAction, loadCheckoutPage } from "../../app/routes/checkout.server";
import { loadDownloadPage } from "../../app/routes/download.server";
import type { PageActionArgs } from "../../app/components/forms/page-action.server";
import { Header } from "../../app/components/layout/Header";
import { loadOrderPage, orderAction } from "../../app/routes/order.server";
import { loadPartnerPage, partnerPageAction } from "../../app/routes/partner.server";
import { loadSignInLink, signInAction, signInLinkAction } from "../../app/components/partners/sign-in.server";
import { cspNonceContext, logContext, partnerSessionContext, shopContext } from "../../app/context.server";
import { env } from "cloudflare:workers";
import { withEmailQueue } from "../../workers/email-queue";
import { withInsightsQueue } from "../../workers/insights/queue";
import { createServer } from "../../workers/server";
import { partnerSessions } from "../../workers/edge/partner-session";
import { withWebhookQueue } from "../../workers/webhook-queue";
import type { Shop } from "../../workers/shop";

/** A page as the stand-in renders it: its loader's data (null for a 404; with a status of its own) shown as the page's own text, and its action. */
type StandInPage = {
  load: (shop: Shop, args: PageActionArgs) => Promise<string | null | { shown: string; status: number }>;
  action?: (args: PageActionArgs) => Promise<unknown>;
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Loader or action data as the page's text (JSON), for tests that read what a page was given: `readShown`. */
const shownAs = (name: "loader" | "action", value: unknown) => `<pre id="${name}">${escapeHtml(JSON.stringify(value))}</pre>`;

/** What a stand-in page shows of its loader's or its action's data (null when it shows none). */
export function readShown(html: string, name: "loader" | "action"): unknown {
  const shown = new RegExp(`<pre id="${name}">(.*?)</pre>`, "s").exec(html)?.[1];
  return shown === undefined ? null : JSON.parse(shown.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"));
}

function standInPage(path: string): StandInPage {
  const slug = /^\/products\/([^/]+)$/.exec(path)?.[1];
  // A product page shows its fire reactions, as the real one shows its counts.
  if (slug)
    return {
      load: async (shop) => {
        const page = await loadProductPage(shop, decodeURIComponent(slug));
        return page.found ? `<p class="fire">${page.reactionCounts["🔥"]}</p>` : null;
      },
    };
  if (path === "/cart") return { load: async (shop) => shownAs("loader", await loadCartPage(shop)), action: cartAction };
  if (path === "/checkout") return { load: async (shop) => shownAs("loader", await loadCheckoutPage(shop)), action: checkoutAction };
  // A download link's page: its status is the link's (404 unknown, 410 expired or used up).
  const token = /^\/downloads\/([^/]+)$/.exec(path)?.[1];
  if (token)
    return {
      load: async (shop) => {
        const page = await loadDownloadPage(shop, decodeURIComponent(token));
        return { shown: shownAs("loader", page), status: page.status };
      },
    };
  // An order's own page, matched as React Router matches it (any letter case, a trailing slash).
  const orderToken = /^\/orders\/([^/]+?)\/?$/i.exec(path)?.[1];
  if (orderToken !== undefined) {
    // A malformed escape stays as it came, as React Router leaves a path it cannot decode.
    let token = orderToken;
    try {
      token = decodeURIComponent(orderToken);
    } catch {
      // Kept as it came (above).
    }
    return {
      load: async (shop) => {
        const page = await loadOrderPage(shop, token);
        return { shown: shownAs("loader", page), status: page.status };
      },
      action: (args) => orderAction({ ...args, token }),
    };
  }
  // The partners' sign-in (its action; the page itself is the same for everyone), an emailed link's page, a partner's own page.
  if (/^\/login\/?$/i.test(path)) return { load: async (shop) => (await shop.catalog.listProducts(), ""), action: signInAction };
  const signInToken = /^\/login\/([^/]+?)\/?$/i.exec(path)?.[1];
  if (signInToken !== undefined)
    return {
      load: async (shop) => shownAs("loader", await loadSignInLink(shop, signInToken)),
      action: (args) => signInLinkAction({ ...args, token: signInToken }),
    };
  if (/^\/partner\/?$/i.test(path)) return { load: async (_shop, args) => shownAs("loader", await loadPartnerPage(args)), action: partnerPageAction };
  // Any other page reads the catalog shown, as most do.
  return { load: async (shop) => (await shop.catalog.listProducts(), "") };
}

/** How many pages the stand-in has rendered, for tests that count renders. */
export const renders = { count: 0 };

const app = createServer({
  renderPage: async (request, { shop, env, cspNonce, log }) => {
    renders.count++;
    const path = new URL(request.url).pathname;
    const page = standInPage(path);
    const context = new RouterContextProvider();
    context.set(shopContext, shop);
    context.set(cspNonceContext, cspNonce);
    context.set(logContext, log);
    context.set(partnerSessionContext, partnerSessions(request, env));

    // A form posted without JavaScript: the page's action, then (unless it redirects) the page with its answer.
    let status = 200;
    let answered = "";
    if (request.method === "POST" && page.action) {
      let answer: unknown;
      try {
        answer = await page.action({ request, context });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
      if (answer instanceof Response) return answer;
      const { data, init } = answer as { data: unknown; init: ResponseInit | null };
      status = init?.status ?? 200;
      answered = shownAs("action", data);
    }

    // The root loader's cart count, then the page's own: a product nobody sells is a 404 page, as in app/routes/product.tsx.
    const count = await shop.cart.cartItemCount();
    // A loader's redirect (a page only for a signed-in partner) is answered as it is, as React Router answers it.
    let loaded: Awaited<ReturnType<StandInPage["load"]>>;
    try {
      loaded = await page.load(shop, { request, context });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
    const shown = typeof loaded === "object" && loaded !== null ? loaded.shown : loaded;
    if (loaded === null) status = 404;
    // A page's own status (a 404 link), unless its action answered with one (as React Router's does).
    else if (typeof loaded === "object" && !answered) status = loaded.status;
    const plainJane = await shop.catalog.getProductBySlug("plain-jane");
    const header = renderToString(
      <MemoryRouter initialEntries={[path]}>
        <CartProvider>
          <Header serverCartCount={count} />
        </CartProvider>
      </MemoryRouter>,
    );
    const html = `<!doctype html><html><body>${header}
<p>page: ${path}</p><p class="price">${plainJane.price}</p>${shown ?? "<h1>Product Not Found</h1>"}${answered}
<script nonce="${cspNonce}">/* hydrate */</script></body></html>`;
    return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
});

/** The header a test sends when it means the real email queue to deliver what its request causes. */
export const REAL_EMAIL_QUEUE = { "X-Test-Email-Queue": "real" };

/**
 * The real email queue stays out of the worker tests unless a request asks for it: a test
 * reads the jobs it caused through its own recording queue or hands them to the consumer
 * itself (mail.ts `deliver`). Left on for every request, deliveries ran in the background
 * while the file went on, and one still in flight when the file ended sometimes kept the
 * pool from ever finishing (seen on 2026-11-26 in about half of the full runs).
 */
const noQueue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;
const serve = app.fetch;
app.fetch = (request, given, ctx) => {
  const bindings = given as Env;
  const realEmails = request.headers.get("X-Test-Email-Queue") === "real" || bindings.EMAIL_QUEUE !== env.EMAIL_QUEUE;
  // The insights' counts likewise: a test that reads them passes its own recording queue.
  const realCounts = bindings.INSIGHTS_QUEUE !== env.INSIGHTS_QUEUE;
  return serve(request, { ...bindings, ...(realEmails ? {} : { EMAIL_QUEUE: noQueue }), ...(realCounts ? {} : { INSIGHTS_QUEUE: noQueue }) }, ctx);
};

// The Worker as workers/app.ts exports it: the app, and the email and insights queues' consumers.
export default withWebhookQueue(withInsightsQueue(withEmailQueue(app)));
