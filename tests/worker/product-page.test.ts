/**
 * The product page's action (app/routes/product.server.ts), the
 * no-JavaScript path of ADD TO CART with a size and colour to choose: no size adds nothing
 * and answers "Choose a size" on the size group; a full choice adds that very variant and
 * goes to the cart as the cart's ADD does; a sold-out variant answers the shop's 409
 * message. The reaction buttons' posts keep working as before.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ActionData } from "../../app/components/forms/action-data";
import { productAction } from "../../app/routes/product.server";
import { choiceOf, missingChoice, shownFor } from "../../app/components/product/choice";
import { logContext, shopContext } from "../../app/context.server";
import { featureLines } from "../../app/lib/product-display";
import { pageFor } from "../../app/shared/site-pages";
import { sharedPage } from "../../workers/pages";
import { CHOOSE_A_SIZE, SOLD_OUT } from "../../app/shared/variants";
import { productBySlug, shopOf } from "./helpers";
import { Visitor } from "./visitor";

const TANK = "raw-dogg-performance-tank";

/** A visitor posting the product page's form without JavaScript: the action's answer, and the shop it wrote through. */
async function post(slug: string, fields: Record<string, string>) {
  // A visitor who has a session already (their cart is read back through it).
  const visitor = new Visitor();
  visitor.jar.set("rd_session", crypto.randomUUID().replaceAll("-", "").slice(0, 22));
  const shop = shopOf(visitor);
  const context = new RouterContextProvider();
  context.set(shopContext, shop);
  context.set(logContext, () => undefined);
  const request = new Request(`https://shop.test/products/${slug}`, { method: "POST", body: new URLSearchParams(fields) });
  const answer = await productAction({ request, context }, slug);
  return { answer, shop };
}

/** What an answer that is not a redirect carries: its status and Conform's reply. */
function replied(answer: unknown) {
  expect(answer).not.toBeInstanceOf(Response);
  const { data, init } = answer as { data: ActionData; init: ResponseInit | null };
  return { status: init?.status ?? 200, result: data.result };
}

describe("ADD TO CART on a product page, without JavaScript", () => {
  it("no size chosen: 'Choose a size' on the size group, the colour kept, nothing added", async () => {
    const { answer, shop } = await post(TANK, { intent: "add", colour: "Black" });
    const { status, result } = replied(answer);
    expect(status).toBe(400);
    expect(result.error?.size).toEqual([CHOOSE_A_SIZE]);
    expect(result.initialValue).toMatchObject({ intent: "add", colour: "Black" });
    expect(await shop.cart.listCart()).toEqual([]);
  });

  it("a size the product does not have is no choice: 'Choose a size', nothing added", async () => {
    const { answer, shop } = await post(TANK, { intent: "add", size: "XXXL", colour: "Black" });
    expect(replied(answer).result.error?.size).toEqual([CHOOSE_A_SIZE]);
    expect(await shop.cart.listCart()).toEqual([]);
  });

  it("a full choice (any letter case) adds that variant once and redirects to /cart?done=add", async () => {
    const tank = await productBySlug(TANK);
    const grey = tank.variants.find((v) => v.options.Size === "S" && v.options.Colour === "Grey")!;
    const { answer, shop } = await post(TANK, { intent: "add", size: "s", colour: "GREY" });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe("/cart?done=add");
    const lines = await shop.cart.listCart();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 1, variantId: grey.id, needsChoice: false, product: { id: tank.id } });
    expect(lines[0]!.variant?.label).toBe("Size S · Grey");
  });

  it("a sold-out variant (tank Pink XS): the shop's 409 message on the page, nothing added", async () => {
    const { answer, shop } = await post(TANK, { intent: "add", size: "XS", colour: "Pink" });
    const { status, result } = replied(answer);
    expect(status).toBe(409);
    expect(result.error?.[""]).toEqual([expect.stringMatching(/sold out/)]);
    expect(await shop.cart.listCart()).toEqual([]);
  });

  it("a product with one size only is added by ADD alone (the snapback)", async () => {
    const snapback = await productBySlug("raw-dogg-snapback");
    const { answer, shop } = await post("raw-dogg-snapback", { intent: "add" });
    expect((answer as Response).headers.get("Location")).toBe("/cart?done=add");
    expect(await shop.cart.listCart()).toEqual([expect.objectContaining({ variantId: snapback.variants[0]!.id })]);
  });

  it("an intent the page does not know, or none, is refused with a message; a reaction names its intent and counts", async () => {
    for (const form of [{ intent: "remove" }, { emoji: "🔥" }] as Record<string, string>[]) {
      const { status, result } = replied((await post(TANK, form)).answer);
      expect(status).toBe(400);
      expect(Object.values(result.error ?? {}).flat()).toContain("That action isn't available on this page.");
    }
    const { answer } = await post(TANK, { intent: "react", emoji: "🔥" });
    expect((answer as Response).headers.get("Location")).toBe(`/products/${TANK}?reacted=1`);
  });
});

