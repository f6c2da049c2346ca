/**
 * The apparel section (anchor #apparel): tabs 'All' plus one per apparel category over a
 * grid of at most 3 products, then the promo blocks. Tabs are links (`/?apparel=<id>#apparel`)
 * that the loader understands, so they work without JavaScript; with it, a tab switches at
 * once in place, loading its products from the API behind 3 grey placeholders.
 */
import { useRef, useState, type MouseEvent } from "react";
import { ProductCard } from "~/components/product/ProductCard";
import { apiRequest } from "~/lib/api";
import { toCard, type CardProduct } from "~/lib/product-display";
import type { Product } from "~/lib/types";
import {
  ALL_APPAREL,
  APPAREL_GRID_LIMIT,
  apparelCategoryIds,
  apparelTabHref,
  type ApparelCategory,
  type ApparelPromoPrices,
  type ApparelTab,
  type ApparelView,
} from "./apparel-tabs";
import { ApparelPromos } from "./ApparelPromos";
import { HomeSection } from "./HomeSection";
import * as css from "./apparel.css";

export function ApparelSection({ view, promoPrices }: { view: ApparelView; promoPrices: ApparelPromoPrices }) {
  return (
    <HomeSection
      name="apparel"
      id="apparel"
      alt
      eyebrow="Apparel & lifestyle"
      title="Wear the Dogg"
      more={{ to: "/apparel", label: "Shop all apparel", look: "primary" }}
      lede="Tees, tanks and joggers cut for the gym, the street and the after-party."
    >
      <ApparelBrowser key={view.active} {...view} />

      <ApparelPromos prices={promoPrices} />
    </HomeSection>
  );
}

/** A plain left click: anything else (new tab, new window) is left to the browser. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function ApparelBrowser({ categories, active: initialTab, products }: ApparelView) {
  const [active, setActive] = useState<ApparelTab>(initialTab);
  const [byTab, setByTab] = useState<Record<ApparelTab, CardProduct[]>>({ [initialTab]: products });
  const [failed, setFailed] = useState(false);
  /** The tab chosen last: a failure of an earlier request does not show under it. */
  const latest = useRef(initialTab);

  const choose = (event: MouseEvent<HTMLAnchorElement>, tab: ApparelTab) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setActive(tab);
    setFailed(false);
    latest.current = tab;
    if (byTab[tab]) return;
    const ids = apparelCategoryIds(tab, categories);
    if (ids.length === 0) {
      setByTab((cache) => ({ ...cache, [tab]: [] }));
      return;
    }
    apiRequest<Product[]>("GET", `/api/products?categoryId=${ids.join(",")}`)
      .then((found) => setByTab((cache) => ({ ...cache, [tab]: found.slice(0, APPAREL_GRID_LIMIT).map(toCard) })))
      .catch((error: unknown) => {
        console.error("Failed to fetch products", error);
        if (latest.current === tab) setFailed(true);
      });
  };

  const shown = byTab[active];
  return (
    <>
      <ApparelTabs categories={categories} active={active} onChoose={choose} />
      <div className={css.panel} aria-live="polite" aria-busy={!shown && !failed}>
        {failed ? (
          <p className={css.message} role="alert">
            Failed to fetch products
          </p>
        ) : !shown ? (
          <ApparelPlaceholders />
        ) : shown.length === 0 ? (
          <p className={css.message}>No apparel products found in this category.</p>
        ) : (
          <ul className={css.grid} aria-label="Apparel products">
            {shown.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} index={index} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function ApparelTabs({
  categories,
  active,
  onChoose,
}: {
  categories: ApparelCategory[];
  active: ApparelTab;
  onChoose?: (event: MouseEvent<HTMLAnchorElement>, tab: ApparelTab) => void;
}) {
  const tabs = [{ tab: ALL_APPAREL, name: "All" }, ...categories.map((c) => ({ tab: String(c.id), name: c.name }))];
  return (
    <nav aria-label="Apparel categories" className={css.tabs}>
      <ul className={css.tabList}>
        {tabs.map(({ tab, name }) => (
          <li key={tab}>
            <a
              href={apparelTabHref(tab)}
              className={css.tab}
              aria-current={tab === active ? "true" : undefined}
              onClick={onChoose ? (event) => onChoose(event, tab) : undefined}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 3 grey cards the size of real ones (spec section 9). */
function ApparelPlaceholders() {
  return (
    <ul className={css.grid} aria-label="Loading apparel" data-testid="apparel-placeholders">
      {Array.from({ length: APPAREL_GRID_LIMIT }, (_, i) => (
        <li key={i}>
          <div className={css.placeholder}>
            <div className={css.placeholderImage} />
            <div className={css.placeholderBody}>
              <div className={css.placeholderLine} />
              <div className={css.placeholderShortLine} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
