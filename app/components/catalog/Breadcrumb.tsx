import { Link } from "react-router";
import * as css from "./catalog.css";

export type Crumb = { label: string; to?: string };

/** Home > … > the current page: earlier steps are links, the last one is the page itself. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={css.breadcrumb}>
      <ol className={css.breadcrumbList}>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className={css.breadcrumbItem}>
            {item.to && index < items.length - 1 ? (
              <Link prefetch="intent" to={item.to} className={css.breadcrumbLink}>
                {item.label}
              </Link>
            ) : (
              <span className={css.breadcrumbCurrent} aria-current="page">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
