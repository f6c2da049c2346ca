import { NOT_FOUND_PAGE, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

/** Throws to the root's error boundary, whose meta describes the 404 screen the same way. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

/** A form sent to no page is the same 404, not React Router's 405 for a route without an action. */
export function action() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, NOT_FOUND_PAGE);

export default function NotFound() {
  return null;
}
