import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type APIRequestContext, type Browser, type Page } from "./playwright";
import { PAGE_VISITS, pageFor } from "../../app/shared/site-pages";
import { TEST_ADMIN_PASSWORD } from "../../scripts/local.mjs";

/**
 * Every URL a visitor opens, from the table of pages: each page, a search, a condom's and an
 * apparel item's product pages, an apparel filter, the cart and checkout.
 */
export const EVERY_ROUTE = PAGE_VISITS;

/** Whether the page at `path` ships JavaScript (a page whose every part works without it ships none). */
export const shipsScripts = (path: string) => pageFor(new URL(path, "http://shop.test"))?.page.hydrate !== false;

/**
 * Opens a page and waits until it is ready to use: React has hydrated it (the root sets the
 * marker), or, on a page that ships no JavaScript, it has loaded.
 */
export async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitUntilReady(page, path);
  return response;
}

/**
 * How long hydration may take: on two cores running the shop, two browsers and the tests,
 * React's first render has taken over 7 s (the default wait). A wait, not a sleep: it ends
 * as soon as the root sets its marker.
 */
export const HYDRATION_TIMEOUT_MS = 20_000;

/** Waits until React has hydrated the page (the root sets the marker). */
export const hydrated = (page: Page) => expect(page.locator("html[data-hydrated=true]")).toBeAttached({ timeout: HYDRATION_TIMEOUT_MS });

export async function waitUntilReady(page: Page, path: string) {
  if (!shipsScripts(path)) return page.waitForLoadState("load");
  await hydrated(page);
  // A section whose code loads on the visitor's first reach for it (the checkout's form):
  // reached for, as a visitor about to use it does.
  for (const section of await page.locator("[data-lazy-section][data-wake=interaction]").all()) {
    await section.hover();
    await expect(section).toHaveAttribute("data-live", "true");
  }
}

/**
 * Scrolls a lazily hydrated section (app/components/ui/LazySection.tsx) into view, as a
 * visitor does, and waits until it is live: its fields validate as you type from then on.
 */
export async function openSection(page: Page, name: string) {
  const section = page.locator(`[data-lazy-section="${name}"]`);
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-live", "true");
  return section;
}

/** The card the tests type at checkout (the test card every payment demo knows). */
export const TEST_CARD_NUMBER = "4242 4242 4242 4242";

/**
 * Whether a posted body carries any of the test card's number (its last four digits
 * included), however spaced or encoded: the whole body is read, the checkout's key alone
 * left out, since a random UUID may hold "4242" by chance (one did, once in a run).
 */
