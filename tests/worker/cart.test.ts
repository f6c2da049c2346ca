/**
 * The cart API (contract, "Cart" and "Identity of a visitor"): one line per product,
 * 1..99, prices from the catalog, every success answering the cart, and no visitor ever
 * reaching another visitor's lines.
 */
import { describe, expect, it } from "vitest";
import { allBundles, allProducts, expectError, expectIssue, type CartLine, type Product } from "./helpers";
import { Visitor } from "./visitor";

let catalog: Promise<Product[]> | null = null;
const products = () => (catalog ??= allProducts());
const product = async (slug: string) => (await products()).find((p) => p.slug === slug)!;

/** The cart as `GET /api/cart` returns it. */
const cartOf = async (v: Visitor) => {
  const res = await v.get<CartLine[]>("/api/cart");
  expect(res.status).toBe(200);
  return res.body;
};

/** A mutation's answer must be 200 and the cart exactly as a GET right after returns it. */
const expectCartAnswer = async (v: Visitor, res: { status: number; body: unknown; text: string }) => {
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual(await cartOf(v));
  return res.body as CartLine[];
};

/** What a line of a product without options carries besides the spec's keys: its one variant, chosen. */
const line = { variantId: expect.any(Number), variant: expect.objectContaining({ label: "" }), needsChoice: false, digital: false };

const quantities = (lines: CartLine[]) => Object.fromEntries(lines.map((l) => [l.product.slug, l.quantity]));

describe("reading the cart", () => {
  it("a new visitor's cart is empty", async () => {
    const v = new Visitor();
    expect(await cartOf(v)).toEqual([]);
  });

  it("`GET /api/cart` returns `[{id, quantity, product: {id, name, slug, imageUrl, price}}]`, oldest line first", async () => {
    const v = new Visitor();
    const order = ["silver-surfer", "plain-jane", "raw-dogg-performance-tank", "blue-magic"];
    for (const slug of order) expect((await v.post("/api/cart", { productId: (await product(slug)).id })).status).toBe(200);
    // Adding to the oldest line again must not move it.
    await v.post("/api/cart", { productId: (await product("silver-surfer")).id });
    const lines = await cartOf(v);
    expect(lines.map((l) => l.product.slug)).toEqual(order);
    for (const line of lines) {
      // The spec's keys, and what variants add to them (contract, "Variants, stock and downloads").
      expect(Object.keys(line).sort()).toEqual(["digital", "id", "needsChoice", "product", "quantity", "variant", "variantId"]);
      expect(Object.keys(line.product).sort()).toEqual(["id", "imageUrl", "name", "price", "slug"]);
      const p = await product(line.product.slug);
      expect(line.product).toEqual({ id: p.id, name: p.name, slug: p.slug, imageUrl: p.imageUrl, price: p.price });
      expect(Number.isInteger(line.id)).toBe(true);
    }
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
  });
});

