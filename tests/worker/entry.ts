// The shop's Worker as the tests run it: the real Hono app, API, middleware and page
// cache, with a stand-in page renderer (React Router's build cannot load in the test
// pool; the real pages are covered by the Playwright tests). The stand-in shows what the
// cache must handle: the visitor's cart count in the header, a catalog price, a script
// carrying the CSP nonce.
import { createServer } from "../../workers/server";

export default createServer(async (request, { shop, cspNonce }) => {
  const path = new URL(request.url).pathname;
  if (path === "/cart") return new Response("<p>your cart</p>", { headers: { "Content-Type": "text/html" } });
  const count = await shop.cart.cartItemCount();
  const plainJane = await shop.catalog.getProductBySlug("plain-jane");
  const html = `<!doctype html><html><body>
<a href="/cart" data-cart-link aria-label="Cart, ${count} items"><span data-cart-count="${count}"${count ? "" : " hidden"}>${count}</span></a>
<p>page: ${path}</p><p class="price">${plainJane.price}</p>
<script nonce="${cspNonce}">/* hydrate */</script></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
});
