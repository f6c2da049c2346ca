/**
 * Discount codes in the back office: the owner's codes (listed with what they brought,
 * created, edited, paused, deleted while never used), and the newsletter welcome code's
 * setting. Every change is one D1 batch with its audit entry (./shared.ts). A change bumps
 * the code's `updated_at`: placing an order checks the code is still as the cart read it.
 * The form's fields and words: ./code-form.ts.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import { invalidInput, notFound } from "../../../app/shared/errors";
import { formatPrice } from "../../../app/shared/money";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";

/** Where a code came from, for the back office's tabs (its pages never import the schema themselves). */
export { CODE_SOURCES } from "../../db/schema";
import { utcText, valueText, type CodeTermsInput, type NewCodeInput } from "./code-form";
import { auditOfChange, auditWhen, CHANGED_A_ROW, changeInOrder, columnList, pageOf, pageWindow, type BackOfficeDeps, type Page } from "./shared";

/** The `shop_settings` key of the newsletter welcome code's percent off. */
export const WELCOME_CODE_PERCENT_KEY = "welcome_code_percent";

/** The welcome code's percent when the owner never set one. */
export const DEFAULT_WELCOME_CODE_PERCENT = 10;

/** What a stored setting says: a whole 0-100 (0: no welcome code); anything else reads as the default. */
export const welcomePercentOf = (value: string | undefined): number => {
  const percent = value === undefined || !/^\d{1,3}$/.test(value) ? Number.NaN : Number(value);
  return Number.isInteger(percent) && percent >= 0 && percent <= 100 ? percent : DEFAULT_WELCOME_CODE_PERCENT;
};

/**
 * The percent off a newsletter welcome code gives (10 unless the owner changed it); 0 means
 * the owner turned welcome codes off, and confirming the newsletter sends none.
 */
export async function welcomeCodePercent(deps: { db: Database }): Promise<number> {
  const [row] = await deps.db.select({ value: t.shopSettings.value }).from(t.shopSettings).where(eq(t.shopSettings.key, WELCOME_CODE_PERCENT_KEY)).limit(1);
  return welcomePercentOf(row?.value);
}

/** Orders that count for sales: placed and kept (never an intent, never cancelled). */
const COUNTED = notInArray(t.orders.status, ["intent", "cancelled"]);

/** Net sales, as the contract defines them: the subtotal after bundle savings and the discount, before tax and shipping. */
const netSales = sql<number>`coalesce(sum(${t.orders.subtotal} - ${t.orders.bundleSavings} - ${t.orders.discount}), 0)`;
const discountSum = sql<number>`coalesce(sum(${t.orders.discount}), 0)`;

export type CodeSource = (typeof t.CODE_SOURCES)[number];

export type CodeRecord = typeof t.discountCodes.$inferSelect;

/** A code as the list shows it, with the orders it brought (kept ones), their net sales and the discount given. */
export type CodeSummary = CodeRecord & { orders: number; sales: number; discount: number };

/** A product a code can apply to, for the form's choices. */
export type ProductChoice = { id: number; name: string };

export async function productChoices({ db }: { db: Database }): Promise<ProductChoice[]> {
  return db.select({ id: t.products.id, name: t.products.name }).from(t.products).orderBy(asc(t.products.name), asc(t.products.id));
}

/** The codes from one source (the owner's, the newsletter's, partners'), newest first, paged. */
export async function listCodes({ db }: BackOfficeDeps, source: CodeSource, page: number): Promise<{ count: number; page: Page<CodeSummary> }> {
  const dc = t.discountCodes;
  const o = t.orders;
  const brought = db
    .select({ code: o.discountCode, orders: count().as("orders"), sales: netSales.as("sales"), discount: discountSum.as("discount") })
    .from(o)
    .where(and(isNotNull(o.discountCode), COUNTED))
    .groupBy(o.discountCode)
    .as("brought");
  const { limit, offset } = pageWindow(page);
  const [total, rows] = await db.batch([
    db.select({ count: count() }).from(dc).where(eq(dc.source, source)),
    db
      .select({
        code: dc,
        orders: sql<number>`coalesce(${brought.orders}, 0)`,
        sales: sql<number>`coalesce(${brought.sales}, 0)`,
        discount: sql<number>`coalesce(${brought.discount}, 0)`,
      })
      .from(dc)
      .leftJoin(brought, eq(brought.code, dc.code))
      .where(eq(dc.source, source))
      .orderBy(desc(dc.id))
      .limit(limit)
      .offset(offset),
  ]);
  return {
    count: total[0]?.count ?? 0,
    page: pageOf(
      rows.map(({ code, ...figures }) => ({ ...code, ...figures })),
      page,
    ),
  };
}

