/** 'TOP SELLING PROTECTION': the Plain Jane and Fantasia banners, the featured grid, a way to all products. */
import { Link } from "react-router";
import { NoProducts, ProductGrid } from "~/components/product/ProductCard";
import type { CardProduct } from "~/lib/product-display";
import { button } from "~/styles/ui.css";
import { DialogButton } from "./DialogButton";
import * as home from "./home.css";
import { HomeSection } from "./HomeSection";
import * as css from "./featured.css";

type PromoBanner = {
  name: string;
  slug: string;
  art: string;
  badge: string;
  tagline: string;
  pitch: string;
};

const PROMO_BANNERS: PromoBanner[] = [
  {
    name: "Plain Jane",
    slug: "plain-jane",
    art: "/images/promo/plain-jane.svg",
    badge: "Bestseller",
    tagline: "The classic, perfected.",
    pitch:
      "Our bestseller for a reason: a natural-feel, lubricated latex condom that does the job without the drama. Reliable, comfortable and always in the nightstand.",
  },
  {
    name: "Fantasia",
    slug: "fantasia",
    art: "/images/promo/fantasia.svg",
    badge: "Ultra-thin",
    tagline: "Feel everything. Fear nothing.",
    pitch:
      "Our thinnest latex yet, with the strength you expect from Raw Dogg. Made for closeness, tested for confidence, and wrapped in a foil worth showing off.",
  },
];

export function FeaturedSection({ products }: { products: CardProduct[] }) {
  return (
    <HomeSection name="featured" eyebrow="The bestsellers" title="TOP SELLING PROTECTION" more={{ to: "/products", label: "VIEW ALL PRODUCTS", look: "gold" }}>
      <div className={css.banners}>
        {PROMO_BANNERS.map((banner) => (
          <article key={banner.slug} className={css.banner} aria-labelledby={`promo-${banner.slug}`}>
            <img className={css.bannerArt} src={banner.art} alt="" width={1200} height={600} loading="lazy" decoding="async" />
            <div className={css.bannerBody}>
              <div className={css.bannerText}>
                <div className={css.bannerTitleRow}>
                  <h3 id={`promo-${banner.slug}`} className={css.bannerTitle}>
                    {banner.name}
                  </h3>
                  <span className={home.chip}>{banner.badge}</span>
                </div>
                <p className={css.bannerTagline}>{banner.tagline}</p>
              </div>
              <DialogButton
                id={`promo-dialog-${banner.slug}`}
                label="Learn More"
                ariaLabel={`Learn More about ${banner.name}`}
                title={banner.name}
                variant="secondary"
              >
                <img className={home.dialogImage} src={banner.art} alt="" width={1200} height={600} loading="lazy" decoding="async" />
                <p className={home.dialogText}>{banner.pitch}</p>
                <div className={home.actions}>
                  <Link to={`/products/${banner.slug}`} className={button.primary} prefetch="intent">
                    Shop {banner.name}
                  </Link>
                </div>
              </DialogButton>
            </div>
          </article>
        ))}
      </div>

      {products.length > 0 ? <ProductGrid products={products} /> : <NoProducts />}
    </HomeSection>
  );
}
