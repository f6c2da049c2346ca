/**
 * What each page of the shop is: the one table the route config (app/routes.ts), the
 * sitemap, the Worker's page cache and abuse limits (workers/edge) and the browser tests
 * all read. Nothing else keeps a list of routes.
 *
 * - `path`: the React Router path (spec section 2), matched as React Router matches it:
 *   any letter case, with or without a trailing slash.
 * - `cache`: the page is the same for every visitor, so the Worker keeps it (see
 *   workers/pages/page-cache.ts); `params` are the query parameters that select what it
 *   shows (any other parameter, e.g. a form result, makes it a one-off render). A kept page
 *   is served for `freshSeconds`, then for `staleSeconds` more while it is rendered again
 *   (60 and 600 unless it says otherwise). A catalog change is a new page at once (the
 *   catalog version is in its key); what else it shows may be that old.
 * - `limit`: the abuse limit its form posts meet (docs/decisions/0007-abuse-limits.md).
 * - `sitemap`: a public page, listed in /sitemap.xml.
 * - `visit`: the URLs a visitor opens for it (browser tests visit every one); by default the
 *   path itself, none for routes that are not pages to look at.
 * - `hydrate: false`: everything on the page works without JavaScript (its links, the
 *   header's search, menu and cart count, tabs that are links), so it ships none: the root
 *   renders no scripts for it (the JavaScript budget, tests/ops/budget.test.mjs).
 */
import { matchRoutes } from "react-router";

export type AbuseLimit = "cart" | "reaction" | "form" | "checkout" | "events" | "partner_sign_in";

export type PageCache = { params: readonly string[]; freshSeconds?: number; staleSeconds?: number };

export type SitePage = {
  path: string;
  file: string;
  cache?: PageCache;
  limit?: AbuseLimit;
  sitemap?: boolean;
  visit?: readonly string[];
  hydrate?: boolean;
};

/** Information pages: shared, public, their tabs chosen by `?tab=` without JavaScript. */
const info = (path: string, file: string): SitePage => ({ path, file, cache: { params: ["tab"] }, sitemap: true });
/** Information pages whose every part works without JavaScript: they ship none. */
const plain = (path: string, file: string): SitePage => ({ ...info(path, file), hydrate: false });
/** The partner programmes: information pages whose application forms meet the form limit. */
const programme = (path: string, file: string): SitePage => ({ ...info(path, file), limit: "form" });

/** Where a newsletter confirmation email's link leads (its token in `?token=`). */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";

