// The crash drill's shoppers and owner (README, "Game day"): each is a visitor with its own
// cookies who browses, fills a cart and checks out through one of the shop's doors, as a
// browser or an agent would, over loopback. Every answer is recorded (what, status, when, how
// long), every order number a shopper is shown is kept, and so is every cart left behind.

/** An order number as the shop shows it (app/shared/orders.ts ORDER_NUMBER_SHAPE). */
const ORDER_NUMBER = /RD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;
const ADDRESS = { firstName: "Jane", lastName: "Doe", address: "1 Main Street", city: "New York", state: "NY", zipCode: "10001", country: "United States" };
const DESTINATION = {
  first_name: "Jane",
  last_name: "Doe",
  street_address: "1 Main Street",
  address_locality: "New York",
  address_region: "NY",
  postal_code: "10001",
  address_country: "United States",
};
const DEMO_PAYMENT = { payment: { instruments: [{ id: "instr_1", handler_id: "demo", type: "card", selected: true }] } };
const AGENT = 'profile="https://agent.example/.well-known/ucp"';

/** How long a shopper keeps resubmitting a checkout whose answer it never got (the shop may be restarting). */
const RETRY_FOR_MS = 120_000;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @template T @param {T[]} list @returns {T} */
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * What the drill saw: every answer, the orders shoppers were told were placed, and the carts
 * they left with lines in them.
 */
export function createRecord() {
  return {
    /** @type {{ kind: string, status: number, start: number, end: number, request?: string, error?: string }[]} status 0: no answer (the connection failed, `error` says how); DROPPED: its request kept */
    responses: [],
    /** @type {Map<string, { door: string, checkoutKey: string, session: string }>} order number → how it was placed */
    confirmed: new Map(),
    /** @type {{ session: string, lines: Map<string, { confirmed: number, unsure: number }> }[]} */
    carts: [],
    /** Checkouts refused by the shop (4xx), by kind of refusal. */
    refused: 0,
    /** Checkouts a shopper gave up on without an answer. */
    unanswered: 0,
    /** @type {string[]} orders the owner moved, as "RD-… packed" */
    moves: [],
  };
}

/** @typedef {ReturnType<typeof createRecord>} DrillRecord */
/** @typedef {{ productId: number, variantId: number, slug: string, sku: string, packs: boolean }} Line a variant a shopper may buy */
/** @typedef {{ id: number, slug: string, variants: { id: number, sku: string, quantityAvailable: number | null }[] }} Product as /api/products lists it */
/** @typedef {{ at: number, hard?: boolean }} Stop when the traffic ends */
/** @typedef {Map<string, { confirmed: number, unsure: number }>} Held a cart's lines by "product:variant": units the shop confirmed, and units whose add went unanswered */
/** @typedef {{ status: number, text: string, location: string | null, error?: string }} Answer `error`: why no answer came (status 0) */

/** A visitor: a cookie jar, and a fetch that records each answer under `kind`. */
/**
 * The status the drill records for an answer that never came from the shop: `wrangler dev`'s
 * own proxy lost its connection to the Worker's process and answered 500 itself ("Error:
 * Network connection lost.", no X-Request-Id: every answer of the shop carries one). It happens
 * on a loaded 2-core machine under bursts of concurrent POSTs with a body (workers-sdk issues
 * #15203 and #15317, open); production has no such proxy. Counted and reported apart, never
 * as the shop's 5xx: what the shopper was or was not sold is audited from D1 all the same.
 * The audit holds each one to the line wrangler logs for it ("Error inside ProxyWorker …
 * <method> <url> (failed after …)"): one the proxy did not log is the shop's 5xx.
 */
export const DROPPED = -1;

/** Whether an answer is the local dev server's proxy's, not the shop's (see DROPPED). @param {Response} response @param {string} text */
const droppedByDevServer = (response, text) => response.status >= 500 && !response.headers.has("X-Request-Id") && /Network connection lost/.test(text);

/**
 * Why a request got no answer, in a few words: the client's own wait ran out, or the
 * connection's error code as Node's fetch (undici) gives it in `cause`.
 * @param {unknown} error
 */
export function failure(error) {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return "the client's wait ran out";
  const cause = /** @type {{ code?: string, message?: string } | undefined} */ (error.cause);
  return [error.message, cause?.code ?? cause?.message].filter(Boolean).join(": ");
}

class Visitor {
  /** @type {Map<string, string>} */
  jar = new Map();
  /** @param {string} base @param {DrillRecord} record */
  constructor(base, record) {
    this.base = base;
    this.record = record;
  }

  get session() {
    return this.jar.get("rd_session") ?? "";
  }

