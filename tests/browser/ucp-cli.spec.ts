/**
 * Shopify's reference UCP client, `@shopify/ucp-cli` (a pinned devDependency), buying from
 * the browser tests' shop as an agent would from outside, once per UCP version: discover,
 * search, a tee's size and colour, a cart made a checkout, the buyer, address and a discount
 * code (an update sending the checkout whole), completion with the demo payment handler, the order read back, and the published
 * input schema. (tests/browser/agents.spec.ts does the same with the MCP SDK by hand;
 * tests/worker/ucp*.test.ts hold the rules one by one.)
 *
 * Each CLI call is a Node process of its own (about a second here), so the flow makes only
 * the calls it needs, and the versions run side by side (fullyParallel), each with its own
 * $UCP_HOME: a DIY profile pinned to that version, and the CLI's caches. The CLI reaches the
 * shop and nothing else (checked with strace: no telemetry, no profile fetch); each call has
 * a timeout all the same, so a client waiting on the network fails instead of hanging.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./playwright";
import { ROOT } from "../../scripts/local.mjs";
import { TEST_CODES } from "./codes";
import { shopStateDir } from "./shop-state";

/** The CLI's bin, the one `npx ucp` runs, run by this Node (the project's pinned one under `npm run test:browser`). */
const UCP_BIN = join(ROOT, "node_modules", ".bin", "ucp");
const CALL_TIMEOUT_MS = 30_000;

const TEE = "black-white-raw-dogg-tshirt";
const BUYER = { email: "ucp-cli-agent@example.com", first_name: "Jane", last_name: "Doe" };
const ADDRESS = { street_address: "1 Main Street", address_locality: "New York", address_region: "NY", postal_code: "10001", address_country: "United States" };
const PAYMENT = { payment: { instruments: [{ id: "instr_1", handler_id: "demo", type: "card" }] } };

type Totals = { type: string; amount: number }[];
/** An operation's answer as the CLI prints it (`--format json`): the business's envelope and its result. */
type Answer<T> = { ucp?: { version: string }; result: T };
type LineItem = { id: string; item: { id: string }; quantity: number | { total: number } };
type Checkout = {
  id: string;
  status: string;
  line_items: LineItem[];
  totals: Totals;
  discounts?: { codes: string[]; applied: { code: string; amount: number }[] };
  order?: { id: string };
};

const total = (totals: Totals) => totals.find((t) => t.type === "total")?.amount;

/**
 * Runs `ucp <args> --format json` against the shop with the agent's own $UCP_HOME, and
 * answers its parsed output; a failing call (its error envelope) fails the test with it.
 */
