/** The home apparel tabs' rules, shared by the loader (no-JS links) and the browser (instant tabs). */
import type { CardProduct } from "~/lib/product-display";
import type { Category } from "~/lib/types";

/** The home grid shows at most this many products, and this many placeholders while loading. */
export const APPAREL_GRID_LIMIT = 3;

export const ALL_APPAREL = "all";

/** 'all' or an apparel category id, as a string (spec section 3). */
export type ApparelTab = string;

export type ApparelCategory = Pick<Category, "id" | "name">;

/** What the apparel section needs: the tabs, the chosen one, and its first products. */
export type ApparelView = {
  categories: ApparelCategory[];
  active: ApparelTab;
  products: CardProduct[];
};

/** The `apparel` search parameter, kept only when it names an apparel category. */
export function parseApparelTab(param: string | null, categories: ApparelCategory[]): ApparelTab {
  return categories.some((c) => String(c.id) === param) ? String(param) : ALL_APPAREL;
}

/** The category ids a tab filters by: all apparel categories for 'All'. */
export function apparelCategoryIds(tab: ApparelTab, categories: ApparelCategory[]): number[] {
  return tab === ALL_APPAREL ? categories.map((c) => c.id) : [Number(tab)];
}

/** The link of a tab, which works without JavaScript. */
export const apparelTabHref = (tab: ApparelTab) => (tab === ALL_APPAREL ? "/#apparel" : `/?apparel=${tab}#apparel`);

/** The products the blocks sell, by slug; the loader prices them from the catalog. */
export const APPAREL_PROMO_SLUGS = [
  "black-white-raw-dogg-tshirt",
  "raw-dogg-performance-tank",
  "raw-dogg-life-womens-tshirt",
  "raw-dogg-classic-t-women",
] as const;

export type ApparelPromoSlug = (typeof APPAREL_PROMO_SLUGS)[number];

/** Cents by slug; a slug missing from the catalog is missing here. */
export type ApparelPromoPrices = Partial<Record<ApparelPromoSlug, number>>;
