/**
 * Every page action (the forms' no-JavaScript path) against a hostile client: "Bad input
 * gets a clear error in the shop's words, never a 500". A body that is not a form, or a
 * form no page of the shop sends, answers 400 with the page and a message on it, and the
 * shop answers normally afterwards. HTTP only, so one width is enough.
 */
import { expect, test, type APIRequestContext, type APIResponse } from "./playwright";

const UNREADABLE = "Sorry, we couldn't read that request. Please try again.";

type PageAction = {
  path: string;
  /** The field the form cannot do without (the cart's and the product's intent, else the first field). */
  key: string;
  /** A good value for it. */
  value: string;
  /** What the page says when `key` is missing, wrong, repeated or a list. */
  message: string;
};

const PAGE_ACTIONS: PageAction[] = [
  { path: "/cart", key: "intent", value: "add", message: "Sorry, we couldn't tell what to do with your cart. Please try again." },
  { path: "/products/plain-jane", key: "intent", value: "react", message: "That action isn't available on this page." },
  { path: "/checkout", key: "email", value: "sam@example.com", message: "Please enter a valid email address" },
  { path: "/affiliate", key: "name", value: "Sam Lee", message: "Name must be at least 2 characters" },
  { path: "/creators", key: "name", value: "Sam Lee", message: "Name must be at least 2 characters" },
  { path: "/vendor-application", key: "businessName", value: "Corner Store", message: "Business name must be at least 2 characters." },
  { path: "/newsletter", key: "email", value: "sam@example.com", message: "Please enter a valid email address" },
];

/** The text a visitor sees on a page: no scripts (the hydration data repeats every message), no tags. */
function shownText(html: string) {
  const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&nbsp;": " " };
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, " ");
}

async function expectRefused(response: APIResponse, message: string, what: string) {
  expect(response.status(), what).toBe(400);
  expect(response.headers()["content-type"], what).toContain("text/html");
  expect(shownText(await response.text()), what).toContain(message);
}

/** The checkout shows its form (and so its messages) only to a visitor with something in the cart. */
async function fillCart(request: APIRequestContext) {
  const product = (await (await request.get("/api/products/plain-jane")).json()) as { id: number };
  expect((await request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).status()).toBe(200);
}

async function expectShopAnswers(request: APIRequestContext, path: string) {
  const page = await request.get(path);
  expect(page.status(), `GET ${path} afterwards`).toBe(200);
  expect((await request.get("/api/health")).status()).toBe(200);
}

for (const { path, key, value, message } of PAGE_ACTIONS) {
  test.describe(`POST ${path}`, () => {
    test.beforeEach(async ({ request }) => {
      if (path === "/checkout") await fillCart(request);
    });

    test("a body that is not a form (JSON {}, a malformed multipart body, text/plain, an empty body) answers 400 with the page and a message, never 5xx", async ({
      request,
      baseURL,
    }) => {
      const headers = { Origin: new URL(baseURL!).origin };
      const bodies: [string, string | undefined, string | undefined][] = [
        ["JSON {}", "application/json", "{}"],
        ["malformed multipart", "multipart/form-data; boundary=x", "garbage\r\n--x\r\nContent-Disposition: form-data\r\n"],
        ["text/plain", "text/plain", "email=sam@example.com"],
        ["an empty body", undefined, undefined],
      ];
      for (const [what, contentType, body] of bodies) {
        const response = await request.post(path, {
          headers: contentType ? { ...headers, "Content-Type": contentType } : headers,
          data: body,
          maxRedirects: 0,
        });
        await expectRefused(response, UNREADABLE, what);
      }
      await expectShopAnswers(request, path);
    });

    test("a form no page sends (a wrong intent, repeated fields, a list where a string belongs, a huge number of fields, a huge list index, Conform's own fields malformed) answers 400 with a message, never 5xx", async ({
      request,
      baseURL,
    }) => {
      const headers = { Origin: new URL(baseURL!).origin, "Content-Type": "application/x-www-form-urlencoded" };
      const manyFields = Array.from({ length: 1500 }, (_, i) => `f${i}=1`).join("&");
      const forms: [string, string, string][] = [
        ["a wrong intent", "intent=nope", message],
        [`${key} twice`, `${key}=${encodeURIComponent(value)}&${key}=${encodeURIComponent(value)}`, message],
        [`${key} as a list`, `${encodeURIComponent(`${key}[0]`)}=${encodeURIComponent(value)}`, message],
        ["1,500 fields", manyFields, message],
        ["a huge list index", `${encodeURIComponent("a[99999999]")}=1`, UNREADABLE],
        ["a malformed __intent__", "__intent__=garbage", UNREADABLE],
        ["a malformed __state__", "__state__=garbage", UNREADABLE],
      ];
      for (const [what, body, shown] of forms) {
        const response = await request.post(path, { headers, data: body, maxRedirects: 0 });
        await expectRefused(response, shown, what);
      }
      await expectShopAnswers(request, path);
    });
  });
}
