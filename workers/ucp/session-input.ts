/**
 * What an agent's request puts into its cart or checkout session: the line items (through
 * the web cart's own functions, so a line is kept, capped or refused as on the web), the
 * buyer and the shipping destination. The session's row is the shop's (shop/agents/sessions.ts).
 */
import { isShopError } from "../../app/shared/errors";
import { MAX_LINE_QUANTITY } from "../../app/shared/constants";
import { addUpToStock, newSessionId, sessionDeps, startSession, type AgentSession, type SessionKind } from "../shop/agents/sessions";
import { clearCart } from "../shop/cart";
import { loadCatalog, type Product as ShopProduct } from "../shop/catalog";
import { error, type UcpContext } from "./answers";
import type { ShopVariant } from "./catalog-ops";
import type { CartCreateRequest, CheckoutUpdateRequest, Message } from "./schemas";

export type LineRequest = { item: { id: string }; quantity: number };

/**
 * Makes the session's cart hold exactly `lines` (each naming a variant by its SKU), through
 * the web cart's own functions: a variant the stock does not cover is left out and said so
 * (`out_of_stock`), as is an id the catalog does not have (`item_unavailable`).
 */
export async function putLines(ctx: UcpContext, id: string, lines: LineRequest[]): Promise<Message[]> {
  const deps = sessionDeps(ctx.deps, id);
  const { products } = await loadCatalog(ctx.deps);
  const wanted = new Map<number, { product: ShopProduct; variant: ShopVariant; quantity: number; index: number }>();
  const notes: Message[] = [];
  lines.forEach((line, index) => {
    const product =
      products.find((p) => p.variants.some((variant) => variant.sku === line.item.id)) ??
      products.find((p) => p.slug === line.item.id && p.options.length === 0);
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
    // More than a line holds, or than is left, is a business outcome (checkout-rest.md, "Business Outcomes"): the line is kept at what can be had, and said so.
    const quantity = Math.min(MAX_LINE_QUANTITY, asked);
    try {
      const added = await addUpToStock(deps, product.id, variant.id, quantity);
      if (added < asked) {
        const content =
          added < quantity
            ? `Only ${added} left of ${product.name}: ${asked} were asked for.`
            : `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart: ${asked} were asked for.`;
        notes.push({ type: "warning", code: "quantity_adjusted", content, path: `$.line_items[${index}].quantity` });
      }
    } catch (failure) {
      if (!isShopError(failure)) throw failure;
      const code = failure.kind === "conflict" ? "out_of_stock" : failure.kind === "not_found" ? "item_unavailable" : "invalid";
      notes.push(error(code, failure.message, "recoverable", `$.line_items[${index}]`));
    }
  }
  return notes;
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

/** Opens a session of `kind` holding `lines` (each a variant by its SKU): its id, and what could not be put in. */
export async function openSession(
  ctx: UcpContext,
  kind: SessionKind,
  lines: LineRequest[],
  fields: Pick<AgentSession, "buyer"> & Partial<Pick<AgentSession, "destination" | "cartId">>,
) {
  const id = newSessionId();
  const notes = await putLines(ctx, id, lines);
  await startSession(ctx.deps, id, kind, { notes, ...fields });
  return { id, notes };
}

/** The destination a checkout request names: its shipping method's selected (or first) destination. */
export function destinationOf(request: CheckoutUpdateRequest): Record<string, string> | undefined {
  const method = request.fulfillment?.methods?.find((m) => m.type === undefined || m.type === "shipping");
  const destinations = method?.destinations ?? [];
  const chosen = destinations.find((d) => d.id !== undefined && d.id === method?.selected_destination_id) ?? destinations[0];
  if (!chosen) return undefined;
  // The platform's own id for it is kept, so the answer names the destination as the platform does.
  const keys = [
    "id",
    "street_address",
    "extended_address",
    "address_locality",
    "address_region",
    "address_country",
    "postal_code",
    "first_name",
    "last_name",
    "phone_number",
  ];
  // `locality` and `region` are not the spec's names, but unambiguous ones: read, and kept under the spec's, only when its own are absent.
  const read: Record<string, unknown> = { address_locality: chosen.locality, address_region: chosen.region, ...chosen };
  // An empty id is none (the platform leaves naming it to the shop).
  return Object.fromEntries(keys.flatMap((key) => (typeof read[key] === "string" && !(key === "id" && read[key] === "") ? [[key, read[key] as string]] : [])));
}
