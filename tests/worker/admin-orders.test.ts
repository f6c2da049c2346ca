/**
 * The owner fulfils orders from /admin (workers/admin/pages/order.tsx, orders.tsx,
 * shipping.tsx): the moves as plain forms, a refused move and a bad field answered in words
 * beside the form, the search by number, and the shipping file's upload with its report and
 * its own size limit. The moves themselves are tested in orders-lifecycle.test.ts; here, what
 * the owner's pages make of them.
 */
import { describe, expect, it } from "vitest";
import { SHIPPING_CSV_MAX_ROWS } from "../../workers/shop/orders/shipping-csv";
import { SHIPPING_ADDRESS } from "../shopper";
import { shopOf, unique } from "./helpers";
import { asHtml, auditOf, Owner, row } from "./owner";
import { Visitor } from "./visitor";

/** The email queue as the back office sees it, keeping every job it is handed. */
function emailQueue() {
  const jobs: { kind: string; status?: string; origin?: string }[] = [];
  return { jobs, vars: { EMAIL_QUEUE: { send: async (job: (typeof jobs)[number]) => void jobs.push(job) } } };
}

/** A shopper's order of one Plain Jane, placed through the shop's own checkout. */
async function placeOrder() {
  const shopper = new Visitor();
  expect((await shopper.post("/api/cart", { productId: 1, quantity: 1 })).status).toBe(200);
  const form = { email: `${unique("buyer")}@example.com`, ...SHIPPING_ADDRESS, cardholderName: "Jane Q. Cardholder", checkoutKey: crypto.randomUUID() };
  return shopOf(shopper).checkout.placeOrder(form);
}

const statusOf = async (number: string) => (await row<{ status: string }>("SELECT status FROM orders WHERE number = ?", number))!.status;
const tokenOf = async (number: string) => (await row<{ access_token: string }>("SELECT access_token FROM orders WHERE number = ?", number))!.access_token;
const page = (number: string) => `/admin/orders/${number}`;

/** A shipping file posted as the upload form posts it (multipart/form-data). */
function shippingFile(content: string) {
  const form = new FormData();
  form.set("file", new File([content], "shipping.csv", { type: "text/csv" }));
  return form;
}