describe("POST /api/cart", () => {
  it("`quantity=1` by default", async () => {
    const v = new Visitor();
    const p = await product("plain-jane");
    const lines = await expectCartAnswer(v, await v.post("/api/cart", { productId: p.id }));
    expect(lines).toEqual([{ ...line, id: expect.any(Number), quantity: 1, product: expect.objectContaining({ id: p.id }) }]);
  });

  it("adding a product already in the cart adds to that line (one line per product)", async () => {
    const v = new Visitor();
    const p = await product("tropical-slush");
    await v.post("/api/cart", { productId: p.id, quantity: 2 });
    const [first] = await cartOf(v);
    const lines = await expectCartAnswer(v, await v.post("/api/cart", { productId: p.id, quantity: 3 }));
    expect(lines).toEqual([{ ...line, id: first!.id, quantity: 5, product: expect.objectContaining({ id: p.id }) }]);
    await v.post("/api/cart", { productId: p.id });
    expect(quantities(await cartOf(v))).toEqual({ "tropical-slush": 6 });
  });

  it('Quantity is an integer 1..99 per line: 0, 100, 1.5, "2", negative and non-numbers are 400 with an issue on `quantity`', async () => {
    const v = new Visitor();
    const p = await product("plain-jane");
    for (const quantity of [0, 100, 1.5, "2", -1, -99, null, true, [], {}, 1e99, "one"]) {
      const res = await v.post("/api/cart", { productId: p.id, quantity });
      const message = expectIssue(res, "quantity");
      expect(message.length, JSON.stringify(quantity)).toBeGreaterThan(0);
    }
    expect(await cartOf(v)).toEqual([]);
    expect((await v.post("/api/cart", { productId: p.id, quantity: 99 })).status).toBe(200);
    expect(quantities(await cartOf(v))).toEqual({ "plain-jane": 99 });
  });

  it("a missing or malformed `productId` is 400 with an issue on `productId`", async () => {
    const v = new Visitor();
    for (const body of [{}, { productId: "1" }, { productId: 0 }, { productId: -1 }, { productId: 1.5 }, { productId: null }, { productId: [1] }]) {
      expectIssue(await v.post("/api/cart", body), "productId");
    }
    for (const body of [null, [], "[]", "1", '"text"']) expectError(await v.post("/api/cart", body), 400);
    expect(await cartOf(v)).toEqual([]);
  });

  it("a result above 99 is refused with 400 and the line is unchanged", async () => {
    const v = new Visitor();
    const p = await product("blue-magic");
    await v.post("/api/cart", { productId: p.id, quantity: 98 });
    expectIssue(await v.post("/api/cart", { productId: p.id, quantity: 2 }), "quantity");
    expect(quantities(await cartOf(v))).toEqual({ "blue-magic": 98 });
    expect((await v.post("/api/cart", { productId: p.id })).status).toBe(200);
    expectError(await v.post("/api/cart", { productId: p.id }), 400);
    expect(quantities(await cartOf(v))).toEqual({ "blue-magic": 99 });
  });

  it("Unknown product: 404, and the cart is unchanged", async () => {
    const v = new Visitor();
    await v.post("/api/cart", { productId: (await product("fantasia")).id });
    const before = await cartOf(v);
    for (const productId of [999999, 2 ** 31 - 1]) expectError(await v.post("/api/cart", { productId }), 404);
    expect(await cartOf(v)).toEqual(before);
  });

  it("The server never trusts a price from the client: prices come from the catalog", async () => {
    const v = new Visitor();
    const p = await product("24k-gold");
    const res = await v.post("/api/cart", { productId: p.id, quantity: 1, price: 1, product: { price: 1 }, unitPrice: 1 });
    const lines = await expectCartAnswer(v, res);
    expect(lines[0]!.product.price).toBe(p.price);
  });
});

