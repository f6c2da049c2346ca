/**
 * The owner's side of the partners (issue 34; docs/decisions/0026): approving an affiliate or
 * creator makes exactly one partner with a link, a code and a welcome email; declining sends
 * a kind email; the overview flags applications past 48 hours; pausing a partner stops their
 * link and code from attributing, resuming restores both; the Partners list's figures; the
 * payment run's CSV masks account details.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../../app/shared/money";
import { createDatabase } from "../../workers/db/client";
import { createShop } from "../../workers/shop";
import { openEmail } from "../../workers/shop/backoffice/emails";
import { composeEmail } from "../../workers/shop/emails/compose";
import { handleBase } from "../../workers/shop/partners/admission";
import { settlePartner } from "../../workers/shop/partners/ledger";
import { listPartners } from "../../workers/shop/partners/owner";
import { runPayouts } from "../../workers/shop/partners/payouts";
import { createVisitor } from "../../workers/shop/visitor";
import { SHIPPING_ADDRESS } from "../shopper";
import { productBySlug, unique } from "./helpers";
import { deliver, recordingMailer } from "./mail";
import { asHtml, auditOf, emailQueue, Owner, row } from "./owner";
import { attributedOrder, backOffice, letters, makePartner } from "./partners";
import { Visitor } from "./visitor";

type PartnerRow = {
  id: number;
  handle: string;
  programme: string;
  email: string;
  status: string;
  code_id: number;
  payout_method: string | null;
  payout_details: string | null;
};
type CodeRow = { code: string; kind: string; value: number; source: string; status: string; email: string | null };

async function apply(programme: "affiliate" | "creator", name: string) {
  const email = `${unique("applicant")}@Example.com`;
  const body =
    programme === "affiliate"
      ? { name, email, websiteUrl: "https://example.com", audienceDescription: "Young adults who care about sexual health." }
      : {
          name,
          email,
          socialLinks: { instagram: "@me", tiktok: "", youtube: "", twitter: "" },
          bio: "I make short comedy videos about dating and safer sex.",
          portfolioUrls: ["https://example.com/reel"],
          paymentInfo: { paymentMethod: "bank", accountDetails: "GB33BUKB20201555555555" },
        };
  const res = await new Visitor().post(`/api/${programme === "affiliate" ? "affiliates" : "creators"}`, body);
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as number, email };
}

const partnerOf = (programme: string, applicationId: number) =>
  row<PartnerRow>("SELECT * FROM partners WHERE programme = ? AND application_id = ?", programme, applicationId);
const codeOf = (id: number) => row<CodeRow>("SELECT * FROM discount_codes WHERE id = ?", id);

describe("approving an application makes a partner", () => {
  it("one partner, with a handle from the name, a 10% code of their own and a welcome email with the link, the code and the sign-in link", async () => {
    const surname = letters(7);
    const { id, email } = await apply("affiliate", `Jane ${surname}`);
    const queue = emailQueue();
    const owner = await Owner.signedIn(undefined, queue);
    const answer = await owner.post(`/admin/applications/affiliate/${id}/review`, { decision: "approved", note: "" });
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toBe(`/admin/applications/affiliate/${id}?done=partner-made`);

    const partner = (await partnerOf("affiliate", id))!;
    expect(partner).toMatchObject({ handle: `jane-${surname}`, email: email.toLowerCase(), status: "active", payout_method: null });
    expect(await codeOf(partner.code_id)).toMatchObject({ code: "JANE10", kind: "percent", value: 10, source: "partner", status: "active", email: null });
    expect((await auditOf(`affiliate application ${id}`)).map((e) => e.detail)).toEqual([`partner /r/jane-${surname}, code JANE10`]);

    // One email for the decision: the welcome, not the plain approval.
    expect(queue.jobs).toEqual([{ kind: "partner_welcome", programme: "affiliate", applicationId: id, origin: owner.origin }]);
    const { sent, mailer } = recordingMailer();
    await deliver(queue.jobs, mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(email.toLowerCase());
    expect(sent[0]!.subject).toBe("Welcome to the Raw Dogg affiliate program: your link and code");
    for (const part of [`Your link: ${owner.origin}/r/jane-${surname}`, "Your code: JANE10", `${owner.origin}/login`, `Welcome aboard, Jane ${surname}!`]) {
      expect(sent[0]!.text).toContain(part);
    }
    expect(sent[0]!.html).toContain(`href="${owner.origin}/login"`);
    expect(sent[0]!.text).toContain("tell us how you would like to be paid");
    // The Emails page reads it again and may resend it (its links are no secret).
    const record = (await row<{ id: number }>("SELECT id FROM emails WHERE key = ?", `partner_welcome:affiliate:${id}`))!;
    const opened = await openEmail(backOffice(), record.id);
    expect(opened.noResend).toBeNull();
    expect(opened.email?.text).toContain("Your code: JANE10");

    // The application's page links to the partner; approving again makes no second one.
    expect((await owner.get(`/admin/applications/affiliate/${id}`)).text).toContain(`/admin/partners/${partner.id}`);
    const again = await owner.post(`/admin/applications/affiliate/${id}/review`, { decision: "approved", note: "" });
    expect(again.status).toBe(400);
    expect(again.text).toContain("This application was already approved.");
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM partners WHERE email = ?", email.toLowerCase()))!.n).toBe(1);
    expect(queue.jobs).toHaveLength(1);
  });

  it("a second partner of the same name gets the next handle and code: -2, -3", async () => {
    const name = `Sam ${letters(6)}`;
    const owner = await Owner.signedIn(undefined, emailQueue());
    const handles: string[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await apply("affiliate", name);
      expect((await owner.post(`/admin/applications/affiliate/${id}/review`, { decision: "approved", note: "" })).status).toBe(303);
      const partner = (await partnerOf("affiliate", id))!;
      handles.push(partner.handle);
      codes.push((await codeOf(partner.code_id))!.code);
    }
    const base = handleBase(name);
    expect(handles).toEqual([base, `${base}-2`, `${base}-3`]);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^SAM10(-\d+)?$/);
  });

  it("a handle keeps letters only: accents dropped, digits and marks left out", () => {
    expect(handleBase("  Zoë O'Brien-Smith ")).toBe("zoe-o-brien-smith");
    expect(handleBase("Call me 555 1234")).toBe("call-me");
    expect(handleBase("李小龙")).toBe("partner");
  });

  it("a creator's payment method and account details are copied onto the partner, shown masked", async () => {
    const { id } = await apply("creator", `Casey ${letters(6)}`);
    const owner = await Owner.signedIn(undefined, emailQueue());
    expect((await owner.post(`/admin/applications/creator/${id}/review`, { decision: "approved", note: "", publish: "on" })).status).toBe(303);
    const partner = (await partnerOf("creator", id))!;
    expect(partner).toMatchObject({ programme: "creator", payout_method: "bank", payout_details: "GB33BUKB20201555555555" });
    const page = await owner.get(`/admin/partners/${partner.id}`);
    expect(page.text).toContain("bank transfer, account •••• 5555");
    expect(page.text).not.toContain("GB33BUKB");
  });

  it("one partner per email: an affiliate later approved as a creator keeps their link and code, and is welcomed with them", async () => {
    const name = `Dana ${letters(6)}`;
    const email = `${unique("dana")}@example.com`;
    const owner = await Owner.signedIn(undefined, emailQueue());
    const ids: number[] = [];
    for (const programme of ["affiliate", "creator"] as const) {
      const body =
        programme === "affiliate"
          ? { name, email, websiteUrl: "https://example.com", audienceDescription: "Young adults who care about sexual health." }
          : {
              name,
              email,
              socialLinks: { instagram: "@dana", tiktok: "", youtube: "", twitter: "" },
              bio: "I make short comedy videos about dating.",
              portfolioUrls: ["https://example.com/reel"],
              paymentInfo: { paymentMethod: "paypal", accountDetails: "dana-pay@example.com" },
            };
      const res = await new Visitor().post(`/api/${programme === "affiliate" ? "affiliates" : "creators"}`, body);
      ids.push(res.body.id);
      expect((await owner.post(`/admin/applications/${programme}/${res.body.id}/review`, { decision: "approved", note: "" })).status).toBe(303);
    }
    const partners = (await env.DB.prepare("SELECT programme, handle FROM partners WHERE email = ?").bind(email).all<{ programme: string; handle: string }>())
      .results;
    expect(partners).toEqual([{ programme: "affiliate", handle: handleBase(name) }]);
    const { sent, mailer } = recordingMailer();
    await deliver(
      ids.map((applicationId, i) => ({ kind: "partner_welcome", programme: i === 0 ? "affiliate" : "creator", applicationId, origin: "https://shop.test" })),
      mailer,
    );
    expect(sent.map((e) => e.subject)).toEqual([
      "Welcome to the Raw Dogg affiliate program: your link and code",
      "Welcome to the Raw Dogg content creator program: your link and code",
    ]);
    for (const e of sent) expect(e.text).toContain(`Your link: https://shop.test/r/${handleBase(name)}`);
  });

  it("declining sends one kind, clear email, and makes no partner", async () => {
    const { id, email } = await apply("affiliate", `Alex ${letters(6)}`);
    const queue = emailQueue();
    const owner = await Owner.signedIn(undefined, queue);
    expect((await owner.post(`/admin/applications/affiliate/${id}/review`, { decision: "declined", note: "" })).status).toBe(303);
    expect(await partnerOf("affiliate", id)).toBeNull();
    expect(queue.jobs).toEqual([{ kind: "application_reviewed", programme: "affiliate", applicationId: id }]);
    const email_ = (await composeEmail(createDatabase(env.DB), queue.jobs[0]!))!;
    expect(email_.to).toBe(email);
    expect(email_.subject).toBe("Your Raw Dogg affiliate program application was declined");
    expect(email_.text).toContain(
      "We read your application with care, and we are not able to offer you a place in the Raw Dogg affiliate program at this time.",
    );
    expect(email_.text).toContain("You are welcome to apply again later");
    expect(email_.text).toContain("Questions? Write to affiliates@rawdogg.com.");
  });
});

describe("the overview flags applications waiting longer than 48 hours", () => {
  it("with how long, and not those within 48 hours", async () => {
    const late = `Late ${letters(6)}`;
    const recent = `Recent ${letters(6)}`;
    const { id } = await apply("creator", late);
    await env.DB.prepare("UPDATE creator_applications SET created_at = datetime('now', '-50 hours', '-10 minutes') WHERE id = ?").bind(id).run();
    const { id: recentId } = await apply("affiliate", recent);
    await env.DB.prepare("UPDATE affiliate_applications SET created_at = datetime('now', '-47 hours') WHERE id = ?").bind(recentId).run();
    const page = await (await Owner.signedIn()).get("/admin");
    expect(page.text).toContain("Waiting longer than 48 hours");
    expect(page.text).toContain(`<a href="/admin/applications/creator/${id}">${late}</a>`);
    expect(page.text).toContain("2 days 2 hours");
    expect(page.text).not.toContain(recent);
  });
});

/** A shopper with an item in their cart, and their shop as the edge makes it: `referral` the handle their link's cookie holds. */
async function shopper(referral: string | null = null) {
  const visitor = new Visitor();
  const res = await visitor.post("/api/cart", { productId: (await productBySlug("plain-jane")).id, quantity: 2 });
  expect(res.status, res.text).toBe(200);
  const shop = createShop({
    db: createDatabase(env.DB),
    kv: env.CATALOG_KV,
    visitor: createVisitor(visitor.jar.get("rd_session") ?? null, { address: visitor.address, referral }),
    waitUntil: () => undefined,
    log: () => undefined,
  });
  const checkout = (codeShown?: string) => ({
    email: `${unique("buyer")}@example.com`,
    ...SHIPPING_ADDRESS,
    cardholderName: "Jane Q. Cardholder",
    checkoutKey: crypto.randomUUID(),
    ...(codeShown ? { codeShown } : {}),
  });
  return { shop, checkout };
}

