/**
 * Emoji reactions with their counts. Each button is a form posting to the product page's
 * action (works without JavaScript), which comes back to the page with `?reacted=1`: the
 * page then writes the toast's words (`thanked`) or the failure (`error`). With JavaScript
 * it calls the reactions API instead, shows the counts the server returns and a toast.
 */
import { useState, type FormEvent } from "react";
import { capCount } from "~/shared/constants";
import { FormMessage, ToastBanner } from "~/components/forms/ToastBanner";
import { notifyError, notifySuccess } from "~/components/toast";
import { REACTION_FAILED, REACTION_THANKS } from "~/content/toasts";
import { apiRequest } from "~/lib/api";
import { REACTION_EMOJIS, type ReactionEmoji } from "~/shared/constants";
import type { ReactionCounts } from "~/lib/types";
import { PRODUCT_INTENT } from "./intents";
import * as css from "./productDetail.css";

type Props = { productId: number; initialCounts: ReactionCounts; thanked?: boolean; error?: string };

export function ReactionBar({ productId, initialCounts, thanked = false, error }: Props) {
  const [counts, setCounts] = useState(initialCounts);
  const [pending, setPending] = useState<ReactionEmoji | null>(null);

  const react = async (event: FormEvent<HTMLFormElement>, emoji: ReactionEmoji) => {
    event.preventDefault();
    setPending(emoji);
    try {
      setCounts(await apiRequest<ReactionCounts>("POST", `/api/products/${productId}/reactions`, { emoji }));
      notifySuccess(REACTION_THANKS);
    } catch {
      notifyError(REACTION_FAILED);
    } finally {
      setPending(null);
    }
  };

  return (
    <div className={css.reactions}>
      <p className={css.reactionsLabel} id="reactions-label">
        How does it make you feel?
      </p>
      <ul className={css.reactionList} aria-labelledby="reactions-label">
        {REACTION_EMOJIS.map((emoji) => {
          const shown = capCount(counts[emoji] ?? 0);
          return (
            <li key={emoji}>
              <form method="post" onSubmit={(event) => react(event, emoji)}>
                <input type="hidden" name="intent" value={PRODUCT_INTENT.react} />
                <input type="hidden" name="emoji" value={emoji} />
                <button
                  type="submit"
                  className={css.reactionButton}
                  aria-label={`React with ${emoji} (${shown})`}
                  disabled={pending !== null}
                  data-pending={pending === emoji || undefined}
                >
                  <span aria-hidden="true" className={css.reactionEmoji}>
                    {emoji}
                  </span>
                  {/* The count is a status, not part of the button's label (WCAG 2.5.3): it is drawn
                      from data-count by CSS so the visible label is the emoji the aria-label starts with. */}
                  <span aria-hidden="true" className={css.reactionCount} data-count={shown} />
                </button>
              </form>
            </li>
          );
        })}
      </ul>
      {thanked && !error && <ToastBanner toast={REACTION_THANKS} />}
      <FormMessage message={error} />
    </div>
  );
}
