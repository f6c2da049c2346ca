/**
 * A programme page's application section: `#apply` (every hero's first link goes here),
 * the form in its panel. Light on purpose: the form inside is loaded as the visitor nears
 * it (lazy-forms.tsx).
 */
import type { ReactNode } from "react";
import { Section } from "~/components/programmes/sections";
import { panel } from "./forms.css";

export function ApplicationSection({ title, intro, alt, children }: { title: string; intro: string; alt?: boolean; children: ReactNode }) {
  return (
    <Section id="apply" alt={alt} eyebrow="Application" title={title} intro={intro}>
      <div className={panel}>{children}</div>
    </Section>
  );
}
