/**
 * Payouts on the 15th (spec section 3; contract, "Codes and partners"; docs/decisions/0026):
 * the run with a fixed clock drafts at $50 and above and rolls less over, takes the entries it
 * pays, and drafts nothing twice; the owner marks a payout paid (audited, entries paid, the
 * partner emailed); and any sequence of orders, cancels and deliveries, settled after each,
 * ends with the ledger at C of what stands (fast-check, against D1).
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commissionOf } from "../../app/shared/partners";
import { handleScheduled } from "../../workers/payout-run";
import { settlePartner } from "../../workers/shop/partners/ledger";
import { runPayouts } from "../../workers/shop/partners/payouts";
import { deliver, recordingMailer } from "./mail";
import { auditOf, emailQueue, Owner } from "./owner";
import { attributedOrder, backOffice, ledgerOf, makePartner, payoutsOf } from "./partners";

const FIFTEENTH = new Date("2026-12-15T06:00:00Z");

/** A partner with delivered orders earning `commission` cents at 15% (net sales commission / 0.15), settled. */
async function partnerEarning(netSales: number[], payout = { method: "paypal", details: "pay-ACCT-98765432" }) {
  const partner = await makePartner({ payout });
  for (const net of netSales) await attributedOrder(partner.id, net, "delivered");
  await settlePartner(backOffice(), partner.id);
  return partner;
}

describe("the 15th's run (a fixed clock)", () => {
  it("drafts a payout at $50 and above, taking the payable entries; below $50 rolls over; a second run drafts nothing twice", async () => {
    // 15% of $400 = $60: paid. 15% of $300 = $45: rolls over. 15% of $333.34 = $50.00 exactly: paid.
    const [sixty, fortyFive, fifty] = [await partnerEarning([20_000, 20_000]), await partnerEarning([30_000]), await partnerEarning([33_334])];
    const run = await runPayouts(backOffice(), FIFTEENTH);
    expect(run.runDate).toBe("2026-12-15");

    expect(await payoutsOf(sixty.id)).toEqual([expect.objectContaining({ run_date: "2026-12-15", amount: 6_000, status: "due" })]);
    const [payout] = await payoutsOf(sixty.id);
    expect((await ledgerOf(sixty.id)).map((e) => e.payout_id)).toEqual([payout!.id, payout!.id]);
    expect(await payoutsOf(fifty.id)).toEqual([expect.objectContaining({ amount: 5_000 })]);

    expect(await payoutsOf(fortyFive.id)).toEqual([]);
    expect((await ledgerOf(fortyFive.id)).map((e) => [e.commission, e.status, e.payout_id])).toEqual([[4_500, "payable", null]]);
    expect((await auditOf(`payout ${payout!.id}`)).map((e) => [e.action, e.detail, e.address])).toEqual([
      ["payout.draft", `run 2026-12-15, 60.00 to /r/${sixty.handle}`, "scheduled run"],
    ]);

    // Run again the same day (a retried trigger): nothing new, nothing taken twice, even with a new payable order.
    await attributedOrder(sixty.id, 40_000, "delivered");
    const again = await runPayouts(backOffice(), FIFTEENTH);
    expect(await payoutsOf(sixty.id)).toEqual([expect.objectContaining({ amount: 6_000 })]);
    expect(await payoutsOf(fortyFive.id)).toEqual([]);
    expect(again.rolledOver).toBeGreaterThanOrEqual(2);
    // The new order's commission waits, settled and payable, for next month's run.
    expect((await ledgerOf(sixty.id)).at(-1)).toMatchObject({ commission: 6_000, status: "payable", payout_id: null });

    // The rolled-over $45 and a new delivered order's $15 make $60 on January 15th.
    await attributedOrder(fortyFive.id, 10_000, "delivered");
    await runPayouts(backOffice(), new Date("2027-01-15T06:00:00Z"));
    expect((await payoutsOf(fortyFive.id)).map((p) => [p.run_date, p.amount])).toEqual([["2027-01-15", 6_000]]);
    expect((await payoutsOf(sixty.id)).map((p) => [p.run_date, p.amount])).toEqual([
      ["2026-12-15", 6_000],
      ["2027-01-15", 6_000],
    ]);
  });

  it("runs only on the 15th", async () => {
    const partner = await partnerEarning([50_000]);
    for (const day of ["2026-12-14T06:00:00Z", "2026-12-16T06:00:00Z", "2026-12-01T06:00:00Z"]) {
      expect(await runPayouts(backOffice(), new Date(day))).toEqual({ runDate: null, drafted: 0, rolledOver: 0 });
    }
    expect(await payoutsOf(partner.id)).toEqual([]);
  });

  it("pending commission (orders not delivered) is never paid out", async () => {
    const partner = await makePartner();
    await attributedOrder(partner.id, 100_000, "placed");
    await runPayouts(backOffice(), new Date("2027-02-15T06:00:00Z"));
    expect(await payoutsOf(partner.id)).toEqual([]);
    expect((await ledgerOf(partner.id)).map((e) => [e.commission, e.status])).toEqual([[15_000, "pending"]]);
  });

  it("the Worker's scheduled handler runs it at the trigger's time", async () => {
    const partner = await partnerEarning([40_000]);
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: unknown) => void lines.push(String(line));
    try {
      await handleScheduled({ scheduledTime: Date.parse("2027-03-15T06:00:00Z"), cron: "0 6 15 * *", noRetry() {} } as ScheduledController, env);
    } finally {
      console.log = log;
    }
    expect((await payoutsOf(partner.id)).map((p) => [p.run_date, p.amount])).toEqual([["2027-03-15", 6_000]]);
    expect(lines.some((line) => line.includes('"event":"payouts_run"') && line.includes('"runDate":"2027-03-15"'))).toBe(true);
  });
});

