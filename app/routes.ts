import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { NOT_FOUND_PAGE_FILE, SITE_PAGES } from "./shared/site-pages";

/** The route table of spec section 2 and the pages it links to, from the one table of pages. */
export default [
  ...SITE_PAGES.map((page) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file))),
  route("*", NOT_FOUND_PAGE_FILE),
] satisfies RouteConfig;
