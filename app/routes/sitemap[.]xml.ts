/**
 * /sitemap.xml: every public page of the route table and every product, as absolute URLs
 * on the request's origin. The cart, checkout, the newsletter action and the 404 are left
 * out: they are one visitor's own or not pages at all.
 */
import { getShop } from "~/context.server";
import { absoluteUrl } from "~/lib/seo";
import type { Route } from "./+types/sitemap[.]xml";
import { PUBLIC_PAGES } from "~/shared/site-pages";
import { escapeXml } from "~/shared/xml";

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const products = await getShop(context).catalog.listProducts();
  const paths = [...PUBLIC_PAGES, ...products.map((p) => `/products/${encodeURIComponent(p.slug)}`)];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(absoluteUrl(origin, path))}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
