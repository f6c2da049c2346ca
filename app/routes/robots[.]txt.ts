/**
 * /robots.txt: crawl everything but one visitor's own pages (cart, checkout) and the JSON
 * API, and find the pages in the sitemap.
 */
import { absoluteUrl } from "~/lib/seo";
import type { Route } from "./+types/robots[.]txt";

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const text = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
