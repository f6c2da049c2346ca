/**
 * /robots.txt: crawl everything but the JSON API, and find the pages in the sitemap. The
 * cart and checkout may be crawled (Lighthouse's SEO 100 is asked of them, decision 0009): a crawler
 * carries no cookie, so it only ever sees them empty. They stay out of the sitemap.
 */
import { absoluteUrl } from "~/lib/seo";
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
  ].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
