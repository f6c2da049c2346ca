/**
 * The partner's page, /partner (issue 34, item 6): only for a signed-in partner, private; their
 * link and code, clicks, attributed orders (masked number, date, net sales, commission, status),
 * tier and what is left to the next, pending / payable / paid, the next payout date and payouts,
 * and the payout method form. Partners are made straight in D1; the figures come from their
 * orders through the ledger (settlePartner), as placing and delivering would leave them.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PAYOUT_SAVED } from "../../app/components/partners/words";
import { commissionOf, nextPayoutDate, orderCommission } from "../../app/shared/partners";
import { createDatabase } from "../../workers/db/client";
import { settlePartner } from "../../workers/shop/partners/ledger";
import { maskOrderNumber, maskPayoutDetails } from "../../workers/shop/partners/portal";
import { readShown, renders } from "./entry";
import { makePartner, ORIGIN, partnerBrowser, signedInPartner, storePartnerOrder, type MadePartner } from "./partners-portal";

const db = createDatabase(env.DB);
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

type Shown = {
  name: string;
  link: string;
  code: string;
  status: string;
  clicks: { recent: number; all: number; recentDays: number };
  orders: { number: string; placedAt: string; netSales: number; commission: number | null; status: string }[];
  netSales: number;
  tier: { percent: number; nextPercent: number | null; leftToNext: number | null };
  balances: { pending: number; payable: number; paid: number };
  nextPayoutDate: string;
  payouts: { runDate: string; amount: number; status: string; paidAt: string | null }[];
  payout: { method: string; details: string } | null;
};

/** A partner with clicks, four orders (one delivered, one cancelled) and a paid payout. */
async function partnerWithOrders(partner: MadePartner) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO partner_clicks (partner_id, day, clicks) VALUES (?, ?, 7), (?, ?, 5), (?, ?, 11)").bind(
      partner.id,
      today(),
      partner.id,
      daysAgo(10),
      partner.id,
      daysAgo(45),
    ),
  ]);
  // $600 delivered, then $500 (crosses $1,000), $80 with $5 savings and $8 code, and a cancelled $300.
  const first = await storePartnerOrder(partner.id, { subtotal: 60_000, status: "delivered", daysAgo: 20 });
  const second = await storePartnerOrder(partner.id, { subtotal: 50_000, daysAgo: 10 });
  const third = await storePartnerOrder(partner.id, { subtotal: 8_000, bundleSavings: 500, discount: 800, daysAgo: 2 });
  const cancelled = await storePartnerOrder(partner.id, { subtotal: 30_000, status: "cancelled", daysAgo: 1 });
  await settlePartner({ db }, partner.id);
  // The first order's commission was paid out in last month's run.
  const payout = await env.DB.prepare(
    "INSERT INTO partner_payouts (partner_id, run_date, amount, status, paid_at) VALUES (?, '2026-10-15', 9000, 'paid', '2026-10-16 09:00:00') RETURNING id",
  )
    .bind(partner.id)
    .first<{ id: number }>();
  await env.DB.prepare("UPDATE partner_ledger SET status = 'paid', payout_id = ? WHERE order_id = ?").bind(payout!.id, first.id).run();
  return { first, second, third, cancelled };
}

describe("who sees the page", () => {
  it("anyone not signed in is sent to /login, and nothing about a partner is shown", async () => {
    const { browser } = partnerBrowser();
    const answer = await browser.get("/partner");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login");
    expect((await browser.post("/partner", { intent: "payout", method: "paypal", details: "me@example.com" })).location).toBe("/login");
  });

  it("is private and never kept", async () => {
    const browser = await signedInPartner(await makePartner());
    const page = await browser.get("/partner");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // Rendered for each request: after it, a visitor without the session still gets no page.
    const before = renders.count;
    await browser.get("/partner");
    expect(renders.count).toBe(before + 1);
    expect((await partnerBrowser().browser.get("/partner")).location).toBe("/login");
  });
});

