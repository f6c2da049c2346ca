// The shop's Worker as the tests run it: the real Hono app, API, middleware and page
// cache, with a stand-in page renderer (React Router's build cannot load in the test
// pool; the real pages are covered by the Playwright tests). The stand-in shows what the
// cache must handle: the real Header with the visitor's cart count, a catalog price, a
// script carrying the CSP nonce.
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { CartProvider } from "../../app/components/cart/cart-context";
import { Header } from "../../app/components/layout/Header";
import { withEmailQueue } from "../../workers/email-queue";
import { createServer } from "../../workers/server";

const app = createServer({
  renderPage: async (request, { shop, cspNonce }) => {
    const path = new URL(request.url).pathname;
    if (path === "/cart") return new Response("<p>your cart</p>", { headers: { "Content-Type": "text/html" } });
    const count = await shop.cart.cartItemCount();
    const plainJane = await shop.catalog.getProductBySlug("plain-jane");
    const header = renderToString(
      <MemoryRouter initialEntries={[path]}>
        <CartProvider>
          <Header serverCartCount={count} />
        </CartProvider>
      </MemoryRouter>,
    );
    const html = `<!doctype html><html><body>${header}
<p>page: ${path}</p><p class="price">${plainJane.price}</p>
<script nonce="${cspNonce}">/* hydrate */</script></body></html>`;
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
});

// The Worker as workers/app.ts exports it: the app, and the email queue's consumer.
export default withEmailQueue(app);