describe("an order's moves as forms", () => {
  it("the owner packs, ships and delivers from the order's page: each a 303 back to it with the notice, one email each, the timeline with the carrier and tracking link", async () => {
    const { jobs, vars } = emailQueue();
    const owner = await Owner.signedIn(undefined, vars);
    const order = await placeOrder();

    const placed = await owner.get(page(order.number));
    expect(placed.text).toContain(`action="/admin/orders/${order.number}/pack"`);
    expect(placed.text).toContain("Cancel order</button>");
    expect(placed.text).not.toContain("Mark shipped</button>");

    const packed = await owner.post(`${page(order.number)}/pack`);
    expect(packed.status, packed.text).toBe(303);
    expect(packed.location).toBe(`${page(order.number)}?done=packed`);
    const afterPack = await owner.get(packed.location!);
    expect(afterPack.text).toContain("Marked packed. The shopper is being emailed.");
    expect(afterPack.text).toContain('<option value="ups">UPS</option>');
    expect(afterPack.text).not.toContain(`action="/admin/orders/${order.number}/pack"`);

    const shipped = await owner.post(`${page(order.number)}/ship`, { carrier: "ups", trackingNumber: "1z 999aa1 0123456784" });
    expect(shipped.status, shipped.text).toBe(303);
    expect(shipped.location).toBe(`${page(order.number)}?done=shipped`);
    const afterShip = await owner.get(shipped.location!);
    expect(afterShip.text).toContain("UPS 1Z999AA10123456784");
    expect(afterShip.text).toContain(`href="${asHtml("https://www.ups.com/track?tracknum=1Z999AA10123456784")}"`);

    expect((await owner.post(`${page(order.number)}/deliver`)).location).toBe(`${page(order.number)}?done=delivered`);
    const delivered = await owner.get(page(order.number));
    expect(delivered.text).toContain("<dd>Delivered</dd>");
    expect(delivered.text).toContain("Delivered: nothing more happens to this order.");
    expect(delivered.text).not.toContain("Cancel order</button>");

    expect(jobs.filter((job) => job.kind === "order_update").map((job) => [job.status, job.origin])).toEqual([
      ["packed", owner.origin],
      ["shipped", owner.origin],
      ["delivered", owner.origin],
    ]);
    expect((await auditOf(`order ${order.number}`)).map((entry) => entry.action)).toEqual(["order.pack", "order.ship", "order.deliver"]);
  });

  it("the order's link token is never in the back office's HTML, at any step", async () => {
    const owner = await Owner.signedIn();
    const order = await placeOrder();
    const token = await tokenOf(order.number);
    expect(token).toMatch(/^[\w-]{43}$/);
    const seen = [(await owner.get(page(order.number))).text];
    await owner.post(`${page(order.number)}/pack`);
    seen.push((await owner.get(page(order.number))).text, (await owner.get("/admin/orders?status=packed")).text);
    seen.push((await owner.post(`${page(order.number)}/pack`)).text);
    for (const html of seen) expect(html).not.toContain(token);
  });

  it("a move the order's status no longer allows (another owner was quicker) is a 409 with the refusal in words above the forms of the order as it is now", async () => {
    const owner = await Owner.signedIn();
    const order = await placeOrder();
    expect((await owner.post(`${page(order.number)}/pack`)).status).toBe(303);
    const again = await owner.post(`${page(order.number)}/pack`);
    expect(again.status).toBe(409);
    expect(again.text).toContain('<p class="error" role="alert">This order was packed already.</p>');
    expect(again.text).toContain("Mark shipped</button>");
    expect(again.text).not.toContain("Marked packed.");

    const early = await owner.post(`${page(order.number)}/deliver`);
    expect(early.status).toBe(409);
    expect(early.text).toContain("This order has not shipped yet: ship it before marking it delivered.");
    expect(await statusOf(order.number)).toBe("packed");
    expect(await auditOf(`order ${order.number}`)).toHaveLength(1);
  });

  it("a bad carrier, tracking number or reason is a 400 beside its field, with what was typed (escaped); nothing changes until one is right", async () => {
    const owner = await Owner.signedIn();
    const order = await placeOrder();
    await owner.post(`${page(order.number)}/pack`);

    const wrongFormat = await owner.post(`${page(order.number)}/ship`, { carrier: "fedex", trackingNumber: "12345" });
    expect(wrongFormat.status).toBe(400);
    expect(wrongFormat.text).toContain(
      `<p class="error" id="trackingNumber-error">${asHtml("That is not a FedEx tracking number: FedEx's are 12, 15, 20 or 22 digits.")}</p>`,
    );
    expect(wrongFormat.text).toContain('<option value="fedex" selected="">FedEx</option>');
    expect(wrongFormat.text).toContain('value="12345"');

    const noCarrier = await owner.post(`${page(order.number)}/ship`, { carrier: "", trackingNumber: "1Z999AA10123456784" });
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.text).toContain('<p class="error" id="carrier-error">Please choose a carrier.</p>');
    const unknownCarrier = await owner.post(`${page(order.number)}/ship`, { carrier: "pigeon", trackingNumber: "1Z999AA10123456784" });
    expect(unknownCarrier.status).toBe(400);
    expect(unknownCarrier.text).toContain("Please choose a carrier: USPS, UPS, FedEx, DHL.");

    const twoLines = await owner.post(`${page(order.number)}/cancel`, { reason: "Out of stock\nsorry" });
    expect(twoLines.status).toBe(400);
    expect(twoLines.text).toContain('<p class="error" id="reason-error">Please keep the reason on one line.</p>');
    const tooLong = await owner.post(`${page(order.number)}/cancel`, { reason: `<b>${"x".repeat(200)}` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain(`value="&lt;b&gt;${"x".repeat(200)}"`);
    expect(tooLong.text).not.toContain("<b>");
    expect(await statusOf(order.number)).toBe("packed");
    expect(await auditOf(`order ${order.number}`)).toHaveLength(1);

    // A reason is the owner's own text, shown as text.
    expect((await owner.post(`${page(order.number)}/cancel`, { reason: "<i>Paid twice</i>" })).status).toBe(303);
    expect((await owner.get(page(order.number))).text).toContain("Reason: &lt;i&gt;Paid twice&lt;/i&gt;");
  });

  it("an unknown number is the back office's 404 page for every move", async () => {
    const owner = await Owner.signedIn();
    for (const move of ["pack", "deliver"]) {
      const answer = await owner.post(`/admin/orders/RD-0000-0000/${move}`);
      expect(answer.status).toBe(404);
      expect(answer.text).toContain("There is no order with that number.");
    }
    expect((await owner.post("/admin/orders/RD-0000-0000/ship", { carrier: "ups", trackingNumber: "1Z999AA10123456784" })).status).toBe(404);
  });
});

describe("the list and the search", () => {
  it("the tabs list packed, shipped and delivered orders by number and status; the search finds a number as typed, and says why when it cannot", async () => {
    const owner = await Owner.signedIn();
    const order = await placeOrder();
    await owner.post(`${page(order.number)}/pack`);
    const packed = await owner.get("/admin/orders?status=packed");
    expect(packed.text).toContain('<a href="/admin/orders?status=packed" aria-current="page">Packed orders</a>');
    expect(packed.text).toMatch(new RegExp(`<a href="/admin/orders/${order.number}">${order.number}</a></td><td>Packed</td>`));
    expect(packed.text).toContain('href="/admin/shipping"');

    const found = await owner.get(`/admin/orders?number=${encodeURIComponent(` ${order.number.toLowerCase().replace(/-/g, " ")} `)}`);
    expect(found.status).toBe(303);
    expect(found.location).toBe(page(order.number));

    const missing = await owner.get("/admin/orders?number=RD-0000-0000");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<p class="error" id="number-error">There is no order with that number.</p>');
    const notANumber = await owner.get(`/admin/orders?number=${encodeURIComponent('"><script>x</script>')}`);
    expect(notANumber.status).toBe(400);
    expect(notANumber.text).toContain("That is not an order number or an email address: numbers read like RD-7KQ3-9X2M.");
    expect(notANumber.text).not.toContain("<script>x");
    const blank = await owner.get("/admin/orders?number=+");
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("Please type the order&#39;s number (they read like RD-7KQ3-9X2M) or the shopper&#39;s email address.");
  });
});

describe("the shipping file", () => {
  it("ships the packed orders a file names and reports every line; an order not packed, a bad carrier or number is skipped in words", async () => {
    const { jobs, vars } = emailQueue();
    const owner = await Owner.signedIn(undefined, vars);
    const [a, b, notPacked] = [await placeOrder(), await placeOrder(), await placeOrder()];
    for (const order of [a, b]) expect((await owner.post(`${page(order.number)}/pack`)).status).toBe(303);
    const file = [
      "Order Number,Carrier,Tracking Number",
      `${a.number},UPS,1Z999AA10123456784`,
      `${b.number},FedEx,12345`,
      `${notPacked.number},dhl,1234567890`,
      "RD-0000-0000,usps,9400100000000000000000",
    ].join("\r\n");
    const answer = await owner.request("POST", "/admin/shipping", shippingFile(file));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toContain('<p class="notice" role="status">1 order was shipped.</p>');
    const lines = [...answer.text.matchAll(/<li>(line \d+: [^<]*)<\/li>/g)].map((m) => m[1]);
    expect(lines).toEqual([
      `line 2: ${a.number} shipped with UPS 1Z999AA10123456784`,
      asHtml(`line 3: ${b.number}: That is not a FedEx tracking number: FedEx's are 12, 15, 20 or 22 digits. Skipped.`),
      `line 4: ${notPacked.number}: This order is not packed yet: mark it packed before shipping it. Skipped.`,
      "line 5: RD-0000-0000: There is no order with that number. Skipped.",
    ]);
    expect([await statusOf(a.number), await statusOf(b.number), await statusOf(notPacked.number)]).toEqual(["shipped", "packed", "placed"]);
    expect(jobs.filter((job) => job.kind === "order_update" && job.status === "shipped")).toHaveLength(1);
  });

  it("a file is bounded like the stock file: over 16 KiB but within its own 64 KiB is read; past 64 KiB a 413 page in words; too many lines, a missing header or no file refused whole", async () => {
    const owner = await Owner.signedIn();
    // Other columns are ignored, so a spreadsheet's wide lines make a file past the shop's usual 16 KiB.
    const wide = [
      "order number,carrier,tracking number,note",
      ...Array.from({ length: 60 }, () => `RD-0000-0000,ups,1Z999AA10123456784,${"x".repeat(300)}`),
    ].join("\n");
    expect(wide.length).toBeGreaterThan(16 * 1024);
    const read = await owner.request("POST", "/admin/shipping", shippingFile(wide));
    expect(read.status).toBe(200);
    expect(read.text).toContain("No order was shipped.");
    expect(read.text).toContain("line 3: RD-0000-0000 is on line 2 already, skipped");

    const huge = await owner.request("POST", "/admin/shipping", shippingFile(`order number,carrier,tracking number\n${"x".repeat(65 * 1024)}`));
    expect(huge.status).toBe(413);
    expect(huge.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(huge.text).toContain("This file is too large: a shipping file can be at most 64 KiB (200 orders). Please upload it in parts.");

    const long = ["order number,carrier,tracking number", ...Array.from({ length: SHIPPING_CSV_MAX_ROWS + 1 }, () => "RD-0000-0000,ups,1")].join("\n");
    const tooMany = await owner.request("POST", "/admin/shipping", shippingFile(long));
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain(
      `The file has ${SHIPPING_CSV_MAX_ROWS + 1} lines after its header: please upload at most ${SHIPPING_CSV_MAX_ROWS} orders at a time.`,
    );

    const noHeader = await owner.request("POST", "/admin/shipping", shippingFile("RD-0000-0000,ups,1Z999AA10123456784\n"));
    expect(noHeader.status).toBe(400);
    expect(noHeader.text).toContain("The file&#39;s first line must be its header, naming the columns order number, carrier, tracking number.");

    const noFile = await owner.post("/admin/shipping", {});
    expect(noFile.status).toBe(400);
    expect(noFile.text).toContain("Please choose a CSV file to import.");
  });

  it("a stranger's upload is sent to sign in and ships nothing; a cross-site one is refused", async () => {
    const order = await placeOrder();
    const owner = await Owner.signedIn();
    await owner.post(`${page(order.number)}/pack`);
    const file = shippingFile(`order number,carrier,tracking number\n${order.number},ups,1Z999AA10123456784\n`);
    const stranger = new Owner();
    expect((await stranger.request("POST", "/admin/shipping", file)).location).toBe("/admin/sign-in");
    expect((await owner.request("POST", "/admin/shipping", file, { Origin: "https://evil.test" })).status).toBe(403);
    expect(await statusOf(order.number)).toBe("packed");
  });
});
