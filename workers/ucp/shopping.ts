/**
 * The UCP shopping service's operations (catalog, cart, checkout, order), once, with no
 * transport in them: the REST binding (rest.ts) and the MCP binding call these same
 * functions with the request's shop deps, and answer what they return.
 *
 * One shop underneath: a UCP cart or checkout session is a shop cart of its own (its id,
 * `ucp_…` and random, is the cart's id), so the web cart prices it (`readPricedCart`:
 * bundle savings, 8% tax after savings, free shipping) and the web checkout places its
 * order (`placeOrder`: the same orders table, back office, confirmation email, stock taken
 * and "one checkout, one order", the session id being the checkout's key). The catalog
 * operations read the catalog the shop shows (`loadCatalog`: no trip to D1 on a hit).
 *
 * Business outcomes (sold out, not found, an address missing) come back as answers with
 * `messages`; only a request the binding could not read is a protocol error.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import * as v from "valibot";
import { CheckoutSchema, DigitalCheckoutSchema } from "../../app/shared/schemas";
import { isShopError } from "../../app/shared/errors";
import { CARRIERS, isCarrier, trackingUrl } from "../../app/shared/carriers";
import { maskName, maskStreet, orderPagePath } from "../../app/shared/orders";
import { findVariant, lineProblems, variantLabel, type VariantOptions } from "../../app/shared/variants";
import * as t from "../db/schema";
import { addToCart, clearCart, readPricedCart, type CartLine, type PricedCart } from "../shop/cart";
import { loadCatalog, type Catalog, type Product as ShopProduct } from "../shop/catalog";
import { placeOrder } from "../shop/checkout";
import type { ShopDeps } from "../shop/deps";
import { TOKEN_SHAPE } from "../shop/tokens";
import { createVisitor } from "../shop/visitor";
import { CAPABILITY, DEMO_HANDLER, REST_BASE, envelope, errorEnvelope } from "./profile";
import { applyCodes, discountsObject, heldCodeProblem } from "./discounts";
import { discountLabel } from "../../app/shared/money";
import { MAX_LINE_QUANTITY } from "../../app/shared/constants";
import { CardDisplay, UCP_VERSION } from "./schemas";
import type {
  CartAnswer,
  CartCreateRequest,
  CartUpdateRequest,
  CheckoutAnswer,
  CheckoutCompleteRequest,
  CheckoutCreateRequest,
  CheckoutStatus,
  CheckoutUpdateRequest,
  ErrorAnswer,
  LookupAnswer,
  LookupRequest,
  Message,
  OrderAnswer,
  Product,
  ProductAnswer,
  ProductRequest,
  SearchAnswer,
  SearchRequest,
  Total,
} from "./schemas";

/**
 * What every operation needs: the shop's deps for this request, the origin its addresses are
 * on, and the capabilities negotiated with the agent (profile.ts `negotiate`; null: all).
 */
export type UcpContext = { deps: ShopDeps; origin: string; capabilities?: ReadonlySet<string> | null };

const isActive = (ctx: UcpContext, capability: string) => !ctx.capabilities || ctx.capabilities.has(capability);
/** An answer's envelope: of the capabilities relevant to it, those negotiated (overview, "Response Capability Selection"). */
const envelopeFor = (ctx: UcpContext, names: string[]) => envelope(names.filter((name) => isActive(ctx, name)), ctx.origin);

const CURRENCY = "USD";

// ---------------------------------------------------------------- messages

const error = (code: string, content: string, severity: "recoverable" | "unrecoverable" | "requires_buyer_input", path?: string): Message => ({
  type: "error",
  code,
  content,
  severity,
  ...(path ? { path } : {}),
});

/** An answer with no resource in it: why there is none (spec: `ucp.status: "error"`). */
const noResource = (ctx: UcpContext, capabilities: string[], content: string, code = "not_found"): ErrorAnswer => ({
  ucp: errorEnvelope(capabilities.filter((name) => isActive(ctx, name))),
  messages: [error(code, content, "unrecoverable")],
  continue_url: `${ctx.origin}/products`,
});

/**
 * An operation whose capability the agent did not negotiate: the spec's
 * `capabilities_incompatible`, a business outcome (overview, "Error Codes": 200, a UCP answer).
 */
function incompatible(ctx: UcpContext, capability: string): ErrorAnswer | null {
  if (isActive(ctx, capability)) return null;
  return noResource(ctx, [], `Your profile does not name ${capability} at version ${UCP_VERSION}, the one this shop speaks.`, "capabilities_incompatible");
}

// ---------------------------------------------------------------- the catalog

const CATALOG = [CAPABILITY.search, CAPABILITY.lookup];
const absolute = (origin: string, path: string) => (path.startsWith("http") ? path : `${origin}${path}`);
const titleOf = (product: { name: string }, options: VariantOptions) => {
  const label = variantLabel(options);
  return label ? `${product.name} (${label})` : product.name;
};

