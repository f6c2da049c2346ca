/**
 * What approving an affiliate or creator application makes (docs/decisions/0026): a partner
 * with a referral handle (`/r/<handle>`) and a personal code (a `discount_codes` row of source
 * `partner`, PARTNER_CODE_PERCENT off), written in the approval's own batch
 * (backoffice/applications.ts `reviewApplication`). A creator's payment method and account
 * details are copied onto the partner for the payment run.
 */
import { like, or, sql, type SQL } from "drizzle-orm";
import { PARTNER_CODE_PERCENT } from "../../../app/shared/partners";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import { columnList } from "../backoffice/shared";

/** The longest base a handle is made from: the link stays short enough to say aloud. */
const HANDLE_BASE_LENGTH = 24;
/** The longest name part of a code (`JANE` of `JANE10`), so a code with its suffix stays within 24 characters. */
const CODE_BASE_LENGTH = 12;

/**
 * A handle's base from a name: its letters (accents dropped, any other script left out),
 * lower case, words joined by hyphens; "partner" when no letter is left. Digits are left out
 * on purpose: the applicant typed the name, and the welcome email must not carry a phone
 * number or anything a mail reader makes a link of (contract, "Emails").
 */
export function handleBase(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  let base = "";
  for (const word of words) {
    const next = base ? `${base}-${word}` : word;
    if (next.length > HANDLE_BASE_LENGTH) break;
    base = next;
  }
  return base || (words[0]?.slice(0, HANDLE_BASE_LENGTH) ?? "") || "partner";
}

/** The first of `base`, `base-2`, `base-3`… that is not among `taken`. */
function firstFree(base: string, taken: Set<string>, join: (base: string, n: number) => string): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(join(base, n))) return join(base, n);
}

/** The code's base: the handle's first word, upper case, and the percent: `JANE10`. */
export const codeBase = (handle: string) => `${(handle.split("-")[0] ?? "").slice(0, CODE_BASE_LENGTH).toUpperCase()}${PARTNER_CODE_PERCENT}`;

/** A new partner's handle and code, each unique among those D1 holds now (another approval may take one first: the batch then fails whole, and is tried again). */
export async function freeHandleAndCode(db: Database, name: string): Promise<{ handle: string; code: string }> {
  const base = handleBase(name);
  const code = codeBase(base);
  const [handles, codes] = await db.batch([
    db
      .select({ value: t.partners.handle })
      .from(t.partners)
      .where(or(sql`${t.partners.handle} = ${base}`, like(t.partners.handle, `${base}-%`))),
    db
      .select({ value: t.discountCodes.code })
      .from(t.discountCodes)
      .where(or(sql`${t.discountCodes.code} = ${code}`, like(t.discountCodes.code, `${code}-%`))),
  ]);
  const handle = firstFree(base, new Set(handles.map((row) => row.value)), (b, n) => `${b}-${n}`);
  return { handle, code: firstFree(code, new Set(codes.map((row) => row.value.toUpperCase())), (b, n) => `${b}-${n}`) };
}

/**
 * The statements that make the partner of application `applicationId` of `programme`, for
 * the approval's batch: the code, then the partner holding it. Each acts only while the
 * application is approved, has no partner yet, and its email is no partner's already (one
 * partner per email: an affiliate later approved as a creator keeps the link and code they
 * have), so the batch makes one partner however often it runs.
 */
export function admitPartner(programme: t.PartnerProgramme, applicationId: number, { handle, code }: { handle: string; code: string }): SQL[] {
  const a = programme === "creator" ? t.creatorApplications : t.affiliateApplications;
  const p = t.partners;
  const c = t.discountCodes;
  const noPartnerYet = sql`${a.status} = 'approved' AND NOT EXISTS (SELECT 1 FROM ${p} WHERE (${p.programme} = ${programme} AND ${p.applicationId} = ${a.id}) OR ${p.email} = lower(${a.email}))`;
  const payout = programme === "creator" ? sql`${t.creatorApplications.paymentMethod}, ${t.creatorApplications.accountDetails}` : sql`NULL, NULL`;
  return [
    sql`INSERT INTO ${c} (${columnList(c.code, c.kind, c.value, c.status, c.source)})
      SELECT ${code}, 'percent', ${PARTNER_CODE_PERCENT}, 'active', 'partner' FROM ${a} WHERE ${a.id} = ${applicationId} AND ${noPartnerYet}`,
    sql`INSERT INTO ${p} (${columnList(p.handle, p.programme, p.applicationId, p.name, p.email, p.codeId, p.payoutMethod, p.payoutDetails)})
      SELECT ${handle}, ${programme}, ${a.id}, ${a.name}, lower(${a.email}), (SELECT ${c.id} FROM ${c} WHERE ${c.code} = ${code}), ${payout}
      FROM ${a} WHERE ${a.id} = ${applicationId} AND ${noPartnerYet}`,
  ];
}

/** Whether a D1 error is a UNIQUE constraint's (a handle or code another approval took meanwhile). */
export const isUniqueClash = (error: unknown) => error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
