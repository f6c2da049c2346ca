/**
 * UCP order webhooks (order.md, "Events"; signatures.md): the platform whose profile declared
 * a webhook URL hears of its orders' moves, through a queue with retries and a dead-letter
 * queue, each event signed with RFC 9421 (ES256, the key in the business profile's
 * `signing_keys`) and carrying the Standard Webhooks `Webhook-Id` and `Webhook-Timestamp`.
 * The receiver here verifies as signatures.md's "REST Request Verification" says.
 */
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { createDatabase } from "../../workers/db/client";
import { overview } from "../../workers/shop/backoffice/overview";
import { createOrderWebhooks, webhookId, type OrderWebhookJob } from "../../workers/shop/agents/webhooks";
import { cancelByShopper, moveOrder } from "../../workers/shop/orders/lifecycle";
import { webhookRefusal } from "../../workers/ucp/agents";
import * as ucpSchemas from "../../workers/ucp/schemas";
import { completeCheckout, createCheckout, updateCheckout, type UcpContext } from "../../workers/ucp/shopping";
import { signatureBase } from "../../workers/ucp/signatures";
import { createVisitor } from "../../workers/shop/visitor";
import { handleWebhookBatch, WEBHOOK_DEAD_LETTER_QUEUE, WEBHOOK_QUEUE, WEBHOOK_TIMEOUT_MS } from "../../workers/webhook-queue";
import worker from "./entry";
import { Owner } from "./owner";
import { DESTINATION, SHOP, signingEnv } from "./webhook-fixtures";

const HOOK = "https://platform.example/webhooks/ucp/orders?tenant=7";

/** A UCP checkout of one snapback completed by an agent whose platform declared `webhookUrl`: the order and the jobs enqueued. */
async function agentOrder(webhookUrl: string | null) {
  const jobs: OrderWebhookJob[] = [];
  const pending: Promise<unknown>[] = [];
  const queue = { send: async (job: OrderWebhookJob) => void jobs.push(job) } as unknown as Queue<OrderWebhookJob>;
  const deps = {
    db: createDatabase(env.DB),
    kv: env.CATALOG_KV,
    visitor: createVisitor(null),
    waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
    log: () => undefined,
    webhooks: createOrderWebhooks(
      queue,
      (promise) => void pending.push(promise),
      () => undefined,
    ),
  };
  const ctx: UcpContext = { origin: SHOP, deps, webhookUrl };
  const email = `agent-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = (await createCheckout(ctx, {
    line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
    buyer: { email, first_name: "Jane", last_name: "Doe" },
  })) as ucpSchemas.CheckoutAnswer;
  await updateCheckout(ctx, created.id, { fulfillment: { methods: [{ destinations: [DESTINATION] }] } });
  const done = (await completeCheckout(ctx, created.id, { payment: { instruments: [{ handler_id: "demo", type: "card" }] } })) as ucpSchemas.CheckoutAnswer;
  expect(done.status).toBe("completed");
  await Promise.all(pending);
  const order = (await env.DB.prepare("SELECT id, number FROM orders WHERE access_token = ?").bind(done.order!.id).first<{ id: string; number: string }>())!;
  const owner = { db: createDatabase(env.DB), outbox: { enqueue: () => undefined }, webhooks: deps.webhooks, address: "198.18.0.9" };
  return { ...order, token: done.order!.id, email, jobs, owner, settled: () => Promise.all(pending) };
}

type Sent = { url: string; init: RequestInit; body: string; headers: Headers };

/** A platform's endpoint: what it was sent, answering each POST with the next of `answers` (the last repeats). */
function platform(...answers: (() => Promise<Response> | Response)[]) {
  const sent: Sent[] = [];
  const send = async (url: string, init: RequestInit) => {
    sent.push({ url, init, body: String(init.body), headers: new Headers(init.headers) });
    return (answers[Math.min(sent.length, answers.length) - 1] ?? (() => new Response(null, { status: 200 })))();
  };
  return { sent, send };
}

/** Hands `jobs` to the consumer as the queue (or its dead-letter queue) would, after `attempts` deliveries. */
async function deliver(
  jobs: unknown[],
  send: (url: string, init: RequestInit) => Promise<Response>,
  { attempts = 1, queue = WEBHOOK_QUEUE, vars = signingEnv } = {},
) {
  const batch = createMessageBatch(
    queue,
    jobs.map((body, i) => ({ id: `hook-${crypto.randomUUID()}-${i}`, timestamp: new Date(), attempts, body })),
  );
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options) => (delays.push(options?.delaySeconds), retry(options));
  }
  const ctx = createExecutionContext();
  await handleWebhookBatch(batch, vars as never, send);
  return { delays, result: await getQueueResult(batch, ctx) };
}

/** The profile the webhooks name (their order is answered in 2026-04-08). */
const PROFILE_2026_04_08 = "/.well-known/ucp/2026-04-08";

/** The business profile as the shop serves it (with the secret set, or not). */
async function businessProfile(vars: object = signingEnv, path = PROFILE_2026_04_08) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${SHOP}${path}`), vars as Env, ctx);
  await waitOnExecutionContext(ctx);
  return v.parse(ucpSchemas.BusinessProfile, await response.json());
}