export function carriesCardNumber(body: string): boolean {
  const key = new URLSearchParams(body).get("checkoutKey");
  const rest = key ? body.replace(key, "") : body;
  return decodeURIComponent(rest.replace(/\+/g, " ").replace(/%(?![0-9a-f]{2})/gi, "%25"))
    .replace(/[\s-]/g, "")
    .includes(TEST_CARD_NUMBER.slice(-4));
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe-core's minified build, read once per test worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeWindow = { axe?: typeof import("axe-core") };

/**
 * What axe-core finds against WCAG 2.1 A/AA on the page as it is now, one readable line per
 * offending element. Axe runs in the page itself, with the options @axe-core/playwright's
 * legacy mode gave it (`axe.run` on the document, only the rules with these tags, the page's
 * own origin): the shop has no frames. Only the violations come back, each already one line.
 * The wrapper sent axe's unminified source into the page twice per analysis and brought back
 * every rule's passes too: 0.64 s of CPU an analysis of /affiliate, 1.06 s of /, against
 * 0.3 and 0.55 s this way (decision 0031).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE_SOURCE};axe.configure({ allowedOrigins: ["<same_origin>"] });`);
  return page.evaluate(async (tags) => {
    const axe = (window as AxeWindow).axe!;
    const { violations } = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} - ${node.failureSummary?.replace(/\s+/g, " ")}`),
    );
  }, WCAG_TAGS);
}

/**
 * A shopper's order of two Plain Janes, in their own browser context (the back office's tests:
 * the owner finds the order this email placed): its number. Posted as the checkout form posts
 * without JavaScript, with no page drawn: the checkout's own screens are the purchase tests'.
 */
export async function shopperPlacesOrder(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const { request } = context;
  const product = (await (await request.get("/api/products/plain-jane")).json()) as { id: number };
  expect((await request.post("/api/cart", { data: { productId: product.id, quantity: 2 } })).ok()).toBe(true);
  const placed = await request.post("/checkout", {
    form: {
      email,
      firstName: "Owen",
      lastName: "Shopper",
      address: "42 Harbor Road",
      city: "Portland",
      state: "OR",
      zipCode: "97201",
      country: "United States",
      cardholderName: "Owen Shopper",
    },
  });
  const html = await placed.text();
  expect(html, "the checkout's answer").toContain("PAYMENT SUCCESSFUL");
  // The success screen's "Order RD-…" (React writes `<!-- -->` between its two texts).
  const number = /Order (?:<!-- -->)?(RD-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(html)?.[1];
  expect(number, "the order's number on the success screen").toBeDefined();
  await context.close();
  return number!;
}

/**
 * The owner signs in to the back office from a network of their own (the local server takes
 * `CF-Connecting-IP` as sent): sign-ins are limited to 5 a minute per address, which no
 * switch lifts, and several back-office tests sign in.
 */
export async function signInFromOwnNetwork(page: Page) {
  const network = { "CF-Connecting-IP": `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` };
  await page.setExtraHTTPHeaders(network);
  // Posted as the sign-in form posts it, its session cookie kept by the page's context: the form
  // itself is backoffice.spec.ts's, the other back-office tests begin on the Overview.
  const signedIn = await page.request.post("/admin/sign-in", { form: { password: TEST_ADMIN_PASSWORD }, headers: network, maxRedirects: 0 });
  expect(signedIn.headers()["location"], "signed in, sent to the Overview").toBe("/admin");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
}

/**
 * The emails the local shop sent, as wrangler's local explorer lists them
 * (`/cdn-cgi/local/explorer`, on by default in `wrangler dev`), newest first.
 */
const SENT_EMAILS = "/cdn-cgi/local/explorer/api/local/email/sending";

type SentEmail = { messageId: string; to: string[]; subject: string; text?: string };
type SentListing = { result: SentEmail[]; result_info?: { cursor?: string; has_more?: boolean } };

/** The text of the newest email the local shop sent to `to` (with `subject`, when given), or null while there is none. */
export async function sentTo(request: APIRequestContext, to: string, subject?: string): Promise<string | null> {
  let cursor: string | undefined;
  do {
    const response = await request.get(SENT_EMAILS, { params: { per_page: 100, ...(cursor ? { cursor } : {}) } });
    if (!response.ok()) return null;
    const listing = (await response.json()) as SentListing;
    const email = listing.result.find((sent) => sent.to.includes(to) && (subject === undefined || sent.subject === subject));
    if (email) {
      const detail = await request.get(SENT_EMAILS, { params: { email_id: email.messageId } });
      return ((await detail.json()) as { result: SentEmail }).result.text ?? null;
    }
    cursor = listing.result_info?.has_more ? listing.result_info.cursor : undefined;
  } while (cursor);
  return null;
}

/**
 * The text of the email sent to `to` (with `subject`, when given), once it is there (the queue
 * sends within its 5 s batch time); skips where the shop shows none.
 */
export async function emailTo(request: APIRequestContext, to: string, what: string, subject?: string): Promise<string> {
  test.skip(!(await request.get(SENT_EMAILS)).ok(), "the shop under test does not show what it sent (wrangler's local explorer)");
  let text: string | null = null;
  await expect.poll(async () => (text = await sentTo(request, to, subject)), { message: `${what} to ${to}`, timeout: 20_000 }).not.toBeNull();
  return text!;
}

/** On an order's back-office page: the owner marks it packed, shipped by UPS and delivered, each move confirmed in the shop's words. */
export async function ownerDelivers(page: Page) {
  await page.getByRole("button", { name: "Mark packed" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked packed. The shopper is being emailed.");
  await page.getByLabel("Carrier").selectOption({ label: "UPS" });
  await page.getByLabel("Tracking number").fill("1Z 999 AA1 0123456784");
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByRole("status")).toContainText("Marked shipped.");
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked delivered. The shopper is being emailed.");
}