  /**
   * @param {string} kind what the request is, as the report groups it
   * @param {string} path
   * @param {{ method?: string, form?: Record<string, string>, json?: unknown, headers?: Record<string, string>, waitMs?: number }} [options] `waitMs`: how long the client waits for an answer (30 s unless told)
   * @returns {Promise<Answer>} status 0 when no answer came
   */
  async request(kind, path, { method = "GET", form, json, headers = {}, waitMs = 30_000 } = {}) {
    /** @type {Record<string, string>} */
    const h = { ...headers };
    let body;
    if (form) {
      body = new URLSearchParams(form).toString();
      h["Content-Type"] = "application/x-www-form-urlencoded";
    } else if (json !== undefined) {
      body = JSON.stringify(json);
      h["Content-Type"] = "application/json";
    }
    if (method !== "GET") h.Origin = this.base;
    // A connection per request. The local server closes a kept-alive connection after 5 s idle;
    // on a loaded machine Node's fetch (4 s) may send on one the server has just closed, and
    // a POST that meets that is not sent again ("fetch failed: UND_ERR_SOCKET", no answer).
    // A browser resends a request that fails so on a reused connection; this client has none
    // to reuse instead.
    h.Connection = "close";
    if (this.jar.size > 0) h.Cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const start = Date.now();
    try {
      const response = await fetch(`${this.base}${path}`, { method, headers: h, body, redirect: "manual", signal: AbortSignal.timeout(waitMs) });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ""] = cookie.split(";");
        const at = pair.indexOf("=");
        this.jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const text = await response.text();
      const status = droppedByDevServer(response, text) ? DROPPED : response.status;
      // A dropped answer keeps its request, for the audit to find the proxy's own line for it in wrangler's log.
      this.record.responses.push({ kind, status, start, end: Date.now(), ...(status === DROPPED ? { request: `${method} ${path}` } : {}) });
      return { status, text, location: response.headers.get("Location") };
    } catch (error) {
      const why = failure(error);
      this.record.responses.push({ kind, status: 0, start, end: Date.now(), error: why });
      return { status: 0, text: "", location: null, error: why };
    }
  }
}

/**
 * Sends `send` until the shop answers with something other than a 5xx or no answer (a
 * browser resubmitting, an agent retrying with the same key), for at most RETRY_FOR_MS.
 * @param {() => Promise<Answer>} send
 * @param {Stop} stop
 */
async function untilAnswered(send, stop) {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const answer = await send();
    if ((answer.status > 0 && answer.status < 500) || Date.now() > deadline || stop.hard) return answer;
    await sleep(500);
  }
}

/**
 * Lines a shopper may buy: in stock at the start, not the rush's variant.
 * @param {Product[]} products
 * @param {{ exclude?: Set<number> }} [options]
 * @returns {Line[]}
 */
export function buyableLines(products, { exclude = new Set() } = {}) {
  return products.flatMap((product) =>
    product.variants
      .filter((variant) => !exclude.has(variant.id) && (variant.quantityAvailable === null || variant.quantityAvailable > 0))
      .map((variant) => ({ productId: product.id, variantId: variant.id, slug: product.slug, sku: variant.sku, packs: product.variants.length === 1 })),
  );
}

/**
 * One line to put in a cart: most shoppers buy a pack of condoms (hundreds in stock), some
 * a tee or a cap (a few dozen), so that stock runs low on some variants but not all.
 */
/** @param {Line[]} lines */
function someLine(lines) {
  const packs = lines.filter((line) => line.packs);
  return Math.random() < 0.8 && packs.length > 0 ? pick(packs) : pick(lines);
}

/**
 * Adds a line through the API or the cart page's no-JavaScript form; true when the shop said so.
 * @param {Visitor} visitor @param {Line} line @param {number} quantity @param {boolean} viaForm
 */
async function addToCart(visitor, line, quantity, viaForm) {
  if (viaForm) {
    const form = { intent: "add", productId: String(line.productId), variantId: String(line.variantId), quantity: String(quantity) };
    const answer = await visitor.request("POST /cart (form)", "/cart", { method: "POST", form });
    return answer.status === 303;
  }
  const answer = await visitor.request("POST /api/cart", "/api/cart", {
    method: "POST",
    json: { productId: line.productId, variantId: line.variantId, quantity },
  });
  return answer.status === 200;
}

/**
 * Fills a new visitor's cart with one or two lines.
 * @param {Visitor} visitor @param {Line[]} lines @param {boolean} viaForm
 */
async function filledCart(visitor, lines, viaForm) {
  /** @type {Held} */
  const held = new Map();
  for (let n = 1 + Math.floor(Math.random() * 2); n > 0; n--) {
    const line = someLine(lines);
    const quantity = 1 + Math.floor(Math.random() * 2);
    const key = `${line.productId}:${line.variantId}`;
    const entry = held.get(key) ?? { confirmed: 0, unsure: 0 };
    held.set(key, entry);
    if (await addToCart(visitor, line, quantity, viaForm)) entry.confirmed += quantity;
    else entry.unsure += quantity;
  }
  return held;
}

