/**
 * The affiliate programme's whole journey through the real screens (issue 34, "Done when";
 * docs/decisions/0026), with and without JavaScript: an applicant applies on /affiliate, the
 * owner approves them in /admin, the partner signs in from the emailed link and sees their link
 * and code, a shopper arrives through that link and buys, the partner's page shows the order
 * and its commission pending, and once the owner has packed, shipped and delivered it, the
 * commission is payable. Nothing is written to D1 behind the shop's back: each step is what a
 * person does on a page, and the emails are read where the local shop keeps what it sent.
 * The pages' axe checks and their 390 px layout are their own tests' (partner-portal,
 * partners-admin); this one runs once, at 1280 px.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "./playwright";
import { SHIPPING_ADDRESS } from "../shopper";
import { openHydrated, openSection, ownerDelivers, sentTo, signInFromOwnNetwork, waitUntilReady } from "./fixtures";

/**
 * How long an email may take: the queue sends within its 5 s batch time, but on two loaded
 * cores a batch has waited far longer (emailTo's 20 s is for one email; this journey waits on
 * three). A poll, not a sleep: it ends as soon as the email is there.
 */
const EMAIL_TIMEOUT_MS = 60_000;

// The emails' subjects, as the partner reads them in their inbox (workers/shop/emails/templates.tsx).
const WELCOME_SUBJECT = "Welcome to the Raw Dogg affiliate program: your link and code";
const SIGN_IN_SUBJECT = "Sign in to your Raw Dogg partner page";
const SIGN_IN_SENT = "If that email belongs to a partner, we've sent a sign-in link and a 6-digit code. Both work once, for 15 minutes.";

/** The text of the email to `to` with `subject`, once the queue has sent it. */
async function emailed(request: APIRequestContext, to: string, subject: string): Promise<string> {
  test.skip(
    !(await request.get("/cdn-cgi/local/explorer/api/local/email/sending")).ok(),
    "the shop under test does not show what it sent (wrangler's local explorer)",
  );
  let text: string | null = null;
  await expect.poll(async () => (text = await sentTo(request, to, subject)), { message: `"${subject}" to ${to}`, timeout: EMAIL_TIMEOUT_MS }).not.toBeNull();
  return text!;
}

/** A path of the shop, from a full link an email carries (its origin is the one the owner used). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/**
 * A browser of its own for each person, from a network of its own: the shop limits sign-ins
 * per client address (the local server takes `CF-Connecting-IP` as sent), and other tests
 * share the runner's.
 */
