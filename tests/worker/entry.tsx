// The shop's Worker as the tests run it: the real Hono app, API, middleware and page
// cache, with a stand-in page renderer (React Router's build cannot load in the test
// pool; the real pages are covered by the Playwright tests). The stand-in shows what the
// cache must handle: the real Header with the visitor's cart count, a catalog price, a
// script carrying the CSP nonce.
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { CartProvider } from "../../app/components/cart/cart-context";
import { Header } from "../../app/components/layout/Header";
import { nullWhenNotFound } from "../../app/shared/errors";
import { withEmailQueue } from "../../workers/email-queue";
import { createServer } from "../../workers/server";
import type { Shop } from "../../workers/shop";

/**
 * The calls each real page's loader makes (app/routes), so round trips count as in
 * production; a product page shows its fire reactions, as the real one shows its counts.
 */
async function loaderCalls(shop: Shop, path: string): Promise<string> {
  const slug = /^\/products\/([^/]+)$/.exec(path)?.[1];
  if (slug) {
    const [counts] = await Promise.all([
      shop.reactions.reactionCountsBySlug(slug),
      shop.catalog.getProductBySlug(slug),
      shop.catalog.listProducts({ featured: true }),
    ]);
    return `<p class="fire">${counts["🔥"]}</p>`;
  } else if (path === "/cart") {
    await Promise.all([shop.cart.listCart(), shop.catalog.listBundles()]);
  } else if (path === "/checkout") {
    await shop.cart.listCart();
    await shop.catalog.listBundles();
  } else {
    await shop.catalog.listProducts();
  }
  return "";
}

/** How many pages the stand-in has rendered, for tests that count renders. */
export const renders = { count: 0 };

const app = createServer({
  renderPage: async (request, { shop, cspNonce }) => {
    renders.count++;
    const path = new URL(request.url).pathname;
    // The root loader's cart count, then the page's own: a product nobody sells is a 404 page, as in app/routes/product.tsx.
    const count = await shop.cart.cartItemCount();
    const shown = await loaderCalls(shop, path).catch(nullWhenNotFound);
    const status = shown === null ? 404 : 200;
    const plainJane = await shop.catalog.getProductBySlug("plain-jane");
    const header = renderToString(
      <MemoryRouter initialEntries={[path]}>
        <CartProvider>
          <Header serverCartCount={count} />
        </CartProvider>
      </MemoryRouter>,
    );
    const html = `<!doctype html><html><body>${header}
<p>page: ${path}</p><p class="price">${plainJane.price}</p>${shown ?? "<h1>Product Not Found</h1>"}
<script nonce="${cspNonce}">/* hydrate */</script></body></html>`;
    return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
});

// The Worker as workers/app.ts exports it: the app, and the email queue's consumer.
export default withEmailQueue(app);
