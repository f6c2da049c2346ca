/**
 * The partner programmes and the newsletter (spec sections 2 to 5, 8, 9; contract
 * "Applications, newsletter, vendor"): every form with and without JavaScript, each
 * validation message of section 5 for its bad input, the success states, the honeypot,
 * and the page constants. What a form accepts is checked in the shop's local D1 (read
 * straight from its SQLite file; no route exposes applications).
 */
import { expect, keepScreenshot, test, type Locator, type Page } from "./playwright";
import { axeViolations, openHydrated, openSection } from "./fixtures";
import { openShopDatabase } from "./shop-state";

// ---------------------------------------------------------------- the shop's D1

/** The shop under test's D1, read only; null when unknown. */
const shopDatabase = () => openShopDatabase("vendor_applications", { readOnly: true });

type Table = "affiliate_applications" | "creator_applications" | "vendor_applications" | "newsletter_signups";

function rowsFor(table: Table, email: string): Record<string, unknown>[] | null {
  const db = shopDatabase();
  if (!db) return null;
  try {
    return db.prepare(`SELECT * FROM ${table} WHERE email = ?`).all(email) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** The rows stored for `email`, once they are there; skips the check when the D1 is not reachable. */
async function expectStored(table: Table, email: string, count = 1): Promise<Record<string, unknown>[]> {
  if (rowsFor(table, email) === null) {
    test.info().annotations.push({ type: "note", description: `D1 not reachable: stored ${table} row not checked` });
    return [];
  }
  await expect.poll(() => rowsFor(table, email)?.length, { message: `${table} rows for ${email}` }).toBe(count);
  return rowsFor(table, email) ?? [];
}

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

// ---------------------------------------------------------------- the spec's strings

const AFFILIATE_MESSAGES = [
  "Name must be at least 2 characters",
  "Please enter a valid email address",
  "Please enter a valid URL",
  "Please provide more details about your audience",
  "You must accept the terms and conditions",
];

const CREATOR_MESSAGES = [
  "Name must be at least 2 characters",
  "Please enter a valid email address",
  "Please provide more information about yourself",
  "Please provide at least one portfolio URL",
  "Please provide your payment account details",
];

const VENDOR_MESSAGES = [
  "Business name must be at least 2 characters.",
  "Contact name must be at least 2 characters.",
  "Please enter a valid email address.",
  "Please enter a valid phone number.",
  "Please select a business type.",
  "Please enter a valid website URL.",
  "Please enter a valid year after 1900.",
  "Please select your monthly sales volume.",
  "Please enter at least 1 location.",
  "Please provide a description of at least 20 characters.",
  "You must accept the terms and conditions to apply.",
  "Please select a preferred contact method.",
];

const SUBMITTED = { title: "Application Submitted!", description: "We'll review your application and get back to you soon." };
const FAILED = { title: "Submission Failed", description: "There was an error submitting your application. Please try again." };
const THIS_YEAR = String(new Date().getFullYear());

async function expectMessages(form: Locator, messages: readonly string[]) {
  for (const message of messages) await expect(form.getByText(message, { exact: true }), message).toBeVisible();
}

// ---------------------------------------------------------------- filling the forms

const affiliateForm = (page: Page) => page.getByRole("form", { name: "Affiliate application" });
const creatorForm = (page: Page) => page.getByRole("form", { name: "Creator application" });
const vendorForm = (page: Page) => page.getByRole("form", { name: "Vendor application" });
const newsletterForm = (page: Page) => page.getByRole("form", { name: "Newsletter signup" });
const submitButton = (form: Locator) => form.getByRole("button", { name: "SUBMIT APPLICATION" });

async function fillAffiliate(form: Locator, values: { name: string; email: string; websiteUrl: string; audience: string; terms: boolean }) {
  await form.getByLabel("Full name").fill(values.name);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Website URL").fill(values.websiteUrl);
  await form.getByLabel("Audience description").fill(values.audience);
  await form.getByLabel(/I accept the terms and conditions/).setChecked(values.terms);
}

const badAffiliate = { name: "A", email: "not-an-email", websiteUrl: "not a url", audience: "too short", terms: false };
const goodAffiliate = (email: string) => ({
  name: "Alex Affiliate",
  email,
  websiteUrl: "https://alex.example.com",
  audience: "Twenty-somethings into nightlife, streetwear and sex-positive comedy.",
  terms: true,
});

async function fillCreator(
  form: Locator,
  values: { name: string; email: string; instagram?: string; bio: string; portfolio: string; method?: string; account: string },
) {
  await form.getByLabel("Full name").fill(values.name);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Instagram").fill(values.instagram ?? "");
  await form.getByLabel("Bio").fill(values.bio);
  await form.getByLabel("Portfolio URLs").fill(values.portfolio);
  if (values.method) await form.getByLabel("Payment method").selectOption({ label: values.method });
  await form.getByLabel("Account details").fill(values.account);
}

const badCreator = { name: "C", email: "casey", bio: "too short", portfolio: "abc", account: "ab" };
const goodCreator = (email: string) => ({
  name: "Casey Creator",
  email,
  instagram: "@casey",
  bio: "I make short comedy videos about dating and safer sex.",
  portfolio: " https://casey.example.com/reel , https://casey.example.com/work ,",
  method: "Crypto",
  account: "wallet-0xCASEY",
});

type Vendor = {
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  businessType?: string;
  website: string;
  year: string;
  sales?: string;
  locations: string;
  description: string;
  contact?: "Email" | "Phone";
  license: boolean;
  terms: boolean;
};

async function fillVendor(form: Locator, values: Vendor) {
  await form.getByLabel("Business name").fill(values.businessName);
  await form.getByLabel("Contact name").fill(values.contactName);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(values.email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill(values.phone);
  if (values.businessType) await form.getByLabel("Business type").selectOption({ label: values.businessType });
  await form.getByLabel("Website").fill(values.website);
  await form.getByLabel("Year established").fill(values.year);
  if (values.sales) await form.getByLabel("Monthly sales volume").selectOption({ label: values.sales });
  await form.getByLabel("Number of locations").fill(values.locations);
  await form.getByLabel("Business description").fill(values.description);
  if (values.contact) await form.getByRole("radio", { name: values.contact }).check();
  await form.getByLabel(/valid business license/).setChecked(values.license);
  await form.getByLabel(/I accept the terms and conditions/).setChecked(values.terms);
}

const badVendor: Vendor = {
  businessName: "A",
  contactName: "B",
  email: "nope",
  phone: "12345",
  website: "not a url",
  year: "1800",
  locations: "0",
  description: "Too short.",
  license: false,
  terms: false,
};
const goodVendor = (email: string): Vendor => ({
  businessName: "Night Owl Pharmacy",
  contactName: "Vic Vendor",
  email,
  phone: "(555) 555-0199",
  businessType: "Retailer",
  website: "",
  year: "2015",
  sales: "$5,000 - $10,000",
  locations: "3",
  description: "Three late-night pharmacies in downtown Austin.",
  contact: "Phone",
  license: true,
  terms: true,
});

/** What the form would send now (unchecked boxes and unpicked radios are absent), honeypot aside. */
const formValues = (form: Locator) =>
  form.evaluate((element) =>
    Object.fromEntries([...new FormData(element as HTMLFormElement)].filter(([name]) => name !== "company_fax").map(([name, value]) => [name, String(value)])),
  );

/** Spec section 3: empty strings, this year, one location, nothing checked or chosen. */
async function expectVendorDefaults(form: Locator) {
  await expect
    .poll(() => formValues(form))
    .toEqual({
      businessName: "",
      contactName: "",
      email: "",
      phone: "",
      businessType: "",
      website: "",
      yearEstablished: THIS_YEAR,
      monthlySalesVolume: "",
      locations: "1",
      businessDescription: "",
    });
}

// ---------------------------------------------------------------- with JavaScript

test.describe("with JavaScript", () => {
  test("affiliate form: each rule's message, then 'Application Submitted!', the confirmation and SUBMIT ANOTHER APPLICATION", async ({ page }) => {
    await openHydrated(page, "/affiliate");
    await openSection(page, "affiliate-form");
    await expect(page).toHaveTitle("Affiliate Program | Raw Dogg");
    const form = affiliateForm(page);

    // Validated as you go: a bad email shows its message when the field is left.
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Email").blur();
    await expect(form.getByText("Please enter a valid email address", { exact: true })).toBeVisible();

    await fillAffiliate(form, badAffiliate);
    await submitButton(form).click();
    await expectMessages(form, AFFILIATE_MESSAGES);

    const email = uniqueEmail("affiliate-js");
    await fillAffiliate(form, goodAffiliate(email));
    for (const message of AFFILIATE_MESSAGES) await expect(form.getByText(message, { exact: true })).toBeHidden();
    await submitButton(form).click();

    await expect(page.getByText(SUBMITTED.title, { exact: true })).toBeVisible();
    await expect(page.getByText(SUBMITTED.description)).toBeVisible();
    await expect(page.getByRole("heading", { name: "You're in the queue" })).toBeVisible();
    const [row] = await expectStored("affiliate_applications", email);
    if (row) expect(row).toMatchObject({ name: "Alex Affiliate", website_url: "https://alex.example.com" });

    await page.getByRole("button", { name: "SUBMIT ANOTHER APPLICATION" }).click();
    await expect(form.getByLabel("Full name")).toHaveValue("");
    await expect(form.getByLabel("Email")).toHaveValue("");
    await expect(form.getByLabel(/I accept the terms and conditions/)).not.toBeChecked();
  });

  test("affiliate form: a failed submission shows 'Submission Failed' and the form stays with its values", async ({ page }) => {
    await page.route("**/api/affiliates", (route) => route.fulfill({ status: 500, body: "boom" }));
    await openHydrated(page, "/affiliate");
    await openSection(page, "affiliate-form");
    const form = affiliateForm(page);
    const email = uniqueEmail("affiliate-fail");
    await fillAffiliate(form, goodAffiliate(email));
    await submitButton(form).click();

    await expect(page.getByText(FAILED.title, { exact: true })).toBeVisible();
    await expect(page.getByText(FAILED.description)).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(form.getByLabel(/I accept the terms and conditions/)).toBeChecked();
    await expect(submitButton(form)).toBeEnabled();
    await expect(page.getByRole("button", { name: "SUBMIT ANOTHER APPLICATION" })).toHaveCount(0);
  });

  test("creator form: each rule's message, then the API gets the trimmed portfolio list and the confirmation shows", async ({ page }) => {
    await openHydrated(page, "/creators");
    await openSection(page, "creator-form");
    await expect(page).toHaveTitle("Content Creators | Raw Dogg");
    const form = creatorForm(page);
    await fillCreator(form, badCreator);
    await submitButton(form).click();
    await expectMessages(form, CREATOR_MESSAGES);

    const email = uniqueEmail("creator-js");
    await fillCreator(form, goodCreator(email));
    const request = page.waitForRequest((r) => r.url().endsWith("/api/creators") && r.method() === "POST");
    await submitButton(form).click();
    expect((await request).postDataJSON()).toMatchObject({
      name: "Casey Creator",
      email,
      socialLinks: { instagram: "@casey" },
      portfolioUrls: ["https://casey.example.com/reel", "https://casey.example.com/work"],
      paymentInfo: { paymentMethod: "crypto", accountDetails: "wallet-0xCASEY" },
    });

    await expect(page.getByText(SUBMITTED.title, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Application received" })).toBeVisible();
    const [row] = await expectStored("creator_applications", email);
    if (row) expect(JSON.parse(String(row.portfolio_urls))).toEqual(["https://casey.example.com/reel", "https://casey.example.com/work"]);

    await page.getByRole("button", { name: "SUBMIT ANOTHER APPLICATION" }).click();
    await expect(form.getByLabel("Bio")).toHaveValue("");
    await expect(form.getByLabel("Payment method")).toHaveValue("paypal");
  });

  test("vendor form: each rule's message, then toast 'Application Submitted' and the form back to its defaults", async ({ page }) => {
    await openHydrated(page, "/vendor-application");
    await openSection(page, "vendor-form");
    await expect(page).toHaveTitle("Vendor Application | Raw Dogg");
    const form = vendorForm(page);

    // The locations input falls back to 1 when what is left in it is not a number.
    await form.getByLabel("Number of locations").fill("");
    await form.getByLabel("Number of locations").blur();
    await expect(form.getByLabel("Number of locations")).toHaveValue("1");

    await fillVendor(form, badVendor);
    await submitButton(form).click();
    await expectMessages(form, VENDOR_MESSAGES);
    // Not after the current year either.
    await form.getByLabel("Year established").fill(String(Number(THIS_YEAR) + 1));
    await expect(form.getByText("Please enter a valid year after 1900.", { exact: true })).toBeVisible();

    const email = uniqueEmail("vendor-js");
    await fillVendor(form, goodVendor(email));
    await submitButton(form).click();
    await expect(page.getByText("Application Submitted", { exact: true })).toBeVisible();
    await expect(page.getByText("We'll review your application and contact you soon.")).toBeVisible();
    await expectVendorDefaults(form);
    const [row] = await expectStored("vendor_applications", email);
    if (row) {
      expect(row).toMatchObject({
        business_name: "Night Owl Pharmacy",
        business_type: "retailer",
        website: null,
        year_established: "2015",
        monthly_sales_volume: "5000_to_10000",
        locations: 3,
        has_license: 1,
        preferred_contact_method: "phone",
      });
    }
  });

  test("newsletter: 'Please enter a valid email address', then the success toast after the 1 s delay, stored once", async ({ page }) => {
    await openHydrated(page, "/");
    await openSection(page, "newsletter");
    const form = newsletterForm(page);
    const email = uniqueEmail("newsletter-js");
    await form.getByLabel("Email address").fill("not-an-email");
    await form.getByRole("button", { name: "SUBSCRIBE" }).click();
    await expect(form.getByText("Please enter a valid email address", { exact: true })).toBeVisible();

    await form.getByLabel("Email address").fill(email);
    const started = Date.now();
    await form.getByRole("button", { name: "SUBSCRIBE" }).click();
    await expect(form.getByRole("button", { name: "SUBSCRIBING..." })).toBeDisabled();
    await expect(page.getByText("Subscribed!", { exact: true })).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await expect(page.getByText("Almost there: we've emailed you a link.")).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("");

    // The same address again (in capitals): the same success, and still one row.
    await form.getByLabel("Email address").fill(email.toUpperCase());
    await form.getByRole("button", { name: "SUBSCRIBE" }).click();
    await expect(form.getByRole("button", { name: "SUBSCRIBING..." })).toBeDisabled();
    await expect(form.getByRole("button", { name: "SUBSCRIBE" })).toBeEnabled();
    await expect(page.getByText("Subscribed!", { exact: true }).first()).toBeVisible();
    await expectStored("newsletter_signups", email, 1);
  });
});

// ---------------------------------------------------------------- without JavaScript

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("affiliate form posts to its action: messages beside the fields with values kept, then the confirmation", async ({ page }) => {
    await page.goto("/affiliate");
    const form = affiliateForm(page);
    await fillAffiliate(form, badAffiliate);
    await submitButton(form).click();
    await expectMessages(form, AFFILIATE_MESSAGES);
    await expect(form.getByLabel("Full name")).toHaveValue("A");
    await expect(form.getByLabel("Website URL")).toHaveValue("not a url");

    const email = uniqueEmail("affiliate-nojs");
    await fillAffiliate(form, goodAffiliate(email));
    await submitButton(form).click();
    await expect(page.getByRole("heading", { name: "You're in the queue" })).toBeVisible();
    await expectStored("affiliate_applications", email);

    await page.getByRole("button", { name: "SUBMIT ANOTHER APPLICATION" }).click();
    await expect(form.getByLabel("Full name")).toHaveValue("");
  });

  test("creator form posts to its action: messages with values kept, then the confirmation and the stored list", async ({ page }) => {
    await page.goto("/creators");
    const form = creatorForm(page);
    await fillCreator(form, { ...badCreator, method: "Bank transfer" });
    await submitButton(form).click();
    await expectMessages(form, CREATOR_MESSAGES);
    await expect(form.getByLabel("Portfolio URLs")).toHaveValue("abc");
    await expect(form.getByLabel("Payment method")).toHaveValue("bank");

    const email = uniqueEmail("creator-nojs");
    await fillCreator(form, goodCreator(email));
    await submitButton(form).click();
    await expect(page.getByRole("heading", { name: "Application received" })).toBeVisible();
    const [row] = await expectStored("creator_applications", email);
    if (row) {
      expect(row).toMatchObject({ payment_method: "crypto", account_details: "wallet-0xCASEY" });
      expect(JSON.parse(String(row.portfolio_urls))).toEqual(["https://casey.example.com/reel", "https://casey.example.com/work"]);
      expect(JSON.parse(String(row.social_links))).toEqual({ instagram: "@casey" });
    }
    await page.getByRole("button", { name: "SUBMIT ANOTHER APPLICATION" }).click();
    await expect(form.getByLabel("Full name")).toHaveValue("");
  });

  test("vendor form posts to its action: messages with values kept, then a written confirmation and the defaults", async ({ page }) => {
    await page.goto("/vendor-application");
    const form = vendorForm(page);
    await fillVendor(form, badVendor);
    await submitButton(form).click();
    await expectMessages(form, VENDOR_MESSAGES);
    await expect(form.getByLabel("Business name")).toHaveValue("A");
    await expect(form.getByLabel("Year established")).toHaveValue("1800");

    const email = uniqueEmail("vendor-nojs");
    await fillVendor(form, { ...goodVendor(email), website: "https://nightowl.example.com", contact: "Email", license: false });
    await submitButton(form).click();
    await expect(form.getByText("Application Submitted", { exact: true })).toBeVisible();
    await expectVendorDefaults(form);
    const [row] = await expectStored("vendor_applications", email);
    if (row) expect(row).toMatchObject({ website: "https://nightowl.example.com", has_license: 0, preferred_contact_method: "email" });
  });

  test("newsletter posts to /newsletter: the message on a bad email, back to the home block on success", async ({ page }) => {
    await page.goto("/");
    let form = newsletterForm(page);
    await form.getByLabel("Email address").fill("not-an-email");
    await form.getByRole("button", { name: "SUBSCRIBE" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    form = newsletterForm(page);
    await expect(form.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("not-an-email");

    const email = uniqueEmail("newsletter-nojs");
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "SUBSCRIBE" }).click();
    await expect(page).toHaveURL(/\/\?newsletter=subscribed#newsletter$/);
    await expect(newsletterForm(page).getByText("Subscribed!", { exact: true })).toBeVisible();
    await expectStored("newsletter_signups", email, 1);
  });
});

// ---------------------------------------------------------------- the result where the eye is

/**
 * Whether `target` sits wholly in the viewport, below the sticky header (a visitor would see
 * it without scrolling): "in view", else where it is.
 */
async function whereIs(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) return "not laid out";
  const viewport = page.viewportSize()!;
  const header = await page.getByRole("banner").first().boundingBox();
  const headerBottom = Math.max(0, header ? header.y + header.height : 0);
  const inView = box.y >= headerBottom - 1 && box.y + box.height <= viewport.height + 1;
  return inView
    ? "in view"
    : `top ${Math.round(box.y)} px, bottom ${Math.round(box.y + box.height)} px (visible from ${Math.round(headerBottom)} to ${viewport.height})`;
}

const expectInView = (page: Page, target: Locator) =>
  expect.poll(() => whereIs(page, target), { message: "in the viewport, below the header" }).toBe("in view");

/** The page's fragment target after a form post without JavaScript: seen, focused, and saying `text`. */
async function expectResult(page: Page, text: string | RegExp) {
  const result = page.locator(":target");
  await expect(result, "the post lands on a fragment target").toHaveCount(1);
  await expect(result).toContainText(text);
  await expect(result).toBeFocused();
  await expectInView(page, result);
  return result;
}

const PROGRAMME_FORMS = [
  {
    path: "/vendor-application",
    section: "vendor-form",
    form: vendorForm,
    fillBad: (form: Locator) => fillVendor(form, badVendor),
    fillGood: (form: Locator, email: string) => fillVendor(form, goodVendor(email)),
    messages: VENDOR_MESSAGES,
    done: "Application Submitted",
  },
  {
    path: "/affiliate",
    section: "affiliate-form",
    form: affiliateForm,
    fillBad: (form: Locator) => fillAffiliate(form, badAffiliate),
    fillGood: (form: Locator, email: string) => fillAffiliate(form, goodAffiliate(email)),
    messages: AFFILIATE_MESSAGES,
    done: "You're in the queue",
  },
  {
    path: "/creators",
    section: "creator-form",
    form: creatorForm,
    fillBad: (form: Locator) => fillCreator(form, badCreator),
    fillGood: (form: Locator, email: string) => fillCreator(form, goodCreator(email)),
    messages: CREATOR_MESSAGES,
    done: "Application received",
  },
] as const;

test.describe("a form sent without JavaScript shows its result where the eye is", { tag: "@both-widths" }, () => {
  test.use({ javaScriptEnabled: false });

  for (const programme of PROGRAMME_FORMS) {
    test(`${programme.path}: the errors, then the confirmation, in view and focused (the fragment target)`, async ({ page }) => {
      await page.goto(programme.path);
      const form = programme.form(page);
      await programme.fillBad(form);
      await submitButton(form).click();
      await expectResult(page, `Check the ${programme.messages.length} fields marked below.`);
      // Each message is still beside its field.
      await expectMessages(form, programme.messages);
      await keepScreenshot(page, `${programme.path.slice(1)}-errors`);

      await programme.fillGood(form, uniqueEmail(`in-view-${programme.section}`));
      await submitButton(form).click();
      await expectResult(page, programme.done);
      await keepScreenshot(page, `${programme.path.slice(1)}-done`);
    });
  }
});

test.describe("with JavaScript a form still shows its result where the eye is", { tag: "@both-widths" }, () => {
  for (const programme of PROGRAMME_FORMS) {
    test(`${programme.path}: the first field in error is focused in view, then the confirmation or the toast`, async ({ page }) => {
      await openHydrated(page, programme.path);
      await openSection(page, programme.section);
      const form = programme.form(page);
      await programme.fillBad(form);
      await submitButton(form).click();
      const focused = form.locator("[aria-invalid=true]:focus");
      await expect(focused).toHaveCount(1);
      await expectInView(page, focused);
      // The same summary as without JavaScript, above the fields (axe runs only where scripts do).
      await expect(form.getByText(`Check the ${programme.messages.length} fields marked below.`, { exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await programme.fillGood(form, uniqueEmail(`in-view-js-${programme.section}`));
      await submitButton(form).click();
      if (programme.path === "/vendor-application") {
        await expectInView(page, page.getByText("Application Submitted", { exact: true }));
      } else {
        const heading = page.getByRole("heading", { name: programme.done });
        await expect(heading).toBeFocused();
        await expectInView(page, heading);
      }
      await keepScreenshot(page, `${programme.path.slice(1)}-done-js`);
    });
  }
});

// ---------------------------------------------------------------- honeypot

test("a filled honeypot is answered like a success and nothing is stored", async ({ request }) => {
  const bot = "Totally Human LLC";
  const posts: [string, Table, (email: string) => Record<string, string>][] = [
    [
      "/affiliate",
      "affiliate_applications",
      (email) => ({ name: "Bot", email, websiteUrl: "https://bot.example", audienceDescription: "Everyone, everywhere.", acceptTerms: "on" }),
    ],
    [
      "/creators",
      "creator_applications",
      (email) => ({
        name: "Bot",
        email,
        bio: "I am definitely a person.",
        portfolioUrls: "https://bot.example",
        "paymentInfo.paymentMethod": "paypal",
        "paymentInfo.accountDetails": "bot@example.com",
      }),
    ],
    [
      "/vendor-application",
      "vendor_applications",
      (email) => ({
        businessName: "Bot Co",
        contactName: "Bot",
        email,
        phone: "5555550100",
        businessType: "other",
        website: "",
        yearEstablished: "2020",
        monthlySalesVolume: "less_than_1000",
        locations: "1",
        businessDescription: "We sell everything to everyone.",
        acceptsTerms: "on",
        preferredContactMethod: "email",
      }),
    ],
    ["/newsletter", "newsletter_signups", (email) => ({ email })],
  ];
  for (const [path, table, fields] of posts) {
    const email = uniqueEmail("bot");
    const response = await request.post(path, { form: { ...fields(email), company_fax: bot }, maxRedirects: 0 });
    if (path === "/newsletter") {
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe("/?newsletter=subscribed#newsletter");
    } else {
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toMatch(/You&#x27;re in the queue|Application received|Application Submitted/);
    }
    expect(rowsFor(table, email) ?? [], path).toEqual([]);
  }
});

test("GET /newsletter goes to the newsletter block on the home page", async ({ request }) => {
  const response = await request.get("/newsletter", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/#newsletter");
});

// ---------------------------------------------------------------- page content (spec section 9)

test.describe("programme pages state the programme's constants", () => {
  test.use({ javaScriptEnabled: false });

  test("/affiliate: benefits, commission tiers, the 4 steps and the FAQ", async ({ page }) => {
    await page.goto("/affiliate");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("#benefits")).toContainText("Payouts come monthly via direct deposit, PayPal or crypto");
    await expect(page.locator("#benefits")).toContainText("Commission up to 25%");
    const rows = page.locator("#tiers tbody tr");
    await expect(rows).toHaveText([/\$0-\$1,000\s*15%/, /\$1,001-\$5,000\s*20%/, /\$5,001 and above\s*25%/]);
    const steps = page.getByRole("list", { name: "How the affiliate program works" }).getByRole("heading");
    await expect(steps).toHaveText(["Step 1: Apply", "Step 2: Get Approved", "Step 3: Promote", "Step 4: Earn"]);

    const faq = page.locator("#faq");
    for (const summary of await faq.locator("summary").all()) await summary.click();
    await expect(faq).toContainText("monthly on the 15th");
    await expect(faq).toContainText("Yes, $50. If your balance is under $50 on payout day, it rolls over");
    await expect(faq).toContainText("30 days");
    await expect(faq).toContainText("reviewed within 48 hours");
  });

  test("/creators: steps with the 48-hour review, featured creators from the shop, guidelines, payment schedule", async ({ page, request }) => {
    await page.goto("/creators");
    const steps = page.getByRole("list", { name: "How the creator program works" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(1)).toContainText("contacts you within 48 hours");

    const featured = (await (await request.get("/api/creators?featured=true")).json()) as { name: string; bio: string; portfolioUrls: string[] }[];
    const cards = page
      .getByRole("list", { name: "Featured creators" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") });
    await expect(cards).toHaveCount(featured.length);
    for (const creator of featured) {
      const card = cards.filter({ has: page.getByRole("heading", { name: creator.name }) });
      const bio = creator.bio.length > 30 ? `${creator.bio.slice(0, 30)}...` : creator.bio;
      await expect(card.getByText(bio, { exact: true })).toBeVisible();
      await expect(card.getByRole("img", { name: creator.name })).toHaveAttribute("src", creator.portfolioUrls[0] ?? "");
    }

    await expect(page.locator("#guidelines")).toContainText("Disclose the partnership");
    const schedule = page.getByRole("definition").filter({ hasText: /^(Bi-weekly|Net-15|Monthly|Quarterly)$/ });
    await expect(schedule).toHaveText(["Bi-weekly", "Net-15", "Monthly", "Quarterly"]);
    await expect(page.locator("#payment-schedule")).toContainText("Retained creators");
    await expect(creatorForm(page).getByLabel("Payment method").locator("option")).toHaveText(["PayPal", "Bank transfer", "Crypto"]);
  });

  test("/vendor-application: qualifications, wholesale benefits and the bulk pre-order numbers", async ({ page }) => {
    await page.goto("/vendor-application");
    await expect(page.getByRole("list", { name: "Vendor qualifications" })).toContainText("At least 1 year in business");
    await expect(page.locator("#benefits")).toContainText("Margins up to 60%");
    const bulk = page.locator("#bulk-orders");
    for (const text of [
      "1,000 units",
      "Per product.",
      "2,500 units",
      "at least 500 per product type",
      "orders over 10,000 units",
      "3-5 business days",
      "4-6 weeks",
    ]) {
      await expect(bulk, text).toContainText(text);
    }
    const form = vendorForm(page);
    await expect(form.getByLabel("Business type").locator("option")).toHaveText(["Select a business type", "Retailer", "Distributor", "Wholesaler", "Other"]);
    await expect(form.getByLabel("Monthly sales volume").locator("option")).toHaveText([
      "Select a range",
      "Less than $1,000",
      "$1,000 - $5,000",
      "$5,000 - $10,000",
      "$10,000 - $50,000",
      "More than $50,000",
    ]);
  });
});