async function personsBrowser(browser: Browser, javaScriptEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` });
  return { context, page: await context.newPage() };
}

/** Letters only, as a name holds them (the handle is made from the name). */
const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

const checkoutField = (page: Page, label: string) => page.getByRole("form", { name: "Checkout" }).getByLabel(label, { exact: true });

async function fillCheckout(page: Page, email: string) {
  const values: [string, string][] = [
    ["Email", email],
    ["First name", SHIPPING_ADDRESS.firstName],
    ["Last name", SHIPPING_ADDRESS.lastName],
    ["Address", SHIPPING_ADDRESS.address],
    ["City", SHIPPING_ADDRESS.city],
    ["State", SHIPPING_ADDRESS.state],
    ["ZIP code", SHIPPING_ADDRESS.zipCode],
    ["Cardholder name", "Jane Doe"],
    ["Card number", "4242 4242 4242 4242"],
    ["Expiry (MM/YY)", "12/30"],
    ["CVC", "123"],
  ];
  for (const [label, value] of values) await checkoutField(page, label).fill(value);
}

/** The partner's page, read afresh (a reload, as the partner does to see what changed). */
async function partnerPage(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await openHydrated(page, "/partner");
  else await page.goto("/partner");
  await expect(page).toHaveURL(/\/partner$/);
}

/** A figure of the partner's balances ("Pending", "Payable", "Paid"): its amount. */
const balance = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("an affiliate applies, is approved, signs in from the emailed link; a shopper buys through their link; the commission is pending, then payable once the owner delivers", async ({
      browser,
      request,
    }) => {
      // Three people, three emails, a checkout and an order moved three times, on a loaded machine.
      test.setTimeout(240_000);
      const surname = letters();
      const name = `Quinn ${surname}`;
      const email = `quinn-${surname}@example.com`;
      const shopperEmail = `quinn-fan-${surname}@example.com`;
      const partner = await personsBrowser(browser, javaScriptEnabled);
      const owner = await personsBrowser(browser, javaScriptEnabled);
      const shopper = await personsBrowser(browser, javaScriptEnabled);

      await test.step("the applicant applies on /affiliate", async () => {
        const page = partner.page;
        if (javaScriptEnabled) await openHydrated(page, "/affiliate");
        else await page.goto("/affiliate");
        // With JavaScript the form's section wakes as it comes into view: its fields validate from then on.
        if (javaScriptEnabled) await openSection(page, "affiliate-form");
        const form = page.getByRole("form", { name: "Affiliate application" });
        await form.getByLabel("Full name").fill(name);
        await form.getByLabel("Email").fill(email);
        await form.getByLabel("Website URL").fill(`https://${surname}.example.com`);
        await form.getByLabel("Audience description").fill("Readers of a blog about safer sex, nightlife and streetwear.");
        await form.getByLabel(/I accept the terms and conditions/).check();
        await form.getByRole("button", { name: "SUBMIT APPLICATION" }).click();
        await expect(page.getByRole("heading", { name: "You're in the queue" })).toBeVisible({ timeout: 15_000 });
      });

      await test.step("the owner approves the application in /admin", async () => {
        const page = owner.page;
        await signInFromOwnNetwork(page);
        await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Applications" }).click();
        await page.getByRole("link", { name, exact: true }).click();
        await page.getByRole("radio", { name: "Approve" }).check();
        await page.getByRole("button", { name: "Save the decision" }).click();
        await expect(page.getByRole("status")).toContainText("Approved. They are a partner now, with their link and code");
      });

      // The welcome carries the link and the code, and where to sign in.
      const welcome = await emailed(request, email, WELCOME_SUBJECT);
      const link = /Your link: (https?:\/\/\S+\/r\/([a-z0-9-]+))\s/.exec(welcome);
      const code = /Your code: (\S+)/.exec(welcome)?.[1];
      const signInLink = /(https?:\/\/\S+\/login)\s*$/m.exec(welcome)?.[1];
      expect(link, welcome).toBeTruthy();
      expect(code, welcome).toBeTruthy();
      expect(signInLink, welcome).toBeTruthy();
      const handle = link![2]!;

      await test.step("the partner signs in from the emailed link and sees their link and code", async () => {
        const page = partner.page;
        await page.goto(pathOf(signInLink!));
        await waitUntilReady(page, "/login");
        const form = page.getByRole("form", { name: "Partner sign-in" });
        await form.getByLabel("Partner email").fill(email);
        await form.getByRole("button", { name: "Email Me A Link" }).click();
        await expect(page.getByText(SIGN_IN_SENT)).toBeVisible({ timeout: 15_000 });

        const signIn = await emailed(request, email, SIGN_IN_SUBJECT);
        const oneTime = /https?:\/\/\S+\/login\/[A-Za-z0-9_-]{43}/.exec(signIn)?.[0];
        expect(oneTime, signIn).toBeTruthy();
        // Opening the link changes nothing (a mail scanner opens links too): its button signs in.
        const path = pathOf(oneTime!);
        await page.goto(path);
        await waitUntilReady(page, path);
        await page.getByRole("button", { name: "Sign In" }).click();
        await expect(page).toHaveURL(/\/partner$/, { timeout: 15_000 });
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hi, ${name}`);
        await expect(page.getByTestId("partner-link")).toHaveText(new RegExp(`/r/${handle}$`));
        await expect(page.getByTestId("partner-code")).toHaveText(code!);
        await expect(page.getByText("No orders yet.")).toBeVisible();
      });

      let number = "";
      await test.step("a shopper arrives through the partner's link, adds a product and checks out", async () => {
        const page = shopper.page;
        await page.goto(`/r/${handle}`);
        await expect(page).toHaveURL((url) => !url.pathname.startsWith("/r/"));
        expect(
          (await shopper.context.cookies()).some((cookie) => cookie.name.replace(/^__Host-/, "") === "rd_ref" && cookie.value.startsWith(`${handle}.`)),
        ).toBe(true);
        if (javaScriptEnabled) {
          await openHydrated(page, "/products/plain-jane");
          await page.getByRole("button", { name: "ADD TO CART", exact: true }).click();
          await expect(page.getByText("Product added to cart")).toBeVisible({ timeout: 15_000 });
          await openHydrated(page, "/checkout");
        } else {
          await page.goto("/products/plain-jane");
          await page.getByRole("button", { name: "ADD TO CART", exact: true }).click();
          await expect(page).toHaveURL(/\/cart\?done=add$/);
          await page.getByRole("link", { name: "Proceed to Checkout" }).click();
        }
        await fillCheckout(page, shopperEmail);
        await page.getByRole("button", { name: /^PAY \$/ }).click();
        await expect(page.getByRole("heading", { name: "PAYMENT SUCCESSFUL" })).toBeVisible({ timeout: 20_000 });
        number = (await page.getByText(/^Order RD-/).textContent())!.replace("Order ", "").trim();
        expect(number).toMatch(/^RD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      });

      // One Plain Jane: $12.99 of items, the partner's first sales: 15%, $1.95 (1.9485, rounded half up).
      const masked = `${number.slice(0, 7)}-••••`;
      const order = partner.page.getByRole("row").filter({ hasText: masked });

      await test.step("the partner's page shows the order, masked, with its net sales and commission pending", async () => {
        const page = partner.page;
        await partnerPage(page, javaScriptEnabled);
        await expect(order).toContainText("$12.99");
        await expect(order).toContainText("$1.95");
        await expect(order).toContainText("Pending (until delivered)");
        await expect(page.getByText(number)).toHaveCount(0);
        await expect(balance(page, "Pending")).toHaveText("$1.95");
        await expect(balance(page, "Payable")).toHaveText("$0.00");
      });

      await test.step("the owner packs, ships and marks the order delivered", async () => {
        const page = owner.page;
        await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Partners" }).click();
        await page.getByRole("region", { name: "Partners" }).getByRole("row").filter({ hasText: name }).getByRole("link", { name }).click();
        await expect(page.getByRole("heading", { name: `Partner: ${name}` })).toBeVisible();
        await page.getByRole("region", { name: "Orders attributed" }).getByRole("link", { name: number }).click();
        await ownerDelivers(page);
      });

      await test.step("the partner's page then shows the commission payable", async () => {
        const page = partner.page;
        await partnerPage(page, javaScriptEnabled);
        await expect(order).toContainText("$1.95");
        await expect(order).toContainText("Payable");
        await expect(balance(page, "Payable")).toHaveText("$1.95");
        await expect(balance(page, "Pending")).toHaveText("$0.00");
      });

      for (const person of [partner, owner, shopper]) await person.context.close();
    });
  });
}
