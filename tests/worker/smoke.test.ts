import { describe, expect, it } from "vitest";
import { Visitor } from "./visitor";

describe("smoke", () => {
  it("serves the seeded catalog", async () => {
    const res = await new Visitor().get("/api/products");
    expect(res.status).toBe(200);
    expect(res.body.map((p: { slug: string }) => p.slug)).toContain("24k-gold");
  });
  it("adds to the cart with a session cookie", async () => {
    const v = new Visitor();
    const res = await v.post("/api/cart", { productId: 1 });
    expect(res.status).toBe(200);
    expect(v.cookie).toMatch(/^rd_session=/);
  });
});