describe("what the page shows", () => {
  it("link, code, clicks, orders masked with their commission and status, tier, balances, next payout and payouts", async () => {
    const partner = await makePartner();
    const orders = await partnerWithOrders(partner);
    const browser = await signedInPartner(partner);
    const page = await browser.get("/partner");
    const shown = readShown(page.text, "loader") as Shown;

    expect(shown.link).toBe(`${ORIGIN}/r/${partner.handle}`);
    expect(shown.code).toBe(partner.code);
    expect(shown.clicks).toEqual({ recent: 12, all: 23, recentDays: 30 });

    // Newest first; the numbers masked; commission C(after) - C(before) over what stands.
    expect(shown.orders.map((order) => order.number)).toEqual(
      [orders.cancelled, orders.third, orders.second, orders.first].map((order) => maskOrderNumber(order.number)),
    );
    expect(shown.orders[0]!.number).toMatch(/^RD-[0-9A-Z]{4}-••••$/);
    for (const { number } of Object.values(orders)) expect(page.text).not.toContain(number);
    expect(shown.orders.map((order) => order.netSales)).toEqual([30_000, 6_700, 50_000, 60_000]);
    const commissions = [orderCommission(0, 60_000), orderCommission(60_000, 50_000), orderCommission(110_000, 6_700)];
    expect(shown.orders.map((order) => order.commission)).toEqual([0, commissions[2], commissions[1], commissions[0]]);
    expect(shown.orders.map((order) => order.status)).toEqual(["void", "pending", "pending", "paid"]);
    expect(commissions.reduce((a, b) => a + b)).toBe(commissionOf(116_700));

    expect(shown.netSales).toBe(116_700);
    expect(shown.tier).toEqual({ percent: 20, nextPercent: 25, leftToNext: 500_000 - 116_700 });
    expect(shown.balances).toEqual({ pending: commissions[1]! + commissions[2]!, payable: 0, paid: commissions[0] });
    expect(shown.nextPayoutDate).toBe(nextPayoutDate(new Date()));
    expect(shown.payouts).toEqual([{ runDate: "2026-10-15", amount: 9000, status: "paid", paidAt: "2026-10-16 09:00:00" }]);
    expect(shown.payout).toBeNull();
  });

  it("a delivered order's commission shows payable", async () => {
    const partner = await makePartner();
    const order = await storePartnerOrder(partner.id, { subtotal: 40_000 });
    await settlePartner({ db }, partner.id);
    const browser = await signedInPartner(partner);
    expect((readShown((await browser.get("/partner")).text, "loader") as Shown).orders[0]!.status).toBe("pending");
    await env.DB.prepare("UPDATE orders SET status = 'delivered' WHERE id = ?").bind(order.id).run();
    await settlePartner({ db }, partner.id);
    const shown = readShown((await browser.get("/partner")).text, "loader") as Shown;
    expect(shown.orders[0]!.status).toBe("payable");
    expect(shown.balances.payable).toBe(6_000);
  });

  it("never shows another partner's link, code, clicks, orders or payouts", async () => {
    const mine = await makePartner();
    const theirs = await makePartner();
    const their = await partnerWithOrders(theirs);
    const browser = await signedInPartner(mine);
    const page = await browser.get("/partner");
    const shown = readShown(page.text, "loader") as Shown;
    expect(shown.orders).toEqual([]);
    expect(shown.clicks).toEqual({ recent: 0, all: 0, recentDays: 30 });
    expect(shown.payouts).toEqual([]);
    expect(shown.balances).toEqual({ pending: 0, payable: 0, paid: 0 });
    for (const text of [theirs.code, theirs.handle, theirs.email, ...Object.values(their).map((order) => maskOrderNumber(order.number))]) {
      expect(page.text).not.toContain(text);
    }
    // The page takes no partner from the request: a query or a form field naming another changes nothing.
    const asked = await browser.get(`/partner?partnerId=${theirs.id}`);
    expect((readShown(asked.text, "loader") as Shown).code).toBe(mine.code);
    await browser.post("/partner", { intent: "payout", method: "bank", details: "DE89 3704 0044 0532 0130 00", partnerId: String(theirs.id) });
    const stored = await env.DB.prepare("SELECT id, payout_method FROM partners WHERE id IN (?, ?)")
      .bind(mine.id, theirs.id)
      .all<{ id: number; payout_method: string | null }>();
    expect(stored.results.find((row) => row.id === theirs.id)!.payout_method).toBeNull();
    expect(stored.results.find((row) => row.id === mine.id)!.payout_method).toBe("bank");
  });

  it("a paused partner still sees what they earned", async () => {
    const partner = await makePartner({ status: "paused" });
    await storePartnerOrder(partner.id, { subtotal: 10_000 });
    await settlePartner({ db }, partner.id);
    const shown = readShown((await (await signedInPartner(partner)).get("/partner")).text, "loader") as Shown;
    expect(shown.status).toBe("paused");
    expect(shown.balances.pending).toBe(1_500);
  });
});

describe("the payout method", () => {
  it("is saved as given, and shown only masked", async () => {
    const partner = await makePartner();
    const browser = await signedInPartner(partner);
    const saved = await browser.post("/partner", { intent: "payout", method: "paypal", details: "sam.partner@example.com" });
    expect(saved.status).toBe(200);
    expect(readShown(saved.text, "action")).toMatchObject({ saved: true });
    expect(PAYOUT_SAVED.length).toBeGreaterThan(0);
    const stored = await env.DB.prepare("SELECT payout_method, payout_details FROM partners WHERE id = ?").bind(partner.id).first();
    expect(stored).toEqual({ payout_method: "paypal", payout_details: "sam.partner@example.com" });
    const page = await browser.get("/partner");
    expect((readShown(page.text, "loader") as Shown).payout).toEqual({ method: "paypal", details: "s•••@example.com" });
    expect(page.text).not.toContain("sam.partner@example.com");

    await browser.post("/partner", { intent: "payout", method: "bank", details: "GB29 NWBK 6016 1331 9268 19" });
    expect((readShown((await browser.get("/partner")).text, "loader") as Shown).payout).toEqual({ method: "bank", details: "••••6819" });
  });

  it("is refused in the form's words when a field is missing or wrong", async () => {
    const browser = await signedInPartner(await makePartner());
    const noMethod = await browser.post("/partner", { intent: "payout", method: "cheque", details: "somewhere" });
    expect(noMethod.status).toBe(400);
    expect(noMethod.text).toContain("Please choose PayPal, bank transfer or crypto.");
    const noDetails = await browser.post("/partner", { intent: "payout", method: "crypto", details: " " });
    expect(noDetails.status).toBe(400);
    expect(noDetails.text).toContain("Please provide your payment account details");
  });

  it("masks as the page shows it", () => {
    expect(maskPayoutDetails("paypal", "jane@example.com")).toBe("j•••@example.com");
    expect(maskPayoutDetails("bank", "12345678")).toBe("••••5678");
    expect(maskPayoutDetails("crypto", "0xAbCdEf0123456789")).toBe("••••6789");
    expect(maskPayoutDetails("bank", "123")).toBe("••••");
    expect(maskOrderNumber("RD-7KQ3-9X2M")).toBe("RD-7KQ3-••••");
  });
});
