/**
 * An order's life after checkout (docs/decisions/0021; workers/shop/orders/): its number and
 * link token, the owner's moves and the shopper's cancel (every allowed one, every refused
 * one, two at once), the email each change enqueues and what it says, the order's page view,
 * and the shipping CSV.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CARRIERS, UNKNOWN_CARRIER } from "../../app/shared/carriers";
import { isShopError } from "../../app/shared/errors";
import { CANCELLED_BY_SHOPPER, maskEmail, ORDER_NUMBER_SHAPE, orderNumberOf } from "../../app/shared/orders";
import { createDatabase } from "../../workers/db/client";
import { findOrder, getOrder } from "../../workers/shop/backoffice/orders";
import { composeEmail } from "../../workers/shop/emails/compose";
import { WITHHELD_OVER_THE_DAILY_CAP, WITHHELD_WITH_ITS_CONFIRMATION } from "../../workers/shop/emails/delivery";
import { cancelByShopper, MOVES_FROM, moveOrder, refusal, type Move, type OwnerMove } from "../../workers/shop/orders/lifecycle";
import { orderPageView } from "../../workers/shop/orders/page";
import { readOrder, readPlacedOrder } from "../../workers/shop/orders/read";
import { applyShipments, SHIPPING_CSV_MAX_ROWS } from "../../workers/shop/orders/shipping-csv";
import { emailKey, type EmailJob } from "../../workers/shop/emails/outbox";
import { TOKEN_SHAPE } from "../../workers/shop/tokens";
import { SHIPPING_ADDRESS } from "../shopper";
import { unique } from "./helpers";
import { deliver, emailRow, recordingMailer, shopWithOutbox } from "./mail";
import { auditOf, row } from "./owner";
import { Visitor } from "./visitor";

const ORIGIN = "https://shop.test";
const db = createDatabase(env.DB);

/** The owner's deps, with the jobs their moves enqueue kept for the test. */
function ownerDeps() {
  const jobs: EmailJob[] = [];
  return { deps: { db, outbox: { enqueue: (job: EmailJob) => void jobs.push(job) }, address: "198.18.0.7" }, jobs };
}

/**
 * A shopper's order through the shop's own checkout: Fantasia, then Plain Jane (the Date
 * Night Duo bundle), then 24k Gold, in that order in the cart (not the names' order).
 */
async function placeOrder() {
  const shopper = new Visitor();
  for (const productId of [6, 1, 5]) expect((await shopper.post("/api/cart", { productId, quantity: 1 })).status).toBe(200);
  const { shop, jobs } = shopWithOutbox(shopper.jar.get("rd_session") ?? null);
  const email = `${unique("jane.doe")}@example.com`;
  const order = await shop.checkout.placeOrder({ email, ...SHIPPING_ADDRESS, cardholderName: "Jane Q. Cardholder", checkoutKey: crypto.randomUUID() }, ORIGIN);
  return { order, email, jobs, token: order.accessToken! };
}

const statusOf = async (number: string) => (await row<{ status: string }>("SELECT status FROM orders WHERE number = ?", number))!.status;
const eventsOf = async (number: string) =>
  (
    await env.DB.prepare(
      "SELECT e.status, e.actor, e.carrier, e.tracking_number, e.reason FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.number = ? ORDER BY e.id",
    )
      .bind(number)
      .all<{ status: string; actor: string; carrier: string | null; tracking_number: string | null; reason: string | null }>()
  ).results;

/** Why a promise was refused: the shop's error kind and its words. */
async function refusedWith(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isShopError(error), String(error)).toBe(true);
  return { kind: (error as { kind: string }).kind, message: (error as Error).message };
}

