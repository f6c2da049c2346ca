/**
 * The sticky header on every page (spec section 2): logo, the Shop and Partners groups,
 * Community, Staff, Login, the cart with its badge, and the product search. Groups and the
 * mobile menu are <details> elements, so they open without JavaScript; with it, they close
 * on navigation and on search.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { BRAND_NAME } from "~/shared/constants";
import { container as containerClass, iconButton, visuallyHidden } from "~/styles/ui.css";
import { itemCount, useCart } from "../cart/cart-context";
import { Tooltip } from "../ui/Tooltip";
import { CartIcon, ChevronDownIcon, MenuIcon, SearchIcon } from "../icons";
import { CART_COUNT_ATTRIBUTE, cartBadge } from "../../shared/cart-badge";
import * as css from "./layout.css";
import { webMcpTool } from "~/lib/webmcp";

export const HEADER_SHADOW_THRESHOLD_PX = 10;

type NavItem = { to: string; label: string };
type NavGroup = { label: string; items: NavItem[] };

const SHOP: NavGroup = {
  label: "Shop",
  items: [
    { to: "/products", label: "Premium Condoms" },
    { to: "/apparel", label: "Apparel & Lifestyle" },
  ],
};
const PARTNERS: NavGroup = {
  label: "Partners",
  items: [
    { to: "/affiliate", label: "Affiliate Program" },
    { to: "/creators", label: "Content Creators" },
    { to: "/vendor-application", label: "Vendor Application" },
  ],
};

/** The mobile menu's links after the groups. */
const MORE: NavItem[] = [
  { to: "/community", label: "Community" },
  { to: "/staff-portal", label: "Staff" },
  { to: "/login", label: "Login" },
];

/** The cart count the document was served with (the badge's data-cart-count). */
function countInDocument(fallback: number): number {
  const value = document.querySelector<HTMLElement>(`[${CART_COUNT_ATTRIBUTE}]`)?.getAttribute(CART_COUNT_ATTRIBUTE) ?? undefined;
  const count = Number(value);
  return value !== undefined && Number.isInteger(count) && count >= 0 ? count : fallback;
}

/** The header search: Enter with trimmed, non-empty text opens /products?search=…; blank is ignored. */
function SearchForm({ id, onSearched, tool = false }: { id: string; onSearched: () => void; tool?: boolean }) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    if (text === "") return;
    navigate(`/products?search=${encodeURIComponent(text)}`);
    onSearched();
  };
  return (
    <form
      role="search"
      action="/products"
      method="get"
      onSubmit={onSubmit}
      // One search tool per page: the header's (the phone menu's form is the same search).
      {...(tool
        ? webMcpTool("search_products", "Search Raw Dogg's products (condoms, apparel, music) by words in their name or description, and open the results.")
        : {})}
    >
      <label htmlFor={id} className={visuallyHidden}>
        Search products
      </label>
      <span className={css.searchIcon}>
        <SearchIcon />
      </span>
      <input
        id={id}
        className={css.searchInput}
        type="search"
        name="search"
        placeholder="Search products..."
        autoComplete="off"
        maxLength={100}
        toolparamdescription={tool ? "Words to look for, e.g. 'gold' or 'tee'" : undefined}
      />
    </form>
  );
}

function DesktopGroup({ group }: { group: NavGroup }) {
  return (
    <details className={css.navGroup} data-nav-group>
      <summary className={css.navLink}>
        {group.label} <ChevronDownIcon />
      </summary>
      <div className={css.navMenu}>
        {group.items.map((item) => (
          <NavLink key={item.to} to={item.to} className={css.navMenuLink} prefetch="intent">
            {item.label}
          </NavLink>
        ))}
      </div>
    </details>
  );
}

export function Header({ serverCartCount }: { serverCartCount: number }) {
  const cart = useCart();
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const mobileRef = useRef<HTMLDetailsElement>(null);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SHADOW_THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const closeMenus = () => {
    headerRef.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  };

  // Menus close when the page changes, and when a click lands outside them.
  useEffect(closeMenus, [location.pathname, location.search]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      headerRef.current?.querySelectorAll("details[data-nav-group][open]").forEach((d) => {
        if (!d.contains(event.target as Node)) d.removeAttribute("open");
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // Before the cart loads, show the count the page arrived with. A cached page gets the
  // visitor's count written into the badge by the Worker, so read it back from there.
  const [arrivedCount] = useState(() => (typeof document === "undefined" ? serverCartCount : countInDocument(serverCartCount)));
  const count = cart.ready ? itemCount(cart.items) : arrivedCount;
  const badge = cartBadge(count);

  return (
    <header ref={headerRef} className={css.header} data-scrolled={scrolled}>
      <div className={`${css.headerRow} ${containerClass}`}>
        <Link prefetch="intent" to="/" className={css.logo} aria-label={`${BRAND_NAME} home`}>
          {/* Low: React writes no preload for it, which went into the head before the page's largest picture. */}
          <img src="/images/logo.svg" alt="" width={150} height={38} fetchPriority="low" />
        </Link>
        <nav className={css.nav} aria-label="Main">
          <NavLink prefetch="intent" to="/" end className={css.navLink}>
            Home
          </NavLink>
          <DesktopGroup group={SHOP} />
          <DesktopGroup group={PARTNERS} />
          <NavLink to="/community" className={css.navLink} prefetch="intent">
            Community
          </NavLink>
        </nav>
        <div className={css.search}>
          <SearchForm id="header-search" onSearched={closeMenus} tool />
        </div>
        <div className={css.actions}>
          <NavLink prefetch="intent" to="/staff-portal" className={`${css.navLink} ${css.desktopOnly}`}>
            Staff
          </NavLink>
          <Link prefetch="intent" to="/login" className={`${css.navLink} ${css.desktopOnly}`}>
            Login
          </Link>
          <Tooltip text="Cart">
            {(tip) => (
              <Link {...tip} to="/cart" className={`${iconButton} ${css.cartLink}`} aria-label={badge.label} prefetch="intent" data-cart-link>
                <CartIcon />
                <span className={css.badge} data-testid="cart-badge" data-cart-count={count} hidden={badge.hidden} aria-hidden="true">
                  {badge.text}
                </span>
              </Link>
            )}
          </Tooltip>
          <details ref={mobileRef} className={css.mobileMenu}>
            <summary className={`${iconButton} ${css.mobileSummary}`} aria-label="Menu">
              <MenuIcon />
            </summary>
            <nav className={css.mobilePanel} aria-label="Mobile">
              <div className={css.mobileSearch}>
                <SearchForm id="mobile-search" onSearched={closeMenus} />
              </div>
              <Link prefetch="intent" to="/" className={css.navLink}>
                Home
              </Link>
              {[SHOP, PARTNERS].map((group) => (
                <div key={group.label} role="group" aria-label={group.label}>
                  <div className={css.mobileGroupTitle}>{group.label}</div>
                  {group.items.map((item) => (
                    <Link prefetch="intent" key={item.to} to={item.to} className={css.navLink}>
                      {item.label}
                    </Link>
                  ))}
                </div>
              ))}
              {MORE.map((item) => (
                <Link prefetch="intent" key={item.to} to={item.to} className={css.navLink}>
                  {item.label}
                </Link>
              ))}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