type ShopVariant = ShopProduct["variants"][number];

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
    media: [{ type: "image", url: absolute(ctx.origin, variant.imageUrl ?? product.imageUrl), alt_text: titleOf(product, variant.options) }],
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
    media: [{ type: "image", url: absolute(ctx.origin, product.imageUrl), alt_text: product.name }],
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
    const variants = product.variants.filter((variant) => (price?.min === undefined || variant.price >= price.min) && (price?.max === undefined || variant.price <= price.max));
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
  if (!product || product.variants.length === 0) return noResource(ctx, [CAPABILITY.lookup], `Nothing in the catalog has the id ${JSON.stringify(request.id)}.`);
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

// ---------------------------------------------------------------- sessions: carts and checkouts

const SESSION_ID = /^ucp_[A-Za-z0-9_-]{22}$/;

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ucp_${btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}

/** The shop's deps as the session's own cart: its id is the visitor's. */
const sessionDeps = (ctx: UcpContext, id: string): ShopDeps => ({ ...ctx.deps, visitor: createVisitor(id, { address: ctx.deps.visitor.address }) });

type SessionRow = typeof t.ucpSessions.$inferSelect;
type Kind = SessionRow["kind"];

const sessionQuery = (ctx: UcpContext, id: string, kind: Kind) =>
  ctx.deps.db
    .select()
    .from(t.ucpSessions)
    .where(and(eq(t.ucpSessions.id, id), eq(t.ucpSessions.kind, kind)));

/** The session and its cart priced, in one trip to D1 (`readPricedCart`). */
async function readSession(ctx: UcpContext, id: string, kind: Kind): Promise<{ row: SessionRow; cart: PricedCart } | null> {
  if (!SESSION_ID.test(id)) return null;
  const {
    cart,
    first: [[row]],
  } = await readPricedCart(sessionDeps(ctx, id), id, [sessionQuery(ctx, id, kind)] as const);
  return row ? { row, cart } : null;
}

type LineRequest = { item: { id: string }; quantity: number };

/**
 * Makes the session's cart hold exactly `lines` (each naming a variant by its SKU), through
 * the web cart's own functions: a variant the stock does not cover is left out and said so
 * (`out_of_stock`), as is an id the catalog does not have (`item_unavailable`).
 */
async function putLines(ctx: UcpContext, id: string, lines: LineRequest[]): Promise<Message[]> {
  const deps = sessionDeps(ctx, id);
  const { products } = await loadCatalog(ctx.deps);
  const wanted = new Map<number, { product: ShopProduct; variant: ShopVariant; quantity: number; index: number }>();
  const notes: Message[] = [];
  lines.forEach((line, index) => {
    const product = products.find((p) => p.variants.some((variant) => variant.sku === line.item.id)) ?? products.find((p) => p.slug === line.item.id && p.options.length === 0);
    const variant = product?.variants.find((candidate) => candidate.sku === line.item.id) ?? (product?.options.length === 0 ? product.variants[0] : undefined);
    if (!product || !variant) {
      const content = `Nothing in the catalog has the id ${JSON.stringify(line.item.id)}: name a variant by its id (its SKU).`;
      notes.push(error("item_unavailable", content, "recoverable", `$.line_items[${index}].item.id`));
      return;
    }
    const before = wanted.get(variant.id);
    wanted.set(variant.id, { product, variant, quantity: (before?.quantity ?? 0) + line.quantity, index: before?.index ?? index });
  });
  await clearCart(deps);
  for (const { product, variant, quantity: asked, index } of wanted.values()) {
    // More than a cart line holds is a business outcome (checkout-rest.md, "Business Outcomes"): the line is kept at the most, and said so.
    const quantity = Math.min(MAX_LINE_QUANTITY, asked);
    if (quantity < asked) {
      notes.push({ type: "warning", code: "quantity_adjusted", content: `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart: ${asked} were asked for.`, path: `$.line_items[${index}].quantity` });
    }
    try {
      await addToCart(deps, product.id, quantity, variant.id);
    } catch (failure) {
      if (!isShopError(failure)) throw failure;
      const code = failure.kind === "conflict" ? "out_of_stock" : failure.kind === "not_found" ? "item_unavailable" : "invalid";
      notes.push(error(code, failure.message, "recoverable", `$.line_items[${index}]`));
    }
  }
  return notes;
}

const lineTotals = (amount: number): Total[] => [
  { type: "subtotal", amount },
  { type: "total", amount },
];

