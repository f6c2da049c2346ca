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
import { toCard, type CardProduct } from "~/lib/product-display";
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
    return { categories, categoryId: chosen ? String(chosen.id) : "", search, products: products.map(toCard), failed: false };
  } catch (error) {
    getLog(context)("products_listing_failed", errorKind(error));
    return { categories: [] as Category[], categoryId: "", search, products: [] as CardProduct[], failed: true };
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

export const meta: Route.MetaFunction = (args) => {
  const term = searchTerm(args.loaderData?.search);
  return seoMeta(args, {
    title: term === "" ? "Premium Condoms" : searchTitle(term),
    description: `Shop ${BRAND_NAME} premium condoms: classic, flavored, ultra-thin, fire & ice and magnum. Filter by type or search for your perfect protection.`,
  });
};

/** The words searched for, as the count line quotes them ("" when nothing is searched). */
const searchTerm = (search: string | undefined) => (search ?? "").trim();

/** A search names itself, in the heading, the breadcrumb and the title (typographic quotes, as a heading sets them). */
const searchTitle = (term: string) => `Results for “${term}”`;

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
  const term = searchTerm(search);
  return (
    <main className={`${container} ${pageMain}`}>
      {term === "" ? (
        <>
          <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Premium Condoms" }]} />
          <PageIntro eyebrow="The protection collection" title="Premium Condoms">
            Thin, flavored, fire &amp; ice or magnum: every box built for the night you're planning. Filter by type or search for your perfect fit.
          </PageIntro>
        </>
      ) : (
        <SearchIntro term={term} inCategory={categoryId !== ""} />
      )}
      <ProductFilters categories={categories} categoryId={categoryId} search={search} />
      {!failed && (
        <div className={css.resultsBar}>
          <p className={css.resultCount} role="status" aria-live="polite">
            {resultSummary(products.length, categoryId !== "", term)}
          </p>
        </div>
      )}
      <CatalogResults products={products} loading={loading} failed={failed} />
    </main>
  );
}

/**
 * A search's opening: without a type chosen it looked through everything the shop sells, so
 * it is not the condom listing; with one, it looked inside Premium Condoms, one step back.
 */
function SearchIntro({ term, inCategory }: { term: string; inCategory: boolean }) {
  const title = searchTitle(term);
  const crumbs = inCategory
    ? [{ label: "Home", to: "/" }, { label: "Premium Condoms", to: "/products" }, { label: title }]
    : [{ label: "Home", to: "/" }, { label: title }];
  return (
    <>
      <Breadcrumb items={crumbs} />
      <PageIntro eyebrow="Search" title={title}>
        {inCategory
          ? "Condoms of the type you chose that match your search. Choose All Types to search everything we sell."
          : "Everything we sell that matches your search: condoms, apparel and music. Choose a type to search condoms of that type only."}
      </PageIntro>
    </>
  );
}
