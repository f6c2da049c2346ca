/**
 * The condom listing's filter: a category select and a search box in a GET form, so it
 * works before (and without) JavaScript with its Apply button. Once hydrated, a new
 * category applies at once and typed text 500 ms after typing stops, both by replacing
 * the URL (the filters live in `?categoryId=` and `?search=`) without scrolling to the top.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { SearchIcon } from "~/components/icons";
import type { Category } from "~/lib/types";
import { button, visuallyHidden } from "~/styles/ui.css";
import * as css from "./catalog.css";
import { useHydrated } from "./hooks";

/** Spec section 9: the search is applied this long after typing stops. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The API refuses longer search text; the box does not accept it either. */
export const SEARCH_MAX_LENGTH = 100;

type Props = {
  categories: Category[];
  /** The chosen category id, or "" for All Types. */
  categoryId: string;
  /** The search text as it stands in the URL. */
  search: string;
};

export function ProductFilters({ categories, categoryId, search }: Props) {
  const hydrated = useHydrated();
  const [, setSearchParams] = useSearchParams();
  const [text, setText] = useState(search);
  const [category, setCategory] = useState(categoryId);
  // The search text last written to the URL, to tell our own navigations from others
  // (the header search, back/forward) whose text must replace what is in the box.
  const applied = useRef(search);

  useEffect(() => {
    if (search === applied.current) return;
    applied.current = search;
    setText(search);
  }, [search]);

  useEffect(() => setCategory(categoryId), [categoryId]);

  const apply = (nextCategory: string, nextText: string) => {
    const params = new URLSearchParams();
    if (nextCategory !== "") params.set("categoryId", nextCategory);
    const urlText = nextText.trim() === "" ? "" : nextText;
    if (urlText !== "") params.set("search", urlText);
    applied.current = urlText;
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  // Debounce: each keystroke restarts the timer; only a pause applies the text. The
  // category is read when the timer fires (a category change applies on its own).
  const latest = useRef({ apply, category });
  latest.current = { apply, category };
  useEffect(() => {
    const pending = text.trim() === "" ? "" : text;
    if (pending === applied.current) return;
    const timer = setTimeout(() => latest.current.apply(latest.current.category, text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(category, text);
  };

  return (
    <form method="get" action="/products" role="search" aria-label="Filter products" className={css.filters} onSubmit={onSubmit}>
      <div className={css.categoryField}>
        <label htmlFor="product-category" className={css.fieldLabel}>
          Type
        </label>
        <select
          id="product-category"
          name="categoryId"
          className={css.select}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value);
            apply(event.target.value, text);
          }}
        >
          <option value="">All Types</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className={css.field}>
        <label htmlFor="product-search" className={css.fieldLabel}>
          Search
        </label>
        <div className={css.searchWrap}>
          <span className={css.searchIcon}>
            <SearchIcon />
          </span>
          <input
            id="product-search"
            name="search"
            type="search"
            className={css.searchInput}
            placeholder="Find your perfect protection..."
            autoComplete="off"
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      {/* Without JavaScript this button applies the filters; with it, they apply by themselves. */}
      <button type="submit" className={hydrated ? visuallyHidden : button.primary} tabIndex={hydrated ? -1 : undefined}>
        Apply
      </button>
    </form>
  );
}
