/**
 * /robots.txt: crawl everything but the JSON API, and find the pages in the sitemap. The
 * cart and checkout may be crawled (Lighthouse's SEO 100 is asked of them, decision 0009): a crawler
 * carries no cookie, so it only ever sees them empty. They stay out of the sitemap.
 * The Merchant Center feed is named in a comment: robots.txt has no field for a product feed,
 * and its Sitemap lines are for sitemaps only.
 */
import { absoluteUrl } from "~/lib/seo";
import { MERCHANT_FEED_PATH } from "~/shared/feeds";
import type { Route } from "./+types/robots[.]txt";

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const text = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
    `# Google Merchant Center product feed: ${absoluteUrl(origin, MERCHANT_FEED_PATH)}`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
