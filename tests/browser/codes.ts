/**
 * Discount codes for the browser tests, written to the local D1 of the shop under test as
 * the owner's back office would keep them: SQL through `wrangler d1 execute --local` on the
 * test server's own state (scripts/serve-test.mjs makes it afresh for every run), or on
 * $SHOP_STATE_DIR when the tests aim at a shop already running ($BASE_URL). Nothing here
 * reaches `npm start`'s data or production: it is test code, run against a state folder only
 * tests use. The shop reads a cart's code from D1 on every read, so a code written here
 * applies at once.
 */
import { spawnSync } from "node:child_process";
import { localEnv, ROOT } from "../../scripts/local.mjs";

/** The local state of the shop under test, or null when it is not known (a shop elsewhere). */
export const shopStateDir = (): string | null => process.env.SHOP_STATE_DIR ?? (process.env.BASE_URL ? null : ".wrangler/test-state");

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
function codeSql({ code, kind = "percent", value = 10, minSubtotal = null, startsAt = null, endsAt = null, maxUses = null, uses = 0, maxUsesPerEmail = null, productSlugs = null }: CodeFields) {
  const products = productSlugs ? `(SELECT json_group_array(id) FROM products WHERE slug IN (${productSlugs.map(text).join(", ")}))` : "NULL";
  return `INSERT INTO discount_codes (code, kind, value, min_subtotal, starts_at, ends_at, max_uses, uses, max_uses_per_email, product_ids, status)
VALUES (${text(code.toUpperCase())}, ${text(kind)}, ${num(value)}, ${num(minSubtotal)}, ${text(startsAt)}, ${text(endsAt)}, ${num(maxUses)}, ${num(uses)}, ${num(maxUsesPerEmail)}, ${products}, 'active')
ON CONFLICT (code) DO NOTHING;`;
}

/** Runs SQL against the shop under test's D1; false when its state is not known here. */
export function runShopSql(sql: string): boolean {
  const stateDir = shopStateDir();
  if (!stateDir) return false;
  const result = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", stateDir, "--command", sql], {
    cwd: ROOT,
    env: localEnv({ CI: "true" }),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr || result.stdout}`);
  return true;
}

/** Writes the codes to the shop under test; false when its D1 is not reachable from here. */
export const putCodes = (codes: CodeFields[]) => runShopSql(codes.map(codeSql).join("\n"));

/** Ends a code now (the owner changed its end date): what a shopper's open checkout meets at PAY. */
export const endCode = (code: string) =>
  runShopSql(
    `UPDATE discount_codes SET ends_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 second'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE code = ${text(code.toUpperCase())};`,
  );