export async function getCode({ db }: BackOfficeDeps, id: number): Promise<CodeRecord> {
  const code = await db.select().from(t.discountCodes).where(eq(t.discountCodes.id, id)).get();
  if (!code) throw notFound("There is no such discount code. It may have been deleted.");
  return code;
}

/**
 * `updated_at` moved on by a change: now, to the millisecond, and always later than it was
 * (two changes in one millisecond still differ), so a cart that read the code before sees
 * that it changed.
 */
const NOW_MS = sql`strftime('%Y-%m-%d %H:%M:%f', 'now')`;
const bumpedUpdatedAt = sql`CASE WHEN ${NOW_MS} > ${t.discountCodes.updatedAt} THEN ${NOW_MS} ELSE strftime('%Y-%m-%d %H:%M:%f', ${t.discountCodes.updatedAt}, '+0.001 seconds') END`;

/** The names of the products a code applies to, for the audit trail and the list. */
export const productsText = (ids: number[] | null, products: ProductChoice[]) => {
  if (!ids) return "every product";
  const names = new Map(products.map((product) => [product.id, product.name]));
  return ids.map((id) => names.get(id) ?? `product ${id} (no longer in the catalog)`).join(", ");
};

/** A code's terms in a line, as the audit trail records them. */
const termsText = (terms: CodeTermsInput, products: ProductChoice[]) =>
  [
    valueText(terms),
    terms.minSubtotal !== null ? `minimum ${formatPrice(terms.minSubtotal)}` : "",
    terms.startsAt ? `from ${utcText(terms.startsAt)}` : "",
    terms.endsAt ? `until ${utcText(terms.endsAt)}` : "",
    terms.maxUses !== null ? `${terms.maxUses} uses` : "",
    terms.maxUsesPerEmail !== null ? `${terms.maxUsesPerEmail} per email` : "",
    `on ${productsText(terms.productIds, products)}`,
    terms.status,
  ]
    .filter(Boolean)
    .join("; ");

/** What an edit changes, field by field, as the audit trail says it. */
function describeChanges(before: CodeRecord, after: CodeTermsInput, products: ProductChoice[]): string[] {
  const or = (text: string, none: string) => text || none;
  const money = (cents: number | null) => (cents === null ? "none" : formatPrice(cents));
  const limit = (n: number | null) => (n === null ? "no limit" : String(n));
  const sameProducts = JSON.stringify(before.productIds ?? null) === JSON.stringify(after.productIds);
  return [
    before.kind !== after.kind || before.value !== after.value ? `${valueText(before)} -> ${valueText(after)}` : "",
    before.minSubtotal !== after.minSubtotal ? `minimum ${money(before.minSubtotal)} -> ${money(after.minSubtotal)}` : "",
    before.startsAt !== after.startsAt ? `start ${or(utcText(before.startsAt), "none")} -> ${or(utcText(after.startsAt), "none")}` : "",
    before.endsAt !== after.endsAt ? `end ${or(utcText(before.endsAt), "none")} -> ${or(utcText(after.endsAt), "none")}` : "",
    before.maxUses !== after.maxUses ? `uses ${limit(before.maxUses)} -> ${limit(after.maxUses)}` : "",
    before.maxUsesPerEmail !== after.maxUsesPerEmail ? `per email ${limit(before.maxUsesPerEmail)} -> ${limit(after.maxUsesPerEmail)}` : "",
    sameProducts ? "" : `products ${productsText(before.productIds, products)} -> ${productsText(after.productIds, products)}`,
    before.status !== after.status ? `${before.status} -> ${after.status}` : "",
  ].filter(Boolean);
}

