import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { useBeacon } from "./beacon/use-beacon";
import { CartProvider } from "./components/cart/cart-context";
import { useCaptionsOnPlay } from "./components/ui/captions";
import { Footer } from "./components/layout/Footer";
import { Header } from "./components/layout/Header";
import { Toaster } from "./components/toast";
import { getShop } from "./context.server";
import { BRAND_NAME } from "./shared/constants";
import { useNonce } from "./lib/nonce";
import { NOT_FOUND_PAGE, seoMeta } from "./lib/seo";
import { pageHydrates } from "./shared/site-pages";
import { SPECULATION_RULES } from "./speculation-rules.server";
import { DOCUMENT_CSS } from "./styles/document-css.server";
import { DISPLAY_FONT_URL } from "./styles/display-font";
import { button, container, displayHeading, errorHeading, muted, pageMain } from "./styles/ui.css";

/**
 * The visitor's cart count, so the header badge is right before (and without) JavaScript,
 * and the site's origin for the pages' absolute URLs (canonical, Open Graph, JSON-LD). The
 * document's own stylesheet and speculation rules come with it, so no script carries their
 * text (the home page's JavaScript budget, tests/browser/first-visit.spec.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    cartCount: await getShop(context).cart.cartItemCount(),
    origin: new URL(request.url).origin,
    head: { css: DOCUMENT_CSS, speculationRules: SPECULATION_RULES },
  };
}

/** The root loader runs again only after a form submission; the cart state lives in the browser. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? defaultShouldRevalidate : false);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // A page whose every part works without JavaScript ships none (app/shared/site-pages.ts).
  const leaf = useMatches().at(-1);
  const scripts = leaf === undefined || pageHydrates(leaf.id);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b0f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="preload" href={DISPLAY_FONT_URL} as="font" type="font/woff2" crossOrigin="anonymous" />
        {data && <style nonce={nonce} dangerouslySetInnerHTML={{ __html: data.head.css }} />}
        <Meta />
        <Links />
      </head>
      <body>
        <CartProvider>
          <Header serverCartCount={data?.cartCount ?? 0} />
          {children}
          <Footer />
          <Toaster />
        </CartProvider>
        {scripts && <ScrollRestoration nonce={nonce} />}
        {scripts && <Scripts nonce={nonce} />}
        {/* Only where links are document navigations: a page that hydrates opens the next one itself (app/speculation-rules.server.ts). */}
        {!scripts && data && <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: data.head.speculationRules }} />}
      </body>
    </html>
  );
}

/**
 * Marks the document once React has hydrated, so browser tests click only live controls
 * (and lazy sections know later mounts are client navigations; they go live on their own).
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  useHydratedMarker();
  useBeacon();
  useCaptionsOnPlay();
  return <Outlet />;
}

/** Only error screens use the root's meta: every route describes itself. */
export function meta(args: Route.MetaArgs) {
  const { error } = args;
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) return seoMeta(args, NOT_FOUND_PAGE);
  return seoMeta(args, {
    title: "Something Went Wrong",
    description: `${BRAND_NAME} couldn't show this page. Please try again in a moment.`,
    noindex: true,
    canonical: false,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMarker();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className={`${container} ${pageMain}`}>
      <h1 className={`${displayHeading} ${errorHeading}`}>{notFound ? "404 Page Not Found" : "Something went wrong"}</h1>
      <p className={muted}>{notFound ? "Did you forget to add the page to the router?" : "We couldn't show this page. Please try again in a moment."}</p>
      <Link prefetch="intent" to="/" className={button.primary}>
        Back to the shop
      </Link>
    </main>
  );
}
