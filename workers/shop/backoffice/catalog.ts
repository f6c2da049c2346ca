/**
 * The catalog as the owner edits it: a product's price, description and featured flag.
 * Reads go to D1 itself, never the catalog's KV copy: the owner sees the truth.
 */
import { and, asc, eq } from "drizzle-orm";
import { invalidInput, notFound } from "../../../app/shared/errors";
import { formatPrice } from "../../../app/shared/money";
import type { AdminProductInput } from "../../../app/shared/schemas";
import * as t from "../../db/schema";
import { auditOfChange, changeInOrder, quoted, type BackOfficeDeps } from "./shared";

export type CatalogProduct = { id: number; name: string; slug: string; description: string; price: number; featured: boolean; category: string };

const catalogColumns = {
  id: t.products.id,
  name: t.products.name,
  slug: t.products.slug,
  description: t.products.description,
  price: t.products.price,
  featured: t.products.featured,
  category: t.categories.name,
};

export async function listCatalog({ db }: BackOfficeDeps): Promise<CatalogProduct[]> {
  return db.select(catalogColumns).from(t.products).innerJoin(t.categories, eq(t.categories.id, t.products.categoryId)).orderBy(asc(t.products.id));
}

export async function getCatalogProduct({ db }: BackOfficeDeps, id: number): Promise<CatalogProduct> {
  const product = await db
    .select(catalogColumns)
    .from(t.products)
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .where(eq(t.products.id, id))
    .get();
  if (!product) throw notFound("There is no product with that number.");
  return product;
}

/** What an edit changes, as the audit trail says it: a description before and after, each cut to a bounded length. */
const describeChanges = (before: CatalogProduct, after: AdminProductInput) =>
  [
    before.price !== after.price ? `price ${formatPrice(before.price)} -> ${formatPrice(after.price)}` : "",
    before.description !== after.description ? `description ${quoted(before.description)} -> ${quoted(after.description)}` : "",
    before.featured !== after.featured ? (after.featured ? "featured" : "no longer featured") : "",
  ].filter(Boolean);

/**
 * Changes a product's price, description and featured flag. D1's triggers bump the catalog
 * version, so the storefront shows it within the freshness rule and checkout charges it at
 * once. Returns what changed (nothing: no write). The write holds only if the product is
 * still as it was read, so the audit entry's "before" is the truth; an edit that meets
 * another one is refused rather than recorded wrong.
 */
export async function updateProduct(deps: BackOfficeDeps, id: number, input: AdminProductInput): Promise<string[]> {
  const before = await getCatalogProduct(deps, id);
  const changes = describeChanges(before, input);
  if (changes.length === 0) return [];
  const p = t.products;
  const [updated] = await changeInOrder(deps, [
    deps.db
      .update(p)
      .set({ price: input.price, description: input.description, featured: input.featured })
      .where(and(eq(p.id, id), eq(p.price, before.price), eq(p.description, before.description), eq(p.featured, before.featured))),
    auditOfChange(deps, "product.update", `product ${id} (${before.name})`, changes.join("; ")),
  ]);
  if (!updated?.meta.changes) throw invalidInput("This product was changed while you were editing it. Please check it and save again.");
  return changes;
}
