/**
 * The discount codes the browser tests apply, written to the local D1 of the shop under test
 * as the owner's back office keeps them: SQL through `wrangler d1 execute --local` on the test
 * server's own state (scripts/serve-test.mjs makes it afresh for every run), or on
 * $SHOP_STATE_DIR when the tests aim at a shop already running ($BASE_URL). Nothing here
 * reaches `npm start`'s data or production: it is test code, run against a state folder only
 * tests use.
 *
 * They are written once, by the global setup (warm-up.ts), before any test runs: a write from
 * another process while the shop answers can make one of its requests fail (SQLITE_BUSY), so
 * no test writes while others run. No test changes a code; a code's limits that a test uses
 * up are per email, and each test has its own email.
 */
import { shopSql } from "./shop-state";

export type CodeFields = {
  code: string;
  kind?: "percent" | "amount";
  value?: number;
  minSubtotal?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  uses?: number;
  maxUsesPerEmail?: number | null;
  /** The slugs of the products it applies to; null for all. */
  productSlugs?: string[] | null;
};

const text = (value: string | null) => (value === null ? "NULL" : `'${value.replace(/'/g, "''")}'`);
const num = (value: number | null) => (value === null ? "NULL" : String(Math.trunc(value)));

/**
 * One code as SQL; a code already there is left as it is (the tests' workers each write the
 * shared codes, and no test changes them; a test that changes a code makes its own).
 */
function codeSql({
  code,
  kind = "percent",
  value = 10,
  minSubtotal = null,
  startsAt = null,
  endsAt = null,
  maxUses = null,
  uses = 0,
  maxUsesPerEmail = null,
  productSlugs = null,
}: CodeFields) {
  const products = productSlugs ? `(SELECT json_group_array(id) FROM products WHERE slug IN (${productSlugs.map(text).join(", ")}))` : "NULL";
  return `INSERT INTO discount_codes (code, kind, value, min_subtotal, starts_at, ends_at, max_uses, uses, max_uses_per_email, product_ids, status)
VALUES (${text(code.toUpperCase())}, ${text(kind)}, ${num(value)}, ${num(minSubtotal)}, ${text(startsAt)}, ${text(endsAt)}, ${num(maxUses)}, ${num(uses)}, ${num(maxUsesPerEmail)}, ${products}, 'active')
ON CONFLICT (code) DO NOTHING;`;
}

/** Writes the codes to the shop under test; false when its D1 is not reachable from here. */
export const putCodes = (codes: CodeFields[]) => shopSql(codes.map(codeSql).join("\n")) !== null;

/** When LATER-CODE starts. */
export const STARTS_AT = "2099-01-01T00:00:00.000Z";

/** The codes of tests/browser/discount-codes.spec.ts. */
export const TEST_CODES = {
  /** 10% off anything; two Plain Janes ($25.98) save $2.60, the issue's own example. */
  save10: { code: "SAVE10", value: 10 },
  /** 10% off from $29.99: two Plain Janes are $4.01 short. */
  spend30: { code: "SPEND30", value: 10, minSubtotal: 2999 },
  ended: { code: "ENDED-CODE", endsAt: "2026-01-01T00:00:00.000Z" },
  later: { code: "LATER-CODE", startsAt: STARTS_AT },
  usedUp: { code: "USED-UP", maxUses: 1, uses: 1 },
  goldOnly: { code: "GOLD-ONLY", productSlugs: ["24k-gold"] },
  /** Once per email: each test that uses it checks out with an email of its own. */
  oncePerEmail: { code: "ONCE-EACH", maxUsesPerEmail: 1 },
} satisfies Record<string, CodeFields>;
