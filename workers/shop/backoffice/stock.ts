/**
 * Stock as the owner keeps it: every variant's count, one count set by hand, a CSV file of
 * counts by SKU applied at once, and what runs low. A variant whose stock is null is not
 * counted (the single, a download): the back office never starts or stops counting one,
 * it only sets counts. Reads go to D1 itself, never the catalog's KV copy; a change of
 * stock bumps the catalog's stock version (migrations/0008), so the shop shows it within
 * the freshness rule.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import * as v from "valibot";
import { invalidInput, notFound } from "../../../app/shared/errors";
import { STOCK_MAX, StockCountSchema, type AdminStockInput } from "../../../app/shared/schemas";
import { LOW_STOCK_THRESHOLD, variantLabel } from "../../../app/shared/variants";
import * as t from "../../db/schema";
import { AUDIT_COLUMNS, auditOfChange, changeInOrder, columnList, type BackOfficeDeps } from "./shared";

export type StockRow = {
  variantId: number;
  productId: number;
  product: string;
  sku: string;
  /** The choice in the shop's words ("Size M · Black"); "" for a product without options. */
  label: string;
  /** null: not counted. */
  stock: number | null;
};

const stockColumns = {
  variantId: t.variants.id,
  productId: t.variants.productId,
  product: t.products.name,
  sku: t.variants.sku,
  options: t.variants.options,
  stock: t.variants.stock,
};

const toRow = ({ options, ...row }: { options: Record<string, string> } & Omit<StockRow, "label">): StockRow => ({ ...row, label: variantLabel(options) });

const stockQuery = ({ db }: BackOfficeDeps) => db.select(stockColumns).from(t.variants).innerJoin(t.products, eq(t.products.id, t.variants.productId));

/** Every variant, product by product, in the order the shop offers them. */
export async function listStock(deps: BackOfficeDeps): Promise<StockRow[]> {
  const rows = await stockQuery(deps).orderBy(asc(t.products.id), asc(t.variants.position), asc(t.variants.id));
  return rows.map(toRow);
}

export async function getVariantStock(deps: BackOfficeDeps, variantId: number): Promise<StockRow> {
  const row = await stockQuery(deps).where(eq(t.variants.id, variantId)).get();
  if (!row) throw notFound("There is no variant with that number.");
  return toRow(row);
}

/** Counted variants with LOW_STOCK_THRESHOLD or fewer left: sold out first, then the fewest left. */
export async function lowStock(deps: BackOfficeDeps): Promise<StockRow[]> {
  const rows = await stockQuery(deps)
    .where(lte(t.variants.stock, LOW_STOCK_THRESHOLD))
    .orderBy(asc(t.variants.stock), asc(t.products.id), asc(t.variants.position), asc(t.variants.id));
  return rows.map(toRow);
}

export const STALE_STOCK = "This stock changed while you were editing it (an order, or another edit). Please check it and save again.";

/** How the audit trail names a variant and a change of its stock. */
const subjectOf = (sku: string) => `variant ${sku}`;
const stockChange = (before: number, after: number) => `stock ${before} -> ${after}`;

/** What an edit of a stock did: saved, nothing to change, or refused as the stock moved since the owner saw it. */
export type StockEdit = "saved" | "unchanged" | "stale";

/**
 * Sets a counted variant's stock to `input.stock`, written only if it is still `input.was`
 * (what the owner saw): an order placed meanwhile, or another edit, is never overwritten
 * unseen. Audited in the same batch.
 */
export async function updateStock(deps: BackOfficeDeps, variantId: number, input: AdminStockInput): Promise<StockEdit> {
  const variant = await getVariantStock(deps, variantId);
  if (variant.stock === null) throw invalidInput(notCounted(variant.sku));
  if (variant.stock !== input.was) return "stale";
  if (input.stock === input.was) return "unchanged";
  const [updated] = await changeInOrder(deps, [
    deps.db
      .update(t.variants)
      .set({ stock: input.stock })
      .where(and(eq(t.variants.id, variantId), eq(t.variants.stock, input.was))),
    auditOfChange(deps, "stock.update", subjectOf(variant.sku), stockChange(input.was, input.stock)),
  ]);
  return updated?.meta.changes ? "saved" : "stale";
}

export const notCounted = (sku: string) => `${sku} is not counted (a download never runs out): it has no stock to set.`;

// ---------------------------------------------------------------- the CSV file

/** The columns of the export; an import needs `sku` and `stock` and ignores the others. */
export const STOCK_CSV_COLUMNS = ["sku", "product", "options", "stock"] as const;

/** What an import did with each line of the file, in order. */
export type ImportReport = { lines: string[]; changed: number };

