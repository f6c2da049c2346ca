/**
 * What the product page's loader reads and what its action does (app/routes/product.tsx):
 * the route module and the worker tests (the stand-in pages of tests/worker/entry.tsx,
 * tests/worker/product-page.test.ts) call these.
 */
import { data, redirect } from "react-router";
import * as v from "valibot";
import { DONE_PARAM } from "~/components/cart/cart-done";
import { formAction, type PageActionArgs, type Shop } from "~/components/forms/page-action.server";
import { chosenVariant, missingChoice } from "~/components/product/choice";
import { CART } from "~/content/cart-toasts";
import { getShop } from "~/context.server";
import { CART_INTENT } from "~/lib/cart-intents";
import { toCard } from "~/lib/product-display";
import type { Product } from "~/lib/types";
import { conflict, nullWhenNotFound } from "~/shared/errors";
import { ReactionSchema } from "~/shared/schemas";
import { optionParam, type ProductOption, type VariantOptions } from "~/shared/variants";
import { PRODUCT_INTENT, REACTED_PARAM } from "~/components/catalog/intents";

/** Spec section 9: at most 4 related products. */
const RELATED_LIMIT = 4;

/** The product for this slug, or null when the catalog has none. */
export const findProduct = (shop: Shop, slug: string): Promise<Product | null> => shop.catalog.getProductBySlug(slug).catch(nullWhenNotFound);

/** The product with its reaction counts and up to 4 other featured products; `found: false` for a slug nobody sells (a 404). */
export async function loadProductPage(shop: Shop, slug: string) {
  // Asked first, so that it shares its trip to D1 with the catalog's version.
  const counts = shop.reactions.reactionCountsBySlug(slug);
  counts.catch(() => {}); // awaited below, or not needed (404)
  const product = await findProduct(shop, slug);
  if (!product) return { found: false as const };
  const [reactionCounts, featured] = await Promise.all([counts, shop.catalog.listProducts({ featured: true })]);
  const related = featured
    .filter((p) => p.id !== product.id)
    .slice(0, RELATED_LIMIT)
    .map(toCard);
  return { found: true as const, product, reactionCounts, related };
}

// ---------------------------------------------------------------- action

const NOT_HERE = "That action isn't available on this page.";

/**
 * One option's radio group as the form posts it (`size`, `colour`): one of the product's
 * values, matched without regard to case and answered as the option spells it; missing or
 * unknown, the picker's own message ("Choose a size").
 */
function optionField(option: ProductOption) {
  const message = missingChoice([option], {})!.message;
  const spelled = (value: string) => option.values.find((known) => known.toLowerCase() === value.trim().toLowerCase());
  return v.optional(
    v.pipe(
      v.string(message),
      v.check((value) => spelled(value) !== undefined, message),
      v.transform((value) => spelled(value)!),
    ),
    "",
  );
}

/**
 * The product page's forms, told apart by their intent (each form names its own): a
 * reaction button, or ADD TO CART with the product's options. A post that names neither
 * (another page's form, a made-up body) is refused with NOT_HERE.
 */
function productFormSchema(product: Product) {
  const choices = Object.fromEntries(product.options.map((option) => [optionParam(option.name), optionField(option)]));
  return v.variant(
    "intent",
    [v.object({ intent: v.literal(PRODUCT_INTENT.react), ...ReactionSchema.entries }), v.object({ intent: v.literal(PRODUCT_INTENT.add), ...choices })],
    NOT_HERE,
  );
}

/** The posted choice as the page shows it again (its values as the options spell them). */
const choiceOfForm = (product: Product, form: Record<string, unknown>): VariantOptions =>
  Object.fromEntries(
    product.options.flatMap((option) => {
      const value = form[optionParam(option.name)];
      return typeof value === "string" && value ? [[option.name, value]] : [];
    }),
  );

/**
 * The product page's action, the no-JavaScript path of its forms. A reaction counts and
 * comes back to the page (`?reacted=1`). ADD TO CART adds the chosen variant and goes to
 * the cart as the cart's own ADD does (`/cart?done=add`); without a size it adds nothing
 * and answers "Choose a size" beside the picker; a variant sold out meanwhile answers the
 * shop's 409 message on the page.
 */
export async function productAction(args: PageActionArgs, slug: string) {
  const shop = getShop(args.context);
  const product = await findProduct(shop, slug);
  if (!product) throw data("The product you're looking for doesn't exist or has been removed.", { status: 404 });
  return formAction({
    ...args,
    schema: productFormSchema(product),
    idle: {},
    failureMessage: (form) => (form.intent === PRODUCT_INTENT.add ? CART.addFailed.description : "Failed to record your reaction. Please try again."),
    perform: async (form) => {
      if (form.intent === PRODUCT_INTENT.add) {
        const variant = chosenVariant(product, choiceOfForm(product, form));
        if (!variant) throw conflict(`Sorry, ${product.name} is not available in that choice.`);
        await shop.cart.addToCart(product.id, 1, variant.id);
        return redirect(`/cart?${DONE_PARAM}=${CART_INTENT.add}`, 303);
      }
      await shop.reactions.react(product.id, form.emoji);
      return redirect(`/products/${encodeURIComponent(product.slug)}?${REACTED_PARAM}=1`, 303);
    },
  });
}
