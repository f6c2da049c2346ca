/**
 * The frame of the informational pages: a hero band with the page's h1, then the body. Text
 * pages (about, FAQ, policies) add an "On this page" list of their sections' anchors.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { container } from "../../styles/ui.css";
import * as css from "./info.css";

type HeroProps = { eyebrow: string; title: string; lede: ReactNode; children?: ReactNode };

export function PageHero({ eyebrow, title, lede, children }: HeroProps) {
  return (
    <header className={css.hero}>
      <div className={`${container} ${css.heroInner}`}>
        <p className={css.eyebrow}>{eyebrow}</p>
        <h1 className={css.heroTitle}>{title}</h1>
        <p className={css.heroLede}>{lede}</p>
        {children && <div className={css.heroActions}>{children}</div>}
      </div>
    </header>
  );
}

/** A page of cards and panels (benefits, staff portal, community, entertainment). */
export function InfoPage({ children, ...hero }: HeroProps & { actions?: ReactNode }) {
  const { actions, ...heroProps } = hero;
  return (
    <main>
      <PageHero {...heroProps}>{actions}</PageHero>
      <div className={`${container} ${css.body}`}>{children}</div>
    </main>
  );
}

export type TextSection = { id: string; title: string; content: ReactNode };

/** A page of running text in sections, each with an anchor listed under "On this page". */
export function TextPage({ sections, intro, ...hero }: HeroProps & { sections: TextSection[]; intro?: ReactNode }) {
  return (
    <main>
      <PageHero {...hero} />
      <div className={`${container} ${css.body}`}>
        <div className={css.textLayout}>
          <nav className={css.toc} aria-labelledby="on-this-page">
            <h2 id="on-this-page" className={css.tocTitle}>
              On this page
            </h2>
            <ul className={css.tocList}>
              {sections.map((section) => (
                <li key={section.id}>
                  <a className={css.tocLink} href={`#${section.id}`}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className={css.textColumn}>
            {intro}
            {sections.map((section) => (
              <Section key={section.id} id={section.id} title={section.title}>
                {section.content}
              </Section>
            ))}
          </div>
        </div>
      </div>
    </main>
  );
}

/** A titled section with an anchor; its heading names it for assistive technology. */
export function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${css.section} ${className ?? ""}`}>
      <h2 id={`${id}-title`} className={css.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Running text with the brand's list markers and link colour. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={css.prose}>{children}</div>;
}

export function Callout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={css.callout} role="note">
      <p className={css.calloutTitle}>{title}</p>
      {children}
    </div>
  );
}

type CardProps = {
  /** The element the card is: a list item (default) or an article. */
  as?: "li" | "article" | "div";
  title: ReactNode;
  /** The heading's level: h3 unless the card sits under an h3. */
  level?: 3 | 4;
  text?: ReactNode;
  /** What comes above the title: a badge, a date, a picture. */
  before?: ReactNode;
  /** Buttons or links, kept at the card's foot. */
  footer?: ReactNode;
  /** What follows the text: a list, an address. */
  children?: ReactNode;
  "data-testid"?: string;
};

/** A card of the information pages: a title, its text, and what else it holds. */
export function Card({ as: Element = "li", title, level = 3, text, before, footer, children, "data-testid": testId }: CardProps) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <Element className={css.card} data-testid={testId}>
      {before}
      <Heading className={css.cardTitle}>{title}</Heading>
      {text && <p className={css.cardText}>{text}</p>}
      {children}
      {footer && <div className={css.cardFooter}>{footer}</div>}
    </Element>
  );
}

/** A plain list of points under a card or a step, with the brand's markers. */
export function Points({ points }: { points: readonly string[] }) {
  return (
    <ul className={css.list}>
      {points.map((point) => (
        <li key={point}>{point}</li>
      ))}
    </ul>
  );
}

type LinkCardProps = {
  to: string;
  title: string;
  text: string;
  /** What following the link does, e.g. "Apply →". */
  cue: string;
  "data-hr-card"?: boolean;
};

/** A card that is one link to another page, in a list of them. */
export function LinkCard({ to, title, text, cue, ...data }: LinkCardProps) {
  return (
    <li className={css.linkCardItem}>
      <Link prefetch="intent" to={to} className={css.linkCard} {...data}>
        <h3 className={css.cardTitle}>{title}</h3>
        <p className={css.cardText}>{text}</p>
        <span className={css.badge.accent} aria-hidden="true">
          {cue}
        </span>
      </Link>
    </li>
  );
}
