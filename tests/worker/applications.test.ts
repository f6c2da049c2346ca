/**
 * Affiliate and creator applications (contract, "Applications, newsletter, vendor"; spec
 * section 5): the spec's rules and messages, 201 `{id}` with the row in D1, and privacy:
 * no route ever returns an applicant's data.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError, issueMessages, unique } from "./helpers";
import { Visitor } from "./visitor";

const MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  url: "Please enter a valid URL",
  audience: "Please provide more details about your audience",
  bio: "Please provide more information about yourself",
  portfolio: "Please provide at least one portfolio URL",
  account: "Please provide your payment account details",
};

const validAffiliate = () => ({
  name: "Alex Affiliate",
  email: `${unique("alex")}@example.com`,
  websiteUrl: "https://alex.example.com",
  audienceDescription: "Young adults who care about sexual health and streetwear.",
});

const validCreator = () => ({
  name: "Casey Creator",
  email: `${unique("casey")}@example.com`,
  socialLinks: { instagram: "@casey", tiktok: "@casey.tt", youtube: "", twitter: "" },
  bio: "I make short comedy videos about dating and safer sex.",
  portfolioUrls: ["https://casey.example.com/reel", "https://casey.example.com/work"],
  paymentInfo: { paymentMethod: "paypal", accountDetails: "casey@paypal.example.com" },
});

const post = (path: string, body: unknown) => new Visitor().post(path, body);

describe("POST /api/affiliates", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["name min 2", { name: "A" }, "name", MESSAGES.name],
    ["name min 2 after trimming", { name: "  A  " }, "name", MESSAGES.name],
    ["name missing", { name: undefined }, "name", MESSAGES.name],
    ["email valid", { email: "not-an-email" }, "email", MESSAGES.email],
    ["email missing", { email: undefined }, "email", MESSAGES.email],
    ["email empty", { email: "" }, "email", MESSAGES.email],
    ["websiteUrl a URL", { websiteUrl: "not a url" }, "websiteUrl", MESSAGES.url],
    ["websiteUrl not a web URL", { websiteUrl: "javascript:alert(1)" }, "websiteUrl", MESSAGES.url],
    ["websiteUrl missing", { websiteUrl: undefined }, "websiteUrl", MESSAGES.url],
    ["audienceDescription min 10", { audienceDescription: "too short" }, "audienceDescription", MESSAGES.audience],
    ["audienceDescription missing", { audienceDescription: undefined }, "audienceDescription", MESSAGES.audience],
  ];
  for (const [rule, change, path, message] of cases) {
    it(`Affiliate form: ${rule} ('${message}')`, async () => {
      const res = await post("/api/affiliates", { ...validAffiliate(), ...change });
      expect(issueMessages(res)).toEqual({ [path]: message });
    });
  }

  it("every failing field is listed, each with its own message", async () => {
    const res = await post("/api/affiliates", { name: "", email: "x", websiteUrl: "x", audienceDescription: "" });
    expect(issueMessages(res)).toEqual({
      name: MESSAGES.name,
      email: MESSAGES.email,
      websiteUrl: MESSAGES.url,
      audienceDescription: MESSAGES.audience,
    });
  });

  it("`POST /api/affiliates` persists the application and answers 201 `{id}`", async () => {
    const application = validAffiliate();
    const res = await post("/api/affiliates", application);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const row = await env.DB.prepare("SELECT * FROM affiliate_applications WHERE id = ?").bind(res.body.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      name: application.name,
      email: application.email,
      website_url: application.websiteUrl,
      audience_description: application.audienceDescription,
    });
  });

  it("a refused application is not stored", async () => {
    const application = { ...validAffiliate(), websiteUrl: "nope" };
    expectError(await post("/api/affiliates", application), 400);
    const row = await env.DB.prepare("SELECT id FROM affiliate_applications WHERE email = ?").bind(application.email).first();
    expect(row).toBeNull();
  });
});

describe("POST /api/creators", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["name min 2", { name: "C" }, "name", MESSAGES.name],
    ["email valid", { email: "casey@" }, "email", MESSAGES.email],
    ["bio min 10", { bio: "Too short" }, "bio", MESSAGES.bio],
    ["bio missing", { bio: undefined }, "bio", MESSAGES.bio],
    ["portfolioUrls min 5 characters", { portfolioUrls: ["a.io"] }, "portfolioUrls", MESSAGES.portfolio],
    ["portfolioUrls empty list", { portfolioUrls: [] }, "portfolioUrls", MESSAGES.portfolio],
    ["portfolioUrls only blanks", { portfolioUrls: ["  ", ""] }, "portfolioUrls", MESSAGES.portfolio],
    ["portfolioUrls missing", { portfolioUrls: undefined }, "portfolioUrls", MESSAGES.portfolio],
    ["accountDetails min 3", { paymentInfo: { paymentMethod: "bank", accountDetails: "12" } }, "paymentInfo.accountDetails", MESSAGES.account],
    ["accountDetails missing", { paymentInfo: { paymentMethod: "crypto" } }, "paymentInfo.accountDetails", MESSAGES.account],
  ];
  for (const [rule, change, path, message] of cases) {
    it(`Creator form: ${rule} ('${message}')`, async () => {
      const res = await post("/api/creators", { ...validCreator(), ...change });
      expect(issueMessages(res)).toEqual({ [path]: message });
    });
  }

  it("Creator form: paymentMethod one of paypal, bank, crypto", async () => {
    for (const paymentMethod of ["cash", "", null, "PAYPAL"]) {
      const res = await post("/api/creators", { ...validCreator(), paymentInfo: { paymentMethod, accountDetails: "acct-123" } });
      expect(Object.keys(issueMessages(res))).toEqual(["paymentInfo.paymentMethod"]);
    }
    for (const paymentMethod of ["paypal", "bank", "crypto"]) {
      const res = await post("/api/creators", { ...validCreator(), paymentInfo: { paymentMethod, accountDetails: "acct-123" } });
      expect(res.status, paymentMethod).toBe(201);
    }
  });

  it("Creator form: a missing paymentInfo asks for the payment account details", async () => {
    const res = await post("/api/creators", { ...validCreator(), paymentInfo: undefined });
    expect(Object.values(issueMessages(res))).toContain(MESSAGES.account);
  });

  it("Creator form: social handles optional", async () => {
    const { socialLinks: _links, ...withoutLinks } = validCreator();
    expect((await post("/api/creators", withoutLinks)).status).toBe(201);
    expect((await post("/api/creators", { ...validCreator(), socialLinks: {} })).status).toBe(201);
    expect((await post("/api/creators", { ...validCreator(), socialLinks: { twitter: "@only" } })).status).toBe(201);
  });

  it('socialLinks is an object with exactly the four optional keys: `[]`, `[1,2]`, `["a"]`, `{"a":1}`, `{"__proto__":{...}}` are a 400 naming socialLinks, and nothing is stored', async () => {
    for (const socialLinks of ["[]", "[1,2]", '["a"]', '{"a":1}', '{"__proto__":{"instagram":"@x"}}', "null", '{"instagram":"@c","facebook":"@c"}']) {
      const application = validCreator();
      const body = JSON.stringify({ ...application, socialLinks: "SOCIAL" }).replace('"SOCIAL"', socialLinks);
      const res = await post("/api/creators", body);
      expect(Object.keys(issueMessages(res)), socialLinks).toEqual(["socialLinks"]);
      const row = await env.DB.prepare("SELECT id FROM creator_applications WHERE email = ?").bind(application.email).first();
      expect(row, socialLinks).toBeNull();
    }
  });

  it("portfolioUrls items are http(s) URLs of bounded length: anything else is a 400 naming portfolioUrls", async () => {
    for (const portfolioUrls of [
      ["casey.example.com"],
      ["javascript:alert(1)"],
      [1, 2],
      [{ url: "https://x.example" }],
      [`https://x.example/${"a".repeat(600)}`],
    ]) {
      const res = await post("/api/creators", { ...validCreator(), portfolioUrls });
      expect(Object.keys(issueMessages(res)), JSON.stringify(portfolioUrls).slice(0, 60)).toEqual(["portfolioUrls"]);
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://casey.example.com/${i}`);
    expect(Object.keys(issueMessages(await post("/api/creators", { ...validCreator(), portfolioUrls: tooMany })))).toEqual(["portfolioUrls"]);
  });

  it("every failing field is listed, each with its own message", async () => {
    const res = await post("/api/creators", {
      name: "",
      email: "",
      bio: "",
      portfolioUrls: [],
      paymentInfo: { paymentMethod: "paypal", accountDetails: "" },
    });
    expect(issueMessages(res)).toEqual({
      name: MESSAGES.name,
      email: MESSAGES.email,
      bio: MESSAGES.bio,
      portfolioUrls: MESSAGES.portfolio,
      "paymentInfo.accountDetails": MESSAGES.account,
    });
  });

  it("`POST /api/creators` persists the application and answers 201 `{id}` (portfolioUrls a trimmed list)", async () => {
    const application = { ...validCreator(), portfolioUrls: ["  https://casey.example.com/a  ", "https://casey.example.com/b"] };
    const res = await post("/api/creators", application);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const row = await env.DB.prepare("SELECT * FROM creator_applications WHERE id = ?").bind(res.body.id).first<Record<string, string>>();
    expect(row).toMatchObject({
      name: application.name,
      email: application.email,
      bio: application.bio,
      payment_method: "paypal",
      account_details: application.paymentInfo.accountDetails,
    });
    expect(JSON.parse(row!.portfolio_urls!)).toEqual(["https://casey.example.com/a", "https://casey.example.com/b"]);
    expect(JSON.parse(row!.social_links!)).toMatchObject({ instagram: "@casey", tiktok: "@casey.tt" });
  });
});

describe("privacy", () => {
  /** Every GET route a visitor can call, plus some that must not exist. */
  const READ_ROUTES = [
    "/api/creators",
    "/api/creators?featured=true",
    "/api/creators?featured=false",
    "/api/products",
    "/api/products?search=example.com",
    "/api/categories",
    "/api/cart",
    "/api/cart/recommended-bundles",
    "/api/recommendations",
    "/api/affiliates",
    "/api/creators/1",
    "/api/creators/applications",
  ];

  it("Applications are private: no route ever returns an applicant's email, payment details or an unapproved application", async () => {
    const marker = unique("Zed Private");
    const creator = {
      ...validCreator(),
      name: marker,
      email: `${marker.replace(/\W/g, "")}@private.example`,
      bio: `Bio of ${marker}, who must never be listed.`,
      paymentInfo: { paymentMethod: "bank", accountDetails: `IBAN-${marker}` },
    };
    const affiliateMarker = unique("Yan Private");
    const affiliate = { ...validAffiliate(), name: affiliateMarker, email: `${affiliateMarker.replace(/\W/g, "")}@private.example` };
    const applicant = new Visitor();
    const created = await applicant.post("/api/creators", creator);
    expect(created.status).toBe(201);
    expect(created.text).not.toContain(creator.email);
    expect((await applicant.post("/api/affiliates", affiliate)).status).toBe(201);
    const secrets = [marker, creator.email, creator.paymentInfo.accountDetails, affiliateMarker, affiliate.email];
    for (const visitor of [applicant, new Visitor()]) {
      for (const path of READ_ROUTES) {
        const res = await visitor.get(path);
        for (const secret of secrets) expect(res.text, `${path} leaks ${secret}`).not.toContain(secret);
      }
    }
  });

  it("`GET /api/creators?featured=true` never lists an applicant", async () => {
    const marker = unique("Applicant");
    expect((await post("/api/creators", { ...validCreator(), name: marker })).status).toBe(201);
    const res = await new Visitor().get<{ name: string }[]>("/api/creators?featured=true");
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.name)).not.toContain(marker);
  });

  it("GET /api/affiliates is not a route: 404 JSON, nothing listed", async () => {
    expect((await post("/api/affiliates", validAffiliate())).status).toBe(201);
    expectError(await new Visitor().get("/api/affiliates"), 404);
  });
});