const ucpLine = (ctx: UcpContext, line: CartLine) => ({
  id: `li_${line.id}`,
  item: {
    id: line.variant?.sku ?? line.product.slug,
    title: titleOf(line.product, line.variant?.options ?? {}),
    price: line.product.price,
    image_url: absolute(ctx.origin, line.product.imageUrl),
  },
  quantity: line.quantity,
  totals: lineTotals(line.product.price * line.quantity),
});

type Amounts = { subtotal: number; bundleSavings: number; discount: number; discountCode: string | null; shipping: number; tax: number; total: number };

/**
 * The shop's totals as UCP's, in the web checkout's order: bundle savings an items discount,
 * a code's discount the order-level `discount` ("Discount (SAVE10)"), shipping (free) the
 * fulfillment total, then tax on what is left.
 */
function ucpTotals({ subtotal, bundleSavings, discount, discountCode, shipping, tax, total }: Amounts, shipped: boolean): Total[] {
  return [
    { type: "subtotal", amount: subtotal },
    ...(bundleSavings > 0 ? [{ type: "items_discount", display_text: "Bundle savings", amount: -bundleSavings }] : []),
    ...(discount > 0 && discountCode ? [{ type: "discount", display_text: discountLabel(discountCode), amount: -discount }] : []),
    ...(shipped ? [{ type: "fulfillment", display_text: shipping === 0 ? "Free shipping" : "Shipping", amount: shipping }] : []),
    { type: "tax", display_text: "Sales tax (8%)", amount: tax },
    { type: "total", amount: total },
  ];
}

const cartAmounts = (cart: PricedCart): Amounts => ({ ...cart.totals, discountCode: cart.code?.code ?? null });

const policyLinks = (origin: string) => [
  { type: "terms_of_service", url: `${origin}/terms` },
  { type: "privacy_policy", url: `${origin}/privacy` },
  { type: "refund_policy", url: `${origin}/returns` },
  { type: "shipping_policy", url: `${origin}/shipping` },
  { type: "faq", url: `${origin}/faq` },
];

const problemsOf = (lines: CartLine[]): Message[] =>
  lineProblems(lines).map(({ lineId, message }) => error("out_of_stock", message, "recoverable", `$.line_items[${lines.findIndex((line) => line.id === lineId)}]`));

// ---------------------------------------------------------------- carts

const CART = [CAPABILITY.cart];
const CART_GONE = "That cart does not exist, has been canceled or has expired.";

function cartAnswer(ctx: UcpContext, row: SessionRow, cart: PricedCart): CartAnswer {
  const messages = [...(row.notes as Message[]), ...problemsOf(cart.lines)];
  return {
    ucp: envelopeFor(ctx, CART),
    id: row.id,
    line_items: cart.lines.map((line) => ucpLine(ctx, line)),
    ...(Object.keys(row.buyer).length > 0 ? { buyer: row.buyer } : {}),
    currency: CURRENCY,
    totals: ucpTotals(cartAmounts(cart), false),
    ...(messages.length > 0 ? { messages } : {}),
    links: policyLinks(ctx.origin),
  };
}

/**
 * The buyer as the shop keeps it: the spec's four fields. A `name` (not the spec's: it dropped
 * `full_name`) stands in for first and last name only when neither is sent; it is split at
 * its first space, so first and last name joined give it back as sent.
 */
export function buyerOf(buyer: CartCreateRequest["buyer"]): Record<string, string> {
  const known = Object.fromEntries(
    Object.entries(buyer ?? {}).filter(([key, value]) => ["first_name", "last_name", "email", "phone_number"].includes(key) && typeof value === "string"),
  ) as Record<string, string>;
  const name = buyer?.name?.trim();
  if (!name || known.first_name !== undefined || known.last_name !== undefined) return known;
  const [, first = "", last] = /^(\S+)(?:\s+(.+))?$/.exec(name) ?? [];
  return { ...known, first_name: first, ...(last ? { last_name: last } : {}) };
}

async function openSession(ctx: UcpContext, kind: Kind, lines: LineRequest[], fields: Partial<SessionRow>) {
  const id = newSessionId();
  const notes = await putLines(ctx, id, lines);
  await ctx.deps.db.insert(t.ucpSessions).values({ id, kind, notes, buyer: {}, ...fields });
  return { id, notes };
}

export async function createCart(ctx: UcpContext, request: CartCreateRequest): Promise<CartAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.cart);
  if (refused) return refused;
  const { id, notes } = await openSession(ctx, "cart", request.line_items, { buyer: buyerOf(request.buyer) });
  const read = await readSession(ctx, id, "cart");
  if (!read || (read.cart.lines.length === 0 && notes.length > 0)) {
    const errors = notes.filter((note) => note.type === "error");
    return { ...noResource(ctx, CART, errors.map((note) => note.content).join(" "), "out_of_stock"), messages: errors };
  }
  return cartAnswer(ctx, read.row, read.cart);
}

