/**
 * Recommendations and each visitor's view state (contract, "Reactions and
 * recommendations"; spec section 4: unviewed -> viewed -> clicked).
 */
import { describe, expect, it } from "vitest";
import { allProducts, expectError, type Recommendation } from "./helpers";
import { Visitor } from "./visitor";

const recommendationsOf = async (v: Visitor) => {
  const res = await v.get<Recommendation[]>("/api/recommendations");
  expect(res.status).toBe(200);
  return res.body;
};

const stateOf = async (v: Visitor, id: number) => (await recommendationsOf(v)).find((r) => r.id === id)!;

describe("recommendations", () => {
  it("`GET /api/recommendations` returns `[{id, viewed, reason, product}]` for this visitor", async () => {
    const [recommendations, products] = await Promise.all([recommendationsOf(new Visitor()), allProducts()]);
    expect(recommendations.length).toBeGreaterThanOrEqual(4);
    for (const r of recommendations) {
      expect(r).toMatchObject({ id: expect.any(Number), viewed: false, reason: expect.any(String), product: expect.any(Object) });
      expect(r.reason.length).toBeGreaterThan(0);
      // The product is the catalog's product, in the catalog's shape.
      expect(r.product).toEqual(products.find((p) => p.id === r.product.id));
    }
    expect(new Set(recommendations.map((r) => r.id)).size).toBe(recommendations.length);
  });

  it("`PATCH .../viewed` records the visitor's state", async () => {
    const v = new Visitor();
    const [first, second] = await recommendationsOf(v);
    const res = await v.patch(`/api/recommendations/${first!.id}/viewed`);
    expect(res.status, res.text).toBe(200);
    expect((await stateOf(v, first!.id)).viewed).toBe(true);
    expect((await stateOf(v, second!.id)).viewed).toBe(false);
    // Viewing again changes nothing.
    expect((await v.patch(`/api/recommendations/${first!.id}/viewed`)).status).toBe(200);
    expect((await stateOf(v, first!.id)).viewed).toBe(true);
  });

  it("`PATCH .../clicked` records the visitor's state (clicked implies viewed)", async () => {
    const v = new Visitor();
    const [, , third] = await recommendationsOf(v);
    const res = await v.patch(`/api/recommendations/${third!.id}/clicked`);
    expect(res.status, res.text).toBe(200);
    const state = await stateOf(v, third!.id);
    expect(state.viewed).toBe(true);
    if ("clicked" in state) expect(state.clicked).toBe(true);
    // Viewed after clicked keeps it clicked.
    await v.patch(`/api/recommendations/${third!.id}/viewed`);
    const again = await stateOf(v, third!.id);
    expect(again.viewed).toBe(true);
    if ("clicked" in again) expect(again.clicked).toBe(true);
  });

  it("No request may read or change another visitor's recommendation state", async () => {
    const a = new Visitor();
    const b = new Visitor();
    const [first, second] = await recommendationsOf(a);
    await b.patch(`/api/recommendations/${second!.id}/viewed`);
    await a.patch(`/api/recommendations/${first!.id}/viewed`);
    await a.patch(`/api/recommendations/${second!.id}/clicked`);
    const bView = await recommendationsOf(b);
    expect(bView.find((r) => r.id === first!.id)!.viewed).toBe(false);
    expect(bView.find((r) => r.id === second!.id)!.viewed).toBe(true);
    const bSecond = bView.find((r) => r.id === second!.id)!;
    if ("clicked" in bSecond) expect(bSecond.clicked).toBe(false);
    // A fresh visitor sees nothing viewed at all.
    for (const r of await recommendationsOf(new Visitor())) expect(r.viewed).toBe(false);
    expect((await stateOf(a, first!.id)).viewed).toBe(true);
  });

  it("Unknown recommendation: 404; a malformed id: 400", async () => {
    const v = new Visitor();
    expectError(await v.patch("/api/recommendations/999999/viewed"), 404);
    expectError(await v.patch("/api/recommendations/999999/clicked"), 404);
    for (const id of ["abc", "-1", "0", "1.5"]) {
      expectError(await v.patch(`/api/recommendations/${id}/viewed`), 400);
      expectError(await v.patch(`/api/recommendations/${id}/clicked`), 400);
    }
    for (const r of await recommendationsOf(v)) expect(r.viewed).toBe(false);
  });
});
