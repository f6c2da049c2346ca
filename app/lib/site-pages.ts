/**
 * The shop's public pages: the route table's screens without the visitor's own (cart,
 * checkout) and without parameters (one product stands for many). The sitemap lists them;
 * the browser tests (console, SEO, accessibility) visit them; the SEO test checks the list
 * against app/routes.ts.
 */
export const PUBLIC_PAGES = [
  "/",
  "/products",
  "/apparel",
  "/affiliate",
  "/creators",
  "/vendor-application",
  "/employee-benefits",
  "/staff-portal",
  "/community",
  "/entertainment",
  "/login",
  "/about",
  "/contact",
  "/faq",
  "/shipping",
  "/returns",
  "/privacy",
  "/terms",
  "/accessibility",
];