export async function getCart(ctx: UcpContext, id: string): Promise<CartAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.cart);
  if (refused) return refused;
  const read = await readSession(ctx, id, "cart");
  if (!read || read.row.state !== "open") return noResource(ctx, CART, CART_GONE);
  return cartAnswer(ctx, read.row, read.cart);
}

export async function updateCart(ctx: UcpContext, id: string, request: CartUpdateRequest): Promise<CartAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.cart);
  if (refused) return refused;
  const found = await readSession(ctx, id, "cart");
  if (!found || found.row.state !== "open") return noResource(ctx, CART, CART_GONE);
  const notes = await putLines(ctx, id, request.line_items);
  const buyer = request.buyer ? buyerOf(request.buyer) : found.row.buyer;
  await ctx.deps.db.update(t.ucpSessions).set({ notes, buyer, updatedAt: sql`CURRENT_TIMESTAMP` }).where(eq(t.ucpSessions.id, id));
  return getCart(ctx, id);
}

/** Cancels a cart: its lines go, and the cart answers as it was; the id is not found from now on. */
export async function cancelCart(ctx: UcpContext, id: string): Promise<CartAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.cart);
  if (refused) return refused;
  const found = await readSession(ctx, id, "cart");
  if (!found || found.row.state !== "open") return noResource(ctx, CART, CART_GONE);
  await ctx.deps.db.update(t.ucpSessions).set({ state: "canceled", updatedAt: sql`CURRENT_TIMESTAMP` }).where(eq(t.ucpSessions.id, id));
  await clearCart(sessionDeps(ctx, id));
  return cartAnswer(ctx, found.row, found.cart);
}

// ---------------------------------------------------------------- checkouts

const CHECKOUT = [CAPABILITY.checkout, CAPABILITY.fulfillment, CAPABILITY.discount];
const CHECKOUT_GONE = "That checkout does not exist.";
const DESTINATION_ID = "dest_1";
const SHIPPING_METHOD_ID = "shipping";
const SHIPPING_OPTION_ID = "free";

/** The order the shop's checkout form would send for this session: the buyer and destination in the form's fields. */
function checkoutForm(row: SessionRow) {
  const to = row.destination ?? {};
  const firstName = to.first_name ?? row.buyer.first_name ?? "";
  const lastName = to.last_name ?? row.buyer.last_name ?? "";
  const street = [to.street_address, to.extended_address].filter(Boolean).join(", ");
  return {
    email: row.buyer.email ?? "",
    firstName,
    lastName,
    address: street,
    city: to.address_locality ?? "",
    state: to.address_region ?? "",
    zipCode: to.postal_code ?? "",
    country: to.address_country ?? "",
    cardholderName: `${firstName} ${lastName}`.trim(),
    checkoutKey: row.id,
  };
}

/** Where each form field comes from in a UCP checkout, for a message's path. */
const FIELD_PATHS: Record<string, string> = {
  email: "$.buyer.email",
  firstName: "$.buyer.first_name",
  lastName: "$.buyer.last_name",
  cardholderName: "$.buyer.first_name",
  address: "$.fulfillment.methods[0].destinations[0].street_address",
  city: "$.fulfillment.methods[0].destinations[0].address_locality",
  state: "$.fulfillment.methods[0].destinations[0].address_region",
  zipCode: "$.fulfillment.methods[0].destinations[0].postal_code",
  country: "$.fulfillment.methods[0].destinations[0].address_country",
};

/** What stands between the session and its order, in the web checkout's words (its own schemas). */
function checkoutMessages(row: SessionRow, cart: PricedCart): Message[] {
  const messages = [...(row.notes as Message[]), ...problemsOf(cart.lines)];
  const codeProblem = heldCodeProblem(cart);
  if (codeProblem) messages.push(codeProblem);
  if (cart.lines.length === 0) messages.push(error("missing", "The checkout holds no items: add a line item naming a variant.", "recoverable", "$.line_items"));
  const shipped = cart.lines.some((line) => !line.digital);
  const form = checkoutForm(row);
  if (shipped && !row.destination) {
    messages.push(error("missing", "Please give a shipping address: the checkout holds items we ship.", "recoverable", "$.fulfillment.methods[0].destinations"));
  }
  const result = v.safeParse(shipped && row.destination ? CheckoutSchema : DigitalCheckoutSchema, form);
  if (!result.success) {
    const seen = new Set<string>();
    for (const issue of result.issues) {
      const field = v.getDotPath(issue) ?? "";
      const path = FIELD_PATHS[field] ?? "$";
      if (seen.has(path)) continue;
      seen.add(path);
      messages.push(error(field === "email" && !form.email ? "missing" : "invalid", issue.message, "recoverable", path));
    }
  }
  return messages;
}