describe("pausing and resuming a partner", () => {
  it("paused: their code is refused and their link attributes nothing; resumed: both attribute again; each audited", async () => {
    const partner = await makePartner();
    const owner = await Owner.signedIn();
    const pause = await owner.post(`/admin/partners/${partner.id}/status`, { status: "paused" });
    expect(pause.location).toBe(`/admin/partners/${partner.id}?done=paused`);
    expect((await row<{ status: string }>("SELECT status FROM partners WHERE id = ?", partner.id))!.status).toBe("paused");
    expect((await row<{ status: string }>("SELECT status FROM discount_codes WHERE code = ?", partner.code))!.status).toBe("paused");

    // Their code at checkout: refused, as every paused code is.
    const byCode = await shopper();
    await expect(byCode.shop.cart.applyDiscountCode(partner.code)).rejects.toThrow(partner.code);
    const placed = await byCode.shop.checkout.placeOrder(byCode.checkout());
    expect(placed.partnerId).toBeNull();
    // Their link: the order is placed, attributed to no one.
    const byLink = await shopper(partner.handle);
    const linked = await byLink.shop.checkout.placeOrder(byLink.checkout());
    expect((await row<{ partner_id: number | null }>("SELECT partner_id FROM orders WHERE id = ?", linked.id))!.partner_id).toBeNull();

    const resume = await owner.post(`/admin/partners/${partner.id}/status`, { status: "active" });
    expect(resume.location).toBe(`/admin/partners/${partner.id}?done=resumed`);
    expect((await row<{ status: string }>("SELECT status FROM discount_codes WHERE code = ?", partner.code))!.status).toBe("active");
    const again = await shopper();
    await again.shop.cart.applyDiscountCode(partner.code);
    const withCode = await again.shop.checkout.placeOrder(again.checkout(partner.code));
    expect(await row("SELECT partner_id, attribution FROM orders WHERE id = ?", withCode.id)).toEqual({ partner_id: partner.id, attribution: "code" });
    const viaLink = await shopper(partner.handle);
    const linkedAgain = await viaLink.shop.checkout.placeOrder(viaLink.checkout());
    expect(await row("SELECT partner_id, attribution FROM orders WHERE id = ?", linkedAgain.id)).toEqual({ partner_id: partner.id, attribution: "link" });

    // Pausing a paused partner changes nothing.
    await owner.post(`/admin/partners/${partner.id}/status`, { status: "active" });
    expect((await auditOf(`partner /r/${partner.handle}`)).map((e) => [e.action, e.address])).toEqual([
      ["partner.pause", owner.address],
      ["partner.resume", owner.address],
    ]);
  });
});

