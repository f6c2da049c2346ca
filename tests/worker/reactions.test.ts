/**
 * Emoji reactions (contract, "Reactions and recommendations"). Counts are shared by all
 * visitors of a product, so each test reads the counts first and checks the change it
 * made, and each test uses its own product.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { allProducts, EMOJIS, expectError, expectIssue, productBySlug, type Product } from "./helpers";
import { ORIGIN, Visitor } from "./visitor";

let catalog: Promise<Product[]> | null = null;
const productId = async (slug: string) => (await (catalog ??= allProducts())).find((p) => p.slug === slug)!.id;

type Counts = Record<string, number>;

const countsOf = async (id: number): Promise<Counts> => {
  const res = await new Visitor().get<Counts>(`/api/products/${id}/reaction-counts`);
  expect(res.status).toBe(200);
  return res.body;
};

const react = (v: Visitor, id: number, emoji: unknown) => v.post(`/api/products/${id}/reactions`, { emoji });

describe("reactions", () => {
  it("`GET /api/products/{id}/reaction-counts` returns all six emoji keys (👍 ❤️ 🔥 😍 😮 🙏), zero when none", async () => {
    // No test in this file reacts to this product.
    const counts = await countsOf(await productId("raw-dogg-snapback"));
    expect(Object.keys(counts).sort()).toEqual([...EMOJIS].sort());
    expect(counts).toEqual(Object.fromEntries(EMOJIS.map((e) => [e, 0])));
  });

  it("every emoji key is present even when only some were used", async () => {
    const id = await productId("midnight-ribbed");
    expect((await react(new Visitor(), id, "🙏")).status).toBe(200);
    const counts = await countsOf(id);
    expect(Object.keys(counts).sort()).toEqual([...EMOJIS].sort());
    for (const emoji of EMOJIS) expect(Number.isInteger(counts[emoji]), emoji).toBe(true);
    expect(counts["🙏"]).toBeGreaterThanOrEqual(1);
  });

  it("A visitor counts once per emoji per product: repeating the same reaction does not inflate the count", async () => {
    const id = await productId("silver-surfer");
    const before = await countsOf(id);
    const a = new Visitor();
    for (let i = 0; i < 3; i++) expect((await react(a, id, "🔥")).status).toBe(200);
    const after = await countsOf(id);
    expect(after).toEqual({ ...before, "🔥": before["🔥"]! + 1 });
  });

  it("concurrent repeats of one reaction by one visitor still count once", async () => {
    const id = await productId("berry-bash");
    const a = new Visitor();
    await react(a, id, "😮");
    const before = await countsOf(id);
    const results = await Promise.all(Array.from({ length: 10 }, () => react(a, id, "😮")));
    for (const res of results) expect(res.status).toBe(200);
    expect(await countsOf(id)).toEqual(before);
  });

  it("a second visitor increments the count; other emoji are counted apart", async () => {
    const id = await productId("blue-magic");
    const before = await countsOf(id);
    const a = new Visitor();
    const b = new Visitor();
    await react(a, id, "😍");
    await react(b, id, "😍");
    await react(a, id, "❤️");
    await react(a, id, "👍");
    await react(b, id, "👍");
    expect(await countsOf(id)).toEqual({
      ...before,
      "😍": before["😍"]! + 2,
      "❤️": before["❤️"]! + 1,
      "👍": before["👍"]! + 2,
    });
  });

  it("reactions are counted per product", async () => {
    const [x, y] = [await productId("fantasia"), await productId("24k-gold")];
    const [beforeX, beforeY] = [await countsOf(x), await countsOf(y)];
    await react(new Visitor(), x, "🙏");
    expect(await countsOf(x)).toEqual({ ...beforeX, "🙏": beforeX["🙏"]! + 1 });
    expect(await countsOf(y)).toEqual(beforeY);
  });

  it("`POST /api/products/{id}/reactions {emoji}`: an emoji outside the six is 400", async () => {
    const id = await productId("plain-jane");
    const before = await countsOf(id);
    const v = new Visitor();
    // "❤" without the variation selector is not "❤️".
    for (const emoji of ["😀", "❤", "👍👍", "", " 👍", "thumbs", null, 1, ["👍"], { "👍": 1 }, true]) {
      expectIssue(await react(v, id, emoji), "emoji");
    }
    expectIssue(await v.post(`/api/products/${id}/reactions`, {}), "emoji");
    expect(await countsOf(id)).toEqual(before);
  });

  it("Unknown product: 404 (reaction and counts); a malformed product id: 400", async () => {
    const v = new Visitor();
    expectError(await react(v, 999999, "👍"), 404);
    expectError(await v.get("/api/products/999999/reaction-counts"), 404);
    for (const id of ["abc", "-1", "0", "1.5"]) {
      expectError(await react(v, id as unknown as number, "👍"), 400);
      expectError(await v.get(`/api/products/${id}/reaction-counts`), 400);
    }
  });
});

describe("reactions without a session count once per network", () => {
  /** A first-time visitor from `address`: no cookie. */
  const cookieless = (address: string) => new Visitor(ORIGIN, address);

  it("20 cookie-less reactions from one address count once", async () => {
    const id = await productId("dogg-pound-variety-pack");
    const before = await countsOf(id);
    for (let i = 0; i < 20; i++) {
      const res = await react(cookieless("203.0.113.20"), id, "🔥");
      expect(res.status).toBe(200);
    }
    expect(await countsOf(id)).toEqual({ ...before, "🔥": before["🔥"]! + 1 });
  });

  it("20 concurrent cookie-less reactions from one address count once", async () => {
    const id = await productId("dogg-pound-variety-pack");
    const before = await countsOf(id);
    const results = await Promise.all(Array.from({ length: 20 }, () => react(cookieless("203.0.113.21"), id, "😍")));
    for (const res of results) expect(res.status).toBe(200);
    expect(await countsOf(id)).toEqual({ ...before, "😍": before["😍"]! + 1 });
  });

  it("from two addresses they count twice; an IPv6 network counts once whatever the address inside its /64", async () => {
    const id = await productId("raw-dogg-mens-logo-tee");
    const before = await countsOf(id);
    for (const address of ["203.0.113.30", "203.0.113.31", "203.0.113.30", "203.0.113.31"]) await react(cookieless(address), id, "👍");
    expect(await countsOf(id)).toEqual({ ...before, "👍": before["👍"]! + 2 });
    for (const address of ["2001:db8:30:1::1", "2001:db8:30:1:ffff::2", "2001:db8:30:1:abcd:1:2:3"]) await react(cookieless(address), id, "🙏");
    expect((await countsOf(id))["🙏"]).toBe(before["🙏"]! + 1);
  });

  it("a first-time visitor's first reaction counts, and each emoji of a network counts apart", async () => {
    const id = await productId("raw-dogg-mens-pocket-tee");
    const before = await countsOf(id);
    for (const emoji of ["😮", "❤️"]) expect((await react(cookieless("203.0.113.40"), id, emoji)).status).toBe(200);
    expect(await countsOf(id)).toEqual({ ...before, "😮": before["😮"]! + 1, "❤️": before["❤️"]! + 1 });
  });

  it("a visitor with a session counts once per emoji as before, even on a network whose cookie-less reaction already counted", async () => {
    const id = await productId("raw-dogg-mens-joggers");
    const address = "203.0.113.50";
    await react(cookieless(address), id, "🔥");
    const before = await countsOf(id);
    const [a, b] = [new Visitor(ORIGIN, address), new Visitor(ORIGIN, address)];
    await a.startSession();
    await b.startSession();
    for (let i = 0; i < 3; i++) {
      await react(a, id, "🔥");
      await react(b, id, "🔥");
    }
    await react(a, id, "👍");
    expect(await countsOf(id)).toEqual({ ...before, "🔥": before["🔥"]! + 2, "👍": before["👍"]! + 1 });
  });

  it("the session a cookie-less reaction gets counts that visitor's later reactions by session", async () => {
    const id = await productId("tropical-slush");
    const address = "203.0.113.60";
    const first = cookieless(address);
    await react(first, id, "😮");
    expect(first.cookie).toContain("rd_session=");
    const before = await countsOf(id);
    for (let i = 0; i < 3; i++) await react(first, id, "🙏");
    expect(await countsOf(id)).toEqual({ ...before, "🙏": before["🙏"]! + 1 });
    // The network's one cookie-less 🙏 has not been used yet; after it, no more.
    for (let i = 0; i < 3; i++) await react(cookieless(address), id, "🙏");
    expect(await countsOf(id)).toEqual({ ...before, "🙏": before["🙏"]! + 2 });
  });

  it("a made-up session cookie the shop never issued counts as no session", async () => {
    const id = await productId("dogg-pound-variety-pack");
    const before = await countsOf(id);
    for (let i = 0; i < 10; i++) {
      const forged = new Visitor(ORIGIN, "203.0.113.70");
      const sessionId = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
      await forged.post(`/api/products/${id}/reactions`, { emoji: "🙏" }, { Cookie: `rd_session=${sessionId}` });
    }
    expect(await countsOf(id)).toEqual({ ...before, "🙏": before["🙏"]! + 1 });
  });

  it("the network is stored as a hash, never the address itself", async () => {
    const id = await productId("raw-dogg-mens-joggers");
    const address = "203.0.113.80";
    await react(cookieless(address), id, "😍");
    const { results } = await env.DB.prepare("SELECT * FROM reactions WHERE product_id = ? AND emoji = ?").bind(id, "😍").all<Record<string, unknown>>();
    const mine = results.filter((row) => row.address_hash !== null);
    expect(mine.length).toBeGreaterThan(0);
    for (const row of mine) {
      expect(row.address_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(row)).not.toContain(address);
    }
  });
});

