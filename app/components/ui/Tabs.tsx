/**
 * Tabs after the WAI-ARIA Authoring Practices (tabs with automatic activation): a tablist of
 * tabs with aria-selected and aria-controls, a roving tabindex (only the selected tab is in
 * the Tab order), Left/Right arrows to move and select (wrapping), Home/End for the first and
 * last tab, Space to select, and one labelled tabpanel per tab.
 *
 * Without JavaScript: every tab is a real link to `?{param}={id}#{id}` and the selected tab
 * comes from the URL, so the server renders the chosen panel and every panel is reachable.
 * With JavaScript the same links select in place: the URL is replaced (no history entry, no
 * scroll jump), so a reload or a shared link keeps the tab. The pages using Tabs have no
 * loader of their own, so switching tabs never makes a request.
 */
import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import * as css from "./tabs.css";

export type TabItem = {
  /** Used in the URL (`?tab=id`) and in element ids: lowercase words and dashes. */
  id: string;
  label: ReactNode;
  panel: ReactNode;
};

type TabsProps = {
  /** The id of the tabs block: the anchor the no-JS links scroll to, and the prefix of every id inside. */
  id: string;
  /** The accessible name of the tablist, e.g. "Benefits sections". */
  label: string;
  tabs: TabItem[];
  /** The search parameter that holds the selected tab. */
  param?: string;
};

/** The tab the URL asks for, or the first one when it asks for none or an unknown one. */
export function selectedTabId(tabs: { id: string }[], requested: string | null): string {
  return tabs.find((tab) => tab.id === requested)?.id ?? tabs[0]?.id ?? "";
}

export function Tabs({ id, label, tabs, param = "tab" }: TabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = selectedTabId(tabs, searchParams.get(param));
  const tabRefs = useRef(new Map<string, HTMLAnchorElement>());

  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;

  const hrefFor = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.set(param, key);
    return `?${next.toString()}#${id}`;
  };

  const select = (key: string) => {
    if (key === selected) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(param, key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>, key: string) => {
    // New-tab and new-window clicks keep their usual meaning.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    select(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = tabs.length - 1;
    let target: number;
    switch (event.key) {
      case "ArrowRight":
        target = index === last ? 0 : index + 1;
        break;
      case "ArrowLeft":
        target = index === 0 ? last : index - 1;
        break;
      case "Home":
        target = 0;
        break;
      case "End":
        target = last;
        break;
      case " ":
        target = index;
        break;
      default:
        return;
    }
    const key = tabs[target]?.id;
    if (key === undefined) return;
    event.preventDefault();
    tabRefs.current.get(key)?.focus();
    select(key);
  };

  return (
    <div id={id} className={css.tabs}>
      <div role="tablist" aria-label={label} className={css.tablist}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <a
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              role="tab"
              id={tabId(tab.id)}
              href={hrefFor(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              className={css.tab}
              onClick={(event) => onClick(event, tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} tabIndex={0} hidden={tab.id !== selected} className={css.panel}>
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
