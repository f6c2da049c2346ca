/**
 * The product page's choice of a variant, as the server renders it and the browser
 * follows it: read from the URL (`?size=M&colour=black`), what it shows (price, picture,
 * stock note) and what is still missing before it can be added. Browser-safe and small: the
 * page's action (app/routes/product.server.ts) and the picker share it, so both say the same.
 */
import {
  anyAvailable,
  CHOOSE_A_SIZE,
  choiceFromSearch,
  findVariant,
  optionParam,
  SOLD_OUT,
  stockNote,
  valueAvailable,
  type ProductOption,
  type Variant,
  type VariantOptions,
} from "~/shared/variants";

/** What of a product a choice reads. */
export type Choosable = { options: ProductOption[]; variants: Variant[]; price: number; imageUrl: string };

/**
 * The choice a URL opens: its values, and for an option it leaves out that is not the size
 * (the colour), the first value that can still be bought with the rest of the choice, so
 * the picture shows a colour the shopper can have. The size is never guessed.
 */
export function choiceOf(product: Choosable, search: URLSearchParams): VariantOptions {
  const chosen = choiceFromSearch(product.options, search);
  for (const option of product.options) {
    if (option.name === "Size" || chosen[option.name]) continue;
    const open = option.values.find((value) => valueAvailable(product.variants, option.name, value, chosen));
    const value = open ?? option.values[0];
    if (value) chosen[option.name] = value;
  }
  return chosen;
}

/** The message for the first option not chosen yet ("Choose a size"), or null when the choice is full. */
export function missingChoice(options: ProductOption[], chosen: VariantOptions): { option: string; message: string } | null {
  const missing = options.find((option) => !chosen[option.name]);
  if (!missing) return null;
  return { option: missing.name, message: missing.name === "Size" ? CHOOSE_A_SIZE : `Choose a ${missing.name.toLowerCase()}` };
}

/** The variant a full choice names (a product without options: its one variant). */
export const chosenVariant = (product: Choosable, chosen: VariantOptions): Variant | undefined =>
  product.options.length === 0 ? product.variants[0] : findVariant(product.variants, chosen);

/** What the page shows for a choice: the price, the picture and the stock note, and whether ADD TO CART can work. */
export function shownFor(product: Choosable, chosen: VariantOptions) {
  const variant = chosenVariant(product, chosen);
  // A colour chosen without a size still shows that colour: its first variant's picture.
  const colourImage = product.variants.find((v) => v.imageUrl && Object.entries(chosen).every(([name, value]) => v.options[name] === value))?.imageUrl;
  const allSoldOut = !anyAvailable(product);
  return {
    variant,
    /** Nothing of the product is left: the page and its card say SOLD OUT and cannot add. */
    allSoldOut,
    /** Nothing of this choice is left (or of the whole product). */
    soldOut: allSoldOut || (variant !== undefined && !variant.available),
    price: variant?.price ?? product.price,
    imageUrl: variant?.imageUrl ?? colourImage ?? product.imageUrl,
    note: allSoldOut ? SOLD_OUT : variant ? stockNote(variant) : null,
  };
}

/** A value of an option as the picker offers it: whether it can be chosen, given the other choices. */
export const valueOpen = (product: Choosable, option: string, value: string, chosen: VariantOptions) => valueAvailable(product.variants, option, value, chosen);

/** The id of an option's radio group on the page (`choose-size`): the message's focus finds it by this. */
export const optionGroupId = (option: string) => `choose-${optionParam(option)}`;