/** The checkout key the checkout page's form carries (read from the page, as a browser would). @param {Visitor} visitor */
async function checkoutKeyOf(visitor) {
  const page = await visitor.request("GET /checkout", "/checkout");
  return /name="checkoutKey" value="([^"]+)"/.exec(page.text)?.[1] ?? null;
}

/**
 * Keeps the order number an answer showed, or counts the checkout as refused or unanswered.
 * @param {DrillRecord} record @param {Answer} answer @param {string} door @param {string} checkoutKey @param {string} session
 */
const confirm = (record, answer, door, checkoutKey, session) => {
  const number = ORDER_NUMBER.exec(answer.text)?.[0];
  if (answer.status === 200 && number) {
    record.confirmed.set(number, { door, checkoutKey, session });
    return number;
  }
  if (answer.status >= 400 && answer.status < 500) record.refused++;
  else record.unanswered++;
  return null;
};

/** Keeps the cart of a shopper who left it (or whose checkout was refused): it must still hold its lines. @param {DrillRecord} record @param {Visitor} visitor @param {Held} held */
const leaveCart = (record, visitor, held) => {
  if (visitor.session && held.size > 0) record.carts.push({ session: visitor.session, lines: held });
};

/** A no-JavaScript checkout: the cart page's form, the checkout page, its form posted. */
/** @param {string} base @param {DrillRecord} record @param {Line[]} lines @param {number} n @param {Stop} stop */
async function noJsCheckout(base, record, lines, n, stop) {
  const visitor = new Visitor(base, record);
  const held = await filledCart(visitor, lines, true);
  if ([...held.values()].some((line) => line.unsure > 0)) return;
  const key = await checkoutKeyOf(visitor);
  if (!key) return;
  const form = { email: `gameday-${n}@example.com`, ...ADDRESS, cardholderName: "Jane Doe", checkoutKey: key };
  const answer = await untilAnswered(() => visitor.request("POST /checkout (no JS)", "/checkout", { method: "POST", form }), stop);
  if (!confirm(record, answer, "no-JS checkout", key, visitor.session) && answer.status >= 400 && answer.status < 500) leaveCart(record, visitor, held);
}

/** The JavaScript checkout: the API's payment intent under the checkout's key, then the form's data post. */
/** @param {string} base @param {DrillRecord} record @param {Line[]} lines @param {number} n @param {Stop} stop */
async function apiCheckout(base, record, lines, n, stop) {
  const visitor = new Visitor(base, record);
  const held = await filledCart(visitor, lines, false);
  if ([...held.values()].some((line) => line.unsure > 0)) return;
  const key = await checkoutKeyOf(visitor);
  if (!key) return;
  const email = `gameday-${n}@example.com`;
  const intent = await untilAnswered(
    () =>
      visitor.request("POST /api/payment/create-payment-intent", "/api/payment/create-payment-intent", {
        method: "POST",
        json: { customerEmail: email },
        headers: { "Idempotency-Key": key },
      }),
    stop,
  );
  if (intent.status !== 200)
    return void (intent.status >= 400 && intent.status < 500 ? (record.refused++, leaveCart(record, visitor, held)) : record.unanswered++);
  const form = { email, ...ADDRESS, cardholderName: "Jane Doe", checkoutKey: key };
  const answer = await untilAnswered(() => visitor.request("POST /checkout.data (JS)", "/checkout.data", { method: "POST", form }), stop);
  if (!confirm(record, answer, "/api checkout", key, visitor.session) && answer.status >= 400 && answer.status < 500) leaveCart(record, visitor, held);
}

