/**
 * The official conformance suite's discount tests (Universal-Commerce-Protocol/conformance at
 * 44840ad), replayed: the same requests, the same assertions, against the codes
 * tests/conformance/discount-codes.sql makes (the file run.sh applies to a local shop) and
 * the fixtures of tests/conformance/test_fixtures.json. The suite itself needs Python packages
 * this machine cannot install (tests/conformance/README.md); this replay runs in `npm test`.
 *
 * business_logic_test.py: test_discount_flow, test_multiple_discounts_one_rejected,
 * test_fixed_amount_discount, test_multiple_discounts_accepted (skipped by the suite: the shop
 * configures no second code, since it takes one code per order); invalid_input_test.py:
 * test_unknown_discount_code.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import codesSql from "../conformance/discount-codes.sql?raw";
import fixtures from "../conformance/test_fixtures.json";
import { Visitor } from "./visitor";

const BASE = "/ucp/v1";
/** integration_test_utils.get_headers: the suite's agent, a request id and an idempotency key on every request. */
const headers = () => ({
  "UCP-Agent": 'profile="https://agent.example/.well-known/ucp"',
  "Request-Id": crypto.randomUUID(),
  "Idempotency-Key": crypto.randomUUID(),
});

type Total = { type: string; amount: number };
type Checkout = {
  id: string;
  currency: string;
  line_items: { id: string; item: { id: string }; quantity: number }[];
  totals: Total[];
  payment: { instruments: unknown[] };
  fulfillment?: unknown;
  discounts?: { codes?: string[]; applied?: { code?: string; title: string; amount: number }[] };
  messages?: { type: string; code?: string; path?: string }[];
};

const {
  valid_item: item,
  valid_discount_code: validCode,
  expected_discount_percentage: percentage,
  valid_fixed_discount_code: fixedCode,
} = fixtures.test_fixtures;
/** DynamicFixtureContext: the price and the fixed reduction in minor units. */
const expectedPrice = Math.round(item.expected_price * 100);
const expectedFixedReduction = Math.round(fixtures.test_fixtures.expected_fixed_discount_reduction * 100);

const send = async (method: "POST" | "PUT" | "GET", path: string, body?: unknown) => new Visitor().request(method, `${BASE}${path}`, body, headers());

/** create_checkout_payload(): the suite's create request, fulfillment left out (`select_fulfillment=False`) or its destination in. */
function createPayload(includeFulfillment: boolean) {
  const destination = fixtures.shipping_locations.domestic_destination;
  return {
    id: crypto.randomUUID(),
    currency: "USD",
    line_items: [{ id: "line_item_123", item: { id: item.sku, price: expectedPrice }, quantity: 1, totals: [] }],
    payment: {
      instruments: [],
      handlers: [
        {
          id: "google_pay",
          name: "google.pay",
          version: "2026-04-08",
          spec: "https://example.com/spec",
          config_schema: "https://example.com/schema",
          instrument_schemas: ["https://example.com/instrument_schema"],
          config: {},
        },
      ],
    },
    ...(includeFulfillment
      ? {
          fulfillment: {
            methods: [
              {
                id: "method_1",
                type: "shipping",
                destinations: [
                  {
                    id: "dest_1",
                    address_country: destination.country,
                    postal_code: destination.postal_code,
                    locality: destination.city,
                    region: destination.state,
                    street_address: destination.street,
                  },
                ],
                line_item_ids: ["line_item_123"],
                selected_destination_id: "dest_1",
                groups: [{ id: "group_1", line_item_ids: ["line_item_123"], selected_option_id: "std-ship" }],
              },
            ],
          },
        }
      : {}),
    status: "incomplete",
    ucp: { version: "2026-04-08" },
    totals: [],
    links: [],
  };
}

async function createCheckoutSession(selectFulfillment = false): Promise<Checkout> {
  const response = await send("POST", "/checkout-sessions", createPayload(selectFulfillment));
  expect([200, 201], response.text).toContain(response.status);
  return response.body as Checkout;
}

/** update_checkout_session(): the checkout sent back as it was, with `discounts` in place of its own. */
async function updateCheckoutSession(checkout: Checkout, discounts: unknown): Promise<Checkout> {
  const response = await send("PUT", `/checkout-sessions/${checkout.id}`, {
    id: checkout.id,
    currency: checkout.currency,
    line_items: checkout.line_items.map((line) => ({ id: line.id, item: { id: line.item.id }, quantity: line.quantity })),
    payment: { instruments: checkout.payment.instruments },
    ...(checkout.fulfillment ? { fulfillment: checkout.fulfillment } : {}),
    discounts,
  });
  expect(response.status, response.text).toBe(200);
  return response.body as Checkout;
}

