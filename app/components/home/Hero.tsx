/** The first screen: the tagline, the two shop doors and three quick links. */
import { Link } from "react-router";
import { button, container } from "~/styles/ui.css";
import * as css from "./hero.css";

const QUICK_LINKS = [
  { to: "/products/24k-gold", label: "24k Gold Magnum", note: "Go big" },
  { to: "/community", label: "Community Forum", note: "Join the pound" },
  { to: "/affiliate", label: "Affiliate Program", note: "Earn up to 25%" },
];

export function Hero() {
  return (
    <section className={css.hero} aria-labelledby="hero-heading">
      {/* Fixed intrinsic size and a fixed-height box: the art never shifts the layout. The page's
          largest paint at 390 px: fetched first and drawn with the first screen, not decoded
          apart (docs/decisions/0030-hydration-after-the-largest-paint.md). */}
      <img className={css.art} src="/images/promo/hero.svg" alt="" width={1600} height={900} fetchPriority="high" />
      <div className={css.scrim} />
      <div className={`${container} ${css.content}`}>
        <p className={css.kicker}>Premium condoms · Lifestyle apparel</p>
        <h1 id="hero-heading" className={css.headline}>
          UNLEASH THE <span className={css.accentWord}>DOGG</span> IN YOU
        </h1>
        <p className={css.lede}>Protection with attitude. Ultra-thin, flavoured and magnum-size condoms, plus the gear to wear out.</p>
        <div className={css.ctas}>
          <Link to="/products" className={button.primary} prefetch="intent">
            Shop Condoms
          </Link>
          <Link to="/apparel" className={button.secondary} prefetch="intent">
            Shop Apparel
          </Link>
        </div>
        <nav aria-label="Quick links" className={css.quickNav}>
          <ul className={css.quickList}>
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={css.quickLink} prefetch="intent">
                  <span className={css.quickNote}>{link.note}</span>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
