/**
 * Commission exactly as the tiers read (spec section 3; contract, "Codes and partners";
 * docs/decisions/0026): marginal like tax brackets, an order earns C(after) − C(before), and
 * any sequence of orders and cancels ends at C of what remains, payouts or not.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commissionOf, nextPayoutDate, orderCommission, tierOf } from "../../app/shared/partners";
import { planLedger } from "../../workers/shop/partners/ledger";

describe("C(S): 15% of the first $1,000, 20% of the part from $1,000 to $5,000, 25% of the rest", () => {
  it("at and around $1,000 and $5,000", () => {
    expect(commissionOf(0)).toBe(0);
    expect(commissionOf(99_999)).toBe(15_000); // 14,999.85 -> 15,000 (half up)
    expect(commissionOf(100_000)).toBe(15_000);
    expect(commissionOf(100_001)).toBe(15_000); // 15,000.20 -> 15,000
    expect(commissionOf(100_003)).toBe(15_001); // 15,000.60 -> 15,001
    expect(commissionOf(499_999)).toBe(95_000); // 15,000 + 79,999.80 -> 95,000
    expect(commissionOf(500_000)).toBe(95_000);
    expect(commissionOf(500_002)).toBe(95_001); // 95,000.50 -> 95,001
    expect(commissionOf(1_000_000)).toBe(95_000 + 125_000);
  });

  it("an order that crosses a tier earns each part at its own rate", () => {
    // $900 then $200: the second order earns 15% of $100 and 20% of $100.
    expect(orderCommission(90_000, 20_000)).toBe(1_500 + 2_000);
    expect(orderCommission(0, 90_000)).toBe(13_500);
  });

  it("the tier and what is left to the next", () => {
    expect(tierOf(0)).toEqual({ percent: 15, nextPercent: 20, leftToNext: 100_000 });
    expect(tierOf(99_999)).toEqual({ percent: 15, nextPercent: 20, leftToNext: 1 });
    expect(tierOf(100_000)).toEqual({ percent: 20, nextPercent: 25, leftToNext: 400_000 });
    expect(tierOf(500_000)).toEqual({ percent: 25, nextPercent: null, leftToNext: null });
  });

  it("the next payout is on the 15th", () => {
    expect(nextPayoutDate(new Date("2026-11-27T12:00:00Z"))).toBe("2026-12-15");
    expect(nextPayoutDate(new Date("2026-12-15T23:00:00Z"))).toBe("2026-12-15");
    expect(nextPayoutDate(new Date("2026-12-31T00:00:00Z"))).toBe("2027-01-15");
  });
});

type Entry = Parameters<typeof planLedger>[1][number];

/** A ledger played through `settlePartner`'s plan: orders placed, cancelled, delivered, and payouts taken. */
function play(steps: { kind: "order" | "cancel" | "deliver" | "payout"; net: number; pick: number }[]) {
  const orders: { id: string; status: "placed" | "delivered" | "cancelled"; subtotal: number; bundleSavings: number; discount: number; delivered: boolean }[] =
    [];
  let entries: Entry[] = [];
  let nextId = 1;
  const settle = () => {
    const { planned, adjustment, byOrder } = planLedger(orders, entries);
    const locked = (e: Entry | undefined) => e !== undefined && (e.status === "paid" || e.payoutId !== null);
    for (const p of planned) {
      const entry = byOrder.get(p.orderId);
      if (locked(entry)) continue;
      if (entry) Object.assign(entry, { commission: p.commission, status: p.status, netSales: p.netSales });
      else if (p.status !== "void")
        entries.push({
          id: nextId++,
          partnerId: 1,
          orderId: p.orderId,
          netSales: p.netSales,
          commission: p.commission,
          status: p.status,
          payoutId: null,
          createdAt: "",
          updatedAt: "",
        });
    }
    entries = entries.filter((e) => !(e.orderId === null && !locked(e)));
    if (adjustment !== 0)
      entries.push({
        id: nextId++,
        partnerId: 1,
        orderId: null,
        netSales: 0,
        commission: adjustment,
        status: "payable",
        payoutId: null,
        createdAt: "",
        updatedAt: "",
      });
  };
  for (const step of steps) {
    const standing = orders.filter((o) => o.status !== "cancelled");
    if (step.kind === "order")
      orders.push({ id: `ord_${orders.length}`, status: "placed", subtotal: step.net, bundleSavings: 0, discount: 0, delivered: false });
    // The owner cancels only what is not delivered (workers/shop/orders/lifecycle.ts).
    const notDelivered = standing.filter((o) => o.status === "placed");
    if (step.kind === "cancel" && notDelivered.length > 0) notDelivered[step.pick % notDelivered.length]!.status = "cancelled";
    if (step.kind === "deliver" && notDelivered.length > 0)
      Object.assign(notDelivered[step.pick % notDelivered.length]!, { status: "delivered", delivered: true });
    settle();
    if (step.kind === "payout") for (const e of entries) if (e.status === "payable" && e.payoutId === null) Object.assign(e, { status: "paid", payoutId: 1 });
  }
  return { orders, entries };
}

describe("the ledger: any sequence of orders and cancels ends at C of what remains (fast-check)", () => {
  it("the entries add up to C(net sales of the orders that stand), whatever was paid out on the way", () => {
    const step = fc.record({
      kind: fc.constantFrom("order", "order", "cancel", "deliver", "payout"),
      net: fc.integer({ min: 0, max: 300_000 }),
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const { orders, entries } = play(steps);
        const standing = orders.filter((o) => o.status !== "cancelled").reduce((sum, o) => sum + o.subtotal, 0);
        const live = entries.filter((e) => e.status !== "void");
        expect(live.reduce((sum, e) => sum + e.commission, 0)).toBe(commissionOf(standing));
        // A cancelled order's entry never counts, and nothing paid ever changed.
        for (const o of orders.filter((o) => o.status === "cancelled")) expect(entries.find((e) => e.orderId === o.id)?.status ?? "void").toBe("void");
      }),
    );
  });

  it("pending until delivered, then payable", () => {
    const { entries } = play([
      { kind: "order", net: 10_000, pick: 0 },
      { kind: "order", net: 10_000, pick: 0 },
      { kind: "deliver", net: 0, pick: 0 },
    ]);
    expect(entries.map((e) => [e.orderId, e.status, e.commission])).toEqual([
      ["ord_0", "payable", 1_500],
      ["ord_1", "pending", 1_500],
    ]);
  });
});
