/**
 * /admin/insights (docs/decisions/0022): the owner's alone, for 7 or 30 days, each chart an
 * SVG with a table of the same numbers, every rating written out as well as coloured.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDatabase } from "../../workers/db/client";
import * as t from "../../workers/db/schema";
import { aggregate, writeAggregate } from "../../workers/shop/insights/aggregate";
import { bucketOf } from "../../workers/shop/insights/buckets";
import { utcDay, type InsightMessage } from "../../workers/shop/insights/counts";
import { productBySlug } from "./helpers";
import { Owner } from "./owner";

const db = createDatabase(env.DB);

beforeEach(async () => {
  await db.delete(t.insightCounts);
  await db.delete(t.insightVitals);
});

describe("/admin/insights", () => {
  it("is the signed-in owner's alone, private and noindex, and a link in the back office's navigation", async () => {
    const stranger = new Owner();
    const refused = await stranger.get("/admin/insights");
    expect(refused.status).toBe(303);
    expect(refused.location).toMatch(/\/admin\/sign-in/);
    const owner = await Owner.signedIn();
    const page = await owner.get("/admin/insights");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.text).toContain('<a href="/admin/insights" aria-current="page">Insights</a>');
    expect(page.text).toMatch(/No page views yet in these days/);
  });

  it("shows the funnel, top products, searches and p75 per route as SVG charts, with tables of the same numbers", async () => {
    const day = utcDay();
    const gold = await productBySlug("24k-gold");
    const message: InsightMessage = {
      day,
      counts: [
        ...Array(12).fill({ metric: "visit", subject: "" }),
        ...Array(6).fill({ metric: "product_view", subject: String(gold.id) }),
        ...Array(3).fill({ metric: "add_to_cart", subject: String(gold.id) }),
        { metric: "view", subject: "/checkout" },
        { metric: "order", subject: "" },
        // Seen 3 times: its text is kept (workers/shop/insights/aggregate.ts).
        ...Array(3).fill({ metric: "search_none", subject: "<script>alert(1)</script>" }),
      ],
      vitals: [
        ...Array(4).fill({ metric: "LCP", route: "/", bucket: bucketOf("LCP", 1850) }),
        ...Array(4).fill({ metric: "INP", route: "/", bucket: bucketOf("INP", 320) }),
        ...Array(4).fill({ metric: "CLS", route: "/products/:slug", bucket: bucketOf("CLS", 0.4) }),
      ],
    };
    await writeAggregate(db, aggregate([message]));
    const owner = await Owner.signedIn();
    for (const days of ["7", "30"]) {
      const page = await owner.get(`/admin/insights?days=${days}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`aria-current="page">Last ${days} days`);
      expect(page.text.match(/<svg class="chart" role="img"/g)?.length).toBe(5);
      expect(page.text).toMatch(/<title id="funnel-chart-title">From visit to order, last \d+ days<\/title>/);
      for (const [label, n] of [
        ["Visits", 12],
        ["Product views", 6],
        ["Added to cart", 3],
        ["Checkouts started", 1],
        ["Orders", 1],
      ] as const)
        expect(page.text).toMatch(new RegExp(`<td>${label}</td><td class="num">${n}</td>`));
      expect(page.text).toContain(`>${gold.name}</a></td><td class="num">6</td><td class="num">3</td>`);
      expect(page.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(page.text).not.toContain("<script>alert(1)</script>");
      expect(page.text).toMatch(/1,8\d\d ms<br\/><span class="rating good">Good<\/span>/);
      expect(page.text).toMatch(/3\d\d ms<br\/><span class="rating needs-improvement">Needs improvement<\/span>/);
      expect(page.text).toMatch(/0\.\d\d<br\/><span class="rating poor">Poor<\/span>/);
    }
  });

  it("asks for 7 or 30 days in words when given anything else", async () => {
    const owner = await Owner.signedIn();
    const page = await owner.get("/admin/insights?days=365");
    expect(page.status).toBe(400);
    expect(page.text).toContain("Insights cover the last 7 or 30 days: choose one of those.");
  });
});
