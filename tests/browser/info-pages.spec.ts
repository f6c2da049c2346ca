import { expect, test, type Page } from "./playwright";
import { openHydrated } from "./fixtures";

/** The informational pages: each answers 200 with its title and the spec's texts and constants. */
const PAGES: { path: string; title: string; texts: (string | RegExp)[] }[] = [
  {
    path: "/employee-benefits",
    title: "Employee Benefits | Raw Dogg",
    texts: ["401(k) match up to", "6%", "$5,250", "the first day", "Benefits Overview", "Onboarding Process", "Content Creator Payouts"],
  },
  {
    path: "/employee-benefits?tab=payouts",
    title: "Employee Benefits | Raw Dogg",
    texts: ["Base Compensation", "Revenue Sharing", "Benefits Access", "Growth", "Bi-weekly", "Net-15", "Monthly", "Quarterly"],
  },
  {
    path: "/staff-portal",
    title: "Staff Portal | Raw Dogg",
    texts: ["Announcements", "Quick Links", "Upcoming Events", "April 17, 2025", "May 15, 2025", "hr@rawdogg.com"],
  },
  {
    path: "/staff-portal?tab=training",
    title: "Staff Portal | Raw Dogg",
    texts: ["Upcoming Sessions", "April 22, 2025", "10 modules", "6 modules", "4 modules", "8 modules"],
  },
  {
    path: "/community",
    title: "Community | Raw Dogg",
    texts: ["Featured Members", "Join The Community", "Discussion Board", "Load More Topics", "Start New Topic", "Login To Rate", "May 14, 2025"],
  },
  {
    path: "/community?board=activity",
    title: "Community | Raw Dogg",
    texts: ["No Activity Yet", "Sign Up Now"],
  },
  {
    path: "/entertainment",
    title: "Entertainment | Raw Dogg",
    texts: ["Raw Dogg: The Animated Short", "Welcome to the Pound", "Drops April 17, 2025", "$9.99", "Preview June 1, 2025", "Raw Dogg: The Series"],
  },
  {
    path: "/login",
    title: "Login | Raw Dogg",
    texts: ["No account needed", "Your cart stays with this browser", "Affiliate Program", "Wholesale Vendors"],
  },
  {
    path: "/about",
    title: "About | Raw Dogg",
    texts: ["Our Values", "electronically tested", "99.9% effective", "Where to get tested"],
  },
  {
    path: "/contact",
    title: "Contact | Raw Dogg",
    texts: ["support@rawdogg.com", "Monday to Friday", "demo orders"],
  },
  {
    path: "/faq",
    title: "FAQ | Raw Dogg",
    texts: ["How much is shipping?", "Will my card be charged?", "How does the affiliate programme pay?"],
  },
  {
    path: "/shipping",
    title: "Shipping | Raw Dogg",
    texts: ["Shipping is always free.", "Discreet packaging", "3-5 business days"],
  },
  {
    path: "/returns",
    title: "Returns | Raw Dogg",
    texts: ["within 30 days", "Refunds"],
  },
  {
    path: "/privacy",
    title: "Privacy | Raw Dogg",
    texts: [
      "rd_session",
      "HttpOnly",
      "one year",
      "Newsletter emails:",
      "Emails we send you:",
      "Demo orders:",
      "Card numbers are never sent to our server or stored.",
    ],
  },
  {
    path: "/terms",
    title: "Terms | Raw Dogg",
    texts: ["The demo checkout", "Prices and orders"],
  },
  {
    path: "/accessibility",
    title: "Accessibility | Raw Dogg",
    texts: ["WCAG 2.2", "Tell us"],
  },
];

