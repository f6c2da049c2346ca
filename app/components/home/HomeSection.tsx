/** A band of the home page: its header (eyebrow, heading, optional lede), then its content. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { button, container } from "~/styles/ui.css";
import * as home from "./home.css";

type HomeSectionProps = {
  /** Names the heading (`{name}-heading`), which labels the section. */
  name: string;
  /** An anchor for links into the page (`/#apparel`). */
  id?: string;
  eyebrow: string;
  title: ReactNode;
  lede?: ReactNode;
  /** The alternate, lighter band. */
  alt?: boolean;
  /** The link that closes the section, centred under it. */
  more?: { to: string; label: string; look: "primary" | "gold" };
  children: ReactNode;
};

export function HomeSection({ name, id, eyebrow, title, lede, alt = false, more, children }: HomeSectionProps) {
  return (
    <section id={id} className={alt ? home.sectionAlt : home.section} aria-labelledby={`${name}-heading`}>
      <div className={container}>
        <header className={home.sectionHeader}>
          <p className={home.eyebrow}>{eyebrow}</p>
          <h2 id={`${name}-heading`} className={home.heading}>
            {title}
          </h2>
          {lede && <p className={home.lede}>{lede}</p>}
        </header>
        {children}
        {more && (
          <div className={home.more}>
            <Link to={more.to} className={button[more.look]} prefetch="intent">
              {more.label}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
