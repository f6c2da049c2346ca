/**
 * The Google Merchant Center feed (RSS 2.0 with the `g:` namespace, Google's "Product data
 * specification"): one item per variant of the catalog shown, as the product page sells it:
 * its SKU, price, stock, picture (the PNG rendition: Merchant Center refuses SVG) and the
 * page that opens on its choice.
 */
import { BRAND_NAME, SHIPPING_CENTS } from "../../app/shared/constants";
import { rasterImage } from "../../app/shared/images";
import { PERMALINK_PATH, permalinkPath } from "../../app/shared/feeds";
import { HANDLING_DAYS, US_DELIVERY_DAYS } from "../../app/shared/policies";
import { plainAmount } from "../../app/shared/money";
import { choicePath, variantLabel, type Variant } from "../../app/shared/variants";
import { escapeXml } from "../../app/shared/xml";
import type { Catalog, Category, Product } from "../shop/catalog";

export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

/**
 * Google's product taxonomy (taxonomy-with-ids.en-US.txt), by numeric id throughout.
 * Condoms by their category; the rest by the product's type; apparel of a type not listed
 * is filed under Clothing.
 */
export const GOOGLE_CATEGORY = {
  condoms: 775, // Health & Beauty > Health Care > Condoms
  shirtsAndTops: 212, // Apparel & Accessories > Clothing > Shirts & Tops
  pants: 204, // Apparel & Accessories > Clothing > Pants
  hats: 173, // Apparel & Accessories > Clothing Accessories > Hats
  clothing: 1604, // Apparel & Accessories > Clothing
  digitalMusic: 543526, // Media > Music & Sound Recordings > Digital Music Downloads
} as const;

const APPAREL_CATEGORY_BY_TYPE: Record<string, number> = {
  "t-shirt": GOOGLE_CATEGORY.shirtsAndTops,
  tank: GOOGLE_CATEGORY.shirtsAndTops,
  pants: GOOGLE_CATEGORY.pants,
  cap: GOOGLE_CATEGORY.hats,
};

/** Who the shop cuts apparel for, by its category; what is in neither (the snapback) is for anyone. */
const GENDER_BY_CATEGORY: Record<string, "female" | "male"> = { womens: "female", mens: "male" };

/** Where the shop ships for free, and how long that takes (the shipping page's figures, app/shared/policies.ts). */
const SHIPPING_COUNTRY = "US";

type Item = [name: string, value: string | number];

/** The category path the shop files a product under: `Condoms > Classic`, `Apparel > Women's`. */
const productType = (category: Category | undefined) => (category ? `${category.type === "condom" ? "Condoms" : "Apparel"} > ${category.name}` : "");

function googleCategory(product: Product, category: Category | undefined): number {
  if (category?.type === "condom") return GOOGLE_CATEGORY.condoms;
  if (product.digital) return GOOGLE_CATEGORY.digitalMusic;
  return APPAREL_CATEGORY_BY_TYPE[product.attributes.type] ?? GOOGLE_CATEGORY.clothing;
}

/** A variant's colour: its Colour choice, else the colour the product's facts name (a product made in one colour). */
const colourOf = (product: Product, variant: Variant) => variant.options.Colour ?? product.facts.find((fact) => /^colou?r$/i.test(fact.label))?.value;

/** The `g:` fields of one variant, in the specification's order, each a name and its text (not yet escaped). */
export function feedItem(product: Product, variant: Variant, category: Category | undefined, origin: string): Item[] {
  const label = variantLabel(variant.options);
  const condom = category?.type === "condom";
  const apparel = category?.type === "apparel" && !product.digital;
  const fields: Item[] = [
    ["g:id", variant.sku],
    ["title", label ? `${product.name} - ${label}` : product.name],
    ["description", product.description],
    ["link", `${origin}${choicePath(product.slug, product.options, variant.options)}`],
    // Google's checkout link: the UCP permalink of this variant ({id} is the item's g:id, its SKU).
    ...(permalinkPath(variant.sku) ? ([["g:checkout_link_template", `${origin}${PERMALINK_PATH}/{id}:1`]] as Item[]) : []),
    ["g:image_link", `${origin}${rasterImage(variant.imageUrl ?? product.imageUrl)}`],
    ["g:availability", variant.available ? "in_stock" : "out_of_stock"],
    ["g:price", `${plainAmount(variant.price)} USD`],
    ["g:brand", BRAND_NAME],
    ["g:condition", "new"],
    // The shop makes its own goods: no GTIN or MPN exists for them.
    ["g:identifier_exists", "no"],
    ["g:google_product_category", googleCategory(product, category)],
    ["g:product_type", productType(category)],
  ];
  if (product.options.length > 0) fields.push(["g:item_group_id", product.slug]);
  if (apparel) {
    const colour = colourOf(product, variant);
    if (colour) fields.push(["g:color", colour]);
    if (variant.options.Size) fields.push(["g:size", variant.options.Size]);
    fields.push(["g:gender", (category && GENDER_BY_CATEGORY[category.slug]) ?? "unisex"], ["g:age_group", "adult"]);
  }
  // Google's policy for sexual-health products.
  if (condom) fields.push(["g:adult", "yes"]);
  return fields;
}

const shipping = () =>
  `<g:shipping><g:country>${SHIPPING_COUNTRY}</g:country><g:service>Standard</g:service><g:price>${plainAmount(SHIPPING_CENTS)} USD</g:price>` +
  `<g:min_handling_time>${HANDLING_DAYS.min}</g:min_handling_time><g:max_handling_time>${HANDLING_DAYS.max}</g:max_handling_time>` +
  `<g:min_transit_time>${US_DELIVERY_DAYS.min}</g:min_transit_time><g:max_transit_time>${US_DELIVERY_DAYS.max}</g:max_transit_time></g:shipping>`;

/** The whole feed, its links on `origin` (the request's, so a feed read through any host links back to it). */
export function merchantFeed(catalog: Catalog, origin: string): string {
  const categories = new Map(catalog.categories.map((category) => [category.id, category]));
  const items = catalog.products.flatMap((product) =>
    product.variants.map((variant) => {
      const fields = feedItem(product, variant, categories.get(product.categoryId), origin);
      const lines = fields.map(([name, value]) => `      <${name}>${escapeXml(String(value))}</${name}>`);
      // A download is not shipped.
      if (product.digital) return `    <item>\n${lines.join("\n")}\n    </item>`;
      return `    <item>\n${lines.join("\n")}\n      ${shipping()}\n    </item>`;
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    "  <channel>",
    `    <title>${escapeXml(BRAND_NAME)}</title>`,
    `    <link>${escapeXml(`${origin}/`)}</link>`,
    `    <description>${escapeXml(`Every product ${BRAND_NAME} sells, one item per size and colour.`)}</description>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
