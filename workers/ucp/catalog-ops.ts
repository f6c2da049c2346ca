/**
 * UCP's catalog operations (`search_catalog`, `lookup_catalog`, `get_product`) on the catalog
 * the shop shows (`loadCatalog`: no trip to D1 on a hit). A shop product is UCP's
 * `product.json`: its slug is its id and handle, a variant's SKU is the variant's id.
 */
import { RASTER_SIZE, rasterImage } from "../../app/shared/images";
import { loadCatalog, type Catalog, type Product as ShopProduct } from "../shop/catalog";
import { absolute, CURRENCY, envelopeFor, incompatible, noResource, titleOf, type UcpContext } from "./answers";
import { CAPABILITY } from "./profile";
import type { ErrorAnswer, LookupAnswer, LookupRequest, Message, Product, ProductAnswer, ProductRequest, SearchAnswer, SearchRequest } from "./schemas";

export type ShopVariant = ShopProduct["variants"][number];

/**
 * A picture as media: the PNG the build draws of it first (the feed's rendition, at its size:
 * many agents cannot show SVG), then the SVG itself for those that can.
 */
const mediaOf = (ctx: UcpContext, path: string, alt: string) => {
  const png = rasterImage(path);
  return [
    ...(png !== path ? [{ type: "image", url: absolute(ctx.origin, png), alt_text: alt, width: RASTER_SIZE, height: RASTER_SIZE }] : []),
    { type: "image", url: absolute(ctx.origin, path), alt_text: alt },
  ];
};

function ucpVariant(ctx: UcpContext, product: ShopProduct, variant: ShopVariant) {
  return {
    id: variant.sku,
    sku: variant.sku,
    title: titleOf(product, variant.options),
    description: { plain: product.description },
    url: `${ctx.origin}/products/${encodeURIComponent(product.slug)}`,
    price: { amount: variant.price, currency: CURRENCY },
    availability: { available: variant.available, status: variant.available ? "in_stock" : "out_of_stock" },
    options: Object.entries(variant.options).map(([name, label]) => ({ name, label })),
    media: mediaOf(ctx, variant.imageUrl ?? product.imageUrl, titleOf(product, variant.options)),
  };
}

/** A shop product as UCP's `product.json`: the product's slug is its id and handle, a variant's SKU is its id. */
function ucpProduct(ctx: UcpContext, catalog: Catalog, product: ShopProduct, variants = product.variants): Product {
  const prices = variants.map((variant) => variant.price);
  const category = catalog.categories.find((c) => c.id === product.categoryId);
  return {
    id: product.slug,
    handle: product.slug,
    title: product.name,
    description: { plain: product.description },
    url: `${ctx.origin}/products/${encodeURIComponent(product.slug)}`,
    ...(category ? { categories: [{ value: category.name, taxonomy: "merchant" }] } : {}),
    price_range: { min: { amount: Math.min(...prices), currency: CURRENCY }, max: { amount: Math.max(...prices), currency: CURRENCY } },
    media: mediaOf(ctx, product.imageUrl, product.name),
    options: product.options.map((option) => ({ name: option.name, values: option.values.map((label) => ({ label })) })),
    variants: variants.map((variant) => ucpVariant(ctx, product, variant)),
    ...(product.digital ? { tags: ["digital"] } : {}),
  };
}

/** The variant that stands for a product: its first available one, else its first. */
const featured = (product: ShopProduct) => product.variants.find((variant) => variant.available) ?? product.variants[0];

const DEFAULT_PAGE = 10;

/** `search_catalog`: the shop's own literal search (name, description, flavours), filtered by category and price. */
export async function searchCatalog(ctx: UcpContext, request: SearchRequest): Promise<SearchAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.search);
  if (refused) return refused;
  const catalog = await loadCatalog(ctx.deps);
  const needle = request.query?.trim().toLowerCase() ?? "";
  const categories = request.filters?.categories?.map((c) => c.toLowerCase());
  const price = request.filters?.price;
  const found = catalog.products.flatMap((product) => {
    if (needle && ![product.name, product.description, ...product.attributes.flavors].some((field) => field.toLowerCase().includes(needle))) return [];
    const category = catalog.categories.find((c) => c.id === product.categoryId);
    if (categories?.length && !(category && (categories.includes(category.slug) || categories.includes(category.name.toLowerCase())))) return [];
    const variants = product.variants.filter(
      (variant) => (price?.min === undefined || variant.price >= price.min) && (price?.max === undefined || variant.price <= price.max),
    );
    return variants.length > 0 ? [ucpProduct(ctx, catalog, product, variants)] : [];
  });
  const offset = /^\d{1,4}$/.test(request.pagination?.cursor ?? "") ? Number(request.pagination!.cursor) : 0;
  const limit = request.pagination?.limit ?? DEFAULT_PAGE;
  const next = offset + limit;
  return {
    ucp: envelopeFor(ctx, [CAPABILITY.search]),
    products: found.slice(offset, next),
    pagination: { has_next_page: next < found.length, ...(next < found.length ? { cursor: String(next) } : {}), total_count: found.length },
  };
}