/** An agent's checkout through UCP REST: created with a line, updated with the buyer and address, completed with the demo handler. */
/** @param {string} base @param {DrillRecord} record @param {Line[]} lines @param {number} n @param {Stop} stop */
async function ucpCheckout(base, record, lines, n, stop) {
  const agent = new Visitor(base, record);
  /** @param {string} kind @param {string} method @param {string} path @param {unknown} json */
  const ucp = (kind, method, path, json, key = crypto.randomUUID()) =>
    agent.request(kind, `/ucp/v1${path}`, { method, json, headers: { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID(), "Idempotency-Key": key } });
  const line = someLine(lines);
  const createKey = crypto.randomUUID();
  const created = await untilAnswered(
    () => ucp("POST /ucp/v1/checkout-sessions", "POST", "/checkout-sessions", { line_items: [{ item: { id: line.sku }, quantity: 1 }] }, createKey),
    stop,
  );
  const id = created.status === 201 ? JSON.parse(created.text).id : null;
  if (!id) return void (created.status > 0 && created.status < 500 ? record.refused++ : record.unanswered++);
  const update = {
    buyer: { email: `gameday-${n}@example.com`, first_name: "Jane", last_name: "Doe" },
    fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
  };
  const updateKey = crypto.randomUUID();
  const updated = await untilAnswered(() => ucp("PUT /ucp/v1/checkout-sessions/:id", "PUT", `/checkout-sessions/${id}`, update, updateKey), stop);
  if (updated.status !== 200) return void (updated.status > 0 && updated.status < 500 ? record.refused++ : record.unanswered++);
  const completeKey = crypto.randomUUID();
  const completed = await untilAnswered(
    () => ucp("POST /ucp/v1/checkout-sessions/:id/complete", "POST", `/checkout-sessions/${id}/complete`, DEMO_PAYMENT, completeKey),
    stop,
  );
  // The order's label is its number; an answer without one is a refusal in UCP's words (out of stock).
  const label = completed.status === 200 ? /"label":"([^"]+)"/.exec(completed.text)?.[1] : undefined;
  if (label) record.confirmed.set(label, { door: "UCP checkout", checkoutKey: id, session: "" });
  else if (completed.status > 0 && completed.status < 500) record.refused++;
  else record.unanswered++;
}

/** A look around: the home page, the catalogue, a product's page. */
/** @param {string} base @param {DrillRecord} record @param {Product[]} products */
async function browse(base, record, products) {
  const visitor = new Visitor(base, record);
  await visitor.request("GET /", "/");
  await visitor.request("GET /products", "/products");
  await visitor.request("GET /products/:slug", `/products/${pick(products).slug}`);
}

/** A shopper who fills a cart and leaves: the cart must be there when they come back. */
/** @param {string} base @param {DrillRecord} record @param {Line[]} lines */
async function abandonCart(base, record, lines) {
  const visitor = new Visitor(base, record);
  const held = await filledCart(visitor, lines, Math.random() < 0.5);
  leaveCart(record, visitor, held);
}

/**
 * One shopper's loop until `stop.at`: each round is one visit, chosen by weight.
 * @param {{ base: string, record: DrillRecord, products: Product[], lines: Line[], next: () => number, stop: Stop }} context
 */
export async function shopper({ base, record, products, lines, next, stop }) {
  while (Date.now() < stop.at) {
    const roll = Math.random();
    if (roll < 0.2) await browse(base, record, products);
    else if (roll < 0.3) await abandonCart(base, record, lines);
    else if (roll < 0.55) await noJsCheckout(base, record, lines, next(), stop);
    else if (roll < 0.8) await apiCheckout(base, record, lines, next(), stop);
    else await ucpCheckout(base, record, lines, next(), stop);
  }
}

/**
 * The owner: signed in to /admin, moving the orders shoppers placed along (packed, shipped,
 * delivered; one in ten cancelled with a reason, which gives its stock back).
 * @param {{ base: string, record: DrillRecord, password: string, stop: Stop }} context
 */
export async function owner({ base, record, password, stop }) {
  const visitor = new Visitor(base, record);
  const signIn = () => visitor.request("POST /admin/sign-in", "/admin/sign-in", { method: "POST", form: { password } });
  await untilAnswered(signIn, stop);
  /** @type {Map<string, number>} order number → its next move (0 pack, 1 ship, 2 deliver) */
  const moving = new Map();
  while (Date.now() < stop.at) {
    const list = await visitor.request("GET /admin/orders", "/admin/orders");
    if (list.status === 303 || list.status === 302) await signIn();
    const fresh = [...record.confirmed.keys()].filter((number) => !moving.has(number));
    if (fresh.length > 0) moving.set(pick(fresh), 0);
    for (const [number, step] of moving) {
      if (Date.now() >= stop.at) break;
      const page = `/admin/orders/${number}`;
      await visitor.request("GET /admin/orders/:number", page);
      const [move, form] =
        step === 0 && Math.random() < 0.1
          ? ["cancel", { reason: "Game day: the shopper asked to cancel." }]
          : /** @type {const} */ ([
              ["pack", {}],
              ["ship", { carrier: "ups", trackingNumber: "1Z999AA10123456784" }],
              ["deliver", {}],
            ])[step];
      const answer = await visitor.request(`POST /admin/orders/:number/${move}`, `${page}/${move}`, { method: "POST", form });
      if (answer.status === 303 && answer.location?.includes("/admin/orders/")) {
        record.moves.push(`${number} ${move}`);
        if (move === "cancel" || step === 2) moving.delete(number);
        else moving.set(number, step + 1);
      } else if (answer.status === 409) moving.delete(number);
      else if (answer.status === 303) await signIn();
    }
    await sleep(300);
  }
}

export { ORDER_NUMBER, Visitor, untilAnswered, ADDRESS };