const unbase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * The platform's check (signatures.md, "REST Request Verification"): the signer's profile
 * from `UCP-Agent`, the key by `keyid` in its `signing_keys`, the body's digest, then the
 * signature over the rebuilt base. Null when it verifies, else why not.
 */
async function verify({ url, body, headers }: Sent): Promise<string | null> {
  const input = /^sig1=\(([^)]*)\)(.*)$/.exec(headers.get("Signature-Input") ?? "");
  const signature = /^sig1=:([A-Za-z0-9+/=]+):$/.exec(headers.get("Signature") ?? "");
  if (!input || !signature) return "signature_missing";
  const components = [...input[1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
  const keyid = /;keyid="([^"]+)"/.exec(input[2]!)?.[1];
  const profileUrl = /^profile="([^"]+)"$/.exec(headers.get("UCP-Agent") ?? "")?.[1];
  if (profileUrl !== `${SHOP}${PROFILE_2026_04_08}`) return "profile_not_trusted";
  const key = (await businessProfile()).signing_keys?.find((candidate) => candidate.kid === keyid);
  if (!key) return "key_not_found";
  const digest = `sha-256=:${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)))))}:`;
  if (!components.includes("content-digest") || headers.get("Content-Digest") !== digest) return "digest_mismatch";
  for (const required of ["@method", "@authority", "@path", "@query", "ucp-agent", "webhook-id", "webhook-timestamp", "content-type"]) {
    if (!components.includes(required)) return `${required} is not signed`;
  }
  const base = signatureBase(components, `(${input[1]})${input[2]}`, new URL(url), "POST", headers);
  const publicKey = await crypto.subtle.importKey("jwk", { kty: key.kty, crv: key.crv, x: key.x, y: key.y }, { name: "ECDSA", namedCurve: "P-256" }, false, [
    "verify",
  ]);
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, publicKey, unbase64(signature[1]!), new TextEncoder().encode(base));
  return valid ? null : "signature_invalid";
}

const failuresOf = (orderId: string) =>
  env.DB.prepare("SELECT * FROM order_webhook_failures WHERE order_id = ?")
    .bind(orderId)
    .all<{ webhook_id: string; event: string; host: string; reason: string }>();

