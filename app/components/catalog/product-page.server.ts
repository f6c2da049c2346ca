/**
 * What the product page's loader reads (app/routes/product.tsx): the route module and the
 * worker tests' stand-in pages (tests/worker/entry.tsx) both call it.
 */
import type { Shop } from "~/components/forms/page-action.server";
import { nullWhenNotFound } from "~/shared/errors";
import type { Product } from "~/lib/types";

/** Spec section 9: at most 4 related products. */
const RELATED_LIMIT = 4;

/** The product for this slug, or null when the catalog has none. */
export const findProduct = (shop: Shop, slug: string): Promise<Product | null> =>
  shop.catalog.getProductBySlug(slug).catch(nullWhenNotFound);

/** The product with its reaction counts and up to 4 other featured products; `found: false` for a slug nobody sells (a 404). */
export async function loadProductPage(shop: Shop, slug: string) {
  // Asked first, so that it shares its trip to D1 with the catalog's version.
  const counts = shop.reactions.reactionCountsBySlug(slug);
  counts.catch(() => {}); // awaited below, or not needed (404)
  const product = await findProduct(shop, slug);
  if (!product) return { found: false as const };
  const [reactionCounts, featured] = await Promise.all([counts, shop.catalog.listProducts({ featured: true })]);
  const related = featured.filter((p) => p.id !== product.id).slice(0, RELATED_LIMIT);
  return { found: true as const, product, reactionCounts, related };
}
