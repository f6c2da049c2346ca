/**
 * UCP's `Idempotency-Key` (checkout-rest, "Specific Header Requirements"): the first answer to
 * a key is kept at least 24 hours and given again for the same key and body; the same key
 * with another body is refused (409). A key is claimed before its operation runs, so two
 * requests racing with one key never both run it. The agents' door (workers/ucp) runs its
 * writes through `once`; the keys are kept here, with the shop's other tables.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import * as t from "../../db/schema";
import type { ShopDeps } from "../deps";

/**
 * A claim's lease: a request that claimed its key and never answered (the client went, the
 * CPU limit hit) holds the key this long, then a retry with it runs again. Longer than any
 * operation runs (a Worker's request stops well within it).
 */
export const CLAIM_LEASE_SECONDS = 60;

/** Kept at least 24 hours, as the spec asks; older than this, a key is forgotten as new ones come. */
export const KEY_KEPT_HOURS = 48;

export const IDEMPOTENCY_CONFLICT = "This Idempotency-Key was used already with another request body.";
export const IDEMPOTENCY_RUNNING = "A request with this Idempotency-Key is still being handled. Please try again shortly.";

export type Claim = { kind: "new" } | { kind: "replay"; status: number; body: string } | { kind: "conflict" } | { kind: "running" };

/** The SHA-256 of the request's body, hex. */
export async function bodyHash(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Claims `key` in `scope` for a request whose body hashes to `hash` (one trip: old keys and this key's lapsed claim go, the claim, what stands). */
export async function claimKey({ db }: ShopDeps, key: string, scope: string, hash: string): Promise<Claim> {
  const thisKey = and(eq(t.ucpIdempotency.key, key), eq(t.ucpIdempotency.scope, scope));
  const [, , claimed, [found]] = await db.batch([
    db.delete(t.ucpIdempotency).where(lt(t.ucpIdempotency.createdAt, sql`datetime('now', ${`-${KEY_KEPT_HOURS} hours`})`)),
    db
      .delete(t.ucpIdempotency)
      .where(and(thisKey, eq(t.ucpIdempotency.status, 0), lt(t.ucpIdempotency.createdAt, sql`datetime('now', ${`-${CLAIM_LEASE_SECONDS} seconds`})`))),
    db.insert(t.ucpIdempotency).values({ key, scope, requestHash: hash }).onConflictDoNothing().returning({ key: t.ucpIdempotency.key }),
    db.select().from(t.ucpIdempotency).where(thisKey),
  ]);
  if (claimed.length > 0) return { kind: "new" };
  if (!found || found.requestHash !== hash) return { kind: "conflict" };
  if (found.status === 0) return { kind: "running" };
  return { kind: "replay", status: found.status, body: found.response };
}

/** The answer a claimed key gives from now on. */
export async function keepAnswer({ db }: ShopDeps, key: string, scope: string, status: number, body: string) {
  await db
    .update(t.ucpIdempotency)
    .set({ status, response: body })
    .where(and(eq(t.ucpIdempotency.key, key), eq(t.ucpIdempotency.scope, scope)));
}

/** Lets a key go when its operation failed unexpectedly: a retry with it runs again. */
export async function releaseKey({ db }: ShopDeps, key: string, scope: string) {
  await db.delete(t.ucpIdempotency).where(and(eq(t.ucpIdempotency.key, key), eq(t.ucpIdempotency.scope, scope), eq(t.ucpIdempotency.status, 0)));
}

export type Answer = { status: number; body: string };
export type Outcome = ({ kind: "answer" } & Answer) | { kind: "conflict" } | { kind: "running" };

/**
 * Runs `run` once for `key` in `scope` and body hash `hash`: the first time it runs and its
 * answer is kept; the same key and body again get that answer; another body, a conflict.
 */
export async function once(deps: ShopDeps, key: string, scope: string, hash: string, run: () => Promise<Answer>): Promise<Outcome> {
  const claim = await claimKey(deps, key, scope, hash);
  if (claim.kind === "conflict" || claim.kind === "running") return { kind: claim.kind };
  if (claim.kind === "replay") return { kind: "answer", status: claim.status, body: claim.body };
  try {
    const answer = await run();
    await keepAnswer(deps, key, scope, answer.status, answer.body);
    return { kind: "answer", ...answer };
  } catch (failure) {
    await releaseKey(deps, key, scope).catch(() => undefined);
    throw failure;
  }
}
