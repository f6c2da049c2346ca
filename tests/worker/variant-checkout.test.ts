/**
 * The cart and checkout pages speak in variants (contract, "Variants, stock and downloads"):
 * the cart page's action changes a line's size (intent `variant`) and comes back to the page
 * the form names, only /checkout besides the cart; the checkout page's loader says what
 * stands between each line and the order, and its action refuses an order while a line
 * problem stands, in the shop's words and with the typed fields kept. The confirmation email
 * and the back office name each line's variant. These call the pages' own loaders and
 * actions through the test Worker's stand-in pages (tests/worker/entry.tsx);
 * tests/browser/variant-cart.spec.ts drives the pages themselves.
 *
 * No test here changes any variant's stock: a line the stock no longer covers is made by
 * pointing this visitor's own cart line at the seed's sold-out tank (Pink XS, none left) or
 * past the tank's last three in black M.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../workers/db/client";
import { getOrder } from "../../workers/shop/backoffice/orders";
import { composeEmail } from "../../workers/shop/emails/compose";
import { orderConfirmation } from "../../workers/shop/emails/order-templates";
import type { Outbox } from "../../workers/shop/emails/outbox";
import { SHIPPING_ADDRESS } from "../shopper";
import { readShown } from "./entry";
import { productBySlug, shopOf, unique, type CartLine, type Product } from "./helpers";
import { Visitor } from "./visitor";

/**
 * A form posted as a browser without JavaScript posts it, by a visitor who has a cart: the
 * answer itself (a redirect is not followed, to read where it goes).
 */
