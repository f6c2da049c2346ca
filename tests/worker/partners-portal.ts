/**
 * What the partner test files share: a partner made straight in D1 (as the owner's approval
 * would make one: a code of source `partner`, a handle), a shop whose outbox keeps its jobs and
 * whose background work can be awaited, and a browser that signs a partner in through /login.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { newOrderNumber } from "../../app/shared/orders";
import { createDatabase } from "../../workers/db/client";
import { createShop } from "../../workers/shop";
import type { EmailJob } from "../../workers/shop/emails/outbox";
import { createVisitor } from "../../workers/shop/visitor";
import { readShown } from "./entry";
import { emailQueue, Owner as Browser, PASSWORD } from "./owner";

let made = 0;
const unique = () => `${Date.now().toString(36)}${(++made).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type MadePartner = { id: number; email: string; handle: string; code: string };

/** A partner as approval makes one: their own code (10% off) and handle. */
export async function makePartner({
  status = "active",
  programme = "affiliate",
}: { status?: "active" | "paused"; programme?: "affiliate" | "creator" } = {}): Promise<MadePartner> {
  const tag = unique();
  const email = `partner-${tag}@example.com`;
  const handle = `p-${tag}`;
  const code = `P${tag.toUpperCase().replace(/[^A-Z0-9]/g, "")}`;
  const codeRow = await env.DB.prepare("INSERT INTO discount_codes (code, kind, value, source) VALUES (?, 'percent', 10, 'partner') RETURNING id")
    .bind(code)
    .first<{ id: number }>();
  const partner = await env.DB.prepare(
    "INSERT INTO partners (handle, programme, application_id, name, email, status, code_id) VALUES (?, ?, ?, 'Sam Partner', ?, ?, ?) RETURNING id",
  )
    .bind(handle, programme, 100_000 + made * 1000 + Math.floor(Math.random() * 1000), email, status, codeRow!.id)
    .first<{ id: number }>();
  return { id: partner!.id, email, handle, code };
}

/** An order attributed to `partnerId` (subtotal and savings in cents), placed `daysAgo` days ago; its internal id and number. */
export async function storePartnerOrder(
  partnerId: number,
  {
    subtotal,
    bundleSavings = 0,
    discount = 0,
    status = "placed",
    daysAgo = 0,
  }: { subtotal: number; bundleSavings?: number; discount?: number; status?: string; daysAgo?: number },
) {
  const id = `ord_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
  const number = newOrderNumber();
  const net = subtotal - bundleSavings - discount;
  const tax = Math.round(net * 0.08);
  await env.DB.prepare(
    `INSERT INTO orders (id, number, session_id, status, email, subtotal, bundle_savings, discount, tax, shipping, total, partner_id, attribution, placed_at)
     VALUES (?, ?, 'test', ?, 'shopper@example.com', ?, ?, ?, ?, 0, ?, ?, 'link', datetime('now', ?))`,
  )
    .bind(id, number, status, subtotal, bundleSavings, discount, tax, net + tax, partnerId, `-${daysAgo} days`)
    .run();
  return { id, number };
}

/** A shop for one request: its outbox keeps the jobs, and its background work (waitUntil) can be awaited. */
export function partnerShop() {
  const jobs: EmailJob[] = [];
  const background: Promise<unknown>[] = [];
  const shop = createShop({
    db: createDatabase(env.DB),
    kv: env.CATALOG_KV,
    visitor: createVisitor(null),
    waitUntil: (promise) => void background.push(promise),
    log: () => {},
    outbox: { enqueue: (job) => void jobs.push(job) },
  });
  return { shop, jobs, settled: () => Promise.all(background.splice(0)) };
}

export const ORIGIN = "https://shop.test";

/** A browser on the shop at https (so its cookies are `__Host-`), with the email queue recorded. */
export function partnerBrowser(address?: string) {
  const queue = emailQueue();
  const browser = new Browser(ORIGIN, { ADMIN_PASSWORD: PASSWORD, EMAIL_QUEUE: queue.EMAIL_QUEUE }, address);
  return { browser, jobs: queue.jobs as EmailJob[] };
}

export type SignInJob = Extract<EmailJob, { kind: "partner_sign_in" }>;

/** Asks /login for a sign-in for `email`: the answer, and the sign-in email's job if one was made. */
export async function askToSignIn(browser: Browser, jobs: EmailJob[], email: string) {
  const before = jobs.length;
  const answer = await browser.post("/login", { intent: "email", email });
  const job = jobs.slice(before).find((candidate): candidate is SignInJob => candidate.kind === "partner_sign_in");
  return { answer, shown: readShown(answer.text, "action"), job };
}

/** A partner signed in through the emailed code: the browser holds their session. */
export async function signedInPartner(partner: MadePartner, address?: string) {
  const { browser, jobs } = partnerBrowser(address);
  const { job } = await askToSignIn(browser, jobs, partner.email);
  expect(job, "a sign-in email").toBeDefined();
  const signedIn = await browser.post("/login", { intent: "code", email: partner.email, code: job!.code });
  expect(signedIn.status, signedIn.text).toBe(302);
  expect(signedIn.location).toBe("/partner");
  return browser;
}