describe("what the page shows of a choice (choice.ts)", () => {
  it("a shared link's choice, any letter case; the colour defaults to one that can be bought, the size never", async () => {
    const tank = await productBySlug(TANK);
    expect(choiceOf(tank, new URLSearchParams("size=m&colour=BLACK"))).toEqual({ Size: "M", Colour: "Black" });
    // Pink XS is sold out: a link naming XS alone opens the first colour XS can be had in.
    expect(choiceOf(tank, new URLSearchParams("size=XS"))).toEqual({ Size: "XS", Colour: "Black" });
    expect(choiceOf(tank, new URLSearchParams(""))).toEqual({ Colour: "Pink" });
    expect(missingChoice(tank.options, { Colour: "Pink" })).toEqual({ option: "Size", message: CHOOSE_A_SIZE });
  });

  it("'Only 3 left' for tank Black M, SOLD OUT for Pink XS, the colour's own picture and a variant's own price", async () => {
    const tank = await productBySlug(TANK);
    expect(shownFor(tank, { Size: "M", Colour: "Black" })).toMatchObject({
      note: "Only 3 left",
      soldOut: false,
      imageUrl: `/images/products/${TANK}-black.svg`,
    });
    expect(shownFor(tank, { Size: "XS", Colour: "Pink" })).toMatchObject({ note: SOLD_OUT, soldOut: true, allSoldOut: false });
    expect(shownFor(tank, { Colour: "Grey" }).imageUrl).toBe(`/images/products/${TANK}-grey.svg`);
    const logoTee = await productBySlug("raw-dogg-mens-logo-tee");
    expect(shownFor(logoTee, { Size: "XXL" }).price).toBe(2899);
    expect(shownFor(logoTee, {}).price).toBe(2699);
  });

  it("a product with nothing left in any variant is SOLD OUT as a whole", async () => {
    const tank = await productBySlug(TANK);
    const gone = { ...tank, variants: tank.variants.map((v) => ({ ...v, available: false, quantityAvailable: 0 })) };
    expect(shownFor(gone, { Size: "M", Colour: "Black" })).toMatchObject({ note: SOLD_OUT, soldOut: true, allSoldOut: true });
  });
});

describe("a shared link's choice and the page cache", () => {
  const kept = (url: string) => sharedPage(new Request(url), pageFor(new URL(url))!.page);

  it("?size=&colour= is still a page everyone shares (kept under its parameters in a fixed order); another parameter is not", () => {
    expect(kept(`https://shop.test/products/${TANK}?colour=black&size=M`)).toBe(`/products/${TANK}?colour=black&size=M`);
    expect(kept(`https://shop.test/products/${TANK}?size=M&colour=black`)).toBe(`/products/${TANK}?colour=black&size=M`);
    expect(kept(`https://shop.test/products/${TANK}?size=M&reacted=1`)).toBeNull();
  });
});

describe("facts that fit the product (featureLines)", () => {
  it("a condom keeps the spec's Features list exactly", async () => {
    const lines = featureLines(await productBySlug("tropical-slush")).map((l) => `${l.label}: ${l.value}`);
    expect(lines).toEqual([
      expect.stringMatching(/^Type: /),
      expect.stringMatching(/^Pack Size: \d+ pcs$/),
      "Flavors: Pineapple, Mango, Coconut, Passion Fruit",
      "Material: Premium Latex",
      "Protection: 99.9% Effective",
    ]);
  });

  it("apparel: Fabric, Fit, Sizes, Colours, Care; the snapback is one size; never the latex lines", async () => {
    const tank = featureLines(await productBySlug(TANK));
    expect(tank.map((l) => l.label)).toEqual(["Fabric", "Fit", "Sizes", "Colours", "Care"]);
    expect(tank).toContainEqual({ label: "Sizes", value: "XS, S, M, L, XL" });
    expect(tank).toContainEqual({ label: "Colours", value: "Pink, Black, Grey" });
    const snapback = featureLines(await productBySlug("raw-dogg-snapback"));
    expect(snapback).toContainEqual({ label: "Sizes", value: "One size" });
    // Made in one colour: its Colour fact, after the sizes, as a choice's colours would be.
    expect(snapback.map((l) => l.label)).toEqual(["Fabric", "Fit", "Sizes", "Colour", "Care"]);
    expect(snapback).toContainEqual({ label: "Colour", value: "Black" });
    for (const lines of [tank, snapback]) expect(lines.map((l) => l.label)).not.toContain("Material");
  });

  it("the single: its Format, Released and Delivery, nothing else", async () => {
    const single = featureLines(await productBySlug("welcome-to-the-pound"));
    expect(single.map((l) => l.label)).toEqual(["Format", "Released", "Delivery"]);
  });
});
