/**
 * Static files are served by the assets server, not the Worker (public/_headers): every one
 * carries the same security baseline as the Worker's own answers (README, "What the shop promises about security"), and a
 * built file named by its content's hash may be kept for a year.
 */
import { expect, test } from "./playwright";

const BASELINE = [
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "content-security-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
];

test.describe("static files", () => {
  test("every static file carries the Worker's security baseline (HSTS, nosniff, no framing...)", async ({ request, page }) => {
    const fromWorker = await request.get("/api/products");
    await page.goto("/");
    const built = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>("link[href^='/assets/']")].map((link) => link.getAttribute("href")!),
    );
    const files = ["/favicon.svg", "/images/logo.svg", "/fonts/anton-latin-400.woff2", "/videos/animated-short.jpg", ...built.slice(0, 2)];
    for (const file of files) {
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      for (const name of BASELINE) expect(response.headers()[name], `${file} ${name}`).toBe(fromWorker.headers()[name]);
    }
  });

  test("built files, named by the hash of their content, may be kept for a year", async ({ request, page }) => {
    await page.goto("/");
    const built = await page.locator("link[rel=modulepreload]").first().getAttribute("href");
    expect(built).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
    expect((await request.get(built!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

test.describe("stylesheets", () => {
  test("a page's stylesheets arrive inside it, with its nonce: its first paint waits on no other request", async ({ page }) => {
    for (const path of ["/", "/products", "/products/24k-gold", "/cart", "/checkout", "/privacy"]) {
      const response = await page.goto(path);
      const nonce = /'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"] ?? "")?.[1];
      const head = await page.evaluate(() => ({
        // The print-only links are held (data-rel) until hydration starts, and for good on a page without JavaScript.
        links: [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet], link[data-rel=stylesheet]")].map((l) => ({
          href: l.getAttribute("href")!,
          media: l.media,
        })),
        styles: [...document.querySelectorAll<HTMLStyleElement>("style[data-href]")].map((s) => ({
          href: s.dataset.href!,
          nonce: s.nonce,
          size: s.textContent!.length,
        })),
      }));
      expect(head.links.length, path).toBeGreaterThan(0);
      for (const link of head.links.filter((l) => l.href.startsWith("/assets/"))) {
        // Links the page was served with wait on nothing: each one's CSS is inline above it.
        if (link.media !== "print") continue;
        const inline = head.styles.find((s) => s.href === link.href.split("#")[0]);
        expect(inline, `${path}: ${link.href} inline`).toBeDefined();
        expect(inline!.nonce, path).toBe(nonce);
        expect(inline!.size).toBeGreaterThan(100);
      }
      expect(head.links.filter((l) => l.href.startsWith("/assets/") && l.media === "print").length, path).toBeGreaterThan(0);
    }
  });
});