describe("the owner's list of partners", () => {
  it("each partner's net sales, commission earned, tier, status and waiting payout", async () => {
    const partner = await makePartner({ payout: { method: "paypal", details: "pp-ACCOUNT-4242" } });
    // $900 and $300 delivered, $500 cancelled: net sales $1,200; commission 15% of $1,000 + 20% of $200 = $190.
    await attributedOrder(partner.id, 90_000, "delivered");
    await attributedOrder(partner.id, 30_000, "delivered");
    await attributedOrder(partner.id, 50_000, "cancelled");
    await settlePartner(backOffice(), partner.id);
    await runPayouts(backOffice(), new Date("2027-05-15T06:00:00Z"));

    const deps = backOffice();
    let found;
    for (let page = 1; !found; page++) {
      const list = await listPartners(deps, page);
      found = list.rows.find((p) => p.id === partner.id);
      if (!list.hasMore) break;
    }
    expect(found).toMatchObject({ netSales: 120_000, earned: 19_000, tier: 20, status: "active", waiting: 19_000, code: partner.code });

    const owner = await Owner.signedIn();
    const page = await owner.get("/admin/partners");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<a href="/admin/partners/${partner.id}">${partner.name}</a>`);
    for (const figure of [formatPrice(120_000), formatPrice(19_000), "20%", `${owner.origin}/r/${partner.handle}`, partner.code])
      expect(page.text).toContain(asHtml(figure));
    expect(page.text).toContain('href="/admin/partners" aria-current="page"');

    const detail = await owner.get(`/admin/partners/${partner.id}`);
    expect(detail.text).toContain("Orders attributed");
    expect(detail.text).toContain(formatPrice(13_500)); // the $900 order's commission
    expect(detail.text).toContain("Void (cancelled)");
    expect(detail.text).toContain("2027-05-15");
  });
});

describe("the payment run's CSV", () => {
  it("lists every payout due: partner, email, method, the account masked but for its last 4 characters, the amount in plain figures, the run date", async () => {
    const partner = await makePartner({ payout: { method: "bank", details: "DE89370400440532013000" } });
    await attributedOrder(partner.id, 40_000, "delivered");
    await settlePartner(backOffice(), partner.id);
    await runPayouts(backOffice(), new Date("2027-06-15T06:00:00Z"));
    const owner = await Owner.signedIn();
    const csv = await owner.get("/admin/payouts.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("partner,email,method,account,amount,run date");
    expect(lines).toContain(`${partner.name},${partner.email},bank transfer,•••• 3000,60.00,2027-06-15`);
    expect(csv.text).not.toContain("DE8937");
    expect((await auditOf("payouts")).at(-1)).toMatchObject({ action: "export.payouts", address: owner.address });
  });
});

describe("signed out", () => {
  it("the partner and payout pages lead to the sign-in page, and nothing changes", async () => {
    const partner = await makePartner({ payout: { method: "bank", details: "DE89370400440532013000" } });
    const stranger = new Owner();
    for (const path of ["/admin/partners", `/admin/partners/${partner.id}`, "/admin/payouts", "/admin/payouts.csv"]) {
      expect((await stranger.get(path)).location, path).toBe("/admin/sign-in");
    }
    expect((await stranger.post(`/admin/partners/${partner.id}/status`, { status: "paused" })).location).toBe("/admin/sign-in");
    expect((await row<{ status: string }>("SELECT status FROM partners WHERE id = ?", partner.id))!.status).toBe("active");
    expect((await stranger.post("/admin/payouts/1/paid")).location).toBe("/admin/sign-in");
  });

  it("an unknown partner is a 404; a pause or resume that is neither is refused", async () => {
    const owner = await Owner.signedIn();
    expect((await owner.get("/admin/partners/999999")).status).toBe(404);
    expect((await owner.post("/admin/partners/999999/status", { status: "paused" })).status).toBe(404);
    const partner = await makePartner();
    expect((await owner.post(`/admin/partners/${partner.id}/status`, { status: "gone" })).status).toBe(400);
  });
});
