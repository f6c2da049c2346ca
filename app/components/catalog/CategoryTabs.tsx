/**
 * The apparel tabs: 'All' plus one per category. They are links (`/apparel?category=<id>`),
 * so they work without JavaScript; with it they navigate in place, keeping the scroll.
 */
import { Link } from "react-router";
import type { Category } from "~/lib/types";
import * as css from "./catalog.css";

export const ALL_CATEGORIES = "all";

type Props = {
  basePath: string;
  categories: Category[];
  /** 'all' or the active category id. */
  active: string;
  label: string;
};

export function CategoryTabs({ basePath, categories, active, label }: Props) {
  const tabs = [
    { key: ALL_CATEGORIES, name: "All", to: basePath },
    ...categories.map((c) => ({ key: String(c.id), name: c.name, to: `${basePath}?category=${c.id}` })),
  ];
  return (
    <nav aria-label={label}>
      <ul className={css.tabs}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link to={tab.to} className={css.tab} aria-current={tab.key === active ? "page" : undefined} preventScrollReset prefetch="intent">
              {tab.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
