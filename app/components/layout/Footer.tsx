import { Link } from "react-router";
import { BRAND_NAME, TAGLINE } from "~/lib/constants";
import { SOCIAL_LINKS } from "~/lib/social";
import { container, muted } from "~/styles/ui.css";
import { SocialIcon } from "../icons";
import * as css from "./layout.css";

const COLUMNS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: "Shop",
    links: [
      { to: "/products", label: "Premium Condoms" },
      { to: "/apparel", label: "Apparel & Lifestyle" },
      { to: "/products/24k-gold", label: "24k Gold" },
      { to: "/cart", label: "Your Cart" },
    ],
  },
  {
    title: "About",
    links: [
      { to: "/about", label: "Our Story" },
      { to: "/about#values", label: "Our Values" },
      { to: "/about#safety", label: "Safety" },
      { to: "/entertainment", label: "Entertainment" },
      { to: "/community", label: "Community" },
      { to: "/employee-benefits", label: "Careers & Benefits" },
    ],
  },
  {
    title: "Customer Service",
    links: [
      { to: "/contact", label: "Contact Us" },
      { to: "/faq", label: "FAQ" },
      { to: "/shipping", label: "Shipping" },
      { to: "/returns", label: "Returns" },
      { to: "/affiliate", label: "Affiliate Program" },
      { to: "/vendor-application", label: "Wholesale" },
    ],
  },
];

export function Footer() {
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
                  <a className={css.socialLink} href={social.url} rel="noopener noreferrer" target="_blank" aria-label={`${social.name} ${social.handle} (opens in a new tab)`}>
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
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link prefetch="intent" className={css.footerLink} to={link.to}>
                      {link.label}
                    </Link>
                  </li>
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
            <Link prefetch="intent" className={css.footerLink} to="/privacy">
              Privacy Policy
            </Link>
            <Link prefetch="intent" className={css.footerLink} to="/terms">
              Terms of Service
            </Link>
            <Link prefetch="intent" className={css.footerLink} to="/accessibility">
              Accessibility
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
