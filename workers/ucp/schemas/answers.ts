/**
 * UCP's answers (`…Answer`) as the shop gives them, held to the spec's shapes: checkout (with
 * the fulfillment and discount extensions), cart, order, catalog, and the error answers. The
 * tests check every UCP answer against these.
 */
import * as v from "valibot";
import { Amount, Buyer, Link, Message, PostalAddress, ResponseCheckoutUcp, ResponseUcp, Total, Totals, Uri } from "./pieces";

const Item = v.looseObject({ id: v.string(), title: v.string(), price: Amount, image_url: v.optional(Uri) });
const LineItem = v.looseObject({
  id: v.string(),
  item: Item,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  totals: v.array(Total),
  parent_id: v.optional(v.string()),
});

const FulfillmentOption = v.looseObject({ id: v.string(), title: v.string(), description: v.optional(v.string()), totals: v.array(Total) });
const FulfillmentGroup = v.looseObject({
  id: v.string(),
  line_item_ids: v.array(v.string()),
  options: v.optional(v.array(FulfillmentOption)),
  selected_option_id: v.optional(v.nullable(v.string())),
});
const ShippingDestination = v.looseObject({ ...PostalAddress.entries, id: v.string() });
const FulfillmentMethod = v.looseObject({
  id: v.string(),
  type: v.picklist(["shipping", "pickup"]),
  line_item_ids: v.array(v.string()),
  destinations: v.optional(v.array(ShippingDestination)),
  selected_destination_id: v.optional(v.nullable(v.string())),
  groups: v.optional(v.array(FulfillmentGroup)),
});
const Fulfillment = v.looseObject({ methods: v.optional(v.array(FulfillmentMethod)), available_methods: v.optional(v.array(v.looseObject({}))) });

const SelectedInstrument = v.looseObject({ id: v.string(), handler_id: v.string(), type: v.string(), selected: v.optional(v.boolean()) });

