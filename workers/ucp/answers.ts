/**
 * What every UCP operation's answer is made of: the context it runs in, the envelope of the
 * capabilities negotiated, messages, line items, totals and links. The operations
 * (catalog-ops.ts, cart-ops.ts, checkout-ops.ts, order-ops.ts) build their answers from these.
 */
import { SHIPPING_CENTS, TAX_RATE_PERCENT } from "../../app/shared/constants";
import { rasterImage } from "../../app/shared/images";
import { discountLabel } from "../../app/shared/money";
import { maskEmail, maskName, maskStreet, orderPagePath } from "../../app/shared/orders";
import { lineTitle, variantLabel, type VariantOptions } from "../../app/shared/variants";
import type { CartLine, PricedCart } from "../shop/cart";
import type { ShopDeps } from "../shop/deps";
import { checkoutProblems } from "../shop/readiness";
import { envelope, errorEnvelope } from "./profile";
import type { ErrorAnswer, Message, Total } from "./schemas";
import { FIRST_VERSION, type UcpVersion } from "./versions";

/**
 * What every operation needs: the shop's deps for this request, the origin its addresses are
 * on, the capabilities negotiated with the agent (profile.ts `negotiate`; null: all) and the
 * version it is answered in (versions.ts; none: the first).
 */
export type UcpContext = {
  deps: ShopDeps;
  origin: string;
  capabilities?: ReadonlySet<string> | null;
  /** The version negotiated with the agent's profile (versions.ts); the first when none was read. */
  version?: UcpVersion;
  /** Where the agent's platform wants its orders' events (agents.ts `declaredWebhook`, refused unless https); null: nowhere. */
  webhookUrl?: string | null;
};

export const versionOf = (ctx: UcpContext) => ctx.version ?? FIRST_VERSION;

export const isActive = (ctx: UcpContext, capability: string) => !ctx.capabilities || ctx.capabilities.has(capability);
/** An answer's envelope: of the capabilities relevant to it, those negotiated (overview, "Response Capability Selection"). */
export const envelopeFor = (ctx: UcpContext, names: string[]) =>
  envelope(
    names.filter((name) => isActive(ctx, name)),
    ctx.origin,
    versionOf(ctx),
  );

export const CURRENCY = "USD";

// ---------------------------------------------------------------- messages

export const error = (code: string, content: string, severity: "recoverable" | "unrecoverable" | "requires_buyer_input", path?: string): Message => ({
  type: "error",
  code,
  content,
  severity,
  ...(path ? { path } : {}),
});

/** An answer with no resource in it: why there is none (spec: `ucp.status: "error"`). */
export const noResource = (ctx: UcpContext, capabilities: string[], content: string, code = "not_found"): ErrorAnswer => ({
  ucp: errorEnvelope(
    capabilities.filter((name) => isActive(ctx, name)),
    versionOf(ctx),
  ),
  messages: [error(code, content, "unrecoverable")],
  continue_url: `${ctx.origin}/products`,
});

/**
 * A write to a checkout that is completed or canceled: a protocol error, not an answer (REST
 * 409 with `{code, content}`, MCP's -32000), as the reference implementation answers; the
 * completing request itself is replayed under its own Idempotency-Key.
 */
export class NotModifiable extends Error {
  readonly code = "checkout_not_modifiable";
  constructor(readonly content: string) {
    super(content);
    this.name = "NotModifiable";
  }
}

/**
 * An operation whose capability the agent did not negotiate: the spec's
 * `capabilities_incompatible`, a business outcome (overview, "Error Codes": 200, a UCP answer).
 */
export function incompatible(ctx: UcpContext, capability: string): ErrorAnswer | null {
  if (isActive(ctx, capability)) return null;
  return noResource(ctx, [], `Your profile does not name ${capability} at version ${versionOf(ctx)}, the one it speaks.`, "capabilities_incompatible");
}

/** The problems of the cart's lines (the shop's readiness rule, readiness.ts), each at its line item. */
export const lineMessages = (lines: CartLine[]): Message[] =>
  checkoutProblems(lines).flatMap((problem) =>
    problem.kind === "line"
      ? [error("out_of_stock", problem.message, "recoverable", `$.line_items[${lines.findIndex((line) => line.id === problem.lineId)}]`)]
      : [],
  );

