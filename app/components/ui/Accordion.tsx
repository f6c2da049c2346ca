/**
 * A single-open, collapsible accordion after the WAI-ARIA Authoring Practices: each header is
 * a button inside a heading, with aria-expanded and aria-controls; each panel is a region
 * labelled by its button. Opening one panel closes the others, and the open one closes again
 * when its button is pressed. Up/Down arrows move between the headers, Home/End go to the
 * first and last.
 *
 * Without JavaScript the buttons can't toggle anything, so a <noscript> style shows every
 * panel instead (chosen over rendering all panels open until hydration, which would make the
 * page jump when React takes over).
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useNonce } from "~/lib/nonce";
import * as css from "./accordion.css";

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

type AccordionProps = {
  /** Prefix of the ids inside; unique on the page. */
  id: string;
  items: AccordionItem[];
  /** The item open at first; null for all closed. Defaults to the first item. */
  defaultOpenId?: string | null;
  /** The heading level of the headers, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
};

const PANEL_ATTRIBUTE = "data-accordion-panel";
const NO_SCRIPT_CSS = `[${PANEL_ATTRIBUTE}][hidden]{display:block}[data-accordion-chevron]{display:none}`;

export function Accordion({ id, items, defaultOpenId, headingLevel = 3 }: AccordionProps) {
  const [openId, setOpenId] = useState<string | null>(defaultOpenId === undefined ? (items[0]?.id ?? null) : defaultOpenId);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = `h${headingLevel}` as const;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const targets: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  const nonce = useNonce();

  return (
    <div className={css.accordion}>
      <noscript>
        <style nonce={nonce}>{NO_SCRIPT_CSS}</style>
      </noscript>
      {items.map((item, index) => {
        const open = item.id === openId;
        const buttonId = `${id}-button-${item.id}`;
        const panelId = `${id}-panel-${item.id}`;
        return (
          <div key={item.id} className={css.item} data-open={open}>
            <Heading className={css.heading}>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                id={buttonId}
                className={css.trigger}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{item.title}</span>
                <span className={css.chevron} data-accordion-chevron aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className={css.panel} {...{ [PANEL_ATTRIBUTE]: "" }}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