/** assert_totals_consistent(): the subtotal, the discount (items_discount and discount, as a magnitude), and total = subtotal + fulfillment + tax + fee - discount. */
function assertTotalsConsistent(checkout: Checkout, expectedSubtotal: number, expectedDiscount: number | number[] = 0) {
  const first = (type: string) => checkout.totals.find((total) => total.type === type)?.amount ?? 0;
  const discount = checkout.totals
    .filter((total) => total.type === "items_discount" || total.type === "discount")
    .reduce((sum, total) => sum + total.amount, 0);
  expect(first("subtotal")).toBe(expectedSubtotal);
  if (Array.isArray(expectedDiscount)) expect(expectedDiscount).toContain(Math.abs(discount));
  else if (expectedDiscount) expect(Math.abs(discount)).toBe(expectedDiscount);
  expect(first("total")).toBe(first("subtotal") + first("fulfillment") + first("tax") + first("fee") - Math.abs(discount));
}

/** Python's round() of the suite's `expected_price * (percentage / 100)`: half to even, as the suite computes it. */
const pythonRound = (x: number) => {
  const floor = Math.floor(x);
  const diff = x - floor;
  return diff > 0.5 || (diff === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
};

beforeAll(async () => {
  // The file run.sh applies, as it is: one statement once its comment lines are gone.
  await env.DB.prepare(codesSql.replace(/^--.*$/gm, "").trim()).run();
});

describe("business_logic_test.py's discount tests, replayed", () => {
  it("test_discount_flow: a valid code lowers the total and is in discounts.applied", async () => {
    const checkout = await createCheckoutSession();
    const discounted = await send("PUT", `/checkout-sessions/${checkout.id}`, {
      id: checkout.id,
      currency: checkout.currency,
      line_items: [{ id: checkout.line_items[0]!.id, item: { id: checkout.line_items[0]!.item.id }, quantity: 1 }],
      payment: { instruments: checkout.payment.instruments },
      discounts: { codes: [validCode] },
    });
    expect(discounted.status, discounted.text).toBe(200);
    const body = discounted.body as Checkout;
    assertTotalsConsistent(body, expectedPrice, pythonRound(expectedPrice * (percentage / 100)));
    expect(body.discounts?.applied?.[0]?.code).toBe(validCode);
  });

  it("test_multiple_discounts_one_rejected: one valid and one invalid code: only the valid one applied", async () => {
    const checkout = await createCheckoutSession();
    const discounted = await updateCheckoutSession(checkout, { codes: [validCode, "INVALID_CODE"] });
    assertTotalsConsistent(discounted, expectedPrice, pythonRound(expectedPrice * (percentage / 100)));
    expect(discounted.discounts?.applied).toHaveLength(1);
    expect(discounted.discounts?.applied?.[0]?.code).toBe(validCode);
  });

  it("test_fixed_amount_discount: a fixed code takes its amount off (500), in discounts.applied", async () => {
    const checkout = await createCheckoutSession();
    const discounted = await updateCheckoutSession(checkout, { codes: [fixedCode] });
    assertTotalsConsistent(discounted, expectedPrice, expectedFixedReduction);
    expect(discounted.discounts?.applied?.[0]?.code).toBe(fixedCode);
    expect(discounted.discounts?.applied?.[0]?.amount).toBe(500);
  });

  it("test_multiple_discounts_accepted is skipped by the suite (no second code in the fixtures): the shop takes one code per order, and says so of the second", async () => {
    expect(fixtures.test_fixtures).not.toHaveProperty("valid_discount_code_2");
    const checkout = await createCheckoutSession();
    const discounted = await updateCheckoutSession(checkout, { codes: [validCode, fixedCode] });
    expect(discounted.discounts?.applied?.map((applied) => applied.code)).toEqual([validCode]);
    expect(discounted.messages).toContainEqual(
      expect.objectContaining({ type: "warning", code: "discount_code_combination_disallowed", path: "$.discounts.codes[1]" }),
    );
  });
});

describe("invalid_input_test.py's discount test, replayed", () => {
  it("test_unknown_discount_code: an unknown code is ignored (200) and no discount total appears", async () => {
    const checkout = await createCheckoutSession(true);
    const updated = await updateCheckoutSession(checkout, { codes: ["INVALID_CODE_123"] });
    expect(updated.totals.find((total) => total.type === "discount")).toBeUndefined();
  });
});