/** A cell as a report line quotes it: cut short, so a pasted essay stays one line. */
const cell = (text: string) => `'${[...text].length > 40 ? `${[...text].slice(0, 40).join("")}…` : text}'`;

/**
 * Sets stock by SKU from a CSV file's records (workers/admin/csv.ts `parseCsv`): a header
 * naming `sku` and `stock` (any order, other columns ignored), then one variant a line.
 * Every line is reported: set, unchanged, or skipped and why (an unknown SKU, a stock that
 * is no whole number from 0 to STOCK_MAX, a blank stock for a counted variant, a count for
 * a variant not counted, a SKU named twice). Every valid change is written in one batch,
 * each with its audit entry, and each only if the stock is still what this import read
 * (else it is reported as skipped).
 */
export async function importStock(deps: BackOfficeDeps, records: { line: number; fields: string[] }[]): Promise<ImportReport> {
  const [header, ...rows] = records;
  const names = (header?.fields ?? []).map((name) => name.trim().toLowerCase());
  const [skuAt, stockAt] = [names.indexOf("sku"), names.indexOf("stock")];
  if (!header || skuAt < 0 || stockAt < 0) {
    throw invalidInput(`The file's first line must be its header, naming the columns sku and stock (as the export's: ${STOCK_CSV_COLUMNS.join(",")}).`);
  }
  const variants = new Map((await listStock(deps)).map((row) => [row.sku, row]));
  const lines = new Map<number, string>();
  const seen = new Map<string, number>();
  const changes: { line: number; variantId: number; sku: string; before: number; after: number }[] = [];
  for (const { line, fields } of rows) {
    const say = (what: string) => lines.set(line, `line ${line}: ${what}`);
    const sku = (fields[skuAt] ?? "").trim();
    const typed = (fields[stockAt] ?? "").trim();
    const variant = variants.get(sku);
    if (!sku) say("no SKU, skipped");
    else if (!variant) say(`unknown SKU ${cell(sku)}, skipped`);
    else if (seen.has(sku)) say(`${sku} is on line ${seen.get(sku)} already, skipped`);
    else {
      seen.set(sku, line);
      const count = v.safeParse(StockCountSchema, typed);
      if (variant.stock === null) say(typed === "" ? `${sku} unchanged (not counted)` : `${sku} is not counted (a download), skipped`);
      else if (typed === "") say(`${sku} has no stock, skipped (a counted variant needs a whole number from 0 to ${STOCK_MAX})`);
      else if (!count.success) say(`${sku} stock ${cell(typed)} is not a whole number from 0 to ${STOCK_MAX}, skipped`);
      else if (count.output === variant.stock) say(`${sku} unchanged (${variant.stock})`);
      else changes.push({ line, variantId: variant.variantId, sku, before: variant.stock, after: count.output });
    }
  }
  let applied = new Set<number>();
  if (changes.length > 0) {
    // Two statements for the whole file, whatever its length: each change's audit entry is
    // written where its variant still holds the stock read above, then those variants are
    // set. One batch is one transaction, so both see the same rows.
    const planned = JSON.stringify(
      changes.map(({ variantId, sku, before, after }) => ({ id: variantId, subject: subjectOf(sku), detail: stockChange(before, after), before, after })),
    );
    const v_ = t.variants;
    const still = sql`${v_.id} = json_extract(c.value, '$.id') AND ${v_.stock} = json_extract(c.value, '$.before')`;
    const [, updated] = await changeInOrder(deps, [
      sql`INSERT INTO ${t.auditLog} (${AUDIT_COLUMNS})
        SELECT 'stock.update', json_extract(c.value, '$.subject'), json_extract(c.value, '$.detail'), ${deps.address}
        FROM json_each(${planned}) AS c JOIN ${v_} ON ${still} ORDER BY c.key`,
      sql`UPDATE ${v_} SET ${columnList(v_.stock)} = (SELECT json_extract(c.value, '$.after') FROM json_each(${planned}) AS c WHERE ${still})
        WHERE EXISTS (SELECT 1 FROM json_each(${planned}) AS c WHERE ${still}) RETURNING ${columnList(v_.id)}`,
    ]);
    applied = new Set((updated?.results as { id: number }[] | undefined)?.map((row) => row.id));
    for (const { line, variantId, sku, before, after } of changes) {
      lines.set(
        line,
        `line ${line}: ${sku} ${applied.has(variantId) ? `${before} -> ${after}` : "changed while importing (an order?), skipped: please import it again"}`,
      );
    }
  }
  const report = [...lines].sort(([a], [b]) => a - b).map(([, text]) => text);
  return { lines: report.length > 0 ? report : ["The file has no lines after its header."], changed: applied.size };
}
