/**
 * The newsletter's double opt-in, as a visitor meets it (contract "Emails", decision 0014):
 * the signup says a confirmation email is on its way; the email's link opens a page that
 * changes nothing (a mail client's link scanner opens it too) until its button is pressed,
 * without JavaScript. Pressed, it says a welcome code is on its way, and the next email
 * carries it (issue 33). The emails are read where the local shop keeps what it sent: wrangler's
 * local explorer (`/cdn-cgi/local/explorer`, on by default in `wrangler dev`).
 */
import { expect, test, type APIRequestContext, type Page } from "./playwright";
import { emailTo, openHydrated, openSection } from "./fixtures";

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The text of the email with `subject` sent to `to`. */
const emailText = (request: APIRequestContext, to: string, subject: string) => emailTo(request, to, `"${subject}"`, subject);

/** The confirmation link in the email sent to `to`. */
async function confirmationLink(request: APIRequestContext, to: string): Promise<string> {
  const text = await emailText(request, to, "Confirm your Raw Dogg newsletter signup");
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

async function signUp(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Newsletter signup" });
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "SUBSCRIBE" }).click();
  return form;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("double opt-in: the signup says a confirmation email is on its way; its link confirms nothing until the button is pressed", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("confirm-nojs");
    await page.goto("/");
    const form = await signUp(page, email);
    await expect(page).toHaveURL(/\/\?newsletter=subscribed#newsletter$/);
    await expect(form.getByText("Subscribed!", { exact: true })).toBeVisible();
    await expect(form.getByText(/we've emailed you a link/)).toBeVisible();

    const link = await confirmationLink(request, email);
    // Opened (by the visitor, or a link scanner) twice: still waiting for the button.
    for (let opened = 0; opened < 2; opened++) {
      const response = await page.goto(link);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await expect(heading(page)).toHaveText("Confirm your email address");
    }
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator("script:not([type='application/ld+json'], [type='speculationrules'])")).toHaveCount(0);

    await page.getByRole("button", { name: "CONFIRM MY EMAIL" }).click();
    await expect(heading(page)).toHaveText("You're on the list");
    await expect(page.getByText("Your welcome code for 10% off your first order is on its way by email.")).toBeVisible();
    // The code is in the email only: the email is what proves the address.
    await expect(page.locator("main")).not.toContainText("WELCOME-");
    expect(await emailText(request, email, "10% off your first Raw Dogg order")).toMatch(/Your code: WELCOME-[0-9A-HJKMNP-TV-Z]{6}\n/);
    // The link opened again says so, and asks nothing more.
    await page.goto(link);
    await expect(heading(page)).toHaveText("You're on the list");
    await expect(page.getByRole("button", { name: "CONFIRM MY EMAIL" })).toHaveCount(0);
  });

  test("a link with an unknown, forged or missing token confirms nothing and offers to sign up again", async ({ page }) => {
    for (const path of [
      "/newsletter/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "/newsletter/confirm?token=%3Cscript%3E",
      "/newsletter/confirm",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(heading(page), path).toHaveText("This link doesn't work");
      await expect(page.getByRole("link", { name: "Sign Up Again" })).toHaveAttribute("href", "/#newsletter");
      await expect(page.getByRole("button", { name: "CONFIRM MY EMAIL" })).toHaveCount(0);
    }
  });
});

test("with JavaScript, the success toast says a confirmation email is on its way", async ({ page }) => {
  await openHydrated(page, "/");
  await openSection(page, "newsletter");
  await signUp(page, uniqueEmail("confirm-js"));
  await expect(page.getByText("Subscribed!", { exact: true })).toBeVisible();
  await expect(page.getByText("Almost there: we've emailed you a link. Press the button on its page to confirm your address.")).toBeVisible();
});