describe("an order event reaches the platform that declared a webhook, signed as the spec says", () => {
  it("the placed event: a receiver verifies its RFC 9421 signature with the key the business profile publishes", async () => {
    const order = await agentOrder(HOOK);
    expect(order.jobs).toEqual([{ orderId: order.id, event: "placed", at: expect.any(Number), origin: SHOP }]);
    const receiver = platform();
    const { result } = await deliver(order.jobs, receiver.send);
    expect(result.explicitAcks).toHaveLength(1);
    expect(receiver.sent).toHaveLength(1);
    const [sent] = receiver.sent;
    expect(sent!.url).toBe(HOOK);
    expect(sent!.init.method).toBe("POST");
    expect(await verify(sent!)).toBeNull();
    // Standard Webhooks' headers: the id is a UUID (the spec's format), the timestamp when it happened.
    expect(sent!.headers.get("Webhook-Id")).toBe(await webhookId(order.id, "placed"));
    expect(sent!.headers.get("Webhook-Id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent!.headers.get("Webhook-Timestamp")).toBe(String(order.jobs[0]!.at));
    // Anything changed on the way fails the check: the body, or the id.
    expect(await verify({ ...sent!, body: sent!.body.replace(order.token, "x") })).toBe("digest_mismatch");
    const otherId = new Headers(sent!.headers);
    otherId.set("Webhook-Id", crypto.randomUUID());
    expect(await verify({ ...sent!, headers: otherId })).toBe("signature_invalid");
  });

  it("the payload is the spec's order, masked as get_order masks it: no email, the street and surname cut", async () => {
    const order = await agentOrder(HOOK);
    const receiver = platform();
    await deliver(order.jobs, receiver.send);
    const body = v.parse(ucpSchemas.OrderAnswer, JSON.parse(receiver.sent[0]!.body));
    expect(body.id).toBe(order.token);
    expect(body.permalink_url).toContain(SHOP);
    expect(body.fulfillment.expectations?.[0]?.destination).toMatchObject({ street_address: "1 M…", last_name: "D." });
    expect(receiver.sent[0]!.body).not.toContain(order.email);
    expect(receiver.sent[0]!.body).not.toContain("Main Street");
  });

  it("the owner's moves send shipped and delivered, and a cancel sends cancelled, each the order as it is then", async () => {
    const order = await agentOrder(HOOK);
    await moveOrder(order.owner, order.number, { to: "packed" }, SHOP);
    await moveOrder(order.owner, order.number, { to: "shipped", carrier: "ups", trackingNumber: "1Z999AA10123456784" }, SHOP);
    await moveOrder(order.owner, order.number, { to: "delivered" }, SHOP);
    await order.settled();
    expect(order.jobs.map((job) => job.event)).toEqual(["placed", "packed", "shipped", "delivered"]);
    const receiver = platform();
    await deliver(order.jobs.slice(2, 3), receiver.send);
    const shipped = v.parse(ucpSchemas.OrderAnswer, JSON.parse(receiver.sent[0]!.body));
    expect(shipped.fulfillment.events?.map((event) => event.type)).toContain("shipped");

    const cancelled = await agentOrder(HOOK);
    await cancelByShopper(cancelled.owner, cancelled.token, SHOP);
    await cancelled.settled();
    expect(cancelled.jobs.map((job) => job.event)).toEqual(["placed", "cancelled"]);
    const ids = await Promise.all(cancelled.jobs.map((job) => webhookId(job.orderId, job.event)));
    expect(new Set(ids).size).toBe(2);
  });
});

describe("delivered at least once, with the same Webhook-Id", () => {
  it("a failed delivery is retried with backoff, and the retry carries the same Webhook-Id and timestamp", async () => {
    const order = await agentOrder(HOOK);
    const receiver = platform(
      () => new Response("busy", { status: 503 }),
      () => new Response(null, { status: 204 }),
    );
    const first = await deliver(order.jobs, receiver.send);
    expect(first.result.retryMessages).toHaveLength(1);
    expect(first.delays).toEqual([30]);
    const second = await deliver(order.jobs, receiver.send, { attempts: 2 });
    expect(second.result.explicitAcks).toHaveLength(1);
    const [a, b] = receiver.sent;
    expect(b!.headers.get("Webhook-Id")).toBe(a!.headers.get("Webhook-Id"));
    expect(b!.headers.get("Webhook-Timestamp")).toBe(a!.headers.get("Webhook-Timestamp"));
    expect(await verify(b!)).toBeNull();
  });

  it("a redirect is not followed: it is a failure, retried", async () => {
    const order = await agentOrder(HOOK);
    const receiver = platform(() => new Response(null, { status: 307, headers: { Location: "https://elsewhere.example/hook" } }));
    const { result } = await deliver(order.jobs, receiver.send);
    expect(receiver.sent[0]!.init.redirect).toBe("manual");
    expect(receiver.sent).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(1);
  });

  it(
    "a platform that does not answer within the timeout is a failure, retried",
    async () => {
      const order = await agentOrder(HOOK);
      const receiver = platform();
      const hang = (url: string, init: RequestInit) => {
        receiver.sent.push({ url, init, body: String(init.body), headers: new Headers(init.headers) });
        return new Promise<Response>((_, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason)));
      };
      const started = Date.now();
      const { result } = await deliver(order.jobs, hang);
      expect(Date.now() - started).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS - 100);
      expect(result.retryMessages).toHaveLength(1);
    },
    WEBHOOK_TIMEOUT_MS * 3,
  );

  it("what the queue gave up on reaches the dead-letter queue: recorded once, counted on the Overview, never sent", async () => {
    const order = await agentOrder(HOOK);
    const before = (await overview(order.owner)).deadWebhooks;
    const receiver = platform();
    await deliver(order.jobs, receiver.send, { queue: WEBHOOK_DEAD_LETTER_QUEUE, attempts: 6 });
    await deliver(order.jobs, receiver.send, { queue: WEBHOOK_DEAD_LETTER_QUEUE, attempts: 6 });
    expect(receiver.sent).toHaveLength(0);
    const { results } = await failuresOf(order.id);
    expect(results).toEqual([expect.objectContaining({ webhook_id: await webhookId(order.id, "placed"), event: "placed", host: "platform.example" })]);
    expect((await overview(order.owner)).deadWebhooks).toBe(before + 1);
    const page = await (await Owner.signedIn()).get("/admin");
    expect(page.text).toContain(`${before + 1} order ${before + 1 === 1 ? "event was" : "events were"} given up on.`);
  });
});