// ---------------------------------------------------------------- lines, totals and links

export const absolute = (origin: string, path: string) => (path.startsWith("http") ? path : `${origin}${path}`);
export const titleOf = (product: { name: string }, options: VariantOptions) => lineTitle(product.name, variantLabel(options));

export const lineTotals = (amount: number): Total[] => [
  { type: "subtotal", amount },
  { type: "total", amount },
];

export const ucpLine = (ctx: UcpContext, line: CartLine) => ({
  id: `li_${line.id}`,
  item: {
    id: line.variant?.sku ?? line.product.slug,
    title: titleOf(line.product, line.variant?.options ?? {}),
    price: line.product.price,
    // The PNG rendition (the feed's): an agent may not show SVG.
    image_url: absolute(ctx.origin, rasterImage(line.product.imageUrl)),
  },
  quantity: line.quantity,
  totals: lineTotals(line.product.price * line.quantity),
});

/** The shop's shipping (app/shared/constants.ts) as the answers name it. */
export const SHIPPING_TITLE = SHIPPING_CENTS === 0 ? "Free shipping" : "Shipping";

type Amounts = { subtotal: number; bundleSavings: number; discount: number; discountCode: string | null; shipping: number; tax: number; total: number };

/**
 * The shop's totals as UCP's, in the web checkout's order: bundle savings an items discount,
 * a code's discount the order-level `discount` ("Discount (SAVE10)"), shipping the
 * fulfillment total, then tax on what is left.
 */
export function ucpTotals({ subtotal, bundleSavings, discount, discountCode, shipping, tax, total }: Amounts, shipped: boolean): Total[] {
  return [
    { type: "subtotal", amount: subtotal },
    ...(bundleSavings > 0 ? [{ type: "items_discount", display_text: "Bundle savings", amount: -bundleSavings }] : []),
    ...(discount > 0 && discountCode ? [{ type: "discount", display_text: discountLabel(discountCode), amount: -discount }] : []),
    ...(shipped ? [{ type: "fulfillment", display_text: shipping === 0 ? "Free shipping" : "Shipping", amount: shipping }] : []),
    { type: "tax", display_text: `Sales tax (${TAX_RATE_PERCENT}%)`, amount: tax },
    { type: "total", amount: total },
  ];
}

export const cartAmounts = (cart: PricedCart): Amounts => ({ ...cart.totals, discountCode: cart.code?.code ?? null });

export const policyLinks = (origin: string) => [
  { type: "terms_of_service", url: `${origin}/terms` },
  { type: "privacy_policy", url: `${origin}/privacy` },
  { type: "refund_policy", url: `${origin}/returns` },
  { type: "shipping_policy", url: `${origin}/shipping` },
  { type: "faq", url: `${origin}/faq` },
];

/**
 * An order's buyer and destination as an agent reads them, masked as the order's page masks
 * them (decision 0021): the order's link, and the checkout that placed it, may be passed on.
 */
type OrderPerson = {
  email: string;
  shippingAddress: { firstName: string; lastName: string; address: string; city: string; state: string; zipCode: string; country: string } | null;
};

export const maskedDestination = ({ shippingAddress: address }: OrderPerson) =>
  address
    ? {
        first_name: address.firstName,
        last_name: maskName("", address.lastName).trim(),
        street_address: maskStreet(address.address),
        address_locality: address.city,
        address_region: address.state,
        postal_code: address.zipCode,
        address_country: address.country,
      }
    : null;

export const maskedBuyer = (order: OrderPerson) => {
  const to = maskedDestination(order);
  return { email: maskEmail(order.email), ...(to ? { first_name: to.first_name, last_name: to.last_name } : {}) };
};

/**
 * An order as an agent names it: its id is the order's link token (the capability its page
 * is reached by: docs/decisions/0021), its label the number a person reads, and its
 * permalink the shopper's own page. The internal id never leaves the shop.
 */
export const orderRef = (ctx: UcpContext, row: { number: string; accessToken: string | null }) => ({
  id: row.accessToken ?? "",
  label: row.number,
  permalink_url: `${ctx.origin}${orderPagePath(row.accessToken ?? "")}`,
});
