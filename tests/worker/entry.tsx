// The shop's Worker as the tests run it: the real Hono app, API, middleware and page
// cache, with a stand-in page renderer (React Router's build cannot load in the test
// pool; the real pages are covered by the Playwright tests). The stand-in shows what the
// cache must handle: the real Header with the visitor's cart count, a catalog price, a
// script carrying the CSP nonce.
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { CartProvider } from "../../app/components/cart/cart-context";
import { Header } from "../../app/components/layout/Header";
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

export default createServer({
  renderPage: async (request, { shop, cspNonce }) => {
    const path = new URL(request.url).pathname;
    // The root loader's cart count, then the page's own.
    const count = await shop.cart.cartItemCount();
    const shown = await loaderCalls(shop, path);
    const plainJane = await shop.catalog.getProductBySlug("plain-jane");
    const header = renderToString(
      <MemoryRouter initialEntries={[path]}>
        <CartProvider>
          <Header serverCartCount={count} />
        </CartProvider>
      </MemoryRouter>,
    );
    const html = `<!doctype html><html><body>${header}
<p>page: ${path}</p><p class="price">${plainJane.price}</p>${shown}
<script nonce="${cspNonce}">/* hydrate */</script></body></html>`;
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
});