export const SITE_PAGES: readonly SitePage[] = [
  { path: "/", file: "routes/home.tsx", cache: { params: ["apparel"] }, sitemap: true },
  {
    path: "/products",
    file: "routes/products.tsx",
    cache: { params: ["search", "categoryId"] },
    sitemap: true,
    visit: ["/products", "/products?search=gold"],
  },
  {
    path: "/products/:slug",
    file: "routes/product.tsx",
    // Its reaction counts: everyone sees a new reaction within a minute (contract, "Freshness").
    // A shared link's choice (`?size=M&colour=black`) is the same page for everyone too.
    cache: { params: ["size", "colour"], freshSeconds: 30, staleSeconds: 30 },
    limit: "reaction",
    visit: ["/products/24k-gold", "/products/raw-dogg-performance-tank"],
  },
  { path: "/apparel", file: "routes/apparel.tsx", cache: { params: ["category"] }, sitemap: true, visit: ["/apparel", "/apparel?category=mens"] },
  { path: "/cart", file: "routes/cart.tsx", limit: "cart" },
  { path: "/checkout", file: "routes/checkout.tsx", limit: "checkout" },
  programme("/affiliate", "routes/affiliate.tsx"),
  programme("/creators", "routes/creators.tsx"),
  programme("/vendor-application", "routes/vendor-application.tsx"),
  { path: "/newsletter", file: "routes/newsletter.tsx", limit: "form", visit: [] },
  // One visitor's link: never kept (no `cache`); a plain form, so no JavaScript.
  { path: NEWSLETTER_CONFIRM_PATH, file: "routes/newsletter-confirm.tsx", limit: "form", hydrate: false },
  // An order's own page (docs/decisions/0021): one shopper's secret, never kept; every request meets the
  // order page's limit at the edge (workers/downloads.ts), so its cancel form needs no `limit` of its own.
  { path: "/orders/:token", file: "routes/order.tsx", visit: [] },
  // A download link's page: one shopper's secret, never kept, links only (the files are the Worker's: workers/downloads.ts).
  { path: "/downloads/:token", file: "routes/download.tsx", visit: [], hydrate: false },
  info("/employee-benefits", "routes/employee-benefits.tsx"),
  info("/staff-portal", "routes/staff-portal.tsx"),
  info("/community", "routes/community.tsx"),
  info("/entertainment", "routes/entertainment.tsx"),
  // Shoppers need no account; partners sign in by email (issue 34). The same for everyone, `?step=` picks the form;
  // its posts (asking for a link, typing a code) meet the partners' sign-in limit. Plain forms: no JavaScript.
  { path: "/login", file: "routes/login.tsx", cache: { params: ["step"] }, sitemap: true, hydrate: false, limit: "partner_sign_in" },
  // A partner's emailed sign-in link: one person's secret, never kept; its button is a plain form.
  { path: "/login/:token", file: "routes/login-link.tsx", limit: "partner_sign_in", visit: [], hydrate: false },
  // A signed-in partner's own page: never kept (no `cache`); its payout and sign-out forms meet the form limit.
  { path: "/partner", file: "routes/partner.tsx", limit: "form", visit: [] },
  plain("/about", "routes/about.tsx"),
  plain("/contact", "routes/contact.tsx"),
  info("/faq", "routes/faq.tsx"),
  plain("/shipping", "routes/shipping.tsx"),
  plain("/returns", "routes/returns.tsx"),
  plain("/privacy", "routes/privacy.tsx"),
  plain("/terms", "routes/terms.tsx"),
  plain("/accessibility", "routes/accessibility.tsx"),
  { path: "/sitemap.xml", file: "routes/sitemap[.]xml.ts", visit: [] },
  { path: "/robots.txt", file: "routes/robots[.]txt.ts", visit: [] },
];

/** The screen for every path no page matches (spec section 2). */
export const NOT_FOUND_PAGE_FILE = "routes/not-found.tsx";

/** The public pages, as the sitemap lists them. */
export const PUBLIC_PAGES = SITE_PAGES.filter((page) => page.sitemap).map((page) => page.path);

/** Whether the page of this route module (React Router's route id, e.g. "routes/faq") ships JavaScript. */
export function pageHydrates(routeId: string): boolean {
  return SITE_PAGES.find((page) => page.file.replace(/\.tsx?$/, "") === routeId)?.hydrate ?? true;
}

/** Every URL a visitor opens, one or more per page. */
export const PAGE_VISITS = SITE_PAGES.flatMap((page) => page.visit ?? [page.path]);

const ROUTES = SITE_PAGES.map((page) => ({ path: page.path, page }));

/**
 * Pages already matched, by pathname: React Router's matcher flattens and ranks the routes
 * and compiles their patterns on every call, which was a quarter of a page-cache hit's CPU
 * (a profile of `npm run bench`). Bounded: the oldest pathname goes first.
 */
const matched = new Map<string, { page: SitePage; pathname: string } | undefined>();
const MATCHED_LIMIT = 1000;

/**
 * The page React Router renders for this URL, or undefined (the 404 screen): matched by
 * React Router's own matcher, so `/Checkout`, `/checkout/` and `/checkout.data` (a data
 * request, `/checkout/_.data` with a trailing slash, `/_root.data` for the home page) are
 * all the checkout, exactly as the router sees them.
 */
export function pageFor(url: URL): { page: SitePage; pathname: string } | undefined {
  const pathname = documentPathname(url.pathname);
  if (matched.has(pathname)) return matched.get(pathname);
  const match = matchRoutes(ROUTES, pathname)?.at(-1);
  const found = match && { page: match.route.page, pathname: match.pathname };
  if (matched.size >= MATCHED_LIMIT) matched.delete(matched.keys().next().value!);
  matched.set(pathname, found);
  return found;
}

/** The document a single-fetch data request (`….data`) asks for. */
function documentPathname(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}
