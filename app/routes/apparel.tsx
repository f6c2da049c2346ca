/**
 * Apparel & Lifestyle (spec section 2): tabs 'All' plus one per apparel category. The
 * category comes from `?category=` as an id or a slug (`?category=mens`); 'All' filters by
 * every apparel category id, so condoms never show here.
 */
import { Breadcrumb } from "~/components/catalog/Breadcrumb";
import { CatalogResults } from "~/components/catalog/CatalogResults";
import { ALL_CATEGORIES, CategoryTabs } from "~/components/catalog/CategoryTabs";
import { useLoadingPath } from "~/components/catalog/hooks";
import { PageIntro } from "~/components/catalog/PageIntro";
import { getLog, getShop } from "~/context.server";
import { errorKind } from "~/shared/errors";
import { BRAND_NAME } from "~/shared/constants";
import { toCard, type CardProduct } from "~/lib/product-display";
import type { Category } from "~/lib/types";
import { seoMeta } from "~/lib/seo";
import { container, pageMain } from "~/styles/ui.css";
import type { Route } from "./+types/apparel";

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("category")?.trim() ?? "";
  const shop = getShop(context);
  try {
    // Products are read only once the categories are known (spec section 4).
    const categories = await shop.catalog.listCategories("apparel");
    const found = requested === "" ? undefined : await shop.catalog.findCategory(requested);
    // An unknown category, or a condom one, falls back to All.
    const chosen = found?.type === "apparel" ? found : undefined;
    const categoryIds = chosen ? [chosen.id] : categories.map((c) => c.id);
    const products = categoryIds.length > 0 ? await shop.catalog.listProducts({ categoryIds }) : [];
    return { categories, active: chosen ? String(chosen.id) : ALL_CATEGORIES, products: products.map(toCard), failed: false };
  } catch (error) {
    getLog(context)("apparel_listing_failed", errorKind(error));
    return { categories: [] as Category[], active: ALL_CATEGORIES, products: [] as CardProduct[], failed: true };
  }
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Apparel & Lifestyle",
    description: `${BRAND_NAME} apparel and lifestyle: tees, tanks, joggers, caps and music. Wear the attitude.`,
  });

export default function Apparel({ loaderData }: Route.ComponentProps) {
  const { categories, active, products, failed } = loaderData;
  const loading = useLoadingPath("/apparel");
  return (
    <main className={`${container} ${pageMain}`}>
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Apparel & Lifestyle" }]} />
      <PageIntro eyebrow="Wear the attitude" title="Apparel & Lifestyle">
        Tees, tanks and streetwear for the pack. Unleash the dogg in you, on and off the dance floor.
      </PageIntro>
      <CategoryTabs basePath="/apparel" categories={categories} active={active} label="Apparel categories" />
      <CatalogResults products={products} loading={loading} failed={failed} />
    </main>
  );
}
