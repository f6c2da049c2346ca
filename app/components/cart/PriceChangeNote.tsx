/**
 * "Price changed from $14.99 to $17.49" on a cart or checkout line whose price changed since
 * the shopper last saw it (docs/decisions/0023). The pages' loaders say which lines; what is
 * charged is the new price, as the line and the totals already show.
 */
import { useState } from "react";
import { formatPrice } from "~/shared/money";
import type { CartLine, PriceChange } from "~/lib/types";
import * as css from "./cart.css";

export const priceChangeText = ({ was, now }: Pick<PriceChange, "was" | "now">) => `Price changed from ${formatPrice(was)} to ${formatPrice(now)}`;

type ShownLine = Pick<CartLine, "id" | "product">;

/** `line`'s change, while the line shows the price it is to (never a note older than the price beside it). */
export const changeOf = (line: ShownLine, changes: PriceChange[]) => changes.find((c) => c.lineId === line.id && c.now === line.product.price);

/** The note for `line`, if its price changed. */
export function PriceChangeNote({ line, changes }: { line: ShownLine; changes: PriceChange[] }) {
  const change = changeOf(line, changes);
  if (!change) return null;
  return (
    <p className={css.priceChanged} data-testid="line-price-changed">
      {priceChangeText(change)}
    </p>
  );
}

/**
 * The changes a page has shown since it opened: its loader counts them as seen, so a
 * revalidation (the checkout's after a fix) answers none, yet the note stays for as long as
 * the shopper is on the page. A later change of the same line replaces the earlier one.
 */
export function useShownPriceChanges(latest: PriceChange[]): PriceChange[] {
  const [shown, setShown] = useState({ from: latest, kept: latest });
  if (shown.from !== latest) {
    const kept = [...shown.kept.filter((old) => !latest.some((change) => change.lineId === old.lineId)), ...latest];
    setShown({ from: latest, kept });
    return kept;
  }
  return shown.kept;
}