/** The products chosen all exist (a product may have gone since the form was shown). */
function checkProducts(ids: number[] | null, products: ProductChoice[]) {
  const known = new Set(products.map((product) => product.id));
  if (ids?.some((id) => !known.has(id))) {
    const message = "One of the products chosen is no longer in the catalog. Please choose again.";
    throw invalidInput(message, [{ path: "products", message }]);
  }
}

export const codeTakenMessage = (code: string) => `There is already a code ${code}. Codes match without regard to case: please choose another.`;

const audited = (code: string) => `code ${code}`;

/**
 * Creates a code. Its text is unique without regard to case: the insert happens only when
 * no code matches it, in the same statement, so two owners' tabs cannot both create it.
 */
export async function createCode(deps: BackOfficeDeps, input: NewCodeInput): Promise<void> {
  const products = await productChoices(deps);
  checkProducts(input.productIds, products);
  const dc = t.discountCodes;
  const columns = [
    dc.code,
    dc.kind,
    dc.value,
    dc.minSubtotal,
    dc.startsAt,
    dc.endsAt,
    dc.maxUses,
    dc.maxUsesPerEmail,
    dc.productIds,
    dc.status,
    dc.source,
    dc.updatedAt,
  ];
  const values = [input.code, input.kind, input.value, input.minSubtotal, input.startsAt, input.endsAt, input.maxUses, input.maxUsesPerEmail];
  const [created] = await changeInOrder(deps, [
    sql`INSERT INTO ${dc} (${columnList(...columns)})
      SELECT ${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}, ${input.productIds ? JSON.stringify(input.productIds) : null}, ${input.status}, 'owner', ${NOW_MS}
      WHERE NOT EXISTS (SELECT 1 FROM ${dc} WHERE upper(${dc.code}) = ${input.code})`,
    auditOfChange(deps, "code.create", audited(input.code), termsText(input, products)),
  ]);
  if (!created?.meta.changes) throw invalidInput(codeTakenMessage(input.code), [{ path: "code", message: codeTakenMessage(input.code) }]);
}

const CHANGED_MEANWHILE = "This code was changed while you were editing it. Please check it and save again.";
const usedMoreThan = (code: CodeRecord) =>
  `${code.code} has been used ${code.uses} ${code.uses === 1 ? "time" : "times"}: its limit cannot be lower than that.`;

/**
 * Changes a code's terms (its text stays: orders name it). Returns what changed (nothing:
 * no write). The write holds only if the code is still as it was read (its `updated_at`),
 * and its limit is not below the uses already taken.
 */
export async function updateCode(deps: BackOfficeDeps, id: number, input: CodeTermsInput): Promise<string[]> {
  const [before, products] = await Promise.all([getCode(deps, id), productChoices(deps)]);
  const changes = describeChanges(before, input, products);
  if (changes.length === 0) return [];
  checkProducts(input.productIds, products);
  if (input.maxUses !== null && input.maxUses < before.uses) throw invalidInput(usedMoreThan(before), [{ path: "maxUses", message: usedMoreThan(before) }]);
  const dc = t.discountCodes;
  const [updated] = await changeInOrder(deps, [
    deps.db
      .update(dc)
      .set({ ...input, updatedAt: bumpedUpdatedAt })
      .where(and(eq(dc.id, id), eq(dc.updatedAt, before.updatedAt), input.maxUses === null ? undefined : lte(dc.uses, input.maxUses))),
    auditOfChange(deps, "code.update", audited(before.code), changes.join("; ")),
  ]);
  if (!updated?.meta.changes) {
    const now = await getCode(deps, id);
    if (input.maxUses !== null && input.maxUses < now.uses) throw invalidInput(usedMoreThan(now), [{ path: "maxUses", message: usedMoreThan(now) }]);
    throw invalidInput(CHANGED_MEANWHILE);
  }
  return changes;
}