describe("marking a payout paid", () => {
  it("is audited, makes its entries paid and emails the partner; a second time is refused", async () => {
    const partner = await partnerEarning([40_000]);
    await runPayouts(backOffice(), new Date("2027-04-15T06:00:00Z"));
    const [payout] = await payoutsOf(partner.id);
    const queue = emailQueue();
    const owner = await Owner.signedIn(undefined, queue);

    const page = await owner.get("/admin/payouts");
    expect(page.text).toContain(`/admin/payouts/${payout!.id}/paid`);
    const answer = await owner.post(`/admin/payouts/${payout!.id}/paid`);
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toBe("/admin/payouts?done=payout-paid");

    expect(await payoutsOf(partner.id)).toEqual([expect.objectContaining({ status: "paid", paid_at: expect.any(String) })]);
    expect((await ledgerOf(partner.id)).map((e) => e.status)).toEqual(["paid"]);
    expect((await auditOf(`payout ${payout!.id}`)).map((e) => [e.action, e.detail, e.address])).toEqual([
      ["payout.draft", `run 2027-04-15, 60.00 to /r/${partner.handle}`, "scheduled run"],
      ["payout.paid", `run 2027-04-15, 60.00 to /r/${partner.handle}`, owner.address],
    ]);

    expect(queue.jobs).toEqual([{ kind: "payout_paid", payoutId: payout!.id, origin: owner.origin }]);
    const { sent, mailer } = recordingMailer();
    await deliver(queue.jobs, mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(partner.email);
    expect(sent[0]!.subject).toBe("Your Raw Dogg payout of $60.00 was paid");
    expect(sent[0]!.text).toContain("We paid you $60.00 by PayPal to your account •••• 5432: your payout of the April 15, 2027 run.");
    expect(sent[0]!.text).not.toContain("ACCT-98765432");

    const twice = await owner.post(`/admin/payouts/${payout!.id}/paid`);
    expect(twice.status).toBe(400);
    expect(twice.text).toContain("This payout was already marked paid.");
    expect(queue.jobs).toHaveLength(1);
    // Paid is paid: the ledger's settling leaves the paid entry as it is.
    await settlePartner(backOffice(), partner.id);
    expect((await ledgerOf(partner.id)).map((e) => [e.commission, e.status])).toEqual([[6_000, "paid"]]);
  });

  it("an unknown payout is a 404", async () => {
    const owner = await Owner.signedIn();
    expect((await owner.post("/admin/payouts/999999/paid")).status).toBe(404);
  });
});

describe("the ledger against D1 (fast-check)", () => {
  type Step = { kind: "order" | "cancel" | "deliver"; net: number; pick: number };
  const stepArb: fc.Arbitrary<Step> = fc.record({
    kind: fc.constantFrom("order", "order", "cancel", "deliver"),
    // Up to $3,000 an order: a few orders cross both tiers.
    net: fc.integer({ min: 1, max: 300_000 }),
    pick: fc.nat(),
  });

  it("any sequence of orders, cancels and deliveries, settled after each, ends with the non-void entries at C of the net sales that stand", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        const partner = await makePartner();
        const orders: { id: string; net: number; status: "placed" | "delivered" | "cancelled" }[] = [];
        for (const step of steps) {
          if (step.kind === "order" || orders.length === 0) {
            const { id } = await attributedOrder(partner.id, step.net);
            orders.push({ id, net: step.net, status: "placed" });
          } else {
            const order = orders[step.pick % orders.length]!;
            if (order.status !== "cancelled") {
              order.status = step.kind === "cancel" ? "cancelled" : "delivered";
              await env.DB.prepare("UPDATE orders SET status = ? WHERE id = ?").bind(order.status, order.id).run();
            }
          }
          await settlePartner(backOffice(), partner.id);
        }
        const standing = orders.filter((o) => o.status !== "cancelled");
        const entries = await ledgerOf(partner.id);
        expect(entries.filter((e) => e.status !== "void").reduce((sum, e) => sum + e.commission, 0)).toBe(
          commissionOf(standing.reduce((sum, o) => sum + o.net, 0)),
        );
        // Payable exactly for the delivered orders, pending for the rest that stand.
        for (const order of orders) {
          const entry = entries.find((e) => e.order_id === order.id);
          const expected = order.status === "cancelled" ? "void" : order.status === "delivered" ? "payable" : "pending";
          if (entry || order.status !== "cancelled") expect(entry?.status).toBe(expected);
        }
      }),
      { numRuns: 25 },
    );
  });
});
