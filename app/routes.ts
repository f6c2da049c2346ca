import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table of spec section 2, plus the pages it links to. */
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:slug", "routes/product.tsx"),
  route("apparel", "routes/apparel.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("affiliate", "routes/affiliate.tsx"),
  route("creators", "routes/creators.tsx"),
  route("vendor-application", "routes/vendor-application.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("employee-benefits", "routes/employee-benefits.tsx"),
  route("staff-portal", "routes/staff-portal.tsx"),
  route("community", "routes/community.tsx"),
  route("entertainment", "routes/entertainment.tsx"),
  route("login", "routes/login.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("faq", "routes/faq.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("returns", "routes/returns.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
