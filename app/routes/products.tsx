/**
 * Premium condoms listing (spec section 2): the condom products, narrowed by one condom
 * category (`?categoryId=`) and a search text (`?search=`). The header search lands here
 * too and finds anything the shop sells: a search with no category chosen looks through
 * the whole catalogue (apparel and the single too); with a category, through that
 * category. The filters are a GET form, so the page works without JavaScript.
 */
import { Breadcrumb } from "~/components/catalog/Breadcrumb";
import { CatalogResults } from "~/components/catalog/CatalogResults";
import * as css from "~/components/catalog/catalog.css";
import { useLoadingPath } from "~/components/catalog/hooks";
import { PageIntro } from "~/components/catalog/PageIntro";
import { ProductFilters, SEARCH_MAX_LENGTH } from "~/components/catalog/ProductFilters";
import { getLog, getShop } from "~/context.server";
import { errorKind } from "~/shared/errors";
import { BRAND_NAME } from "~/shared/constants";
import type { Category, Product } from "~/lib/types";
import { seoMeta } from "~/lib/seo";
import { container, pageMain } from "~/styles/ui.css";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = (params.get("search") ?? "").slice(0, SEARCH_MAX_LENGTH);
  const requestedCategory = params.get("categoryId") ?? "";
  const shop = getShop(context);
  try {
    const categories = await shop.catalog.listCategories("condom");
    // An id that is not a condom category (or not an id at all) is no category chosen.
    const chosen = categories.find((c) => String(c.id) === requestedCategory.trim());
    const products = await listed(shop, categories, chosen, search);
    return { categories, categoryId: chosen ? String(chosen.id) : "", search, products, failed: false };
  } catch (error) {
    getLog(context)("products_listing_failed", errorKind(error));
    return { categories: [] as Category[], categoryId: "", search, products: [] as Product[], failed: true };
  }
}

/**
 * What the listing shows: the chosen category's products, else with a search text every
 * product that matches it, else every condom. No condom categories means no condoms (an
 * empty id list would mean "no filter").
 */
function listed(shop: ReturnType<typeof getShop>, categories: Category[], chosen: Category | undefined, search: string): Promise<Product[]> {
  if (chosen) return shop.catalog.listProducts({ categoryIds: [chosen.id], search });
  if (search.trim() !== "") return shop.catalog.listProducts({ search });
  return categories.length > 0 ? shop.catalog.listProducts({ categoryIds: categories.map((c) => c.id) }) : Promise.resolve([]);
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Premium Condoms",
    description:
      `Shop ${BRAND_NAME} premium condoms: classic, flavored, ultra-thin, fire & ice and magnum. Filter by type or search for your perfect protection.`,
  });

/** `Showing N product(s)`, then which filters narrowed it (spec section 2). */
function resultSummary(count: number, categoryChosen: boolean, term: string) {
  let text = `Showing ${count} product(s)`;
  if (categoryChosen) text += " in selected category";
  if (term !== "") text += ` matching "${term}"`;
  return text;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { categories, categoryId, search, products, failed } = loaderData;
  const loading = useLoadingPath("/products");
  return (
    <main className={`${container} ${pageMain}`}>
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Premium Condoms" }]} />
      <PageIntro eyebrow="The protection collection" title="Premium Condoms">
        Thin, flavored, fire &amp; ice or magnum: every box built for the night you're planning. Filter by type or search for your
        perfect fit.
      </PageIntro>
      <ProductFilters categories={categories} categoryId={categoryId} search={search} />
      {!failed && (
        <div className={css.resultsBar}>
          <p className={css.resultCount} role="status" aria-live="polite">
            {resultSummary(products.length, categoryId !== "", search.trim())}
          </p>
        </div>
      )}
      <CatalogResults products={products} loading={loading} failed={failed} />
    </main>
  );
}
