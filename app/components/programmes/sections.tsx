/**
 * The building blocks the three partner programme pages share: hero, titled section,
 * feature cards, numbered steps, checklists, key facts and an FAQ that opens without
 * JavaScript (<details>).
 */
import type { ReactNode } from "react";
import { button, container, visuallyHidden } from "~/styles/ui.css";
import * as css from "./programmes.css";

export type Feature = { title: string; text: string; mark?: string };
export type Step = { title: string; text: string };
export type Fact = { term: string; value: string; note?: string };
export type Question = { question: string; answer: string };

/** A programme page's hero copy: the first call to action always goes to the application (`#apply`). */
export type ProgrammeHeroCopy = {
  eyebrow: string;
  title: string;
  /** The second line of the headline, in the brand gradient. */
  accent: string;
  lead: string;
  stats: readonly { value: string; label: string }[];
  /** The label of the link to the application. */
  apply: string;
  /** The second call to action: a section of the page. */
  more: { href: string; label: string };
};

export function ProgrammeHero({ eyebrow, title, accent, lead, stats, apply, more }: ProgrammeHeroCopy) {
  return (
    <header className={css.hero}>
      <div className={`${container} ${css.heroGrid}`}>
        <div>
          <p className={css.eyebrow}>{eyebrow}</p>
          <h1 className={css.heroTitle}>
            {title} <span className={css.heroAccent}>{accent}</span>
          </h1>
          <p className={css.heroLead}>{lead}</p>
          <div className={css.heroActions}>
            <a href="#apply" className={button.primary}>
              {apply}
            </a>
            <a href={more.href} className={button.secondary}>
              {more.label}
            </a>
          </div>
        </div>
        <ul className={css.stats} aria-label="At a glance">
          {stats.map((stat) => (
            <li key={stat.label} className={css.stat}>
              <span className={css.statValue}>{stat.value}</span>
              <span className={css.statLabel}>{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}

export function Section({
  id,
  eyebrow,
  title,
  intro,
  alt = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** A raised background, to alternate sections. */
  alt?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={alt ? `${css.section} ${css.sectionAlt}` : css.section}>
      <div className={container}>
        <div className={css.sectionHead}>
          {eyebrow ? <p className={css.eyebrow}>{eyebrow}</p> : null}
          <h2 id={headingId} className={css.sectionTitle}>
            {title}
          </h2>
          {intro ? <p className={css.sectionIntro}>{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

export function FeatureList({ features, label }: { features: readonly Feature[]; label?: string }) {
  return (
    <ul className={css.features} aria-label={label}>
      {features.map((feature) => (
        <li key={feature.title} className={css.feature}>
          {feature.mark ? (
            <span className={css.featureMark} aria-hidden="true">
              {feature.mark}
            </span>
          ) : null}
          <h3 className={css.featureTitle}>{feature.title}</h3>
          <p className={css.featureText}>{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function Steps({ steps, label }: { steps: readonly Step[]; label: string }) {
  return (
    <ol className={css.steps} aria-label={label}>
      {steps.map((step, index) => (
        <li key={step.title} className={css.step}>
          <span className={css.stepNumber} aria-hidden="true">
            {index + 1}
          </span>
          <h3 className={css.stepTitle}>
            {/* The number above is drawn large and hidden from assistive technology; this says it. */}
            <span className={visuallyHidden}>Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className={css.featureText}>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function Checklist({ items, label, variant = "do" }: { items: readonly string[]; label?: string; variant?: "do" | "dont" }) {
  return (
    <ul className={css.checklist} aria-label={label}>
      {items.map((item) => (
        <li key={item} className={variant === "do" ? css.checkItem : css.dontItem}>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function Facts({ facts, label }: { facts: readonly Fact[]; label?: string }) {
  return (
    <dl className={css.facts} aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.term} className={css.fact}>
          <dt className={css.factTerm}>{fact.term}</dt>
          <dd className={css.factValue}>{fact.value}</dd>
          {fact.note ? <dd className={css.factNote}>{fact.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

export function Faq({ questions }: { questions: readonly Question[] }) {
  return (
    <div className={css.faq}>
      {questions.map((item) => (
        <details key={item.question} className={css.faqItem}>
          <summary className={css.faqQuestion}>{item.question}</summary>
          <p className={css.faqAnswer}>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