/** Pauses or resumes a code; false when it already was so (nothing recorded). */
export async function setCodeStatus(deps: BackOfficeDeps, id: number, status: t.CodeStatus): Promise<boolean> {
  const before = await getCode(deps, id);
  const dc = t.discountCodes;
  const [updated] = await changeInOrder(deps, [
    deps.db
      .update(dc)
      .set({ status, updatedAt: bumpedUpdatedAt })
      .where(and(eq(dc.id, id), sql`${dc.status} <> ${status}`)),
    auditOfChange(
      deps,
      status === "paused" ? "code.pause" : "code.resume",
      audited(before.code),
      status === "paused" ? "active -> paused" : "paused -> active",
    ),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/** A code some order used (even one cancelled since, its use given back): it stays, for the orders that name it. */
const USED = sql`(${t.discountCodes.uses} > 0 OR EXISTS (SELECT 1 FROM ${t.orders} WHERE ${t.orders.discountCode} = ${t.discountCodes.code} AND ${t.orders.status} <> 'intent'))`;

export const usedCodeMessage = (code: string) => `${code} has been used, so it cannot be deleted: pause it instead, and it takes nothing off from then on.`;

/** Deletes a code no order ever used; a used one is refused (pause it instead). */
export async function deleteCode(deps: BackOfficeDeps, id: number): Promise<void> {
  const code = await getCode(deps, id);
  const dc = t.discountCodes;
  const [deleted] = await changeInOrder(deps, [
    sql`DELETE FROM ${dc} WHERE ${dc.id} = ${id} AND NOT ${USED}`,
    auditOfChange(deps, "code.delete", audited(code.code), termsText(code, await productChoices(deps))),
  ]);
  if (!deleted?.meta.changes) throw invalidInput(usedCodeMessage(code.code));
}

/**
 * Sets the welcome code's percent (0: none are sent). Returns false when it already was
 * that; the audit trail records the change, from the default when it was never set.
 */
export async function setWelcomeCodePercent(deps: BackOfficeDeps, percent: number): Promise<boolean> {
  const before = await welcomeCodePercent(deps);
  if (before === percent) return false;
  const s = t.shopSettings;
  const words = (n: number) => (n === 0 ? "off" : `${n}%`);
  const [written] = await changeInOrder(deps, [
    sql`INSERT INTO ${s} (${columnList(s.key, s.value)}) VALUES (${WELCOME_CODE_PERCENT_KEY}, ${String(percent)})
      ON CONFLICT (${sql.identifier(s.key.name)}) DO UPDATE SET ${sql.identifier(s.value.name)} = excluded.${sql.identifier(s.value.name)}, ${sql.identifier(s.updatedAt.name)} = CURRENT_TIMESTAMP`,
    auditWhen(deps, CHANGED_A_ROW, "code.welcome", "newsletter welcome code", `${words(before)} -> ${words(percent)}`),
  ]);
  return (written?.meta.changes ?? 0) > 0;
}

/** Orders, net sales and discount per code over a range of UTC days (both included), most sales first. */
export type CodeSales = { code: string; orders: number; sales: number; discount: number };

export async function codeSales({ db }: { db: Database }, since: string, until: string): Promise<CodeSales[]> {
  const o = t.orders;
  const rows = await db
    .select({ code: o.discountCode, orders: count(), sales: netSales, discount: discountSum })
    .from(o)
    .where(and(isNotNull(o.discountCode), COUNTED, gte(o.createdAt, `${since} 00:00:00`), lte(o.createdAt, `${until} 23:59:59`)))
    .groupBy(o.discountCode)
    .orderBy(desc(netSales), asc(o.discountCode));
  return rows.map((row) => ({ ...row, code: row.code ?? "" }));
}

/** What one code brought: its kept orders, their net sales and the discount given. */
export async function broughtBy({ db }: BackOfficeDeps, code: string): Promise<Omit<CodeSales, "code">> {
  const o = t.orders;
  const [figures] = await db
    .select({ orders: count(), sales: netSales, discount: discountSum })
    .from(o)
    .where(and(eq(o.discountCode, code), COUNTED));
  return figures ?? { orders: 0, sales: 0, discount: 0 };
}

/** Whether each of `ids` was used (for the list: only a never-used code offers Delete). */
export async function usedCodeIds({ db }: BackOfficeDeps, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const dc = t.discountCodes;
  const rows = await db
    .select({ id: dc.id })
    .from(dc)
    .where(and(inArray(dc.id, ids), USED));
  return new Set(rows.map((row) => row.id));
}