describe("only to platforms that asked, only over https", () => {
  it("an order whose agent declared no webhook sends nothing; an order of the web checkout enqueues nothing", async () => {
    const order = await agentOrder(null);
    const receiver = platform();
    const { result } = await deliver(order.jobs, receiver.send);
    expect(receiver.sent).toHaveLength(0);
    expect(result.explicitAcks).toHaveLength(1);

    const jobs: unknown[] = [];
    const webhooks = createOrderWebhooks(
      { send: async (job: unknown) => void jobs.push(job) } as unknown as Queue<OrderWebhookJob>,
      () => undefined,
      () => undefined,
    );
    webhooks.enqueue({ orderId: order.id, sessionId: "a-web-visitor", event: "placed", origin: SHOP });
    expect(jobs).toEqual([]);
  });

  it("an http target is refused in production (never called, given up at once); a local server may call a local one", async () => {
    expect(webhookRefusal("http://platform.example/hook", SHOP)).toBe("The webhook URL must be https.");
    expect(webhookRefusal("http://localhost:9/hook", SHOP)).toBe("The webhook URL must be https.");
    expect(webhookRefusal("https://user:secret@platform.example/hook", SHOP)).toBe("The webhook URL carries credentials.");
    expect(webhookRefusal("http://localhost:9/hook", "http://localhost:8787")).toBeNull();

    const order = await agentOrder(HOOK);
    await env.DB.prepare("UPDATE ucp_sessions SET webhook_url = 'http://platform.example/hook' WHERE order_id = ?").bind(order.id).run();
    const receiver = platform();
    const { result } = await deliver(order.jobs, receiver.send);
    expect(receiver.sent).toHaveLength(0);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await failuresOf(order.id)).results).toEqual([expect.objectContaining({ reason: "The webhook URL must be https." })]);

    await env.DB.prepare("UPDATE ucp_sessions SET webhook_url = 'http://localhost:9/hook' WHERE order_id = ?").bind(order.id).run();
    await deliver([{ ...order.jobs[0], origin: "http://localhost:8787" }], receiver.send);
    expect(receiver.sent.map((sent) => sent.url)).toEqual(["http://localhost:9/hook"]);
  });

  it("the profile publishes the signing key only once the secret is set; without it no event goes out, and it is retried", async () => {
    const published = (await businessProfile()).signing_keys;
    expect(published).toEqual([expect.objectContaining({ kid: "rawdogg-test-1", kty: "EC", crv: "P-256", use: "sig", alg: "ES256" })]);
    expect(JSON.stringify(published)).not.toContain('"d"');
    expect((await businessProfile(env)).signing_keys).toBeUndefined();
    // The newest profile publishes the same key as 2026-08-25 names it: `keys` at its root.
    expect((await businessProfile(signingEnv, "/.well-known/ucp")).keys).toEqual(published);
    expect((await businessProfile(env, "/.well-known/ucp")).keys).toBeUndefined();

    const order = await agentOrder(HOOK);
    const receiver = platform();
    const { result } = await deliver(order.jobs, receiver.send, { vars: { ...env } as never });
    expect(receiver.sent).toHaveLength(0);
    expect(result.retryMessages).toHaveLength(1);
  });
});
