/** How products present themselves: badges and themes by name, the cards, the Features list. */
import { anyAvailable } from "~/shared/variants";
import type { Product } from "./types";

/**
 * What a product card shows and needs, and all a page that lists products sends its browser
 * of each: not its description, facts, stock or variants (a grid of them was most of the
 * home page's loader data, written into the page and read again to hydrate it).
 */
export type CardProduct = Pick<Product, "id" | "name" | "slug" | "price" | "imageUrl"> & {
  /** Some variant of it is left. */
  available: boolean;
  /** What a shopper chooses on its page ("Size", "Colour"); none for a product bought as it is. */
  optionNames: string[];
};

export function toCard(product: Product): CardProduct {
  const { id, name, slug, price, imageUrl } = product;
  return { id, name, slug, price, imageUrl, available: anyAvailable(product), optionNames: product.options.map((option) => option.name) };
}

export type ProductThemeName = "plainJane" | "tropicalSlush" | "silverSurfer" | "blueMagic" | "gold" | "fantasia" | "default";

/** Badge and colour theme by product name (spec section 2); other names: default, no badge. */
const STYLES_BY_NAME: Record<string, { badge: string; theme: ProductThemeName }> = {
  "Plain Jane": { badge: "BESTSELLER", theme: "plainJane" },
  "Tropical Slush": { badge: "FLAVORED", theme: "tropicalSlush" },
  "Silver Surfer": { badge: "EXTRA LUBE", theme: "silverSurfer" },
  "Blue Magic": { badge: "FIRE & ICE", theme: "blueMagic" },
  "24k Gold": { badge: "MAGNUM", theme: "gold" },
  Fantasia: { badge: "ULTRA-THIN", theme: "fantasia" },
};

export function productStyle(name: string): { badge: string | null; theme: ProductThemeName } {
  return STYLES_BY_NAME[name] ?? { badge: null, theme: "default" };
}

/** `fire-and-ice` -> `Fire And Ice`: dashes to spaces, each word capitalised. */
export const formatType = (type: string) =>
  type
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

type Line = { label: string; value: string };

/**
 * The Features list of a product page. A condom (a product without facts of its own) lists
 * the spec's lines in the spec's order; a download lists its facts (format, release,
 * delivery); apparel its fabric and fit, the sizes and colours it comes in (from its
 * options: a product without a Size option is one size; one made in one colour names it in
 * a Colour fact), then its care.
 */
export function featureLines(product: Product): Line[] {
  if (product.facts.length === 0) return condomLines(product);
  if (product.digital) return product.facts;
  const values = (name: string) => product.options.find((option) => option.name === name)?.values;
  const colours = values("Colour") ?? product.facts.filter((fact) => fact.label === "Colour").map((fact) => fact.value);
  const care = product.facts.filter((fact) => fact.label === "Care");
  return [
    ...product.facts.filter((fact) => fact.label !== "Care" && fact.label !== "Colour"),
    { label: "Sizes", value: values("Size")?.join(", ") ?? "One size" },
    ...(colours.length > 0 ? [{ label: colours.length > 1 ? "Colours" : "Colour", value: colours.join(", ") }] : []),
    ...care,
  ];
}

/** The spec's Features list of a condom, in the spec's order. */
function condomLines(product: Product): Line[] {
  const { type, pack_size, flavors } = product.attributes;
  const lines = [{ label: "Type", value: formatType(type) }];
  if (pack_size !== null) lines.push({ label: "Pack Size", value: `${pack_size} pcs` });
  if (flavors.length > 0) lines.push({ label: "Flavors", value: flavors.join(", ") });
  lines.push({ label: "Material", value: "Premium Latex" }, { label: "Protection", value: "99.9% Effective" });
  return lines;
}
