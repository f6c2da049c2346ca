/**
 * The owner's back office (decisions 0014, 0018) in a real browser, with and without
 * JavaScript: the owner signs in, finds the order a shopper just placed, approves a creator
 * application and sees the creator on /creators, hides them and sees them gone, changes a
 * price and sees it on the product page, sets a stock and imports a stock file, and signs out. One journey per mode, so the owner signs in twice in all: sign-ins are
 * limited to 5 a minute per address, and every test here shares one.
 */
import { expect, test, type Page } from "./playwright";
import { TEST_ADMIN_PASSWORD } from "../../scripts/local.mjs";
import { shopperPlacesOrder } from "./fixtures";

async function signIn(page: Page) {
  // A network of its own: sign-ins are limited to 5 a minute per address (no switch lifts it),
  // and this one tries a wrong password first while other tests sign in too.
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible();
  await page.getByLabel("Password").fill(TEST_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
}

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name, exact: true });

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  // Each mode edits its own product, so the two journeys can run side by side.
  const product = javaScriptEnabled
    ? { slug: "midnight-ribbed", name: "Midnight Ribbed" }
    : { slug: "raw-dogg-mens-pocket-tee", name: "Raw Dogg Men's Pocket Tee" };
  // And its own variant's stock (kept well above the low-stock line: nothing else here changes).
  const variant = javaScriptEnabled ? { sku: "RD-RIB-12", set: 120, imported: 130 } : { sku: "RD-POCKETTEE-L", set: 20, imported: 21 };

  test.describe(mode, () => {
    test.use({ javaScriptEnabled });

    test("the owner signs in, finds a shopper's order, approves a creator for /creators and hides them again, changes a price, sets and imports stock, signs out", async ({
      page,
      browser,
      baseURL,
    }) => {
      // A whole working session of the owner's (an order, a creator, a price, two stock changes):
      // about 20 s on a quiet machine, so the default 30 s cut it short whenever the cores were busy.
      test.setTimeout(60_000);
      const tag = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
      const shopperEmail = `owen-${tag}@example.com`;
      const creatorName = `Casey ${tag}`;

      await test.step("a shopper places an order", () => shopperPlacesOrder(browser, shopperEmail));
      await test.step("a creator applies", async () => {
        const applied = await page.request.post("/api/creators", {
          data: {
            name: creatorName,
            email: `casey-${tag}@example.com`,
            socialLinks: { tiktok: "@casey" },
            bio: "Comedy sketches about dating and safer sex.",
            portfolioUrls: [`${baseURL}/images/creators/jay-bark.svg`],
            paymentInfo: { paymentMethod: "paypal", accountDetails: "casey@paypal.example.com" },
          },
        });
        expect(applied.status()).toBe(201);
      });

      await test.step("the owner signs in", () => signIn(page));

      await test.step("finds the order the shopper just placed", async () => {
        await nav(page, "Orders").click();
        await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
        const row = page.getByRole("row").filter({ hasText: shopperEmail });
        await expect(row).toHaveCount(1);
        await row.getByRole("link").click();
        await expect(page.getByRole("heading", { name: /^Order RD-[0-9A-Z]{4}-[0-9A-Z]{4}$/ })).toBeVisible();
        await expect(page.getByRole("row").filter({ hasText: "Plain Jane" })).toContainText("$25.98");
        await expect(page.getByText("42 Harbor Road")).toBeVisible();
        // Plain Jane x 2 = $25.98, 8% tax $2.08, total $28.06.
        await expect(page.locator("dd").filter({ hasText: "$28.06" })).toBeVisible();
      });

      await test.step("approves the creator's application, sees them on /creators, and hides them again", async () => {
        await nav(page, "Applications").click();
        await page.getByRole("list", { name: "Programmes" }).getByRole("link", { name: "Creators" }).click();
        await page.getByRole("link", { name: creatorName }).click();
        await page.getByLabel("Approve").check();
        await page.getByLabel("Note for the applicant").fill("Welcome to the pack!");
        await expect(page.getByLabel(/show them among the featured creators/)).toBeChecked();
        await page.getByRole("button", { name: "Save the decision" }).click();
        // An approved creator is a partner too (partners-admin.spec.ts): link, code and the welcome email.
        await expect(page.getByRole("status")).toHaveText(
          "Approved. They are a partner now, with their link and code (see Partners), and are being emailed both with a sign-in link.",
        );
        await expect(page.getByText("Shown among the featured creators.")).toBeVisible();

        const shop = await page.context().newPage();
        await expect(async () => {
          await shop.goto("/creators");
          await expect(shop.getByRole("list", { name: "Featured creators" }).getByRole("heading", { name: creatorName })).toBeVisible({ timeout: 500 });
        }).toPass({ timeout: 10_000 });

        // Hidden again: gone from /creators and from /api/creators altogether.
        await page.getByRole("button", { name: "Hide from /creators" }).click();
        await expect(page.getByRole("status")).toHaveText("Hidden from /creators (within a few seconds).");
        await expect(page.getByText("Not shown on /creators.")).toBeVisible();
        await expect(async () => {
          await shop.goto("/creators");
          await expect(shop.getByRole("list", { name: "Featured creators" })).toBeVisible({ timeout: 500 });
          await expect(shop.getByRole("heading", { name: creatorName })).toHaveCount(0, { timeout: 500 });
          expect(await (await shop.request.get("/api/creators")).text()).not.toContain(creatorName);
        }).toPass({ timeout: 10_000 });
        await shop.close();
      });

      await test.step("changes a price and sees it on the product page", async () => {
        await nav(page, "Catalog").click();
        await page.getByRole("link", { name: product.name, exact: true }).click();
        const price = page.getByLabel("Price in dollars");
        await price.fill("0");
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByText("The price must be at least $0.01.")).toBeVisible();
        await price.fill("23.45");
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByRole("status")).toContainText("Saved.");
        await expect(price).toHaveValue("23.45");

        const shop = await page.context().newPage();
        await expect(async () => {
          await shop.goto(`/products/${product.slug}`);
          await expect(shop.getByRole("main").getByText("$23.45").first()).toBeVisible({ timeout: 500 });
        }).toPass({ timeout: 10_000 });
        await shop.close();
      });

      await test.step("sets a variant's stock, then imports a CSV file of stock and reads what it did line by line", async () => {
        const stockOnSale = async () => {
          const body = (await (await page.request.get(`/api/products/${product.slug}`)).json()) as {
            variants: { sku: string; quantityAvailable: number | null }[];
          };
          return body.variants.find((v) => v.sku === variant.sku)?.quantityAvailable;
        };
        await nav(page, "Stock").click();
        await page.getByRole("link", { name: variant.sku, exact: true }).click();
        const stock = page.getByLabel("Stock", { exact: true });
        await stock.fill("100001");
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByText("Please enter the stock as a whole number from 0 to 100000.")).toBeVisible();
        await stock.fill(String(variant.set));
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByRole("status")).toContainText("Saved.");
        await expect(page.locator("dd").filter({ hasText: new RegExp(`^${variant.set}$`) })).toBeVisible();
        await expect.poll(stockOnSale, { timeout: 10_000 }).toBe(variant.set);

        await page.getByRole("link", { name: "Back to the stock" }).click();
        await page.getByLabel("CSV file").setInputFiles({
          name: "stock.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(`sku,stock\r\n${variant.sku},${variant.imported}\r\nRD-NOPE,1\r\n`),
        });
        await page.getByRole("button", { name: "Import" }).click();
        const report = page.getByRole("region", { name: "What the import did" });
        await expect(report.getByRole("listitem")).toHaveText([
          `line 2: ${variant.sku} ${variant.set} -> ${variant.imported}`,
          "line 3: unknown SKU 'RD-NOPE', skipped",
        ]);
        await expect(page.getByRole("status")).toHaveText("1 stock was changed.");
        await expect.poll(stockOnSale, { timeout: 10_000 }).toBe(variant.imported);
      });

      await test.step("every change is in the audit trail; signing out ends the session", async () => {
        await nav(page, "Audit trail").click();
        await expect(page.getByRole("row").filter({ hasText: "application.approve" }).first()).toBeVisible();
        await expect(page.getByRole("row").filter({ hasText: "product.update" }).filter({ hasText: product.name })).toContainText("-> $23.45");
        await expect(
          page
            .getByRole("row")
            .filter({ hasText: "stock.update" })
            .filter({ hasText: `variant ${variant.sku}` }),
        ).toHaveCount(2);
        await page.getByRole("button", { name: "Sign out" }).click();
        await expect(page.getByRole("status")).toHaveText("You are signed out.");
        await page.goto("/admin/orders");
        await expect(page).toHaveURL(/\/admin\/sign-in$/);
      });
    });
  });
}
