/**
 * What several worker test files share: the API's shapes as test types, the error
 * shape check, catalog look-ups through the API, the shop as one of a visitor's requests
 * sees it, a price changed in D1 and undone, and a seeded random generator.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Bundle, Category, Product } from "../../app/lib/types";
import { createDatabase } from "../../workers/db/client";
import { createShop } from "../../workers/shop";
import { createVisitor } from "../../workers/shop/visitor";
import { Visitor, type Reply } from "./visitor";

/** The API's shapes, as the shop defines them (the tests check the contract's fields themselves). */
export type { Bundle, CartLine, Category, Product, Recommendation } from "../../app/lib/types";

export type ErrorBody = { error: { message: string; issues?: { path: string; message: string }[] } };

export const EMOJIS = ["👍", "❤️", "🔥", "😍", "😮", "🙏"] as const;

/** The contract's error: `status`, a JSON body `{"error": {"message": "..."}}`, no stack trace. */
export function expectError(res: Reply, status: number): ErrorBody {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("Content-Type") ?? "").toMatch(/application\/json/);
  expect(res.body).toEqual({ error: expect.objectContaining({ message: expect.any(String) }) });
  const body = res.body as ErrorBody;
  expect(body.error.message.length).toBeGreaterThan(0);
  if (body.error.issues !== undefined) {
    for (const issue of body.error.issues) expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
  }
  expect(res.text).not.toMatch(/\n\s+at\s/);
  return body;
}

/** A 400 whose `issues` name `path`; returns that issue's message. */
export function expectIssue(res: Reply, path: string): string {
  const body = expectError(res, 400);
  const issue = body.error.issues?.find((i) => i.path === path);
  expect(issue, `no issue for "${path}" in ${res.text}`).toBeDefined();
  return issue!.message;
}

/** The messages of a 400's issues, by field path. */
export function issueMessages(res: Reply): Record<string, string> {
  const body = expectError(res, 400);
  return Object.fromEntries((body.error.issues ?? []).map((i) => [i.path, i.message]));
}

const anonymous = () => new Visitor();

export async function allProducts(): Promise<Product[]> {
  const res = await anonymous().get<Product[]>("/api/products");
  expect(res.status).toBe(200);
  return res.body;
}

export async function productBySlug(slug: string): Promise<Product> {
  const product = (await allProducts()).find((p) => p.slug === slug);
  if (!product) throw new Error(`no product with slug ${slug}`);
  return product;
}

export async function allCategories(): Promise<Category[]> {
  const res = await anonymous().get<Category[]>("/api/categories");
  expect(res.status).toBe(200);
  return res.body;
}

export async function allBundles(): Promise<Bundle[]> {
  const res = await anonymous().get<Bundle[]>("/api/cart/recommended-bundles");
  expect(res.status).toBe(200);
  return res.body;
}

/** The shop as one of `visitor`'s requests sees it (their session and network), on `d1`. */
export const shopOf = (visitor: Visitor, d1: D1Database = env.DB) =>
  createShop({
    db: createDatabase(d1),
    kv: env.CATALOG_KV,
    visitor: createVisitor(visitor.jar.get("rd_session") ?? null, { address: visitor.address }),
    waitUntil: () => undefined,
    log: () => undefined,
  });

/**
 * Sets a product's price in D1 (as the back office's edit does, the triggers bumping the
 * catalog version) and pushes its undoing onto `restores`, for the file's afterEach to run.
 * Answers the price it had.
 */
export async function setPriceInD1(slug: string, price: number, restores: (() => Promise<unknown>)[]) {
  const original = (await env.DB.prepare("SELECT price FROM products WHERE slug = ?").bind(slug).first<{ price: number }>())!.price;
  restores.push(() => env.DB.prepare("UPDATE products SET price = ? WHERE slug = ?").bind(original, slug).run());
  await env.DB.prepare("UPDATE products SET price = ? WHERE slug = ?").bind(price, slug).run();
  return original;
}

/** A string no other test run will produce: for rows that must be found (or not) later. */
export const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}`;

/** mulberry32: a tiny seeded PRNG, so a fuzz run is the same run every time. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 8% of `subtotal` cents rounded half up, by integer remainder (no floats, no shared code). */
export function expectedTax(subtotal: number): number {
  const raw = subtotal * 8;
  const whole = Math.trunc(raw / 100);
  return raw - whole * 100 >= 50 ? whole + 1 : whole;
}

/** Contract, "Freshness and caching": what the shop shows may lag a catalog change by at most this. */
export const SHOWN_LAG_MS = 5_000;

/**
 * Runs `check` until it passes or `withinMs` has gone by (then its last failure is thrown),
 * and answers how long it took: for what the shop promises to show "within" a time.
 */
export async function eventually(check: () => Promise<void> | void, withinMs = SHOWN_LAG_MS + 1_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - start;
    } catch (error) {
      if (Date.now() - start > withinMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * The abuse limits count in fixed one-minute windows that turn on the wall clock's minute
 * (Cloudflare's limiter and miniflare's alike), so a burst that straddles a turn is counted in
 * two windows and the request past the limit may pass. Runs `burst` from a network of its own
 * (an IPv6 /64 prefix: add `::1`, or any host), and once more from another if a minute turned
 * while it ran, so the answers it gives back were all counted in one window.
 */
export async function inOneWindow<T>(burst: (network: string) => Promise<T>): Promise<T> {
  const minute = () => Math.floor(Date.now() / 60_000);
  for (let attempt = 0; ; attempt++) {
    const started = minute();
    const answers = await burst(`2001:db8:${randomHextet()}:${randomHextet()}`);
    if (minute() === started || attempt > 0) return answers;
  }
}

const randomHextet = () => crypto.getRandomValues(new Uint16Array(1))[0]!.toString(16);

/** The /64 beside `network` (an `inOneWindow` prefix): its last group with the lowest bit flipped. */
export const neighbourNetwork = (network: string) => network.replace(/[0-9a-f]+$/, (group) => (Number.parseInt(group, 16) ^ 1).toString(16));

/**
 * `limit` tries from one address, then one more, all counted in one window (`inOneWindow`):
 * the answers the limit let through, and the one past it.
 */
export const pastTheLimit = <T>(limit: number, attempt: (address: string, i: number) => Promise<T>) =>
  inOneWindow(async (network) => {
    const allowed: T[] = [];
    for (let i = 0; i < limit; i++) allowed.push(await attempt(`${network}::1`, i));
    return { allowed, refused: await attempt(`${network}::1`, limit) };
  });