// Server-rendered content needs no scripts: checking it with JavaScript off keeps these fast,
// and proves every panel and page is reachable without JavaScript.
test.describe("server-rendered, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, title, texts } of PAGES) {
    test(`${path} answers 200 with its title and key texts`, async ({ page }) => {
      const response = await page.goto(path, { waitUntil: "domcontentloaded" });
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      const main = page.getByRole("main");
      for (const text of texts) await expect(main.getByText(text).filter({ visible: true }).first()).toBeVisible();
    });
  }

  test("the single's buy link leads to its product page, and the tracks link out", async ({ page }) => {
    await page.goto("/entertainment", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("link", { name: /Buy the Single/ })).toHaveAttribute("href", "/products/welcome-to-the-pound");
    await expect(page.getByRole("link", { name: /^(Stream Now|Pre-Save):/ })).toHaveCount(3);
  });

  test("community members show city, verified badge and a rating out of 5; sign-in features lead to /login", async ({ page }) => {
    await page.goto("/community", { waitUntil: "domcontentloaded" });
    const members = page.getByRole("region", { name: "Featured Members" }).getByRole("listitem");
    await expect(members).toHaveCount(6);
    await expect(members.first()).toContainText("Atlanta, GA");
    await expect(members.first()).toContainText("Verified");
    await expect(members.first().getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Rated 4 out of 5" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Login To Rate" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "Start New Topic" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("button", { name: "Create Profile" })).toHaveAccessibleDescription(/need a sign-in/);
  });

  test("staff portal buttons without an action say so to assistive technology", async ({ page }) => {
    await page.goto("/staff-portal", { waitUntil: "domcontentloaded" });
    await expect(page.locator("#staff-network-note")).toContainText("Available on the staff network");
    const quickLink = page.getByRole("button", { name: "Request Time Off" });
    await expect(quickLink).toHaveAttribute("type", "button");
    await expect(quickLink).toHaveAccessibleDescription(/Available on the staff network/);
    await expect(page.getByRole("link", { name: "View Employee Benefits" })).toHaveAttribute("href", "/employee-benefits");
  });

  test("tabs are links and every accordion panel shows", async ({ page }) => {
    await page.goto("/employee-benefits", { waitUntil: "domcontentloaded" });
    await expect(page.getByText("Up to $5,250 a year in tuition reimbursement")).toBeVisible();
    await expect(page.getByText("16 weeks of fully paid parental leave")).toBeVisible();
    await page.getByRole("tab", { name: "Onboarding Process" }).click();
    await expect(page).toHaveURL(/\?tab=onboarding#benefits-tabs$/);
    await expect(page.getByRole("heading", { name: "Ongoing Support" })).toBeVisible();
  });

  test("community search and Load More Topics work as plain links", async ({ page }) => {
    await page.goto("/community", { waitUntil: "domcontentloaded" });
    const topics = page.getByRole("tabpanel", { name: "Recent" }).getByTestId("topic");
    await page.getByRole("link", { name: "Load More Topics" }).first().click();
    await expect(topics).toHaveCount(12);
    await page.getByRole("searchbox", { name: "Search the discussions" }).fill("fashion");
    await page.getByRole("searchbox", { name: "Search the discussions" }).press("Enter");
    await expect(page).toHaveURL(/\?q=fashion/);
    await expect(topics).toHaveCount(2);
  });
});

