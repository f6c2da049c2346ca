/**
 * A partner's sign-in without a password (issue 34; contract "Codes and partners"; docs/
 * decisions/0026). The partner gives their email at /login and gets a one-time link
 * (`/login/<token>`) and a 6-digit code by email. Either signs in, once, within
 * SIGN_IN_MINUTES; the shop keeps both only as SHA-256 hashes (`partner_sign_ins`).
 *
 * - The answer never says whether an email is a partner's: a stranger's email gets the same
 *   answer, and a partner's sign-in is made in the background (`waitUntil`), so the answer
 *   does not take longer either. Every refusal of a code is one message too.
 * - Per email: at most SIGN_IN_EMAILS_PER_HOUR (and _PER_DAY) sign-in emails, counted in D1;
 *   past it nothing is made or sent, and the answer is the same. Per client address the edge
 *   limits every post (PARTNER_SIGNIN_LIMITER).
 * - A code is checked against the partner's newest sign-in only; each wrong code counts,
 *   and after WRONG_CODES_ALLOWED the sign-in is locked (link and code). At most 5 sign-ins
 *   an hour of 5 guesses each: 25 tries an hour at a million codes.
 * - Using a link or code is one conditional UPDATE (unused, unexpired, unlocked, this hash):
 *   two tabs racing with the same code sign in once.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { SIGN_IN_MINUTES } from "../../../app/shared/partners";
import * as t from "../../db/schema";
import type { ShopDeps } from "../deps";
import { newToken, tokenHash, TOKEN_SHAPE } from "../tokens";

export const SIGN_IN_EMAILS_PER_HOUR = 5;
export const SIGN_IN_EMAILS_PER_DAY = 10;
export const WRONG_CODES_ALLOWED = 5;

/** A sign-in link's path: `/login/<token>`. */
export const signInLinkPath = (token: string) => `/login/${token}`;

/** SQLite's UTC text (`YYYY-MM-DD HH:MM:SS`), as CURRENT_TIMESTAMP writes it. */
export const sqlTime = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/** Six digits, uniform (a draw past the last whole million is drawn again). */
export function newSignInCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n! < limit) return String(n! % 1_000_000).padStart(6, "0");
  }
}

/** What is kept of a code: its SHA-256 with its own sign-in's link hash, so it means nothing for another sign-in. */
export const signInCodeHash = (linkHash: string, code: string) => tokenHash(`${linkHash}:${code}`);

const normalEmail = (email: string) => email.trim().toLowerCase();

/** A sign-in that can still be used: not used, not expired, not locked by wrong codes. */
const open = (now: Date) =>
  and(sql`${t.partnerSignIns.usedAt} IS NULL`, gt(t.partnerSignIns.expiresAt, sqlTime(now)), sql`${t.partnerSignIns.attempts} < ${WRONG_CODES_ALLOWED}`);

/**
 * Asks for a sign-in for `email`: for a partner (active or paused: a paused partner still
 * sees what they earned), a new sign-in and its email, made in the background; for anyone
 * else nothing. Resolves the same either way. `origin`: the shop's address as the visitor
 * reached it, for the link.
 */
export async function requestSignIn(deps: ShopDeps, email: string, origin: string, now = new Date()): Promise<void> {
  const { db } = deps;
  const partner = await db
    .select({ id: t.partners.id })
    .from(t.partners)
    .where(eq(t.partners.email, normalEmail(email)))
    .get();
  if (!partner) return;
  deps.waitUntil(
    startSignIn(deps, partner.id, origin, now).catch((error: unknown) =>
      deps.log("partner_sign_in_failed", { error: error instanceof Error ? error.name : "unknown" }),
    ),
  );
}

async function startSignIn({ db, outbox, log }: ShopDeps, partnerId: number, origin: string, now: Date): Promise<void> {
  const s = t.partnerSignIns;
  const [hour, day] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(s)
      .where(and(eq(s.partnerId, partnerId), gt(s.createdAt, sqlTime(minutesAfter(now, -60))))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(s)
      .where(and(eq(s.partnerId, partnerId), gt(s.createdAt, sqlTime(minutesAfter(now, -24 * 60))))),
  ]);
  if (hour[0]!.n >= SIGN_IN_EMAILS_PER_HOUR || day[0]!.n >= SIGN_IN_EMAILS_PER_DAY) {
    log("partner_sign_in_limited", { partnerId });
    return;
  }
  const token = newToken();
  const code = newSignInCode();
  const linkHash = await tokenHash(token);
  const row = await db
    .insert(s)
    .values({
      partnerId,
      linkHash,
      codeHash: await signInCodeHash(linkHash, code),
      expiresAt: sqlTime(minutesAfter(now, SIGN_IN_MINUTES)),
      createdAt: sqlTime(now),
    })
    .returning({ id: s.id })
    .get();
  outbox?.enqueue({ kind: "partner_sign_in", signInId: row.id, token, code, origin });
}

/** Whether a sign-in link can still sign in (its page offers the button), without using it. */
export async function signInLinkState({ db }: ShopDeps, token: string, now = new Date()): Promise<"ready" | "spent"> {
  if (!TOKEN_SHAPE.test(token)) return "spent";
  const s = t.partnerSignIns;
  const row = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.linkHash, await tokenHash(token)), open(now)))
    .get();
  return row ? "ready" : "spent";
}

/** Signs in with a link: the partner's id, or null when it is unknown, used, expired or locked. */
export async function signInWithLink({ db }: ShopDeps, token: string, now = new Date()): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const s = t.partnerSignIns;
  const used = await db
    .update(s)
    .set({ usedAt: sqlTime(now) })
    .where(and(eq(s.linkHash, await tokenHash(token)), open(now)))
    .returning({ partnerId: s.partnerId })
    .get();
  return used?.partnerId ?? null;
}

/**
 * Signs in with the code of the partner's newest sign-in: the partner's id, or null (not a
 * partner's email, wrong code, used, expired or locked: one answer for all). A wrong code
 * on an open sign-in counts an attempt.
 */
export async function signInWithCode({ db }: ShopDeps, email: string, code: string, now = new Date()): Promise<number | null> {
  const s = t.partnerSignIns;
  const newest = await db
    .select({ id: s.id, partnerId: s.partnerId, linkHash: s.linkHash })
    .from(s)
    .innerJoin(t.partners, eq(t.partners.id, s.partnerId))
    .where(eq(t.partners.email, normalEmail(email)))
    .orderBy(desc(s.id))
    .limit(1)
    .get();
  if (!newest) return null;
  const codeHash = await signInCodeHash(newest.linkHash, code.trim());
  const used = await db
    .update(s)
    .set({ usedAt: sqlTime(now) })
    .where(and(eq(s.id, newest.id), eq(s.codeHash, codeHash), open(now)))
    .returning({ partnerId: s.partnerId })
    .get();
  if (used) return used.partnerId;
  await db
    .update(s)
    .set({ attempts: sql`${s.attempts} + 1` })
    .where(and(eq(s.id, newest.id), open(now)));
  return null;
}
