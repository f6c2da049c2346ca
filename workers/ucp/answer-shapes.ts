/**
 * The version-shaping layer: the operations build one answer (2026-04-08's shape) and
 * `inVersion` turns it into the negotiated version's (versions.ts). What 2026-08-25 adds:
 * - `policies[]` on catalog, cart, checkout and order answers (overview, "Policies"): the
 *   shop's return and refund terms (app/shared/policies.ts) for the whole answer, and the
 *   downloads' own terms on the items that are downloads (the narrower target wins);
 * - typed fulfillment destinations (fulfillment_destination.json: `type` is required in a
 *   business's answer; the shop ships, so every one is a `shipping_address`).
 * The envelope's version and capabilities are the operations' own (`envelopeFor` reads the
 * context's version).
 */
import {
  BANK_REFUND_DAYS,
  businessDays,
  DIGITAL_RETURNABLE,
  RESTOCKING_FEE_CENTS,
  RETURN_CHECK_BUSINESS_DAYS,
  RETURN_SHIPPING_FREE,
  RETURN_WINDOW_DAYS,
} from "../../app/shared/policies";
import { loadCatalog } from "../shop/catalog";
import { versionOf, type UcpContext } from "./answers";
import { FIRST_VERSION } from "./versions";

/** The spec's well-known type for return (and refund) terms. */
export const RETURN_POLICY = "dev.ucp.shopping.policy.return";
export const RETURNS_PAGE = "/returns";

export type Policy = { type: string; description: { plain: string }; applies_to?: string[]; url: string };

/** The returns page's terms in one paragraph. */
export const RETURN_TERMS =
  `Unopened condoms and unworn apparel can be returned within ${RETURN_WINDOW_DAYS} days of delivery` +
  `${RETURN_SHIPPING_FREE ? ", with a free prepaid return label" : ""}. ` +
  `A return is checked within ${RETURN_CHECK_BUSINESS_DAYS} business days and refunded in full, tax included` +
  `${RESTOCKING_FEE_CENTS === 0 ? ", with no restocking fee" : ""}; your bank may take ${businessDays(BANK_REFUND_DAYS)} to show it.`;

export const DOWNLOAD_TERMS = DIGITAL_RETURNABLE ? RETURN_TERMS : "A download cannot be returned once downloaded; a faulty file is fixed or refunded.";

/** The shop's return policies for an answer whose downloads are at `downloadPaths` (JSONPath, from the answer's root). */
export function policiesFor(origin: string, downloadPaths: string[]): Policy[] {
  const url = `${origin}${RETURNS_PAGE}`;
  return [
    { type: RETURN_POLICY, description: { plain: RETURN_TERMS }, url },
    ...(downloadPaths.length > 0 ? [{ type: RETURN_POLICY, description: { plain: DOWNLOAD_TERMS }, applies_to: downloadPaths, url }] : []),
  ];
}

type Shaped = {
  ucp?: { status?: string };
  products?: { tags?: string[] }[];
  product?: { tags?: string[] };
  line_items?: { item?: { id?: string } }[];
  fulfillment?: { methods?: { type?: string; destinations?: Record<string, unknown>[] }[] };
};

/** Where an answer's downloads are: products tagged `digital`, line items whose SKU is a download's. */
async function downloadPaths(ctx: UcpContext, answer: Shaped): Promise<string[]> {
  if (answer.products) return answer.products.flatMap((product, i) => (product.tags?.includes("digital") ? [`$.products[${i}]`] : []));
  if (answer.product) return answer.product.tags?.includes("digital") ? ["$.product"] : [];
  if (!answer.line_items?.length) return [];
  const catalog = await loadCatalog(ctx.deps);
  const digital = new Set(
    catalog.products.filter((product) => product.digital).flatMap((product) => [product.slug, ...product.variants.map((variant) => variant.sku)]),
  );
  return answer.line_items.flatMap((line, i) => (digital.has(line.item?.id ?? "") ? [`$.line_items[${i}]`] : []));
}

/** `answer` in the context's version: as built for 2026-04-08, with 2026-08-25's additions for it. */
export async function inVersion<A>(ctx: UcpContext, answer: A): Promise<A> {
  if (versionOf(ctx) === FIRST_VERSION) return answer;
  const shaped = answer as Shaped;
  if (shaped.ucp?.status === "error") return answer;
  const carriesItems = shaped.products !== undefined || shaped.product !== undefined || shaped.line_items !== undefined;
  const methods = shaped.fulfillment?.methods?.map((method) =>
    method.type === "shipping" && method.destinations
      ? { ...method, destinations: method.destinations.map((destination) => ({ type: "shipping_address", ...destination })) }
      : method,
  );
  return {
    ...answer,
    ...(methods ? { fulfillment: { ...shaped.fulfillment, methods } } : {}),
    ...(carriesItems ? { policies: policiesFor(ctx.origin, await downloadPaths(ctx, shaped)) } : {}),
  };
}