function fulfillmentOf(row: SessionRow, lineIds: string[]) {
  const destinationId = row.destination?.id ?? DESTINATION_ID;
  const destination = row.destination ? [{ ...row.destination, id: destinationId }] : [];
  return {
    methods: [
      {
        id: SHIPPING_METHOD_ID,
        type: "shipping" as const,
        line_item_ids: lineIds,
        destinations: destination,
        selected_destination_id: row.destination ? destinationId : null,
        groups: [
          {
            id: "package_1",
            line_item_ids: lineIds,
            selected_option_id: SHIPPING_OPTION_ID,
            options: [{ id: SHIPPING_OPTION_ID, title: "Free shipping", description: "Free shipping on every order.", totals: [{ type: "total", amount: 0 }] }],
          },
        ],
      },
    ],
  };
}

function statusOf(row: SessionRow, messages: Message[]): CheckoutStatus {
  if (row.state === "completed") return "completed";
  if (row.state === "canceled") return "canceled";
  return messages.some((message) => message.type === "error") ? "incomplete" : "ready_for_complete";
}

/**
 * An order as an agent names it: its id is the order's link token (the capability its page
 * is reached by: docs/decisions/0021), its label the number a person reads, and its
 * permalink the shopper's own page. The internal id never leaves the shop.
 */
const orderRef = (ctx: UcpContext, row: { number: string; accessToken: string | null }) => ({
  id: row.accessToken ?? "",
  label: row.number,
  permalink_url: `${ctx.origin}${orderPagePath(row.accessToken ?? "")}`,
});

type Instrument = NonNullable<NonNullable<CheckoutUpdateRequest["payment"]>["instruments"]>[number];

/**
 * The instruments a request sent, as its answer shows them (checkout-rest.md's examples):
 * id, handler, type, selection and a card's display. Never the `credential` (overview,
 * "Credential Flow": businesses MUST NOT echo credentials) nor the billing address. The
 * shop keeps none of them: the demo handler reads instruments only on completion.
 */
function echoedPayment(instruments: Instrument[] = []) {
  return {
    instruments: instruments.flatMap(({ id, handler_id, type, selected, display }) => {
      if (id === undefined) return [];
      const card = v.safeParse(CardDisplay, display);
      return [{ id, handler_id, type, ...(selected !== undefined ? { selected } : {}), ...(card.success && Object.keys(card.output).length > 0 ? { display: card.output } : {}) }];
    }),
  };
}

/** What an answer carries of the request it answers: messages of its own, the instruments and the discount codes it sent. */
type AnswerExtras = { messages?: Message[]; instruments?: Instrument[]; codes?: string[] };

async function checkoutAnswer(ctx: UcpContext, row: SessionRow, cart: PricedCart, { messages: extra = [], instruments, codes }: AnswerExtras = {}): Promise<CheckoutAnswer> {
  const discounts = isActive(ctx, CAPABILITY.discount);
  const base = {
    ucp: envelopeFor(ctx, CHECKOUT),
    id: row.id,
    ...(Object.keys(row.buyer).length > 0 ? { buyer: row.buyer } : {}),
    currency: CURRENCY,
    links: policyLinks(ctx.origin),
    payment: echoedPayment(instruments),
  };
  if (row.orderId) {
    // Completed: the cart's lines became the order's; the checkout shows what was ordered.
    const order = await readOrder(ctx, { orderId: row.orderId });
    if (order) {
      const shipped = order.row.shippingAddress !== null;
      const lineIds = order.shipped.map((line) => `li_${line.id}`);
      return {
        ...base,
        status: "completed",
        line_items: order.lines.map((line) => ({
          id: `li_${line.id}`,
          item: { id: line.sku, title: line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name, price: line.unitPrice },
          quantity: line.quantity,
          totals: lineTotals(line.lineTotal),
        })),
        totals: ucpTotals(order.row, shipped),
        ...(discounts ? { discounts: discountsObject(order.row.discountCode, order.row.discount, codes) } : {}),
        ...(extra.length > 0 ? { messages: extra } : {}),
        ...(shipped && isActive(ctx, CAPABILITY.fulfillment) ? { fulfillment: fulfillmentOf(row, lineIds) } : {}),
        order: orderRef(ctx, order.row),
      };
    }
  }
  const messages = row.state === "open" ? [...checkoutMessages(row, cart), ...extra] : extra;
  const shippedLines = cart.lines.filter((line) => !line.digital).map((line) => `li_${line.id}`);
  return {
    ...base,
    status: statusOf(row, messages),
    line_items: cart.lines.map((line) => ucpLine(ctx, line)),
    totals: ucpTotals(cartAmounts(cart), shippedLines.length > 0),
    ...(discounts ? { discounts: discountsObject(cart.code?.code ?? null, cart.totals.discount, codes) } : {}),
    ...(messages.length > 0 ? { messages } : {}),
    ...(shippedLines.length > 0 && isActive(ctx, CAPABILITY.fulfillment) ? { fulfillment: fulfillmentOf(row, shippedLines) } : {}),
  };
}

