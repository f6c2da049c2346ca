/**
 * What a shopper chooses of a product (its options) and what they get (a variant), in
 * words and rules the pages, the API and the emails share. Browser-safe.
 */

export type ProductOption = { name: string; values: string[] };

/** The value of each option, e.g. `{ Size: "M", Colour: "Black" }`; `{}` for a product without options. */
export type VariantOptions = Record<string, string>;

/**
 * A variant as the catalog shows it: its own price when it has one, else the product's;
 * `quantityAvailable` is null where stock is not counted (a download).
 */
export type Variant = {
  id: number;
  sku: string;
  options: VariantOptions;
  price: number;
  imageUrl: string | null;
  available: boolean;
  quantityAvailable: number | null;
};

/** With this many or fewer left, a page says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

/** The shop's words for a choice still to make, and for what is gone. */
export const CHOOSE_A_SIZE = "Choose a size";
export const SOLD_OUT = "SOLD OUT";
export const onlyLeft = (count: number) => `Only ${count} left`;

/** `{Size: "M", Colour: "Black"}` -> `Size M · Black`: how a cart line, an order and an email name a choice. */
export function variantLabel(options: VariantOptions): string {
  return Object.entries(options)
    .map(([name, value]) => (name === "Size" ? `Size ${value}` : value))
    .join(" · ");
}

/**
 * `Raw Dogg Performance Tank (Size M · Black)`: a product named with the choice it was
 * bought in (`variantLabel`), as a cart line, an order, an email, a feed and an agent name
 * it; the name alone for a product without options.
 */
export const lineTitle = (name: string, label?: string | null) => (label ? `${name} (${label})` : name);

/** An option's name as a URL's query names it: `Colour` -> `colour`. */
export const optionParam = (name: string) => name.toLowerCase();

/**
 * The product page that opens on a variant's choice, as the page itself writes it (options in
 * their order, values as spelled): `/products/raw-dogg-performance-tank?size=M&colour=Black`;
 * the bare page for a variant without options.
 */
export function choicePath(slug: string, options: ProductOption[], chosen: VariantOptions): string {
  const search = new URLSearchParams();
  for (const option of options) if (chosen[option.name]) search.append(optionParam(option.name), chosen[option.name]!);
  const query = search.toString();
  return `/products/${encodeURIComponent(slug)}${query ? `?${query}` : ""}`;
}

/** Whether a product is bought by choosing (it has options). */
export const hasOptions = (product: { options: ProductOption[] }) => product.options.length > 0;

/** The variant a full choice names (values compared without regard to case), if it exists. */
export function findVariant<V extends { options: VariantOptions }>(variants: V[], chosen: VariantOptions): V | undefined {
  const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
  return variants.find((variant) => {
    const names = Object.keys(variant.options);
    return names.length === Object.keys(chosen).length && names.every((name) => same(variant.options[name], chosen[name]));
  });
}

/**
 * A choice as a URL carries it (`?size=M&colour=black`), read against the product's
 * options: each value is matched without regard to case and given back as the option
 * spells it; a value the product does not have is left out (as not chosen).
 */
export function choiceFromSearch(options: ProductOption[], search: URLSearchParams): VariantOptions {
  const chosen: VariantOptions = {};
  for (const option of options) {
    const asked = search.get(optionParam(option.name))?.trim().toLowerCase();
    const value = asked ? option.values.find((v) => v.toLowerCase() === asked) : undefined;
    if (value) chosen[option.name] = value;
  }
  return chosen;
}

/** Whether a product has anything left to sell in any variant. */
export const anyAvailable = (product: { variants: { available: boolean }[] }) => product.variants.some((v) => v.available);

/**
 * A value of one option as the page offers it, given what else is chosen: available when
 * some variant with that value (and the other choices made) can still be bought.
 */
export function valueAvailable(variants: Variant[], option: string, value: string, chosen: VariantOptions): boolean {
  return variants.some(
    (v) =>
      v.available && v.options[option] === value && Object.entries(chosen).every(([name, chosenValue]) => name === option || v.options[name] === chosenValue),
  );
}

/** What a page says of a variant's stock: SOLD OUT, "Only N left", or nothing. */
export function stockNote(variant: Pick<Variant, "available" | "quantityAvailable">): string | null {
  if (!variant.available) return SOLD_OUT;
  if (variant.quantityAvailable !== null && variant.quantityAvailable <= LOW_STOCK_THRESHOLD) return onlyLeft(variant.quantityAvailable);
  return null;
}

/** What a line problem needs of a cart line (workers/shop/cart/priced.ts `CartLine`). */
type LineToCheck = {
  id: number;
  quantity: number;
  needsChoice: boolean;
  product: { name: string };
  variant: { label: string; available: boolean; quantityAvailable: number | null } | null;
};

/**
 * What stands between a cart and its order, line by line (checkout shows each next to its
 * line, and placing the order refuses while one stands): a size still to choose, a variant
 * sold out since it was added, or fewer left than the line holds.
 */
export type LineProblem = { lineId: number; message: string };

export function lineProblems(lines: LineToCheck[]): LineProblem[] {
  return lines.flatMap((line): LineProblem[] => {
    const name = lineTitle(line.product.name, line.variant?.label);
    if (line.needsChoice) return [{ lineId: line.id, message: `Choose a size for ${line.product.name}.` }];
    if (!line.variant) return [];
    if (!line.variant.available) return [{ lineId: line.id, message: `${name} has sold out. Remove it or choose another size.` }];
    const left = line.variant.quantityAvailable;
    if (left !== null && line.quantity > left) return [{ lineId: line.id, message: `Only ${left} left of ${name}. Lower the quantity to ${left}.` }];
    return [];
  });
}
