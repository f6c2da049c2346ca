import type { ReactNode } from "react";
import * as css from "./catalog.css";

/** A listing's opening: a small eyebrow, the big condensed title, one line of copy. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <header className={css.intro}>
      <p className={css.eyebrow}>{eyebrow}</p>
      <h1 className={css.introTitle}>{title}</h1>
      <p className={css.introLead}>{children}</p>
    </header>
  );
}