/** The destination a checkout request names: its shipping method's selected (or first) destination. */
function destinationOf(request: CheckoutUpdateRequest): Record<string, string> | undefined {
  const method = request.fulfillment?.methods?.find((m) => m.type === undefined || m.type === "shipping");
  const destinations = method?.destinations ?? [];
  const chosen = destinations.find((d) => d.id !== undefined && d.id === method?.selected_destination_id) ?? destinations[0];
  if (!chosen) return undefined;
  // The platform's own id for it is kept, so the answer names the destination as the platform does.
  const keys = ["id", "street_address", "extended_address", "address_locality", "address_region", "address_country", "postal_code", "first_name", "last_name", "phone_number"];
  // `locality` and `region` are not the spec's names, but unambiguous ones: read, and kept under the spec's, only when its own are absent.
  const read: Record<string, unknown> = { address_locality: chosen.locality, address_region: chosen.region, ...chosen };
  // An empty id is none (the platform leaves naming it to the shop).
  return Object.fromEntries(keys.flatMap((key) => (typeof read[key] === "string" && !(key === "id" && read[key] === "") ? [[key, read[key] as string]] : [])));
}

export async function createCheckout(ctx: UcpContext, request: CheckoutCreateRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  // The fulfillment extension's fields are unknown ones to an agent that did not negotiate it.
  const destination = isActive(ctx, CAPABILITY.fulfillment) ? destinationOf(request) : undefined;
  const { id, notes } = await openSession(ctx, "checkout", request.line_items, { buyer: buyerOf(request.buyer), ...(destination ? { destination } : {}) });
  const codes = codesOf(ctx, request);
  const codeNotes = codes ? await applyCodes(sessionDeps(ctx, id), codes) : [];
  const read = await readSession(ctx, id, "checkout");
  // Nothing asked for can be had: no checkout is made (the spec's "all items unavailable").
  if (!read || (read.cart.lines.length === 0 && notes.length > 0)) {
    const errors = notes.filter((note) => note.type === "error");
    return { ...noResource(ctx, CHECKOUT, errors.map((note) => note.content).join(" "), "out_of_stock"), messages: errors.map((note) => ({ ...note, severity: "unrecoverable" as const })) };
  }
  return checkoutAnswer(ctx, read.row, read.cart, { instruments: request.payment?.instruments, messages: codeNotes, codes });
}

/** The discount codes a create or update sent, when the agent negotiated the extension (its fields are unknown ones otherwise). */
const codesOf = (ctx: UcpContext, request: CheckoutUpdateRequest) => (isActive(ctx, CAPABILITY.discount) ? request.discounts?.codes : undefined);

export async function getCheckout(ctx: UcpContext, id: string, extras: AnswerExtras = {}): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const read = await readSession(ctx, id, "checkout");
  if (!read) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  return checkoutAnswer(ctx, read.row, read.cart, extras);
}

const notOpen = (row: SessionRow) =>
  error("invalid_state", row.state === "completed" ? "This checkout is completed: its order is placed." : "This checkout is canceled: start a new one.", "unrecoverable");

