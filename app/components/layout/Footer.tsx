import { Link } from "react-router";
import { BRAND_NAME, TAGLINE } from "~/shared/constants";
import { SOCIAL_LINKS } from "~/lib/social";
import { container, muted } from "~/styles/ui.css";
import { ProductPageSkeleton } from "../catalog/ProductDetailSkeleton";
import { SocialIcon } from "../icons";
import * as css from "./layout.css";

/** The footer's link columns, each a map from path to label, in the order shown. */
const COLUMNS: { title: string; links: Record<string, string> }[] = [
  { title: "Shop", links: { "/products": "Premium Condoms", "/apparel": "Apparel & Lifestyle", "/products/24k-gold": "24k Gold", "/cart": "Your Cart" } },
  {
    title: "About",
    links: {
      "/about": "Our Story",
      "/about#values": "Our Values",
      "/about#safety": "Safety",
      "/entertainment": "Entertainment",
      "/community": "Community",
      "/employee-benefits": "Careers & Benefits",
    },
  },
  {
    title: "Customer Service",
    links: {
      "/contact": "Contact Us",
      "/faq": "FAQ",
      "/shipping": "Shipping",
      "/returns": "Returns",
      "/affiliate": "Affiliate Program",
      "/vendor-application": "Wholesale",
    },
  },
];

const LEGAL = { "/privacy": "Privacy Policy", "/terms": "Terms of Service", "/accessibility": "Accessibility" };

/** The links of one group, each to its page. */
const footerLinks = (links: Record<string, string>) =>
  Object.entries(links).map(([to, label]) => (
    <Link key={to} prefetch="intent" className={css.footerLink} to={to}>
      {label}
    </Link>
  ));

/**
 * The footer, and before it the product page's skeleton while one loads: every page has the
 * footer, right after the page itself, whichever page the visitor is leaving.
 */
export function Footer() {
  return (
    <>
      <ProductPageSkeleton />
      <SiteFooter />
    </>
  );
}

function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={css.footer}>
      <div className={container}>
        <div className={css.footerGrid}>
          <div>
            <img src="/images/logo.svg" alt={BRAND_NAME} width={150} height={38} loading="lazy" />
            <p className={muted}>{TAGLINE}. Premium protection and lifestyle apparel, shipped free and discreetly.</p>
            <ul className={css.socialList} aria-label="Follow us">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.name}>
                  <a
                    className={css.socialLink}
                    href={social.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={`${social.name} ${social.handle} (opens in a new tab)`}
                  >
                    <SocialIcon name={social.icon} /> {social.name} <span>{social.handle}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className={css.footerHeading}>{column.title}</h2>
              <ul className={css.footerList}>
                {footerLinks(column.links).map((link) => (
                  <li key={link.key}>{link}</li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={css.legal}>
          <p>
            © {year} {BRAND_NAME}. All rights reserved.
          </p>
          <nav aria-label="Legal" className={css.legalLinks}>
            {footerLinks(LEGAL)}
          </nav>
        </div>
      </div>
    </footer>
  );
}
