/** A band of the home page: its header (eyebrow, heading, optional lede), then its content. */
import type { ReactNode } from "react";
import { container } from "~/styles/ui.css";
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
  children: ReactNode;
};

export function HomeSection({ name, id, eyebrow, title, lede, alt = false, children }: HomeSectionProps) {
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
      </div>
    </section>
  );
}