export async function updateCheckout(ctx: UcpContext, id: string, request: CheckoutUpdateRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const found = await readSession(ctx, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  const instruments = request.payment?.instruments;
  if (found.row.state !== "open") return checkoutAnswer(ctx, found.row, found.cart, { messages: [notOpen(found.row)], instruments });
  const notes = request.line_items ? await putLines(ctx, id, request.line_items) : (found.row.notes as Message[]);
  const destination = (isActive(ctx, CAPABILITY.fulfillment) ? destinationOf(request) : undefined) ?? found.row.destination;
  const buyer = request.buyer ? { ...found.row.buyer, ...buyerOf(request.buyer) } : found.row.buyer;
  await ctx.deps.db
    .update(t.ucpSessions)
    .set({ notes, buyer, destination, updatedAt: sql`CURRENT_TIMESTAMP` })
    .where(and(eq(t.ucpSessions.id, id), eq(t.ucpSessions.state, "open")));
  const codes = codesOf(ctx, request);
  const codeNotes = codes ? await applyCodes(sessionDeps(ctx, id), codes, found.cart.code?.code ?? null) : [];
  return getCheckout(ctx, id, { instruments, messages: codeNotes, codes });
}

/**
 * Places the checkout's order through the web checkout's `placeOrder` (its key is the
 * session id: a repeated completion answers with the same order). The demo handler takes
 * no money: an instrument naming it, of its type, is all it asks.
 */
export async function completeCheckout(ctx: UcpContext, id: string, request: CheckoutCompleteRequest): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  let found = await readSession(ctx, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  const instruments = request.payment.instruments;
  if (found.row.state === "completed") return checkoutAnswer(ctx, found.row, found.cart, { instruments });
  if (found.row.state !== "open") return checkoutAnswer(ctx, found.row, found.cart, { messages: [notOpen(found.row)], instruments });
  const instrument = instruments.find((candidate) => candidate.selected) ?? instruments[0]!;
  if (instrument.handler_id !== DEMO_HANDLER.id || instrument.type !== DEMO_HANDLER.instrumentType) {
    const content = `This shop takes payment through its demo handler only: an instrument with handler_id "${DEMO_HANDLER.id}" and type "${DEMO_HANDLER.instrumentType}".`;
    return checkoutAnswer(ctx, found.row, found.cart, { messages: [error("payment_failed", content, "recoverable", "$.payment.instruments")], instruments });
  }
  if (request.buyer) {
    const buyer = { ...found.row.buyer, ...buyerOf(request.buyer) };
    await ctx.deps.db.update(t.ucpSessions).set({ buyer, updatedAt: sql`CURRENT_TIMESTAMP` }).where(eq(t.ucpSessions.id, id));
    found = { ...found, row: { ...found.row, buyer } };
  }
  const answer = await checkoutAnswer(ctx, found.row, found.cart, { instruments });
  if (answer.status !== "ready_for_complete") return answer;
  const shipped = found.cart.lines.some((line) => !line.digital);
  const form = checkoutForm(found.row);
  try {
    const input = shipped ? v.parse(CheckoutSchema, form) : v.parse(DigitalCheckoutSchema, form);
    const order = await placeOrder(sessionDeps(ctx, id), input, ctx.origin);
    await ctx.deps.db.update(t.ucpSessions).set({ state: "completed", orderId: order.id, updatedAt: sql`CURRENT_TIMESTAMP` }).where(eq(t.ucpSessions.id, id));
  } catch (failure) {
    if (!isShopError(failure)) throw failure;
    // Sold or changed since the read: the checkout says what stands in the way now.
    const again = await readSession(ctx, id, "checkout");
    const code = failure.kind === "conflict" ? "out_of_stock" : "invalid";
    return checkoutAnswer(ctx, again!.row, again!.cart, { messages: [error(code, failure.message, "recoverable")], instruments });
  }
  return (await getCheckout(ctx, id, { instruments })) as CheckoutAnswer;
}

export async function cancelCheckout(ctx: UcpContext, id: string): Promise<CheckoutAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.checkout);
  if (refused) return refused;
  const found = await readSession(ctx, id, "checkout");
  if (!found) return noResource(ctx, CHECKOUT, CHECKOUT_GONE);
  if (found.row.state !== "open") return checkoutAnswer(ctx, found.row, found.cart, { messages: [notOpen(found.row)] });
  await ctx.deps.db
    .update(t.ucpSessions)
    .set({ state: "canceled", updatedAt: sql`CURRENT_TIMESTAMP` })
    .where(and(eq(t.ucpSessions.id, id), eq(t.ucpSessions.state, "open")));
  await clearCart(sessionDeps(ctx, id));
  return getCheckout(ctx, id);
}

// ---------------------------------------------------------------- orders

/** What an agent may read of an order: once placed, whatever became of it. */
const READABLE = ["placed", "packed", "shipped", "delivered", "cancelled"] as const;

/**
 * An order with its lines (in the cart's order) and its timeline: by the internal id a
 * completed checkout session holds, or by the link token an agent was given (its `id`). The
 * token is the right to read it, as it is for the order's page; any other shape is none.
 */
async function readOrder(ctx: UcpContext, ref: { orderId: string } | { token: string }) {
  if ("token" in ref && !TOKEN_SHAPE.test(ref.token)) return null;
  const { db } = ctx.deps;
  const which = "token" in ref ? eq(t.orders.accessToken, ref.token) : eq(t.orders.id, ref.orderId);
  const [rows, lines, events] = await db.batch([
    db.select().from(t.orders).where(and(which, inArray(t.orders.status, READABLE))),
    db.select({ line: t.orderLines }).from(t.orderLines).innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId)).where(which).orderBy(asc(t.orderLines.position), asc(t.orderLines.id)),
    db.select({ event: t.orderEvents }).from(t.orderEvents).innerJoin(t.orders, eq(t.orders.id, t.orderEvents.orderId)).where(which).orderBy(asc(t.orderEvents.id)),
  ]);
  const row = rows[0];
  if (!row) return null;
  // A download is not shipped: only the other lines are the shipment's.
  const { products } = await loadCatalog(ctx.deps);
  const digital = new Set(products.filter((p) => p.digital).map((p) => p.id));
  const ordered = lines.map(({ line }) => line);
  return { row, lines: ordered, shipped: ordered.filter((line) => !digital.has(line.productId)), events: events.map(({ event }) => event) };
}

