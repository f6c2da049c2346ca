/**
 * Every request that is not for the API: a page, rendered by React Router. A page that is
 * the same for every visitor (its row in app/shared/site-pages.ts says so) is served from the
 * page cache when it is kept there, else rendered once as an anonymous visitor and kept;
 * anything else is rendered for this visitor. A page's form posts meet the abuse limit its
 * row names.
 */
import type { Context, Handler } from "hono";
import { pageFor, type PageCache, type SitePage } from "../../app/shared/site-pages";
import type { Log } from "../../app/shared/log";
import { dropPage, getPage, PAGE_FRESH_SECONDS, PAGE_STALE_SECONDS, pageCacheKey, personalise, putPage, templateOf } from "./page-cache";
import { inlineStylesheets } from "./inline-styles";
import { overLimit, tooManyRequestsPage, withRetryAfter } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { anonymousShop, reactedHere } from "./anonymous";
import type { Shop } from "../shop";

/** Renders one page with React Router (tests stand a plain renderer in: tests/worker/entry.ts). */
export type RenderPage = (request: Request, page: { shop: Shop; env: Env; ctx: ExecutionContext; cspNonce: string | undefined; log: Log }) => Promise<Response>;

type PagesOptions = {
  renderPage: RenderPage;
  /** Which build renders the pages: kept pages point at its script files. */
  buildId: string;
  /** Off only under Vite's dev server, whose pages change as you edit. */
  pageCache: boolean;
};

/** Stale pages this isolate is rendering again: one background render per page at a time. */
const refreshing = new Set<string>();

export function pages({ renderPage, buildId, pageCache }: PagesOptions): Handler<AppEnv> {
  return async (c) => {
    const found = pageFor(new URL(c.req.url));
    if (found?.page.limit && (await overLimit(c, found.page.limit))) return tooManyRequestsPage(c);
    const cspNonce = c.get("secureHeadersNonce");
    const render = async (request: Request, shop: Shop, nonce = cspNonce) => {
      const page = await renderPage(request, { shop, env: c.env, ctx: c.executionCtx as ExecutionContext, cspNonce: nonce, log: c.var.log });
      return nonce ? inlineStylesheets(page, { assets: c.env.ASSETS, origin: new URL(c.req.url).origin, cspNonce: nonce }) : page;
    };
    // After a reaction the visitor's next view of that product counts it: rendered for them.
    const shared = pageCache && cspNonce && found && !reactedHere(c.req.raw) ? sharedPage(c.req.raw, found.page) : null;
    if (shared) {
      const served = await serveShared(c, shared, found!.page.cache!, cspNonce!, render, buildId);
      if (served) return served;
    }
    // A 429 of the page's own (a code tried once too often) says when to try again, as every refusal does.
    return withRetryAfter(await render(c.req.raw, c.var.shop));
  };
}

/**
 * What a request is kept as, its path and the query parameters that select what it shows in
 * a fixed order, or null when it must be rendered for this request alone: another method, a
 * data request, or a query parameter the page does not know (a form result, a tracking
 * tag), so no visitor-specific variant is ever kept.
 */
export function sharedPage(request: Request, page: SitePage): string | null {
  if ((request.method !== "GET" && request.method !== "HEAD") || !page.cache) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return null;
  const params = [...url.searchParams.entries()];
  if (params.some(([name]) => !page.cache!.params.includes(name))) return null;
  params.sort(([a], [b]) => a.localeCompare(b));
  const query = new URLSearchParams(params).toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

type Render = (request: Request, shop: Shop, nonce?: string) => Promise<Response>;

/** A shared page from the cache (rendered and kept on a miss), with this visitor's slots filled. */
async function serveShared(c: Context<AppEnv>, page: string, policy: PageCache, cspNonce: string, render: Render, buildId: string) {
  const { freshSeconds = PAGE_FRESH_SECONDS, staleSeconds = PAGE_STALE_SECONDS } = policy;
  const [version, cartCount] = await Promise.all([c.var.shop.catalog.shownCatalogKey(), c.var.shop.cart.cartItemCount()]);
  const key = pageCacheKey(new URL(c.req.url).origin, page, buildId, version);
  const personal = { cartCount, cspNonce };
  const visitor = c.var.shop.visitor.existingId !== null;
  const ctx = c.executionCtx as ExecutionContext;

  /**
   * The page as everyone sees it, kept. A 404 (a product nobody sells) is the same for
   * everyone too: answered from this one render, not kept, so a flood of made-up slugs
   * costs one render each. Anything else (an error, a redirect) is null: not shared.
   */
  const renderAndKeep = async () => {
    const anonymousRequest = new Request(c.req.url, { method: "GET", headers: withoutCookies(c.req.raw.headers) });
    const response = await render(anonymousRequest, anonymousShop(c), cspNonce);
    if (response.headers.has("Set-Cookie")) return null;
    if (response.status === 200) return putPage(key, response, cspNonce, ctx);
    if (response.status === 404) return templateOf(response, cspNonce);
    return null;
  };

  const kept = await getPage(key);
  if (kept && kept.age <= freshSeconds + staleSeconds) {
    if (kept.age > freshSeconds && !refreshing.has(key)) {
      refreshing.add(key);
      ctx.waitUntil(
        renderAndKeep()
          .catch(() => undefined)
          .finally(() => refreshing.delete(key)),
      );
    }
    return personalise(kept.template, personal, { visitor, hit: true });
  }
  dropPage(key);
  const rendered = await renderAndKeep();
  // An error or a redirect is not kept: the visitor's own render answers it.
  return rendered && personalise(rendered, personal, { visitor, hit: false });
}

function withoutCookies(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("Cookie");
  return copy;
}
