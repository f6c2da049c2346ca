/**
 * The home page's sections below the fold (the hero fills the first screen at every width),
 * each behind `lazySection`: the server renders them in full, the browser loads their code
 * only as the visitor scrolls near them. Their styles are imported here, so they come with
 * the page and the server's HTML is styled (tests/ops/budget.test.mjs checks none is left out).
 */
import "~/components/forms/forms.css";
import "~/components/product/product.css";
import "~/components/ui/dialog.css";
import "./apparel.css";
import "./apparel-promos.css";
import "./coin.css";
import "./commercials.css";
import "./entertainment.css";
import "./featured.css";
import "./home.css";
import "./social.css";
import "./spotlight.css";
import { lazySection } from "~/components/ui/LazySection";

export const CommercialsCarousel = lazySection("commercials", () => import("./CommercialsCarousel").then((m) => m.CommercialsCarousel));

export const FeaturedSection = lazySection("featured", () => import("./FeaturedSection").then((m) => m.FeaturedSection));

export const GoldSpotlight = lazySection("spotlight", () => import("./GoldSpotlight").then((m) => m.GoldSpotlight));

export const ApparelSection = lazySection("apparel", () => import("./ApparelSection").then((m) => m.ApparelSection));

export const EntertainmentSection = lazySection("entertainment", () => import("./EntertainmentSection").then((m) => m.EntertainmentSection));

export const CoinSection = lazySection("coin", () => import("./CoinSection").then((m) => m.CoinSection));

export const SocialSection = lazySection("social", () => import("./SocialSection").then((m) => m.SocialSection));

export const NewsletterSignup = lazySection("newsletter", () => import("~/components/forms/NewsletterSignup").then((m) => m.NewsletterSignup));
