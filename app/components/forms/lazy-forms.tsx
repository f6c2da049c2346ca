/**
 * The programme pages' application forms, each behind `lazySection`: every form sits well
 * below its page's first screen, and Conform with the valibot schema is most of the page's
 * JavaScript. The server renders the form in full (it posts to the route's action without
 * JavaScript, before its code has loaded too); the browser loads it as the visitor nears it.
 * Its styles (forms.css) come with the page.
 */
import "./forms.css";
import { lazySection } from "~/components/ui/LazySection";

export const AffiliateApplicationForm = lazySection("affiliate-form", () => import("./AffiliateApplicationForm").then((m) => m.AffiliateApplicationForm));

export const CreatorApplicationForm = lazySection("creator-form", () => import("./CreatorApplicationForm").then((m) => m.CreatorApplicationForm));

export const VendorApplicationForm = lazySection("vendor-form", () => import("./VendorApplicationForm").then((m) => m.VendorApplicationForm));