export const CHECKOUT_STATUSES = ["incomplete", "requires_escalation", "ready_for_complete", "complete_in_progress", "completed", "canceled"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

const AppliedDiscount = v.looseObject({ code: v.optional(v.string()), title: v.string(), amount: Amount, automatic: v.optional(v.boolean()) });
/** `discount.json` `discounts_object` as the shop answers it. */
const Discounts = v.looseObject({ codes: v.optional(v.array(v.string())), applied: v.optional(v.array(AppliedDiscount)) });

/** `checkout.json` with the fulfillment extension (`fulfillment.json`) and the discount extension (`discount.json`). */
export const CheckoutAnswer = v.looseObject({
  ucp: ResponseCheckoutUcp,
  id: v.string(),
  line_items: v.array(LineItem),
  buyer: v.optional(Buyer),
  status: v.picklist(CHECKOUT_STATUSES),
  currency: v.string(),
  totals: Totals,
  messages: v.optional(v.array(Message)),
  links: v.array(Link),
  expires_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  continue_url: v.optional(Uri),
  payment: v.optional(v.looseObject({ instruments: v.optional(v.array(SelectedInstrument)) })),
  order: v.optional(v.looseObject({ id: v.string(), label: v.optional(v.string()), permalink_url: Uri })),
  fulfillment: v.optional(Fulfillment),
  discounts: v.optional(Discounts),
});
export type CheckoutAnswer = v.InferOutput<typeof CheckoutAnswer>;

/** `cart.json`. */
export const CartAnswer = v.looseObject({
  ucp: ResponseUcp,
  id: v.string(),
  line_items: v.array(LineItem),
  buyer: v.optional(Buyer),
  currency: v.string(),
  totals: Totals,
  messages: v.optional(v.array(Message)),
  links: v.optional(v.array(Link)),
  continue_url: v.optional(Uri),
  expires_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type CartAnswer = v.InferOutput<typeof CartAnswer>;

const Quantity = v.pipe(v.number(), v.integer(), v.minValue(0));
const OrderLineItem = v.looseObject({
  id: v.string(),
  item: Item,
  quantity: v.looseObject({ original: v.optional(Quantity), total: Quantity, fulfilled: Quantity }),
  totals: v.array(Total),
  status: v.picklist(["processing", "partial", "fulfilled", "removed"]),
  parent_id: v.optional(v.string()),
});
const Expectation = v.looseObject({
  id: v.string(),
  line_items: v.array(v.looseObject({ id: v.string(), quantity: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
  method_type: v.picklist(["shipping", "pickup", "digital"]),
  destination: PostalAddress,
  description: v.optional(v.string()),
  fulfillable_on: v.optional(v.string()),
});

const LineRef = (minimum?: number) =>
  v.looseObject({ id: v.string(), quantity: minimum === undefined ? v.pipe(v.number(), v.integer()) : v.pipe(v.number(), v.integer(), v.minValue(minimum)) });
const RFC3339 = v.pipe(v.string(), v.isoTimestamp());

/** `types/fulfillment_event.json`: tracking number and link are required for every type but `processing`. */
const FulfillmentEvent = v.pipe(
  v.looseObject({
    id: v.string(),
    occurred_at: RFC3339,
    type: v.string(),
    line_items: v.array(LineRef(1)),
    tracking_number: v.optional(v.string()),
    tracking_url: v.optional(Uri),
    carrier: v.optional(v.string()),
    description: v.optional(v.string()),
  }),
  v.check(
    (event) => event.type === "processing" || (event.tracking_number !== undefined && event.tracking_url !== undefined),
    "tracking_number and tracking_url are required unless type is processing",
  ),
);

/** `types/adjustment.json`: line quantities are signed (a reduction is negative). */
const Adjustment = v.looseObject({
  id: v.string(),
  type: v.string(),
  occurred_at: RFC3339,
  status: v.picklist(["pending", "completed", "failed"]),
  line_items: v.optional(v.array(LineRef())),
  totals: v.optional(v.array(Total)),
  description: v.optional(v.string()),
});

/** `order.json`. */
export const OrderAnswer = v.looseObject({
  ucp: ResponseUcp,
  id: v.string(),
  label: v.optional(v.string()),
  checkout_id: v.string(),
  permalink_url: Uri,
  line_items: v.array(OrderLineItem),
  fulfillment: v.looseObject({ expectations: v.optional(v.array(Expectation)), events: v.optional(v.array(FulfillmentEvent)) }),
  adjustments: v.optional(v.array(Adjustment)),
  currency: v.string(),
  totals: Totals,
  messages: v.optional(v.array(Message)),
});
export type OrderAnswer = v.InferOutput<typeof OrderAnswer>;

const Currency = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));
const Price = v.looseObject({ amount: Amount, currency: Currency });
const Description = v.pipe(
  v.looseObject({ plain: v.optional(v.string()), html: v.optional(v.string()), markdown: v.optional(v.string()) }),
  v.check((d) => Object.keys(d).length >= 1, "a description has at least one form"),
);
const Media = v.looseObject({ type: v.string(), url: Uri, alt_text: v.optional(v.string()), width: v.optional(v.number()), height: v.optional(v.number()) });
const SelectedOption = v.looseObject({ name: v.string(), id: v.optional(v.string()), label: v.string() });
const Variant = v.looseObject({
  id: v.string(),
  sku: v.optional(v.string()),
  title: v.string(),
  description: Description,
  url: v.optional(Uri),
  price: Price,
  availability: v.optional(v.looseObject({ available: v.optional(v.boolean()), status: v.optional(v.string()) })),
  options: v.optional(v.array(SelectedOption)),
  media: v.optional(v.array(Media)),
});
const productEntries = {
  id: v.string(),
  handle: v.optional(v.string()),
  title: v.string(),
  description: Description,
  url: v.optional(Uri),
  categories: v.optional(v.array(v.looseObject({ value: v.string(), taxonomy: v.optional(v.string()) }))),
  price_range: v.looseObject({ min: Price, max: Price }),
  media: v.optional(v.array(Media)),
  options: v.optional(
    v.array(v.looseObject({ name: v.string(), values: v.pipe(v.array(v.looseObject({ id: v.optional(v.string()), label: v.string() })), v.minLength(1)) })),
  ),
  variants: v.pipe(v.array(Variant), v.minLength(1)),
  tags: v.optional(v.array(v.string())),
  metadata: v.optional(v.looseObject({})),
};
export const Product = v.looseObject(productEntries);
export type Product = v.InferOutput<typeof Product>;

const Pagination = v.pipe(
  v.looseObject({ cursor: v.optional(v.string()), has_next_page: v.boolean(), total_count: v.optional(Quantity) }),
  v.check((p) => !p.has_next_page || p.cursor !== undefined, "a next page has a cursor"),
);

/** `catalog_search.json#/$defs/search_response`. */
export const SearchAnswer = v.looseObject({
  ucp: ResponseUcp,
  products: v.array(Product),
  pagination: v.optional(Pagination),
  messages: v.optional(v.array(Message)),
});
export type SearchAnswer = v.InferOutput<typeof SearchAnswer>;

/** `catalog_lookup.json#/$defs/lookup_response`: each variant says which requested ids it answers. */
export const LookupAnswer = v.looseObject({
  ucp: ResponseUcp,
  products: v.array(
    v.looseObject({
      ...productEntries,
      variants: v.pipe(
        v.array(
          v.looseObject({ ...Variant.entries, inputs: v.pipe(v.array(v.looseObject({ id: v.string(), match: v.optional(v.string()) })), v.minLength(1)) }),
        ),
        v.minLength(1),
      ),
    }),
  ),
  messages: v.optional(v.array(Message)),
});
export type LookupAnswer = v.InferOutput<typeof LookupAnswer>;

/** `catalog_lookup.json#/$defs/get_product_response`: option values say whether they can be had. */
export const ProductAnswer = v.looseObject({
  ucp: ResponseUcp,
  product: v.looseObject({
    ...productEntries,
    selected: v.optional(v.array(SelectedOption)),
    options: v.optional(
      v.array(
        v.looseObject({
          name: v.string(),
          values: v.pipe(
            v.array(v.looseObject({ id: v.optional(v.string()), label: v.string(), available: v.optional(v.boolean()), exists: v.optional(v.boolean()) })),
            v.minLength(1),
          ),
        }),
      ),
    ),
  }),
  messages: v.optional(v.array(Message)),
});
export type ProductAnswer = v.InferOutput<typeof ProductAnswer>;

/** `error_response.json`: no resource, only why (nothing else may be in it). */
export const ErrorAnswer = v.strictObject({
  ucp: v.looseObject({ ...ResponseUcp.entries, status: v.literal("error") }),
  messages: v.pipe(v.array(Message), v.minLength(1)),
  continue_url: v.optional(Uri),
});
export type ErrorAnswer = v.InferOutput<typeof ErrorAnswer>;

/** A protocol error's body (overview, "Error Handling"): its code and words. */
export const ProtocolErrorAnswer = v.looseObject({ code: v.string(), content: v.string(), continue_url: v.optional(Uri) });
export type ProtocolErrorAnswer = v.InferOutput<typeof ProtocolErrorAnswer>;
