/**
 * The back office's order list counts each order's items: the sum of its lines' quantities.
 * The count's subquery once compared `order_id` with `id` unqualified, which SQLite read as
 * both of order_lines, so every order listed 0 items (found by tests/worker/ucp.test.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../workers/db/client";
import { listOrders } from "../../workers/shop/backoffice/orders";
import { storeOrder } from "./mail";
import { unique } from "./helpers";

describe("the back office's order list", () => {
  it("shows each order's items as the sum of its lines' quantities (2 + 1 = 3), never 0", async () => {
    const id = await storeOrder(`${unique("items")}@example.com`);
    const listed = await listOrders({ db: createDatabase(env.DB), outbox: { enqueue: () => undefined }, address: "test" }, "placed", 1);
    const { number } = (await env.DB.prepare("SELECT number FROM orders WHERE id = ?").bind(id).first<{ number: string }>())!;
    expect(listed.rows.find((row) => row.number === number)?.items).toBe(3);
  });
});