describe("PATCH and DELETE", () => {
  it("`PATCH /api/cart/{id} {quantity}` sets the quantity (1..99)", async () => {
    const v = new Visitor();
    const [a, b] = [await product("plain-jane"), await product("fantasia")];
    await v.post("/api/cart", { productId: a.id, quantity: 4 });
    await v.post("/api/cart", { productId: b.id });
    const [line] = await cartOf(v);
    for (const quantity of [1, 7, 99, 2]) {
      const lines = await expectCartAnswer(v, await v.patch(`/api/cart/${line!.id}`, { quantity }));
      expect(quantities(lines)).toEqual({ "plain-jane": quantity, fantasia: 1 });
    }
  });

  it("`PATCH` outside 1..99 is 400 with an issue on `quantity`, and the line is unchanged", async () => {
    const v = new Visitor();
    await v.post("/api/cart", { productId: (await product("plain-jane")).id, quantity: 3 });
    const [line] = await cartOf(v);
    for (const quantity of [0, 100, -1, 1.5, "2", null]) {
      expectIssue(await v.patch(`/api/cart/${line!.id}`, { quantity }), "quantity");
    }
    expectIssue(await v.patch(`/api/cart/${line!.id}`, {}), "quantity");
    expect(quantities(await cartOf(v))).toEqual({ "plain-jane": 3 });
  });

  it("`DELETE /api/cart/{id}` removes one line", async () => {
    const v = new Visitor();
    const [a, b, c] = [await product("plain-jane"), await product("fantasia"), await product("blue-magic")];
    for (const p of [a, b, c]) await v.post("/api/cart", { productId: p.id });
    const middle = (await cartOf(v))[1]!;
    const lines = await expectCartAnswer(v, await v.delete(`/api/cart/${middle.id}`));
    expect(lines.map((l) => l.product.slug)).toEqual(["plain-jane", "blue-magic"]);
    expectError(await v.delete(`/api/cart/${middle.id}`), 404);
    expectError(await v.patch(`/api/cart/${middle.id}`, { quantity: 2 }), 404);
  });

  it("`DELETE /api/cart` clears", async () => {
    const v = new Visitor();
    for (const slug of ["plain-jane", "fantasia"]) await v.post("/api/cart", { productId: (await product(slug)).id, quantity: 2 });
    const res = await v.delete("/api/cart");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(await cartOf(v)).toEqual([]);
    // A cleared cart takes new lines again.
    await v.post("/api/cart", { productId: (await product("plain-jane")).id });
    expect(quantities(await cartOf(v))).toEqual({ "plain-jane": 1 });
  });

  it("clearing an empty cart (or a visitor with none) answers 200 `[]`", async () => {
    const res = await new Visitor().delete("/api/cart");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("Unknown cart line: 404 (and malformed line ids are 400)", async () => {
    const v = new Visitor();
    await v.post("/api/cart", { productId: (await product("plain-jane")).id });
    expectError(await v.patch("/api/cart/999999", { quantity: 2 }), 404);
    expectError(await v.delete("/api/cart/999999"), 404);
    expectError(await new Visitor().patch("/api/cart/1", { quantity: 2 }), 404);
    expectError(await new Visitor().delete("/api/cart/1"), 404);
    for (const id of ["abc", "-1", "0", "1.5", "1e3"]) {
      expectError(await v.patch(`/api/cart/${id}`, { quantity: 2 }), 400);
      expectError(await v.delete(`/api/cart/${id}`), 400);
    }
    expect(quantities(await cartOf(v))).toEqual({ "plain-jane": 1 });
  });
});

describe("isolation between visitors", () => {
  it("a cart line id from another session answers 404 and the owner's cart is unchanged", async () => {
    const a = new Visitor();
    const b = new Visitor();
    await a.post("/api/cart", { productId: (await product("plain-jane")).id, quantity: 3 });
    await b.post("/api/cart", { productId: (await product("fantasia")).id });
    const aBefore = await cartOf(a);
    const aLine = aBefore[0]!;
    expectError(await b.patch(`/api/cart/${aLine.id}`, { quantity: 50 }), 404);
    expectError(await b.delete(`/api/cart/${aLine.id}`), 404);
    // A shopper without any session cannot reach it either.
    expectError(await new Visitor().patch(`/api/cart/${aLine.id}`, { quantity: 50 }), 404);
    expectError(await new Visitor().delete(`/api/cart/${aLine.id}`), 404);
    expect(await cartOf(a)).toEqual(aBefore);
  });

  it("No request may read another visitor's cart lines", async () => {
    const a = new Visitor();
    const b = new Visitor();
    const p = await product("silver-surfer");
    await a.post("/api/cart", { productId: p.id, quantity: 4 });
    expect(await cartOf(b)).toEqual([]);
    const bLines = await expectCartAnswer(b, await b.post("/api/cart", { productId: p.id }));
    expect(quantities(bLines)).toEqual({ "silver-surfer": 1 });
    expect(bLines[0]!.id).not.toBe((await cartOf(a))[0]!.id);
    expect(quantities(await cartOf(a))).toEqual({ "silver-surfer": 4 });
    // Clearing B's cart leaves A's alone.
    await b.delete("/api/cart");
    expect(quantities(await cartOf(a))).toEqual({ "silver-surfer": 4 });
  });

  it("a forged or malformed session cookie does not reach anyone's cart", async () => {
    const a = new Visitor();
    await a.post("/api/cart", { productId: (await product("plain-jane")).id });
    const [name] = a.cookie!.split("=");
    for (const forged of [`${name}=`, `${name}=x`, `${name}=../../etc`, `${name}=${"A".repeat(200)}`, `${name}=' OR 1=1 --`]) {
      const res = await new Visitor().get<CartLine[]>("/api/cart", { Cookie: forged });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });
});

describe("concurrency", () => {
  it("one line per product, also under concurrent adds: nothing is lost or doubled", async () => {
    const v = new Visitor();
    await v.startSession();
    const p = await product("24k-gold");
    const results = await Promise.all(Array.from({ length: 20 }, () => v.post("/api/cart", { productId: p.id })));
    for (const res of results) expect(res.status, res.text).toBe(200);
    const lines = await cartOf(v);
    expect(lines).toEqual([{ ...line, id: expect.any(Number), quantity: 20, product: expect.objectContaining({ id: p.id }) }]);
  });

  it("concurrent adds of different products each get their own line", async () => {
    const v = new Visitor();
    await v.startSession();
    const all = (await products()).slice(0, 8);
    await Promise.all(all.flatMap((p) => [v.post("/api/cart", { productId: p.id }), v.post("/api/cart", { productId: p.id, quantity: 2 })]));
    const lines = await cartOf(v);
    expect(lines.length).toBe(all.length);
    for (const line of lines) expect(line.quantity).toBe(3);
  });
});

describe("bundles in the cart", () => {
  it("`POST /api/cart/add-bundle/{bundleId}` adds one of each bundle product (merging lines)", async () => {
    const v = new Visitor();
    const bundle = (await allBundles()).find((b) => b.products.length >= 2)!;
    const [first, ...rest] = bundle.products;
    const outsider = (await products()).find((p) => !bundle.products.some((b) => b.id === p.id))!;
    await v.post("/api/cart", { productId: first!.id, quantity: 2 });
    await v.post("/api/cart", { productId: outsider.id });
    const lines = await expectCartAnswer(v, await v.post(`/api/cart/add-bundle/${bundle.id}`));
    const byId = Object.fromEntries(lines.map((l) => [l.product.id, l.quantity]));
    expect(byId).toEqual({
      [first!.id]: 3,
      [outsider.id]: 1,
      ...Object.fromEntries(rest.map((p) => [p.id, 1])),
    });
    expect(lines.length).toBe(bundle.products.length + 1);
    // Adding it again merges again.
    const again = await expectCartAnswer(v, await v.post(`/api/cart/add-bundle/${bundle.id}`));
    for (const p of rest) expect(again.find((l) => l.product.id === p.id)!.quantity).toBe(2);
    expect(again.length).toBe(lines.length);
  });

  it("a bundle that would take a line above 99 is refused with 400 and nothing is added", async () => {
    const v = new Visitor();
    const bundle = (await allBundles()).find((b) => b.products.length >= 2)!;
    await v.post("/api/cart", { productId: bundle.products[0]!.id, quantity: 99 });
    const before = await cartOf(v);
    expectError(await v.post(`/api/cart/add-bundle/${bundle.id}`), 400);
    expect(await cartOf(v)).toEqual(before);
  });

  it("Unknown bundle: 404; a non-numeric bundle id: 400", async () => {
    const v = new Visitor();
    expectError(await v.post("/api/cart/add-bundle/999999"), 404);
    for (const id of ["abc", "-1", "0", "1.5", "1e99", "%20"]) expectError(await v.post(`/api/cart/add-bundle/${id}`), 400);
    expect(await cartOf(v)).toEqual([]);
  });
});