function ucp<T>(home: string, business: string, args: string[]): Promise<T> {
  const env = { ...process.env, UCP_HOME: home, UCP_BUSINESS: business, UCP_TEST_ALLOW_INSECURE_LOCALHOST: "true" };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [UCP_BIN, ...args, "--format", "json"],
      { env, timeout: CALL_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          return reject(
            new Error(
              `ucp ${args.join(" ")} failed (${error.killed ? `no answer in ${CALL_TIMEOUT_MS / 1000} s` : `exit ${error.code}`}):\n${stdout}\n${stderr}`,
            ),
          );
        try {
          resolve(JSON.parse(stdout) as T);
        } catch {
          reject(new Error(`ucp ${args.join(" ")} printed no JSON:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

/** Whether the shop's profile offers `version`: as its own, or among its `supported_versions`. */
function offers(profile: { ucp: { version: string; supported_versions?: Record<string, string> } }, version: string) {
  return profile.ucp.version === version || Object.hasOwn(profile.ucp.supported_versions ?? {}, version);
}

for (const version of ["2026-04-08", "2026-08-25"]) {
  test(`Shopify's ucp-cli speaking UCP ${version} finds a tee by size and colour, makes a cart a checkout with a discount code, pays with the demo handler and reads the order`, async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const profile = await (await request.get("/.well-known/ucp")).json();
    expect(offers(profile, version), `the shop's profile offers UCP ${version}`).toBe(true);
    test.skip(shopStateDir() === null, "the shop under test's D1 is not known here: it holds no SAVE10 to apply");
    const home = mkdtempSync(join(tmpdir(), "ucp-cli-home-"));
    const call = <T>(...args: string[]) => ucp<T>(home, baseURL!, args);
    /** An operation's answer, checked to be in the negotiated version. */
    const operation = async <T>(...args: string[]) => {
      const answer = await call<Answer<T>>(...args);
      expect(answer.ucp?.version, `ucp ${args.join(" ")}`).toBe(version);
      return answer.result;
    };
    try {
      // A DIY profile pinned to the version: the CLI's way to speak one release (its managed profile picks the newest both sides speak).
      await call("profile", "init", "--name", "agent", "--version", version, "--activate");

      const discovered = await call<{ result: { protocol: { version: string } } }>("discover");
      expect(discovered.result.protocol.version).toBe(version);

      const { products } = await operation<{ products: { id: string }[] }>("catalog", "search", "--input", JSON.stringify({ query: "tee" }));
      expect(products.map((p) => p.id)).toContain(TEE);

      const selected = [
        { name: "Size", label: "M" },
        { name: "Colour", label: "Black" },
      ];
      const { product } = await operation<{
        product: {
          selected: { name: string; label: string }[];
          options: { name: string; values: { label: string }[] }[];
          variants: { id: string; options: { name: string; label: string }[] }[];
        };
      }>("catalog", "get_product", TEE, "--input", JSON.stringify({ selected }));
      expect(product.options.map((o) => o.name)).toEqual(["Size", "Colour"]);
      expect(product.options[1]!.values.map((v) => v.label)).toEqual(["White", "Black"]);
      expect(product.selected).toEqual(selected);
      const variant = product.variants[0]!;
      expect(variant.options).toEqual(selected);

      const cart = await operation<{ id: string; line_items: LineItem[] }>(
        "cart",
        "create",
        "--input",
        JSON.stringify({ line_items: [{ item: { id: variant.id }, quantity: 2 }] }),
      );
      // The CLI asks for line_items beside cart_id (its own hint sends them empty): the cart's lines are what the checkout holds.
      const created = await operation<Checkout>("checkout", "create", "--input", JSON.stringify({ cart_id: cart.id, line_items: [] }));
      expect(created.line_items.map((l) => [l.item.id, l.quantity])).toEqual([[variant.id, 2]]);
      expect(created.status).toBe("incomplete");

      const code = TEST_CODES.save10.code;
      // An update is a full replacement (the CLI's own words, and 2026-08-25's rule): the lines are sent back with the rest.
      const lines = created.line_items.map((l) => ({ id: l.id, item: { id: l.item.id }, quantity: l.quantity }));
      const updated = await operation<Checkout>(
        "checkout",
        "update",
        created.id,
        "--input",
        JSON.stringify({
          line_items: lines,
          buyer: BUYER,
          fulfillment: { methods: [{ type: "shipping", destinations: [ADDRESS] }] },
          discounts: { codes: [code] },
        }),
      );
      expect(updated.status).toBe("ready_for_complete");
      expect(
        updated.discounts?.applied.map((d) => d.code),
        JSON.stringify(updated),
      ).toEqual([code]);
      // Two tees at $24.99 with 10% off.
      expect(updated.totals.find((t) => t.type === "discount")?.amount).toBe(-500);

      const completed = await operation<Checkout>("checkout", "complete", created.id, "--input", JSON.stringify(PAYMENT));
      expect(completed.status).toBe("completed");

      const order = await operation<{ checkout_id: string; totals: Totals; line_items: LineItem[] }>("order", "get", completed.order!.id);
      expect(order.checkout_id).toBe(created.id);
      expect(total(order.totals)).toBe(total(updated.totals));
      expect(order.line_items.map((l) => l.item.id)).toEqual([variant.id]);

      // What an agent (or an LLM) reads before its first create: the tool's real input schema.
      const schema = await call<{ result: { version: string; tool: { inputSchema: { properties: Record<string, { type?: string }> } } } }>(
        "checkout",
        "create",
        "--input-schema",
      );
      expect(schema.result.version).toBe(version);
      expect(schema.result.tool.inputSchema.properties.line_items?.type).toBe("array");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
}