describe("reactions on the cached product page (contract, 'Freshness and caching')", () => {
  const fireOn = (html: string) => Number(/<p class="fire">(\d+)<\/p>/.exec(html)?.[1]);

  it("the visitor who reacts sees their own reaction counted on their next view; everyone sees it within 60 s", async () => {
    const product = await productBySlug("silver-surfer");
    const page = `/products/${product.slug}`;
    await new Visitor().get(page);
    const kept = await new Visitor().get(page);
    expect(kept.headers.get("X-Page-Cache")).toBe("HIT");
    const before = fireOn(kept.body);

    const reacter = new Visitor();
    expect((await reacter.post(`/api/products/${product.id}/reactions`, { emoji: "🔥" })).status).toBe(200);
    const reacted = reacter.jar.get("rd_reacted");
    expect(reacted, "a minute's marker on that product's page").toBe("1");
    const own = await reacter.get(page);
    expect(own.headers.get("X-Page-Cache"), "rendered for them").toBeNull();
    expect(fireOn(own.body)).toBe(before + 1);

    // Everyone else: the kept page is at most a minute old (30 s fresh, 30 s more while it is rendered again).
    const other = await new Visitor().get(page);
    expect(other.headers.get("X-Page-Cache")).toBe("HIT");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const later = await new Visitor().get(page);
      expect(fireOn(later.body)).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
