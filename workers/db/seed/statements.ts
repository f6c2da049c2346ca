/**
 * The seed (products.ts, merchandising.ts) as SQL, which `npm start` (through wrangler) and
 * the worker tests apply.
 *
 * It only adds what is missing: every row has a fixed id and is inserted only when no row
 * has that id, so a rerun duplicates nothing, bumps no catalog version, and never undoes
 * the owner's edits to an existing row (a price, a description). Visitors' data (carts,
 * orders, applications) is never touched. A row the owner deleted does come back on the
 * next seed: seed a production database once (README, Deploy).
 *
 * Node runs this folder as it is (type stripping): imports name their `.ts` file.
 */
import { seedBundles, seedCreators, seedRecommendations } from "./merchandising.ts";
import { seedCategories, seedProducts, seedVariants } from "./products.ts";

type Row = Record<string, string | number | boolean | null | string[] | object>;

function literal(value: Row[string]): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(Math.trunc(value));
  if (typeof value === "boolean") return value ? "1" : "0";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** Inserts one row unless a row with its key exists (which is left exactly as it is). */
function insertMissing(table: string, key: string[], row: Row): string {
  const columns = Object.keys(row);
  const values = columns.map((c) => literal(row[c] ?? null)).join(", ");
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${values}) ON CONFLICT (${key.join(", ")}) DO NOTHING;`;
}

/** A seed row as its table's columns: camelCase names become snake_case ones (`categoryId` is `category_id`). */
const columns = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([name, value]) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));

/** The seed as SQL statements, one per string, in dependency order. */
export function seedStatements(): string[] {
  return [
    ...seedCategories.map((c) => insertMissing("categories", ["id"], columns(c))),
    ...seedProducts.map(({ stocking: _stocking, ...p }) => insertMissing("products", ["id"], columns(p))),
    ...seedVariants.map((v) => insertMissing("variants", ["id"], columns(v))),
    ...seedBundles.map(({ productIds: _items, ...b }) => insertMissing("bundles", ["id"], columns(b))),
    ...seedBundles.flatMap((b) =>
      b.productIds.map((productId) => insertMissing("bundle_items", ["bundle_id", "product_id"], { bundle_id: b.id, product_id: productId })),
    ),
    ...seedRecommendations.map((r) => insertMissing("recommendations", ["id"], columns(r))),
    ...seedCreators.map((c) => insertMissing("featured_creators", ["id"], columns(c))),
  ];
}
