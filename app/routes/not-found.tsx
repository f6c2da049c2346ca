import { pageTitle } from "~/lib/constants";
import type { Route } from "./+types/not-found";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Page Not Found") }];

export default function NotFound() {
  return null;
}