const MOVE_OF: Record<Move, OwnerMove> = {
  packed: { to: "packed" },
  shipped: { to: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
  delivered: { to: "delivered" },
  cancelled: { to: "cancelled", reason: "Out of stock at the warehouse" },
};

/** The owner's moves that take a placed order to `status`. */
const PATH_TO: Record<"placed" | "packed" | "shipped" | "delivered" | "cancelled", Move[]> = {
  placed: [],
  packed: ["packed"],
  shipped: ["packed", "shipped"],
  delivered: ["packed", "shipped", "delivered"],
  cancelled: ["cancelled"],
};

describe("an order's number and link", () => {
  it("placing gives it a number RD-XXXX-XXXX and a 256-bit link token distinct from it, and the placed event; nothing the shopper gets carries ord_", async () => {
    const { order, jobs, token } = await placeOrder();
    expect(order.number).toMatch(ORDER_NUMBER_SHAPE);
    expect(token).toMatch(TOKEN_SHAPE);
    expect(atob(token.replace(/-/g, "+").replace(/_/g, "/") + "=")).toHaveLength(32);
    expect(token).not.toContain(order.number);
    expect(await eventsOf(order.number)).toEqual([{ status: "placed", actor: "shop", carrier: null, tracking_number: null, reason: null }]);
    expect(jobs).toEqual([{ kind: "order_confirmation", orderId: order.id, origin: ORIGIN, token }]);
    const email = (await composeEmail(db, jobs[0]!))!;
    for (const part of [email.subject, email.text, email.html]) expect(part).not.toContain("ord_");
  });

  it("a number typed in lower case, with spaces or an O for a 0 is found; anything else is no number", async () => {
    expect(orderNumberOf(" rd-7kq3 9x2m ")).toBe("RD-7KQ3-9X2M");
    expect(orderNumberOf("RD7KQO9X2M")).toBe("RD-7KQ0-9X2M");
    for (const typed of ["", "ord_c01108a1d373a9186cc35d17", "RD-7KQ3-9X2", "RD-7KQ3-9X2MM", "RD-7KQ3-9X2U"]) expect(orderNumberOf(typed)).toBeNull();
    const { order } = await placeOrder();
    const { deps } = ownerDeps();
    expect((await findOrder(deps, order.number.toLowerCase().replace("-", " ")))?.number).toBe(order.number);
    expect(await findOrder(deps, "RD-0000-0000")).toBeNull();
  });
});

describe("the order's page view", () => {
  it("shows the number, the timeline, the lines in cart order, the bundle named, the address and email masked; a changed character is null", async () => {
    const { order, email, token } = await placeOrder();
    const view = (await orderPageView({ db }, token))!;
    expect(view).toMatchObject({ number: order.number, status: "placed", canCancel: true, email: maskEmail(email), total: order.total });
    expect(view.email).toMatch(/^j•••@e•••\.com$/);
    expect(view.lines.map((line) => line.name)).toEqual(["Fantasia", "Plain Jane", "24k Gold"]);
    expect(view.bundles.map((bundle) => bundle.name)).toEqual(["Date Night Duo"]);
    expect(view.bundleSavings).toBeGreaterThan(0);
    expect(view.shippingAddress).toEqual({ name: "Jane D.", street: "1 M…", city: "New York", state: "NY", zipCode: "10001", country: "United States" });
    expect(view.timeline.map((event) => event.status)).toEqual(["placed"]);
    const shown = JSON.stringify(view);
    for (const secret of [email, "Main Street", "Doe", "ord_", token]) expect(shown).not.toContain(secret);

    const flipped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect(await orderPageView({ db }, flipped)).toBeNull();
    for (const bad of ["", token.slice(1), `${token}A`, order.number, order.id, `${token.slice(0, 42)}=`]) expect(await orderPageView({ db }, bad)).toBeNull();
  });

  it("an intent has no page: it has no token, and its number opens nothing", async () => {
    const shopper = new Visitor();
    await shopper.post("/api/cart", { productId: 1, quantity: 1 });
    const intent = await shopWithOutbox(shopper.jar.get("rd_session") ?? null).shop.checkout.createPaymentIntent(`${unique("intent")}@example.com`);
    expect(intent.id).toMatch(ORDER_NUMBER_SHAPE);
    expect((await row<{ access_token: string | null }>("SELECT access_token FROM orders WHERE number = ?", intent.id))!.access_token).toBeNull();
  });
});

describe("one order read (workers/shop/orders/read.ts), for the page, the back office, agents and the emails", () => {
  it("by its link, its id or its number, the same order: its lines in cart order, its timeline with the tracking in words; a token of the wrong shape and an unknown number open nothing", async () => {
    const { order, token } = await placeOrder();
    const { deps } = ownerDeps();
    await moveOrder(deps, order.number, { to: "packed" }, ORIGIN);
    await moveOrder(deps, order.number, { to: "shipped", carrier: "ups", trackingNumber: "1Z999AA10123456784" }, ORIGIN);
    for (const ref of [{ token }, { id: order.id }, { number: order.number }]) {
      const read = (await readPlacedOrder(db, ref))!;
      expect(read.order.number).toBe(order.number);
      expect(read.lines.map((line) => line.name)).toEqual(["Fantasia", "Plain Jane", "24k Gold"]);
      expect(read.events.map((event) => event.status)).toEqual(["placed", "packed", "shipped"]);
      expect(read.events.map((event) => event.tracking)).toEqual([
        null,
        null,
        { carrier: "UPS", number: "1Z999AA10123456784", url: `${CARRIERS.ups.url}1Z999AA10123456784` },
      ]);
      expect(read.downloads).toEqual([]);
    }
    for (const ref of [{ token: token.slice(1) }, { token: order.number }, { number: "RD-0000-0000" }, { id: "ord_none" }])
      expect(await readOrder(db, ref)).toBeNull();
  });
});

describe("the owner's moves", () => {
  it("placed -> packed -> shipped -> delivered: one event, one audit entry and one email job each; the timeline shows the carrier and tracking link", async () => {
    const { order, token } = await placeOrder();
    const { deps, jobs } = ownerDeps();
    await moveOrder(deps, order.number, { to: "packed" }, ORIGIN);
    await moveOrder(deps, order.number, { to: "shipped", carrier: "ups", trackingNumber: "1z 999 aa1 0123 456 784" }, ORIGIN);
    await moveOrder(deps, order.number, { to: "delivered" }, ORIGIN);
    expect(await statusOf(order.number)).toBe("delivered");
    expect((await eventsOf(order.number)).map(({ status, actor, carrier, tracking_number }) => [status, actor, carrier, tracking_number])).toEqual([
      ["placed", "shop", null, null],
      ["packed", "owner", null, null],
      ["shipped", "owner", "ups", "1Z999AA10123456784"],
      ["delivered", "owner", null, null],
    ]);
    expect(await auditOf(`order ${order.number}`)).toEqual([
      { action: "order.pack", detail: "", address: deps.address },
      { action: "order.ship", detail: "with UPS 1Z999AA10123456784", address: deps.address },
      { action: "order.deliver", detail: "", address: deps.address },
    ]);
    expect(jobs).toEqual(["packed", "shipped", "delivered"].map((status) => ({ kind: "order_update", orderId: order.id, status, origin: ORIGIN, token })));
    const view = (await orderPageView({ db }, token))!;
    expect(view.status).toBe("delivered");
    expect(view.canCancel).toBe(false);
    expect(view.timeline.find((event) => event.status === "shipped")?.tracking).toEqual({
      carrier: "UPS",
      number: "1Z999AA10123456784",
      url: `${CARRIERS.ups.url}1Z999AA10123456784`,
    });
    const detail = await getOrder(deps, order.number);
    expect(detail.events.map((event) => event.status)).toEqual(["placed", "packed", "shipped", "delivered"]);
    expect(detail.moves).toEqual([]);
  });

  it("every move from every status: the allowed ones happen, the refused ones say why in words and change nothing", async () => {
    const statuses = Object.keys(PATH_TO) as (keyof typeof PATH_TO)[];
    for (const status of statuses) {
      for (const move of Object.keys(MOVE_OF) as Move[]) {
        const { order } = await placeOrder();
        const { deps, jobs } = ownerDeps();
        for (const step of PATH_TO[status]) await moveOrder(deps, order.number, MOVE_OF[step], ORIGIN);
        const [events, audits, jobsBefore] = [(await eventsOf(order.number)).length, (await auditOf(`order ${order.number}`)).length, jobs.length];
        const allowed = (MOVES_FROM.owner[move] ?? []).includes(status);
        if (allowed) {
          await moveOrder(deps, order.number, MOVE_OF[move], ORIGIN);
          expect(await statusOf(order.number), `${status} -> ${move}`).toBe(move);
          expect(jobs.length).toBe(jobsBefore + 1);
        } else {
          const refused = await refusedWith(moveOrder(deps, order.number, MOVE_OF[move], ORIGIN));
          expect(refused, `${status} -> ${move}`).toEqual({ kind: "conflict", message: refusal(status, move) });
          expect(await statusOf(order.number)).toBe(status);
          expect((await eventsOf(order.number)).length).toBe(events);
          expect((await auditOf(`order ${order.number}`)).length).toBe(audits);
          expect(jobs.length).toBe(jobsBefore);
        }
      }
    }
    expect(refusal("shipped", "cancelled")).toBe("This order was shipped already: it is on its way and can no longer be cancelled.");
    expect(refusal("packed", "packed")).toBe("This order was packed already.");
    expect(refusal("placed", "shipped")).toBe("This order is not packed yet: mark it packed before shipping it.");
    expect(refusal("cancelled", "cancelled")).toBe("This order is cancelled already.");
  });

  it("two owners at once: one wins, the other is told in words; one event, one audit entry, one email", async () => {
    for (const [a, b, loserSays] of [
      [MOVE_OF.packed, MOVE_OF.packed, "This order was packed already."],
      [MOVE_OF.packed, MOVE_OF.cancelled, null],
      [MOVE_OF.cancelled, { to: "cancelled", reason: "Another reason" }, "This order is cancelled already."],
    ] as [OwnerMove, OwnerMove, string | null][]) {
      const { order } = await placeOrder();
      const { deps, jobs } = ownerDeps();
      const outcomes = await Promise.allSettled([moveOrder(deps, order.number, a, ORIGIN), moveOrder(deps, order.number, b, ORIGIN)]);
      const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
      const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const reason = lost[0]!.reason as Error;
      expect(isShopError(reason)).toBe(true);
      const winner = outcomes[0]!.status === "fulfilled" ? a : b;
      expect(reason.message).toBe(loserSays ?? refusal(winner.to, (winner === a ? b : a).to));
      expect((await eventsOf(order.number)).map((event) => event.status)).toEqual(["placed", winner.to]);
      expect(await auditOf(`order ${order.number}`)).toHaveLength(1);
      expect(jobs).toHaveLength(1);
    }
  });

  it("a ship needs a carrier of the list and a tracking number in its format; a cancel a reason of one line, at most 200 characters", async () => {
    const { order } = await placeOrder();
    const { deps, jobs } = ownerDeps();
    await moveOrder(deps, order.number, { to: "packed" });
    expect(await refusedWith(moveOrder(deps, order.number, { to: "shipped", carrier: "Pony Express", trackingNumber: "1Z999AA10123456784" }))).toEqual({
      kind: "invalid",
      message: UNKNOWN_CARRIER,
    });
    expect((await refusedWith(moveOrder(deps, order.number, { to: "shipped", carrier: "UPS", trackingNumber: order.number }))).message).toBe(
      `That is not a UPS tracking number: UPS's are ${CARRIERS.ups.format}.`,
    );
    expect((await refusedWith(moveOrder(deps, order.number, { to: "shipped", carrier: "FedEx", trackingNumber: "12345" }))).message).toContain(
      "12, 15, 20 or 22 digits",
    );
    expect((await refusedWith(moveOrder(deps, order.number, { to: "shipped", carrier: "DHL", trackingNumber: " " }))).message).toBe(
      "Please enter the tracking number.",
    );
    expect((await refusedWith(moveOrder(deps, order.number, { to: "cancelled", reason: "x".repeat(201) }))).message).toBe(
      "Please keep this under 200 characters.",
    );
    expect((await refusedWith(moveOrder(deps, order.number, { to: "cancelled", reason: "Line one\nBcc: someone" }))).message).toBe(
      "Please keep the reason on one line.",
    );
    expect((await refusedWith(moveOrder(deps, order.number, { to: "cancelled", reason: "  " }))).message).toBe(
      "Please give the reason for cancelling (at least 3 characters).",
    );
    expect(await refusedWith(moveOrder(deps, "RD-0000-0000", { to: "packed" }))).toEqual({ kind: "not_found", message: "There is no order with that number." });
    expect(await refusedWith(moveOrder(deps, order.id, { to: "packed" }))).toEqual({ kind: "not_found", message: "There is no order with that number." });
    expect(await statusOf(order.number)).toBe("packed");
    expect(jobs).toHaveLength(1);
  });

  it("a cancel gives the stock back and stops the download links, in the move's batch, audited with what came back", async () => {
    const { order } = await placeOrder();
    const { deps } = ownerDeps();
    const counted = await row<{ id: number; stock: number | null }>("SELECT v.id, v.stock FROM variants v WHERE v.product_id = 6");
    await moveOrder(deps, order.number, { to: "packed" });
    await moveOrder(deps, order.number, { to: "cancelled", reason: "Damaged in packing" });
    const after = await row<{ stock: number | null }>("SELECT stock FROM variants WHERE id = ?", counted!.id);
    expect(after!.stock).toBe(counted!.stock === null ? null : counted!.stock + 1);
    expect((await auditOf(`order ${order.number}`)).at(-1)).toMatchObject({ action: "order.cancel" });
    expect((await auditOf(`order ${order.number}`)).at(-1)!.detail).toMatch(/^reason "Damaged in packing"; stock returned: /);
    expect((await eventsOf(order.number)).at(-1)).toEqual({
      status: "cancelled",
      actor: "owner",
      carrier: null,
      tracking_number: null,
      reason: "Damaged in packing",
    });
  });
});

describe("the shopper's cancel", () => {
  it("before it is packed: cancelled by the link's token, audited as the shopper's, emailed; after, refused in words; a changed token is a 404", async () => {
    const { order, token } = await placeOrder();
    const { deps, jobs } = ownerDeps();
    const flipped = `${token[0] === "A" ? "B" : "A"}${token.slice(1)}`;
    expect(await refusedWith(cancelByShopper(deps, flipped, ORIGIN))).toEqual({ kind: "not_found", message: "There is no such order." });
    expect(await refusedWith(cancelByShopper(deps, "not a token", ORIGIN))).toEqual({ kind: "not_found", message: "There is no such order." });
    await cancelByShopper(deps, token, ORIGIN);
    expect(await statusOf(order.number)).toBe("cancelled");
    expect((await eventsOf(order.number)).at(-1)).toEqual({ status: "cancelled", actor: "shopper", carrier: null, tracking_number: null, reason: null });
    expect((await auditOf(`order ${order.number}`))[0]!.detail).toMatch(/^by the shopper; stock returned: /);
    expect(jobs).toEqual([{ kind: "order_update", orderId: order.id, status: "cancelled", origin: ORIGIN, token }]);
    const view = (await orderPageView({ db }, token))!;
    expect(view.timeline.at(-1)).toMatchObject({ status: "cancelled", why: CANCELLED_BY_SHOPPER });
    expect(view.canCancel).toBe(false);
    expect((await refusedWith(cancelByShopper(deps, token, ORIGIN))).message).toBe("This order is cancelled already.");

    const packed = await placeOrder();
    await moveOrder(deps, packed.order.number, { to: "packed" });
    expect((await orderPageView({ db }, packed.token))!.canCancel).toBe(false);
    expect((await refusedWith(cancelByShopper(deps, packed.token, ORIGIN))).message).toBe(refusal("packed", "cancelled"));
    expect(await statusOf(packed.order.number)).toBe("packed");
  });
});

describe("the emails about an order", () => {
  it("the confirmation says the number, the date, the address, the lines in cart order, the bundle on its savings line and the page's link", async () => {
    const { order, jobs, token } = await placeOrder();
    const email = (await composeEmail(db, jobs[0]!))!;
    const link = `${ORIGIN}/orders/${token}`;
    for (const part of [email.text, email.html]) {
      expect(part).toContain(order.number);
      expect(part).toMatch(/Placed on [A-Z][a-z]+ \d{1,2}, \d{4}/);
      expect(part).toContain("Jane Doe");
      expect(part).toContain("1 Main Street");
      expect(part).toContain("New York, NY 10001");
      expect(part).toContain("Bundle savings (Date Night Duo)");
      expect(part).toContain(link);
    }
    const names = ["Fantasia", "Plain Jane", "24k Gold"].map((name) => email.text.indexOf(`1 x ${name}`));
    expect(names.every((at) => at > 0)).toBe(true);
    expect(names).toEqual([...names].sort((a, b) => a - b));
  });

  it("each change's email: packed, shipped with the carrier, number and tracking link, delivered, cancelled with the owner's reason escaped", async () => {
    const { order, token } = await placeOrder();
    const { deps, jobs } = ownerDeps();
    await moveOrder(deps, order.number, { to: "packed" }, ORIGIN);
    await moveOrder(deps, order.number, { to: "shipped", carrier: "USPS", trackingNumber: "9400 1000 0000 0000 0000 00" }, ORIGIN);
    await moveOrder(deps, order.number, { to: "delivered" }, ORIGIN);
    const [packed, shipped, delivered] = await Promise.all(jobs.map(async (job) => (await composeEmail(db, job))!));
    expect(packed!.subject).toBe(`Your Raw Dogg order ${order.number} is packed`);
    expect(shipped!.subject).toBe(`Your Raw Dogg order ${order.number} has shipped`);
    expect(delivered!.subject).toBe(`Your Raw Dogg order ${order.number} was delivered`);
    const tracking = `${CARRIERS.usps.url}9400100000000000000000`;
    expect(shipped!.text).toContain("USPS tracking number: 9400100000000000000000");
    expect(shipped!.text).toContain(tracking);
    expect(shipped!.html).toContain(`href="${tracking.replaceAll("&", "&amp;")}"`);
    for (const email of [packed!, shipped!, delivered!]) {
      expect(email.text).toContain(`${ORIGIN}/orders/${token}`);
      expect(email.text).toContain("Bundle savings (Date Night Duo)");
      expect(email.text).not.toContain("ord_");
    }

    const other = await placeOrder();
    await moveOrder(deps, other.order.number, { to: "cancelled", reason: "We <b>ran out</b> & are sorry" }, ORIGIN);
    const cancelled = (await composeEmail(db, jobs.at(-1)!))!;
    expect(cancelled.subject).toBe(`Your Raw Dogg order ${other.order.number} was cancelled`);
    expect(cancelled.text).toContain("Reason: We <b>ran out</b> & are sorry");
    expect(cancelled.html).toContain("Reason: We &lt;b&gt;ran out&lt;/b&gt; &amp; are sorry");
    expect(cancelled.html).not.toContain("<b>ran out");

    const byShopper = await placeOrder();
    await cancelByShopper(deps, byShopper.token, ORIGIN);
    expect((await composeEmail(db, jobs.at(-1)!))!.text).toContain(CANCELLED_BY_SHOPPER);
  });

  it("an update's job is keyed by order and status, so a redelivered job sends once; a job for a move that never happened sends nothing", async () => {
    const { order } = await placeOrder();
    const { deps, jobs } = ownerDeps();
    await moveOrder(deps, order.number, { to: "packed" }, ORIGIN);
    const job = jobs[0]!;
    expect(await emailKey(job)).toBe(`order_update:${order.id}:packed`);
    const { sent, mailer } = recordingMailer();
    await deliver([job], mailer);
    await deliver([job], mailer);
    expect(sent).toHaveLength(1);
    expect(await emailRow(`order_update:${order.id}:packed`)).toMatchObject({ status: "sent", kind: "order_update" });
    expect(await composeEmail(db, { kind: "order_update", orderId: order.id, status: "shipped", origin: ORIGIN, token: order.accessToken! })).toBeNull();
  });

  it("the daily cap bounds what an order causes: an address at the cap still hears its confirmed order ship, and an order whose confirmation was withheld gets no updates", async () => {
    const shopper = await placeOrder();
    const { sent, mailer } = recordingMailer();
    await deliver(shopper.jobs, mailer);
    // Three other orders to the same address fill its day: their confirmations count, none of its updates do.
    const others = [await placeOrder(), await placeOrder(), await placeOrder()];
    const sameAddress = others.map(({ jobs }) => jobs.map((job) => ({ ...job })));
    for (const [i, other] of others.entries()) {
      await env.DB.prepare("UPDATE orders SET email = ? WHERE id = ?").bind(shopper.email, other.order.id).run();
      await deliver(sameAddress[i]!, mailer);
    }
    expect(await emailRow(`order_confirmation:${others[2]!.order.id}`)).toMatchObject({ status: "withheld", error: WITHHELD_OVER_THE_DAILY_CAP });

    const { deps, jobs } = ownerDeps();
    await moveOrder(deps, shopper.order.number, { to: "packed" }, ORIGIN);
    await moveOrder(deps, shopper.order.number, { to: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" }, ORIGIN);
    await moveOrder(deps, others[2]!.order.number, { to: "packed" }, ORIGIN);
    await deliver(jobs, mailer);
    expect(await emailRow(`order_update:${shopper.order.id}:packed`)).toMatchObject({ status: "sent" });
    expect(await emailRow(`order_update:${shopper.order.id}:shipped`)).toMatchObject({ status: "sent" });
    expect(await emailRow(`order_update:${others[2]!.order.id}:packed`)).toMatchObject({ status: "withheld", error: WITHHELD_WITH_ITS_CONFIRMATION });
    expect(sent.filter(({ to }) => to === shopper.email)).toHaveLength(5);
  });

  it("a job is data, not trusted: one without the order's own token gets no link, so a forged job cannot send the token to an origin it names", async () => {
    const { order, token } = await placeOrder();
    const { deps, jobs } = ownerDeps();
    await moveOrder(deps, order.number, { to: "packed" }, ORIGIN);
    expect(jobs[0]).toEqual({ kind: "order_update", orderId: order.id, status: "packed", origin: ORIGIN, token });
    for (const forged of [
      { kind: "order_update", orderId: order.id, status: "packed", origin: "https://evil.test" },
      { kind: "order_update", orderId: order.id, status: "packed", origin: "https://evil.test", token: "A".repeat(43) },
      { kind: "order_confirmation", orderId: order.id, origin: "https://evil.test" },
    ] as EmailJob[]) {
      const email = (await composeEmail(db, forged))!;
      for (const part of [email.text, email.html]) {
        expect(part).not.toContain("evil.test");
        expect(part).not.toContain(token);
      }
    }
  });

  it("an address that fails the address rule is not written into an email: the email points to the page instead", async () => {
    const shopper = new Visitor();
    await shopper.post("/api/cart", { productId: 1, quantity: 1 });
    const { shop, jobs } = shopWithOutbox(shopper.jar.get("rd_session") ?? null);
    await shop.checkout.placeOrder(
      {
        email: `${unique("relay")}@example.com`,
        ...SHIPPING_ADDRESS,
        address: "Win cash at evil.example now",
        cardholderName: "Jane Q. Cardholder",
        checkoutKey: crypto.randomUUID(),
      },
      ORIGIN,
    );
    const email = (await composeEmail(db, jobs[0]!))!;
    expect(email.text).not.toContain("evil.example");
    expect(email.html).not.toContain("evil.example");
    expect(email.text).toContain("Shipping to the address you entered at checkout (see it on your order's page).");
  });
});

describe("the shipping CSV", () => {
  const header = { line: 1, fields: ["Order Number", "Carrier", "Tracking Number"] };
  const records = (...rows: string[][]) => [header, ...rows.map((fields, i) => ({ line: i + 2, fields }))];

  it("ships good rows and reports every line: bad carrier, bad number, unknown order, not packed, twice, not a number", async () => {
    const { deps, jobs } = ownerDeps();
    const [a, b, notPacked] = [await placeOrder(), await placeOrder(), await placeOrder()];
    await moveOrder(deps, a.order.number, { to: "packed" });
    await moveOrder(deps, b.order.number, { to: "packed" });
    jobs.length = 0;
    const report = await applyShipments(
      deps,
      records(
        [a.order.number.toLowerCase(), "ups", "1Z999AA10123456784"],
        [b.order.number, "Pony Express", "123"],
        [b.order.number, "FedEx", "12"],
        ["RD-0000-0000", "UPS", "1Z999AA10123456784"],
        [notPacked.order.number, "DHL", "1234567890"],
        [a.order.number, "UPS", "1Z999AA10123456784"],
        ["=HYPERLINK(1)", "UPS", "1Z999AA10123456784"],
        ["", "UPS", ""],
      ),
      ORIGIN,
    );
    expect(report).toEqual({
      shipped: 1,
      lines: [
        `line 2: ${a.order.number} shipped with UPS 1Z999AA10123456784`,
        `line 3: ${b.order.number}: ${UNKNOWN_CARRIER} Skipped.`,
        `line 4: ${b.order.number} is on line 3 already, skipped`,
        "line 5: RD-0000-0000: There is no order with that number. Skipped.",
        `line 6: ${notPacked.order.number}: This order is not packed yet: mark it packed before shipping it. Skipped.`,
        `line 7: ${a.order.number} is on line 2 already, skipped`,
        "line 8: '=HYPERLINK(1)' is not an order number (they read like RD-7KQ3-9X2M), skipped",
        "line 9: no order number, skipped",
      ],
    });
    expect(await statusOf(a.order.number)).toBe("shipped");
    expect(await statusOf(b.order.number)).toBe("packed");
    expect(jobs).toEqual([{ kind: "order_update", orderId: a.order.id, status: "shipped", origin: ORIGIN, token: a.token }]);

    const fedex = await applyShipments(deps, records([b.order.number, "FedEx", "12"]));
    expect(fedex.lines).toEqual([`line 2: ${b.order.number}: That is not a FedEx tracking number: FedEx's are ${CARRIERS.fedex.format}. Skipped.`]);
    const again = await applyShipments(deps, records([a.order.number, "UPS", "1Z999AA10123456784"]));
    expect(again.lines).toEqual([`line 2: ${a.order.number}: This order was shipped already. Skipped.`]);
  });

  it("refuses a file without the header's columns, or with more than the limit of lines, whole and in words", async () => {
    const { deps } = ownerDeps();
    expect(await refusedWith(applyShipments(deps, [{ line: 1, fields: ["number", "carrier"] }]))).toEqual({
      kind: "invalid",
      message: "The file's first line must be its header, naming the columns order number, carrier, tracking number.",
    });
    const many = Array.from({ length: SHIPPING_CSV_MAX_ROWS + 1 }, () => ["RD-0000-0000", "UPS", "1Z999AA10123456784"]);
    expect((await refusedWith(applyShipments(deps, records(...many)))).message).toBe(
      `The file has ${SHIPPING_CSV_MAX_ROWS + 1} lines after its header: please upload at most ${SHIPPING_CSV_MAX_ROWS} orders at a time.`,
    );
    expect(await applyShipments(deps, [header])).toEqual({ shipped: 0, lines: ["The file has no lines after its header."] });
  });
});
