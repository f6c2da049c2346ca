/**
 * Discount codes in the back office (issue 33), with and without JavaScript: the owner opens
 * Codes from the navigation, is told in words what is wrong with a code (what was typed
 * stays), creates it, sees it listed with its terms, and pauses it.
 */
import { expect, test } from "./playwright";
import { signInFromOwnNetwork } from "./fixtures";

const signIn = signInFromOwnNetwork;

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the owner creates a code in /admin and sees it listed, after a refusal that kept what was typed", async ({ page }) => {
      const code = `Wknd-${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
      await signIn(page);
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Codes", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Codes", level: 1 })).toBeVisible();

      const form = page.locator("form", { has: page.getByRole("button", { name: "Create the code" }) });
      await form.getByLabel("Code", { exact: true }).fill(code);
      await form.getByLabel("Percent off (1 to 100), for a percent").fill("150");
      await form.getByLabel("Plain Jane").check();
      await form.getByRole("button", { name: "Create the code" }).click();
      await expect(page.getByText("Please enter the percent off as a whole number from 1 to 100.")).toBeVisible();
      await expect(form.getByLabel("Code", { exact: true })).toHaveValue(code);
      await expect(form.getByLabel("Plain Jane")).toBeChecked();

      await form.getByLabel("Percent off (1 to 100), for a percent").fill("15");
      await form.getByLabel("Uses allowed in all (optional)").fill("3");
      await form.getByRole("button", { name: "Create the code" }).click();
      await expect(page.getByRole("status")).toHaveText("Code created: shoppers can use it at once.");
      const listed = page.locator("tr", { has: page.getByRole("link", { name: code.toUpperCase(), exact: true }) });
      await expect(listed).toContainText("15% off");
      await expect(listed).toContainText("3 uses");
      await expect(listed).toContainText("Plain Jane");
      await expect(listed).toContainText("Active");

      await listed.getByRole("link", { name: code.toUpperCase() }).click();
      await page.getByRole("button", { name: "Pause the code" }).click();
      await expect(page.getByRole("status")).toHaveText("Paused: the code takes nothing off until you resume it.");
      await expect(page.getByRole("button", { name: "Resume the code" })).toBeVisible();
    });
  });
}
