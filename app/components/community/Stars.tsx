/** A rating on the 5-star scale, read out as "Rated 4 out of 5". */
import * as css from "~/components/info/info.css";

export const RATING_SCALE = 5;

function Star({ filled }: { filled: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" className={filled ? undefined : css.starEmpty} focusable="false">
      <path fill="currentColor" d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

export function Stars({ rating }: { rating: number }) {
  const whole = Math.round(Math.min(Math.max(rating, 0), RATING_SCALE));
  return (
    <span className={css.stars} role="img" aria-label={`Rated ${whole} out of ${RATING_SCALE}`}>
      {Array.from({ length: RATING_SCALE }, (_, index) => (
        <Star key={index} filled={index < whole} />
      ))}
    </span>
  );
}
