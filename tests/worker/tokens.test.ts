// The links' secret tokens (workers/shop/tokens.ts), as the places that carry them read them.
import { describe, expect, it } from "vitest";
import { newToken, TOKEN_SHAPE } from "../../workers/shop/tokens";

describe("a link's token", () => {
  it("never begins with '-', which a command line reads as a flag (Shopify's ucp-cli could not read such an order)", () => {
    // One token in 64 began with '-' before: 2,000 draw one all but surely.
    const tokens = Array.from({ length: 2000 }, newToken);
    expect(tokens.filter((token) => token.startsWith("-"))).toEqual([]);
    expect(tokens.every((token) => TOKEN_SHAPE.test(token))).toBe(true);
  });
});
