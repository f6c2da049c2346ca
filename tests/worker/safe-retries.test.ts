/**
 * Safe retries (issue 36, item 4) where a write is not idempotent: adding to the cart adds
 * (`quantity + n`), so the shop never sends it again itself. D1 that wrote the add and lost
 * its answer gets a 503, and the cart holds the units added once, never twice; the shopper
 * sees the cart before adding again. (The idempotent writes' retries: outbox.test.ts, "safe retries".)
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { productBySlug } from "./helpers";
import { D1_LOST, expectUnavailableJson, sendWith } from "./resilience";
import { Visitor } from "./visitor";

/** D1 (and each session of it) that runs every batch, then throws as if its answer were lost on the way back. */
const writesThenLosesAnswer = <D extends D1Database | D1DatabaseSession>(real: D = env.DB as D): D =>
  new Proxy(real, {
    get(target, property) {
      if (property === "batch") return async (statements: D1PreparedStatement[]) => (await target.batch(statements), Promise.reject(new Error(D1_LOST)));
      if (property === "withSession") return (...args: unknown[]) => writesThenLosesAnswer((target as D1Database).withSession(...(args as [string])));
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

const cartOf = async (visitor: Visitor) => (await visitor.get<{ quantity: number }[]>("/api/cart")).body.map((line) => line.quantity);

describe("safe retries: a write that is not idempotent is never sent again by the shop", () => {
  it("an add to the cart written whose answer was lost answers 503, and the cart holds it once, not twice", async () => {
    const shopper = new Visitor();
    const tee = await productBySlug("plain-jane");
    expect((await shopper.post("/api/cart", { productId: tee.id, quantity: 2 })).status).toBe(200);
    const sent = await sendWith({ DB: writesThenLosesAnswer() }, shopper, "/api/cart", {
      method: "POST",
      body: JSON.stringify({ productId: tee.id, quantity: 1 }),
    });
    expectUnavailableJson(sent);
    expect(await cartOf(shopper)).toEqual([3]);
  });
});
