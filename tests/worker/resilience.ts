/**
 * The resiliency matrix's wrappers (docs/decisions/0028): each binding as the Worker sees it,
 * failing on cue with the errors Cloudflare names, and what every answer to such a failure
 * must be (the shop's words, the request id, Retry-After, no stack).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "./entry";
import type { Visitor } from "./visitor";

/** D1's words when its connection drops mid-query, and when its storage object is reset. */
export const D1_LOST = "D1_ERROR: Network connection lost.";
export const D1_RESET = "D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.";
/** A KV read, an R2 read and a queue send that the platform could not serve. */
export const KV_FAILED = "KV GET failed: 503 Service Unavailable";
export const R2_FAILED = "get: We encountered an internal error. Please try again. (10001)";
export const QUEUE_FAILED = "Queue send failed: Internal Server Error";

const QUERIES = new Set(["all", "run", "first", "raw"]);

/**
 * env.DB failing with `message`: on every query (`every`), or only on batches (`batch`: reads
 * answer, the writes of an order, which go in one batch, do not).
 */
export function failingD1(message: string, only: "every" | "batch" = "every"): D1Database {
  const fail = () => Promise.reject(new Error(message));
  const passOn = (target: object, key: string | symbol) => {
    const value = Reflect.get(target, key) as unknown;
    return typeof value === "function" ? value.bind(target) : value;
  };
  const statement = (real: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(real, {
      get(target, key) {
        if (only === "every" && typeof key === "string" && QUERIES.has(key)) return fail;
        if (key === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        return passOn(target, key);
      },
    });
  const database = <D extends object>(real: D): D =>
    new Proxy(real, {
      get(target, key) {
        if (key === "batch") return fail;
        if (key === "prepare") return (query: string) => statement((target as unknown as D1Database).prepare(query));
        if (key === "withSession") return (...args: unknown[]) => database((target as unknown as D1Database).withSession(...(args as [string])));
        return passOn(target, key);
      },
    });
  return database(env.DB);
}

/** A KV namespace whose reads (get, getWithMetadata, list) throw; writes pass. */
export function failingKV(real: KVNamespace): KVNamespace {
  return new Proxy(real, {
    get(target, key) {
      if (key === "get" || key === "getWithMetadata" || key === "list") return () => Promise.reject(new Error(KV_FAILED));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The downloads bucket, whose reads throw. */
export function failingR2(real: R2Bucket): R2Bucket {
  return new Proxy(real, {
    get(target, key) {
      if (key === "get" || key === "head") return () => Promise.reject(new Error(R2_FAILED));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A queue producer whose every send throws. */
export const failingQueue = () =>
  ({ send: () => Promise.reject(new Error(QUEUE_FAILED)), sendBatch: () => Promise.reject(new Error(QUEUE_FAILED)) }) as unknown as Queue;

/** A rate limiter that does not answer. */
export const failingLimiter = () => ({ limit: () => Promise.reject(new Error("RateLimit: internal error")) }) as unknown as RateLimit;

export type Sent = { status: number; headers: Headers; text: string };

/** One request to the test Worker with some of its bindings swapped, as `visitor` (their cookies and address). */
export async function sendWith(
  bindings: Partial<Record<keyof Env, unknown>>,
  visitor: Visitor,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const headers = new Headers({ "CF-Connecting-IP": visitor.address, Origin: visitor.origin, ...init.headers });
  if (visitor.cookie) headers.set("Cookie", visitor.cookie);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${visitor.origin}${path}`, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" }),
    { ...env, ...bindings } as Env,
    ctx,
  );
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, headers: response.headers, text };
}

const noStack = (text: string) => {
  expect(text).not.toMatch(/\n\s+at\s/);
  expect(text).not.toMatch(/D1_ERROR|Network connection lost|object to be reset|KV GET failed|internal error\. Please|Queue send failed/);
};

/** The API's answer to a binding that did not answer: a 503 in the contract's error shape, with the request id and Retry-After. */
export function expectUnavailableJson(sent: Sent) {
  expect(sent.status, sent.text).toBe(503);
  expect(sent.headers.get("Retry-After")).toBe("5");
  expect(sent.headers.get("Content-Type") ?? "").toMatch(/json/);
  const body = JSON.parse(sent.text) as { error: { message: string; requestId?: string } };
  expect(body.error.message).toBe("The shop cannot answer just now. Please try again in a few seconds.");
  expect(body.error.requestId).toBe(sent.headers.get("X-Request-Id"));
  noStack(sent.text);
}

/** A page's answer to the same: the shop's own page in its words, naming the request id, with Retry-After. */
export function expectUnavailablePage(sent: Sent) {
  expect(sent.status, sent.text).toBe(503);
  expect(sent.headers.get("Retry-After")).toBe("5");
  expect(sent.headers.get("Content-Type") ?? "").toMatch(/text\/html/);
  expect(sent.text).toContain("The shop cannot answer just now. Please try again in a few seconds.");
  expect(sent.text).toContain(sent.headers.get("X-Request-Id")!);
  expect(sent.text).not.toContain("Internal Server Error");
  noStack(sent.text);
}