/** SQLite's UTC text (`2026-11-26 13:02:11`) as RFC 3339. */
const rfc3339 = (at: string) => `${at.replace(" ", "T")}Z`;

type OrderEvent = typeof t.orderEvents.$inferSelect;
type OrderLineRow = typeof t.orderLines.$inferSelect;

/**
 * The order's timeline as order.md's append-only logs: packing is a `processing` event,
 * the hand-over to the carrier `shipped` and the arrival `delivered` (both with the carrier,
 * the tracking number and its link), each naming the shipped lines; a cancellation is an
 * adjustment that takes every line back, with its reason.
 */
function fulfilmentLog(events: OrderEvent[], shipped: OrderLineRow[], all: OrderLineRow[]) {
  const lineRefs = (lines: OrderLineRow[], sign = 1) => lines.map((line) => ({ id: `li_${line.id}`, quantity: sign * line.quantity }));
  const shipment = events.find((event) => event.status === "shipped");
  const tracking =
    shipment?.carrier && shipment.trackingNumber && isCarrier(shipment.carrier)
      ? { carrier: CARRIERS[shipment.carrier].name, tracking_number: shipment.trackingNumber, tracking_url: trackingUrl(shipment.carrier, shipment.trackingNumber) }
      : null;
  const fulfilment = events.flatMap((event) => {
    const base = { id: `evt_${event.id}`, occurred_at: rfc3339(event.at), line_items: lineRefs(shipped) };
    if (shipped.length === 0) return [];
    if (event.status === "packed") return [{ ...base, type: "processing", description: "Packed" }];
    if ((event.status === "shipped" || event.status === "delivered") && tracking) {
      return [{ ...base, type: event.status, ...tracking, description: event.status === "shipped" ? "Handed to the carrier" : "Delivered" }];
    }
    return [];
  });
  const adjustments = events
    .filter((event) => event.status === "cancelled")
    .map((event) => ({
      id: `adj_${event.id}`,
      type: "cancellation",
      occurred_at: rfc3339(event.at),
      status: "completed" as const,
      line_items: lineRefs(all, -1),
      description: event.actor === "shopper" ? "Cancelled by the buyer" : (event.reason ?? "Cancelled by the shop"),
    }));
  return { fulfilment, adjustments };
}

export async function getOrder(ctx: UcpContext, id: string): Promise<OrderAnswer | ErrorAnswer> {
  const refused = incompatible(ctx, CAPABILITY.order);
  if (refused) return refused;
  const order = await readOrder(ctx, { token: id });
  if (!order) return noResource(ctx, [CAPABILITY.order], "Order not found.");
  const { row, lines, shipped, events } = order;
  const cancelled = row.status === "cancelled";
  const handedOver = row.status === "shipped" || row.status === "delivered";
  const shippedIds = new Set(shipped.map((line) => line.id));
  const address = row.shippingAddress;
  const { fulfilment, adjustments } = fulfilmentLog(events, shipped, lines);
  return {
    ucp: envelopeFor(ctx, [CAPABILITY.order]),
    ...orderRef(ctx, row),
    checkout_id: row.sessionId.startsWith("ucp_") ? row.sessionId : row.number,
    line_items: lines.map((line) => {
      // A download is the buyer's once placed; a parcel's lines once the carrier has them.
      const fulfilled = cancelled ? 0 : !shippedIds.has(line.id) || handedOver ? line.quantity : 0;
      return {
        id: `li_${line.id}`,
        item: { id: line.sku, title: line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name, price: line.unitPrice },
        quantity: { original: line.quantity, total: cancelled ? 0 : line.quantity, fulfilled },
        totals: lineTotals(line.lineTotal),
        status: cancelled ? ("removed" as const) : fulfilled === line.quantity ? ("fulfilled" as const) : ("processing" as const),
      };
    }),
    fulfillment: {
      expectations:
        address && shipped.length > 0 && !cancelled
          ? [
              {
                id: "exp_1",
                line_items: shipped.map((line) => ({ id: `li_${line.id}`, quantity: line.quantity })),
                method_type: "shipping" as const,
                // Masked as the order's page masks it: the token is a link that may be passed on.
                destination: {
                  first_name: address.firstName,
                  last_name: maskName("", address.lastName).trim(),
                  street_address: maskStreet(address.address),
                  address_locality: address.city,
                  address_region: address.state,
                  postal_code: address.zipCode,
                  address_country: address.country,
                },
                description: "Free shipping",
              },
            ]
          : [],
      events: fulfilment,
    },
    ...(adjustments.length > 0 ? { adjustments } : {}),
    currency: CURRENCY,
    totals: ucpTotals(row, address !== null),
  };
}
