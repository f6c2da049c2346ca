/**
 * UCP's requests (`…Request`), read loosely as the spec asks: a field the shop does not know
 * is ignored, never refused; a field it knows, in the wrong shape, is a 400. Texts are bounded.
 */
import * as v from "valibot";
import { FIRST_VERSION, type UcpVersion } from "../versions";
import { Amount } from "./pieces";

/** Texts an agent sends are bounded: the shop never stores or echoes more. */
const Text = (max = 200) => v.pipe(v.string(), v.maxLength(max));
const Id = Text(100);
/**
 * The spec's words for a field, published with it: tools/list carries these schemas as JSON
 * Schema (mcp.ts), so an agent (or the LLM behind it) learns each field from them.
 */
const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

const LineItemRequest = v.looseObject({
  id: v.optional(described(Id, "The line item's id, as an earlier answer gave it.")),
  item: v.looseObject({ id: described(Id, "The variant's id (its SKU), as the catalog answers it.") }),
  // Any count is a request the shop can answer: more than a cart line holds is a business outcome (session-input.ts `putLines`).
  quantity: described(v.pipe(v.number(), v.safeInteger(), v.minValue(1)), "Quantity of the item being purchased."),
});
const LineItemsRequest = described(v.pipe(v.array(LineItemRequest), v.maxLength(50)), "The items to buy: each names a variant by its id (SKU) and a quantity.");
const BuyerRequest = v.looseObject({
  first_name: v.optional(Text(100)),
  last_name: v.optional(Text(100)),
  email: v.optional(described(Text(254), "Email of the buyer: the order's confirmation is sent to it.")),
  phone_number: v.optional(described(Text(40), "E.164 standard.")),
  /** Not the spec's (it dropped `full_name`): read only when neither first_name nor last_name is sent (session-input.ts `buyerOf`). */
  name: v.optional(Text(200)),
});
const AddressRequest = v.looseObject({
  extended_address: v.optional(Text()),
  street_address: v.optional(Text()),
  address_locality: v.optional(Text()),
  address_region: v.optional(Text()),
  address_country: v.optional(Text()),
  postal_code: v.optional(Text()),
  first_name: v.optional(Text(100)),
  last_name: v.optional(Text(100)),
  phone_number: v.optional(Text(40)),
  /** Not the spec's names for address_locality / address_region; read only in their absence (session-input.ts `destinationOf`). */
  locality: v.optional(Text()),
  region: v.optional(Text()),
});
const FulfillmentRequest = v.looseObject({
  methods: v.optional(
    v.pipe(
      v.array(
        v.looseObject({
          type: v.optional(v.picklist(["shipping", "pickup"])),
          destinations: v.optional(
            described(
              v.pipe(v.array(v.looseObject({ ...AddressRequest.entries, id: v.optional(Id) })), v.maxLength(5)),
              "Where to ship: postal addresses (street_address, address_locality, address_region, postal_code, address_country).",
            ),
          ),
          selected_destination_id: v.optional(v.nullable(Id)),
        }),
      ),
      v.maxLength(5),
    ),
  ),
});

/**
 * `payment_instrument.json#/$defs/selected_payment_instrument` as a platform sends it. The
 * demo handler's instruments are cards (`card_payment_instrument.json`): its `display` is
 * read for those fields only. `credential` and `billing_address` are never kept or echoed.
 */
export const CardDisplay = v.object({
  brand: v.optional(Text(50)),
  last_digits: v.optional(Text(4)),
  expiry_month: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
  expiry_year: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9999))),
  description: v.optional(Text()),
  card_art: v.optional(v.pipe(Text(2000), v.url())),
});
const InstrumentRequest = v.looseObject({ id: v.optional(Id), handler_id: Id, type: Id, selected: v.optional(v.boolean()), display: v.optional(v.unknown()) });
const Instruments = described(
  v.pipe(v.array(InstrumentRequest), v.maxLength(5)),
  'Payment instruments, each naming the handler that produced it (handler_id "demo", type "card": no money is taken).',
);
const PaymentRequest = v.looseObject({ instruments: v.optional(Instruments) });

