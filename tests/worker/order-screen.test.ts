/**
 * The order's page as it renders (app/components/order/OrderPage.tsx): a shipped order's
 * timeline names the carrier and links to its tracking page without a referrer; a
 * cancelled one shows the owner's reason as text, escaped. React Router's build cannot load
 * here, so the screen renders inside a routes stub from the page's own loader data.
 */
import { env } from "cloudflare:workers";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { OrderScreen } from "../../app/components/order/OrderPage";
import { loadOrderPage } from "../../app/routes/order.server";
import { createDatabase } from "../../workers/db/client";
import { moveOrder, type OwnerMove } from "../../workers/shop/orders/lifecycle";
import { SHIPPING_ADDRESS } from "../shopper";
import { shopWithOutbox } from "./mail";
import { Visitor } from "./visitor";

const db = createDatabase(env.DB);
const owner = { db, outbox: { enqueue: () => undefined }, address: "198.18.0.9" };

/** A placed order of Plain Jane, moved by the owner through `moves`: the page's HTML. */
async function renderedAfter(...moves: OwnerMove[]) {
  const shopper = new Visitor();
  expect((await shopper.post("/api/cart", { productId: 1, quantity: 1 })).status).toBe(200);
  const { shop } = shopWithOutbox(shopper.jar.get("rd_session") ?? null);
  const order = await shop.checkout.placeOrder({
    email: `sam-${crypto.randomUUID().slice(0, 8)}@example.com`,
    ...SHIPPING_ADDRESS,
    cardholderName: "Sam",
    checkoutKey: crypto.randomUUID(),
  });
  for (const move of moves) await moveOrder(owner, order.number, move);
  const page = await loadOrderPage(shop, order.accessToken!);
  if (page.status !== 200) throw new Error("expected the order");
  const path = `/orders/${order.accessToken}`;
  const Stub = createRoutesStub([{ path: "/orders/:token", Component: () => createElement(OrderScreen, { order: page.order, path, actionData: undefined }) }]);
  return renderToString(createElement(Stub, { initialEntries: [path] }));
}

describe("the order's page as it renders", () => {
  it("a shipped order: each step done, the carrier, the tracking number and a link to follow it that sends no referrer; no cancel", async () => {
    const html = await renderedAfter({ to: "packed" }, { to: "shipped", carrier: "FedEx", trackingNumber: "123456789012" });
    expect(html).toContain('data-status="shipped"');
    expect(html.match(/data-done="true"/g)).toHaveLength(3);
    expect(html).toMatch(/Delivered<span[^>]*> \(not yet\)<\/span>/);
    expect(html).toMatch(/With <!-- -->FedEx<!-- -->, tracking number <strong[^>]*>123456789012<\/strong>/);
    expect(html).toContain('href="https://www.fedex.com/fedextrack/?trknbr=123456789012" target="_blank" rel="noopener noreferrer"');
    expect(html).not.toContain("Cancel order");
  });

  it("an owner's cancel shows its reason as text, never as markup", async () => {
    const html = await renderedAfter({ to: "cancelled", reason: "<b>Sold out</b> & sorry" });
    expect(html).toContain('data-status="cancelled"');
    expect(html).toContain("&lt;b&gt;Sold out&lt;/b&gt; &amp; sorry");
    expect(html).not.toContain("<b>Sold out</b>");
  });
});