test("the privacy page names every cookie the shop sets on a visitor who uses the cart and reacts", async ({ page, context }) => {
  const product = await (await page.request.get("/api/products/plain-jane")).json();
  expect((await page.request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
  expect((await page.request.post(`/api/products/${product.id}/reactions`, { data: { emoji: "🔥" } })).ok()).toBe(true);
  const names = [...new Set((await context.cookies()).map(({ name }) => name.replace(/^__(Host|Secure)-/, "")))];
  expect(names).toEqual(expect.arrayContaining(["rd_session", "rd_cart", "rd_reacted"]));
  await page.goto("/privacy");
  const listed = page.getByRole("region", { name: "The visitor cookies" }).getByRole("listitem");
  for (const name of names) await expect(listed.filter({ hasText: name }), name).toHaveCount(1);
});

test("the animated short's dialog says video content is available upon launch", async ({ page }) => {
  await openHydrated(page, "/entertainment");
  await page.getByRole("button", { name: "Watch Teaser" }).click();
  const dialog = page.getByRole("dialog", {
    name: "Raw Dogg: The Animated Short",
  });
  await expect(dialog.getByText("Video content is available upon launch.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

/** Focuses the selected tab, then checks Left/Right (wrapping) and Home/End move the selection. */
async function checkTabKeyboard(page: Page, names: string[]) {
  const tab = (name: string) => page.getByRole("tab", { name, exact: true });
  const expectSelected = async (name: string) => {
    await expect(tab(name)).toHaveAttribute("aria-selected", "true");
    await expect(tab(name)).toBeFocused();
  };
  const first = names[0]!;
  const second = names[1]!;
  const last = names[names.length - 1]!;
  await tab(first).focus();
  await page.keyboard.press("ArrowRight");
  await expectSelected(second);
  // Roving tabindex: only the selected tab is in the Tab order, and its panel shows.
  await expect(tab(second)).toHaveAttribute("tabindex", "0");
  await expect(tab(first)).toHaveAttribute("tabindex", "-1");
  await expect(tab(first)).toHaveAttribute("aria-selected", "false");
  await expect(page.getByRole("tabpanel", { name: second, exact: true })).toBeVisible();
  await expect(page.getByRole("tabpanel", { name: first, exact: true })).toBeHidden();
  await page.keyboard.press("ArrowLeft");
  await expectSelected(first);
  await page.keyboard.press("ArrowLeft");
  await expectSelected(last);
  await page.keyboard.press("Home");
  await expectSelected(first);
  await page.keyboard.press("End");
  await expectSelected(last);
  await page.keyboard.press("ArrowRight");
  await expectSelected(first);
}

test("benefits tabs: arrow keys move the selection, Home/End jump, the URL keeps the tab", async ({ page }) => {
  await openHydrated(page, "/employee-benefits");
  await checkTabKeyboard(page, ["Benefits Overview", "Onboarding Process", "Content Creator Payouts"]);
  await page.getByRole("tab", { name: "Onboarding Process" }).click();
  await expect(page).toHaveURL(/\?tab=onboarding$/);
  await expect(page.getByRole("heading", { name: "Pre-Arrival" })).toBeVisible();
});

test("staff portal tabs: six tabs, operable by keyboard", async ({ page }) => {
  await openHydrated(page, "/staff-portal");
  await expect(page.getByRole("tab")).toHaveCount(6);
  await checkTabKeyboard(page, ["Dashboard", "Resources", "HR & Benefits", "Tools", "Training", "Support"]);
});

test("the benefits accordion is single-open and collapsible", async ({ page }) => {
  await openHydrated(page, "/employee-benefits");
  const health = page.getByRole("button", { name: "Health" });
  const retirement = page.getByRole("button", { name: "Retirement" });
  await expect(health).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("button", { expanded: true })).toHaveCount(1);

  await retirement.click();
  await expect(retirement).toHaveAttribute("aria-expanded", "true");
  await expect(health).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("region", { name: "Retirement" })).toContainText("up to 6% of your salary");
  await expect(page.getByRole("region", { name: "Health" })).toBeHidden();

  await page.getByRole("button", { name: "Education" }).click();
  await expect(page.getByRole("region", { name: "Education" })).toContainText("$5,250 a year");
  await expect(page.getByRole("button", { expanded: true })).toHaveCount(1);

  await page.getByRole("button", { name: "Education" }).click();
  await expect(page.getByRole("button", { expanded: true })).toHaveCount(0);

  // Up/Down move between the headers; Enter opens.
  await health.focus();
  await page.keyboard.press("ArrowDown");
  await expect(retirement).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(retirement).toHaveAttribute("aria-expanded", "true");
});

test("community search filters the sample topics locally, with no request to the server", async ({ page }) => {
  await openHydrated(page, "/community");
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  const topics = page.getByRole("tabpanel", { name: "Recent" }).getByTestId("topic");
  const search = page.getByRole("searchbox", {
    name: "Search the discussions",
  });
  await expect(topics).toHaveCount(6);

  await search.fill("solana");
  await expect(topics).toHaveCount(1);
  await expect(topics.first()).toContainText("RAW on Solana");
  await search.fill("fashion");
  await expect(topics).toHaveCount(2);
  await search.fill("Kayla");
  await expect(topics).toHaveCount(2);
  await expect(page.getByRole("status")).toHaveText('2 topics matching "Kayla"');
  await search.press("Enter");
  await search.fill("zzz-nothing");
  await expect(page.getByText('No topics match "zzz-nothing"').first()).toBeVisible();
  await search.fill("");
  await expect(topics).toHaveCount(6);

  // The insights' beacon (app/beacon/beacon.ts) may post the page's vitals meanwhile, on its own timer: not the search's.
  const fromSearch = requests.filter((url) => {
    const { pathname } = new URL(url);
    return (pathname.startsWith("/api") && pathname !== "/api/events") || url.includes(".data");
  });
  expect(fromSearch).toEqual([]);
});

test("'Load More Topics' reveals the rest of the sample topics and moves focus to them", async ({ page }) => {
  await openHydrated(page, "/community");
  const topics = page.getByRole("tabpanel", { name: "Recent" }).getByTestId("topic");
  await expect(topics).toHaveCount(6);
  await page.getByRole("tabpanel", { name: "Recent" }).getByRole("link", { name: "Load More Topics" }).click();
  await expect(topics).toHaveCount(12);
  await expect(topics.nth(6)).toBeFocused();
  await expect(page.getByRole("link", { name: "Load More Topics" })).toHaveCount(0);
  for (const category of ["Product Review", "Events", "Relationships", "Introductions", "Cryptocurrency", "Fashion"]) {
    await expect(topics.filter({ hasText: category }).first()).toBeVisible();
  }
});

test("'No Activity Yet' offers Sign Up Now, which leads to /login", async ({ page }) => {
  await openHydrated(page, "/community");
  await page.getByRole("tab", { name: "My Activity" }).click();
  await expect(page.getByRole("heading", { name: "No Activity Yet" })).toBeVisible();
  await page.getByRole("link", { name: "Sign Up Now" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "No account needed" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /Affiliate Program/ })).toHaveAttribute("href", "/affiliate");
});

test("/about#safety scrolls the safety section into view", async ({ page }) => {
  await openHydrated(page, "/about#safety");
  await expect(page.getByRole("heading", { name: "Safety", exact: true })).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Our Story", exact: true })).not.toBeInViewport();
});

test("the six HR & Benefits cards go to /employee-benefits", async ({ page }) => {
  await openHydrated(page, "/staff-portal?tab=hr-benefits");
  const cards = page.locator("[data-hr-card]");
  await expect(cards).toHaveCount(6);
  for (const href of await cards.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))) {
    expect(new URL(href).pathname).toBe("/employee-benefits");
  }
  await cards.first().click();
  await expect(page).toHaveURL(/\/employee-benefits$/);
  await expect(page.getByRole("heading", { level: 1, name: "Employee Benefits" })).toBeVisible();
});

test("no internal link leads to a 404 (crawl from /)", async ({ request }) => {
  test.setTimeout(90_000);
  const MAX_PAGES = 80;
  const ANCHOR_HREF = /<a\b[^>]*?\shref="(\/[^"]*)"/g;
  const seen = new Set<string>(["/"]);
  let frontier = ["/"];
  const broken: string[] = [];
  let visited = 0;

  while (frontier.length > 0 && visited < MAX_PAGES) {
    const batch = frontier.slice(0, MAX_PAGES - visited);
    frontier = [];
    visited += batch.length;
    const pages = await Promise.all(
      batch.map(async (url) => {
        const response = await request.get(url, { maxRedirects: 5 });
        if (response.status() === 404) broken.push(url);
        const isHtml = (response.headers()["content-type"] ?? "").includes("text/html");
        return isHtml ? await response.text() : "";
      }),
    );
    for (const html of pages) {
      for (const [, rawHref] of html.matchAll(ANCHOR_HREF)) {
        const href = rawHref!.replaceAll("&amp;", "&");
        if (href.startsWith("//")) continue;
        const url = new URL(href, "http://shop.test");
        // One visit per path: query strings and anchors don't make a new page.
        if (seen.has(url.pathname)) continue;
        seen.add(url.pathname);
        frontier.push(url.pathname + url.search);
      }
    }
  }

  expect(visited).toBeGreaterThan(20);
  expect(broken).toEqual([]);
});