/** `discount.json` `discounts_object` as a platform sends it: the codes, any case (`applied` is the business's answer: ignored). */
const DiscountsRequest = v.looseObject({
  codes: v.optional(described(v.pipe(v.array(Text(100)), v.maxLength(10)), "Discount codes to apply, any case: the shop takes one per order; [] removes it.")),
});

export const CheckoutCreateRequest = v.looseObject({
  line_items: LineItemsRequest,
  /** The cart to convert (cart.json's checkout extension): its contents are the checkout's. */
  cart_id: v.optional(Text(200)),
  buyer: v.optional(BuyerRequest),
  fulfillment: v.optional(FulfillmentRequest),
  payment: v.optional(PaymentRequest),
  discounts: v.optional(DiscountsRequest),
});
export type CheckoutCreateRequest = v.InferOutput<typeof CheckoutCreateRequest>;

/** A 2026-04-08 update replaces what it names; what it leaves out stays as it was (checkout-ops.ts `updateCheckout`). */
export const CheckoutUpdateRequest = v.looseObject({
  line_items: v.optional(LineItemsRequest),
  buyer: v.optional(BuyerRequest),
  fulfillment: v.optional(FulfillmentRequest),
  payment: v.optional(PaymentRequest),
  discounts: v.optional(DiscountsRequest),
});
export type CheckoutUpdateRequest = v.InferOutput<typeof CheckoutUpdateRequest>;

/**
 * A 2026-08-25 update is a full replacement (checkout/rest.md, "Update Checkout": "The
 * Platform MUST send the entire Checkout resource"): the line items are required, as
 * checkout.json marks them for update, and what it leaves out is cleared.
 */
export const CheckoutReplaceRequest = v.looseObject({ ...CheckoutUpdateRequest.entries, line_items: LineItemsRequest });

/** The update the negotiated version reads; tools/list publishes the newest's (the spec's schema in both versions). */
export const checkoutUpdateIn = (version: UcpVersion) => (version === FIRST_VERSION ? CheckoutUpdateRequest : CheckoutReplaceRequest);

export const CheckoutCompleteRequest = v.looseObject({
  payment: v.looseObject({ instruments: v.pipe(Instruments, v.minLength(1)) }),
  buyer: v.optional(BuyerRequest),
});
export type CheckoutCompleteRequest = v.InferOutput<typeof CheckoutCompleteRequest>;

export const CartCreateRequest = v.looseObject({ line_items: LineItemsRequest, buyer: v.optional(BuyerRequest) });
export type CartCreateRequest = v.InferOutput<typeof CartCreateRequest>;
export const CartUpdateRequest = v.looseObject({ line_items: LineItemsRequest, buyer: v.optional(BuyerRequest) });
export type CartUpdateRequest = v.InferOutput<typeof CartUpdateRequest>;

const PaginationRequest = v.looseObject({ cursor: v.optional(Text(20)), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))) });
export const SearchRequest = v.looseObject({
  query: v.optional(described(Text(100), "Free-text search query.")),
  filters: v.optional(
    described(
      v.looseObject({
        categories: v.optional(described(v.pipe(v.array(Text(100)), v.maxLength(20)), "Filter by product categories (any of them).")),
        price: v.optional(
          v.looseObject({
            min: v.optional(described(Amount, "Minimum price in cents (USD).")),
            max: v.optional(described(Amount, "Maximum price in cents (USD).")),
          }),
        ),
      }),
      "Filter criteria to narrow search results. All specified filters combine with AND logic.",
    ),
  ),
  pagination: v.optional(PaginationRequest),
});
export type SearchRequest = v.InferOutput<typeof SearchRequest>;

export const LookupRequest = v.looseObject({
  ids: described(v.pipe(v.array(Id), v.minLength(1), v.maxLength(50)), "Product ids (handles) or variant ids (SKUs)."),
});
export type LookupRequest = v.InferOutput<typeof LookupRequest>;

export const ProductRequest = v.looseObject({
  id: described(Id, "A product id (handle) or variant id (SKU)."),
  selected: v.optional(v.pipe(v.array(v.looseObject({ name: Text(50), label: Text(50) })), v.maxLength(10))),
});
export type ProductRequest = v.InferOutput<typeof ProductRequest>;