async function postForm(visitor: Visitor, path: string, form: Record<string, string | number>) {
  const response = await exports.default.fetch(
    new Request(`${visitor.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: visitor.cookie!, "CF-Connecting-IP": visitor.address, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(Object.entries(form).map(([name, value]) => [name, String(value)])),
    }),
  );
  return { status: response.status, location: response.headers.get("Location"), text: await response.text() };
}

const cartOf = async (visitor: Visitor) => (await visitor.get<CartLine[]>("/api/cart")).body;

const variantOf = (product: Product, options: Record<string, string>) => {
  const variant = product.variants.find((v) => JSON.stringify(v.options) === JSON.stringify(options));
  if (!variant) throw new Error(`${product.name} has no ${JSON.stringify(options)}`);
  return variant.id;
};

/** A visitor whose cart holds one line of `slug` in `options` (or with its size still to choose). */
async function shopperWith(slug: string, options: Record<string, string> | null, quantity = 1) {
  const product = await productBySlug(slug);
  const visitor = new Visitor();
  const body = options ? { productId: product.id, variantId: variantOf(product, options), quantity } : { productId: product.id, quantity };
  const added = await visitor.post<CartLine[]>("/api/cart", body);
  expect(added.status, added.text).toBe(200);
  return { visitor, product, line: added.body.at(-1)! };
}

/** Points a line of this visitor's own cart at `variantId` and `quantity`, past what the shop would let it add. */
const rewriteLine = (lineId: number, variantId: number, quantity: number) =>
  env.DB.prepare("UPDATE cart_lines SET variant_id = ?, quantity = ? WHERE id = ?").bind(variantId, quantity, lineId).run();

type CheckoutPage = { lines: CartLine[]; problems: { lineId: number; message: string }[]; choices: Record<string, { variants: { id: number }[] }> };
const checkoutPage = async (visitor: Visitor) => readShown((await visitor.get("/checkout")).text, "loader") as CheckoutPage;

const checkoutForm = () => ({ email: `${unique("sizes")}@example.com`, ...SHIPPING_ADDRESS, cardholderName: "Jane Doe", checkoutKey: crypto.randomUUID() });
type CheckoutAnswer = { order: { id: string } | null; result: { error?: Record<string, string[]>; initialValue?: Record<string, string> } };
const answerOf = (html: string) => readShown(html, "action") as CheckoutAnswer;

describe("the cart page's action changes a line's size (intent `variant`)", () => {
  it("changes the line to the variant chosen (its price with it) and answers with a redirect to /cart", async () => {
    const { visitor, product, line } = await shopperWith("raw-dogg-mens-logo-tee", { Size: "M" });
    const xxl = variantOf(product, { Size: "XXL" });
    const answer = await postForm(visitor, "/cart", { intent: "variant", lineId: line.id, variantId: xxl });
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toBe("/cart");
    const [changed] = await cartOf(visitor);
    expect(changed).toMatchObject({ id: line.id, variantId: xxl, quantity: 1, variant: { label: "Size XXL" }, product: { price: 2899 } });
  });

  it("a line whose size was still to choose gets one; without a choice (the placeholder) it answers 'Choose a size' and changes nothing", async () => {
    const { visitor, product, line } = await shopperWith("raw-dogg-performance-tank", null);
    expect(line.needsChoice).toBe(true);
    const unchosen = await postForm(visitor, "/cart", { intent: "variant", lineId: line.id, variantId: "" });
    expect(unchosen.status).toBe(400);
    expect(readShown(unchosen.text, "action")).toMatchObject({ result: { error: { variantId: ["Choose a size"] } } });
    expect((await cartOf(visitor))[0]).toMatchObject({ needsChoice: true, variantId: null });

    const greyL = variantOf(product, { Size: "L", Colour: "Grey" });
    expect((await postForm(visitor, "/cart", { intent: "variant", lineId: line.id, variantId: greyL })).status).toBe(303);
    expect((await cartOf(visitor))[0]).toMatchObject({ needsChoice: false, variantId: greyL, variant: { label: "Size L · Grey" } });
  });

  it("choosing the variant of another line of the cart makes the two lines one", async () => {
    const { visitor, product, line } = await shopperWith("raw-dogg-mens-logo-tee", { Size: "S" }, 2);
    const large = variantOf(product, { Size: "L" });
    expect((await visitor.post("/api/cart", { productId: product.id, variantId: large })).status).toBe(200);
    expect((await postForm(visitor, "/cart", { intent: "variant", lineId: line.id, variantId: large })).status).toBe(303);
    const lines = await cartOf(visitor);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ variantId: large, quantity: 3 });
  });

  it("a sold-out variant is refused in the shop's words (409) and the line stays as it was", async () => {
    const { visitor, product, line } = await shopperWith("raw-dogg-performance-tank", { Size: "S", Colour: "Pink" });
    const answer = await postForm(visitor, "/cart", { intent: "variant", lineId: line.id, variantId: variantOf(product, { Size: "XS", Colour: "Pink" }) });
    expect(answer.status).toBe(409);
    expect(readShown(answer.text, "action")).toMatchObject({ result: { error: { "": ["Sorry, Raw Dogg Performance Tank (Size XS · Pink) is sold out."] } } });
    expect((await cartOf(visitor))[0]).toMatchObject({ variantId: line.variantId });
  });
});

describe("a cart form returns only to a page the shop names (`back`), never to a URL it was sent", () => {
  it("back=/checkout brings the shopper back to the checkout after a size, a quantity or a removal", async () => {
    const { visitor, product, line } = await shopperWith("raw-dogg-performance-tank", null, 2);
    const chosen = await postForm(visitor, "/cart", {
      intent: "variant",
      lineId: line.id,
      variantId: variantOf(product, { Size: "M", Colour: "Grey" }),
      back: "/checkout",
    });
    expect([chosen.status, chosen.location]).toEqual([303, "/checkout"]);
    const lowered = await postForm(visitor, "/cart", { intent: "update", lineId: line.id, quantity: 1, back: "/checkout" });
    expect([lowered.status, lowered.location]).toEqual([303, "/checkout"]);
    expect((await cartOf(visitor))[0]).toMatchObject({ quantity: 1 });
    const removed = await postForm(visitor, "/cart", { intent: "remove", lineId: line.id, back: "/checkout" });
    expect([removed.status, removed.location]).toEqual([303, "/checkout"]);
    expect(await cartOf(visitor)).toEqual([]);
  });

  it.each(["https://evil.example/", "//evil.example", "/admin", "/checkout/../admin", "javascript:alert(1)"])(
    "back=%s is refused (400) and the cart is left as it was",
    async (back) => {
      const { visitor, line } = await shopperWith("plain-jane", null);
      const answer = await postForm(visitor, "/cart", { intent: "remove", lineId: line.id, back });
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(readShown(answer.text, "action")).toMatchObject({
        result: { error: { back: ["Sorry, we couldn't tell which page to take you back to. Please try again."] } },
      });
      expect(await cartOf(visitor)).toHaveLength(1);
    },
  );
});

describe("the checkout page says what stands between each line and the order", () => {
  it("a bundle's tee with its size to choose: its problem by its line id, and what its size can be", async () => {
    const visitor = new Visitor();
    expect((await visitor.post("/api/cart/add-bundle/4")).status).toBe(200);
    const page = await checkoutPage(visitor);
    const tee = page.lines.find((l) => l.product.slug === "raw-dogg-classic-t-women")!;
    const plainJane = page.lines.find((l) => l.product.slug === "plain-jane")!;
    expect(tee.needsChoice).toBe(true);
    expect(page.problems).toEqual([{ lineId: tee.id, message: "Choose a size for Raw Dogg Classic T (Women)." }]);
    // Choices only for what has options: the tee's variants, not the condoms'.
    expect(Object.keys(page.choices)).toEqual([String(tee.product.id)]);
    expect(page.choices[tee.product.id]!.variants.length).toBeGreaterThan(1);
    expect(page.problems.some((p) => p.lineId === plainJane.id)).toBe(false);
  });

  it("a line sold out since it was added, and one holding more than is left, each say so in the shop's words", async () => {
    const { visitor, product, line } = await shopperWith("raw-dogg-performance-tank", { Size: "S", Colour: "Grey" });
    const second = await visitor.post<CartLine[]>("/api/cart", { productId: product.id, variantId: variantOf(product, { Size: "L", Colour: "Grey" }) });
    const other = second.body.find((l) => l.id !== line.id)!;
    await rewriteLine(line.id, variantOf(product, { Size: "XS", Colour: "Pink" }), 1);
    await rewriteLine(other.id, variantOf(product, { Size: "M", Colour: "Black" }), 5);
    const { problems } = await checkoutPage(visitor);
    expect(problems).toEqual([
      { lineId: line.id, message: "Raw Dogg Performance Tank (Size XS · Pink) has sold out. Remove it or choose another size." },
      { lineId: other.id, message: "Only 3 left of Raw Dogg Performance Tank (Size M · Black). Lower the quantity to 3." },
    ]);
  });

  it("a cart without problems has none", async () => {
    const { visitor } = await shopperWith("raw-dogg-mens-logo-tee", { Size: "M" });
    expect((await checkoutPage(visitor)).problems).toEqual([]);
  });
});

describe("the checkout form posted while a line problem stands (without JavaScript)", () => {
  it("a size to choose: 400, the problem's words above the form, every typed field kept, nothing ordered and the cart kept", async () => {
    const { visitor } = await shopperWith("raw-dogg-performance-tank", null);
    const form = checkoutForm();
    const answer = await postForm(visitor, "/checkout", form);
    expect(answer.status).toBe(400);
    const { order, result } = answerOf(answer.text);
    expect(order).toBeNull();
    expect(result.error).toEqual({ "": ["Choose a size for Raw Dogg Performance Tank."] });
    expect(result.initialValue).toMatchObject({
      email: form.email,
      firstName: form.firstName,
      address: form.address,
      zipCode: form.zipCode,
      cardholderName: form.cardholderName,
    });
    expect(await cartOf(visitor)).toHaveLength(1);
  });

  it("a line sold out since it was added: 409 in the shop's words, nothing ordered, the cart kept", async () => {
    const { visitor, product, line } = await shopperWith("raw-dogg-performance-tank", { Size: "S", Colour: "Pink" });
    await rewriteLine(line.id, variantOf(product, { Size: "XS", Colour: "Pink" }), 1);
    const answer = await postForm(visitor, "/checkout", checkoutForm());
    expect(answer.status).toBe(409);
    expect(answerOf(answer.text)).toMatchObject({
      order: null,
      result: { error: { "": ["Raw Dogg Performance Tank (Size XS · Pink) has sold out. Remove it or choose another size."] } },
    });
    expect(await cartOf(visitor)).toHaveLength(1);
  });
});

describe("an order's lines name their variant", () => {
  it("the confirmation email says each line's size and colour; a product without options is named alone", () => {
    const email = orderConfirmation({
      number: "RD-TEST-0000",
      to: "jane@example.com",
      firstName: "Jane",
      placedAt: "2026-11-26 10:00:00",
      shippingAddress: null,
      bundles: [],
      discountCode: null,
      discount: 0,
      shipping: 0,
      link: null,
      lines: [
        { name: "Raw Dogg Performance Tank", variantLabel: "Size M · Black", quantity: 1, lineTotal: 3499 },
        { name: "Plain Jane", variantLabel: "", quantity: 2, lineTotal: 2598 },
      ],
      subtotal: 6097,
      savings: 0,
      tax: 488,
      total: 6585,
    });
    expect(email.text).toContain("1 x Raw Dogg Performance Tank (Size M · Black): $34.99");
    expect(email.text).toContain("2 x Plain Jane: $25.98");
    expect(email.html).toContain("1 x Raw Dogg Performance Tank (Size M · Black)");
  });

  it("a placed order's email (from D1) and its back office page give each line's variant, and the back office its SKU", async () => {
    const { visitor } = await shopperWith("raw-dogg-mens-logo-tee", { Size: "L" });
    const order = await shopOf(visitor).checkout.placeOrder(checkoutForm());
    const db = createDatabase(env.DB);
    const email = await composeEmail(db, { kind: "order_confirmation", orderId: order.id });
    expect(email?.text).toContain("1 x Raw Dogg Men's Logo Tee (Size L): $26.99");
    const detail = await getOrder({ db, outbox: { enqueue: () => undefined } as unknown as Outbox, address: "198.18.0.1" }, order.number);
    expect(detail.lines).toEqual([expect.objectContaining({ name: "Raw Dogg Men's Logo Tee", sku: "RD-LOGOTEE-L", variantLabel: "Size L" })]);
  });
});