/** `lookup_catalog`: product ids (slugs) answer with their featured variant, variant ids (SKUs) with themselves. */
export async function lookupCatalog(ctx: UcpContext, request: LookupRequest): Promise<LookupAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.lookup);
  if (refused) return refused;
  const catalog = await loadCatalog(ctx.deps);
  const inputs = new Map<number, Map<string, { id: string; match: string }[]>>();
  const messages: Message[] = [];
  for (const id of new Set(request.ids)) {
    const bySlug = catalog.products.find((p) => p.slug === id);
    const bySku = bySlug ? undefined : catalog.products.find((p) => p.variants.some((variant) => variant.sku === id));
    const product = bySlug ?? bySku;
    const variant = bySlug ? featured(bySlug) : bySku?.variants.find((candidate) => candidate.sku === id);
    if (!product || !variant) {
      messages.push({ type: "info", code: "not_found", content: `Nothing in the catalog has the id ${JSON.stringify(id)}.` });
      continue;
    }
    const ofProduct = inputs.get(product.id) ?? new Map();
    ofProduct.set(variant.sku, [...(ofProduct.get(variant.sku) ?? []), { id, match: bySlug ? "featured" : "exact" }]);
    inputs.set(product.id, ofProduct);
  }
  const products = catalog.products.flatMap((product) => {
    const ofProduct = inputs.get(product.id);
    if (!ofProduct) return [];
    const variants = product.variants.filter((variant) => ofProduct.has(variant.sku));
    const base = ucpProduct(ctx, catalog, product, variants);
    return [{ ...base, variants: base.variants.map((variant) => ({ ...variant, inputs: ofProduct.get(variant.id)! })) }];
  });
  return { ucp: envelopeFor(ctx, [CAPABILITY.lookup]), products, ...(messages.length > 0 ? { messages } : {}) };
}

/** Drops the last choices until some variant matches what is left (the spec's relaxation, latest choice first). */
function relaxed(product: ShopProduct, chosen: [string, string][]): [string, string][] {
  for (let keep = chosen.length; keep >= 0; keep--) {
    const kept = chosen.slice(0, keep);
    if (product.variants.some((variant) => kept.every(([name, label]) => variant.options[name] === label))) return kept;
  }
  return [];
}

/** `get_product`: one product by its id or a variant's, with the variants matching the selection and each value's availability. */
export async function getProduct(ctx: UcpContext, request: ProductRequest): Promise<ProductAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.lookup);
  if (refused) return refused;
  const catalog = await loadCatalog(ctx.deps);
  const bySlug = catalog.products.find((p) => p.slug === request.id);
  const bySku = bySlug ? undefined : catalog.products.find((p) => p.variants.some((variant) => variant.sku === request.id));
  const product = bySlug ?? bySku;
  if (!product || product.variants.length === 0)
    return noResource(ctx, [CAPABILITY.lookup], `Nothing in the catalog has the id ${JSON.stringify(request.id)}.`);
  const named = bySku?.variants.find((variant) => variant.sku === request.id);
  const optionNames = new Set(product.options.map((option) => option.name));
  const asked = named
    ? Object.entries(named.options)
    : [...new Map((request.selected ?? []).filter((s) => optionNames.has(s.name)).map((s) => [s.name, s.label] as [string, string]))];
  const selected = named || asked.length > 0 ? relaxed(product, asked) : Object.entries(featured(product)!.options);
  const matches = (variant: ShopVariant, choice: [string, string][]) => choice.every(([name, label]) => variant.options[name] === label);
  const matching = product.variants.filter((variant) => matches(variant, selected));
  const first = named ?? matching.find((variant) => variant.available) ?? matching[0]!;
  const variants = [first, ...matching.filter((variant) => variant !== first)];
  const base = ucpProduct(ctx, catalog, product, variants);
  return {
    ucp: envelopeFor(ctx, [CAPABILITY.lookup]),
    product: {
      ...base,
      selected: selected.map(([name, label]) => ({ name, label })),
      options: product.options.map((option) => ({
        name: option.name,
        values: option.values.map((label) => {
          // This value with the other selections held: does a variant exist, and can it be had?
          const choice = [...selected.filter(([name]) => name !== option.name), [option.name, label] as [string, string]];
          const candidates = product.variants.filter((variant) => matches(variant, choice));
          return { label, exists: candidates.length > 0, available: candidates.some((variant) => variant.available) };
        }),
      })),
    },
  };
}
