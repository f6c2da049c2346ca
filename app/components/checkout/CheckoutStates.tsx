/** The checkout's two end states: the order is placed, or there is nothing to check out. */
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import * as downloadsCss from "~/components/downloads/downloads.css";
import { FormError } from "~/components/forms/fields";
import { DOWNLOAD_DAYS, downloadPath, FORMATS_IN_WORDS, MAX_DOWNLOADS } from "~/shared/downloads";
import { orderPagePath } from "~/shared/orders";
import { discountLabel, formatPrice } from "~/shared/money";
import { button } from "~/styles/ui.css";
import type { PlacedOrder } from "./action-data";
import * as css from "./checkout.css";

const CheckIcon = () => (
  <svg
    width="40"
    height="40"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);

const BagIcon = () => (
  <svg
    width="38"
    height="38"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M6 7h12l1 13H5L6 7z" />
    <path d="M9 7a3 3 0 0 1 6 0" />
  </svg>
);

type SuccessProps = {
  email: string;
  orderId: string;
  token?: string;
  downloads?: PlacedOrder["downloads"];
  downloadsOnly?: boolean;
  /** The code the order used and what it took off (cents). */
  discount?: { code: string; amount: number };
};

export function PaymentSuccess({ email, orderId, token, downloads = [], downloadsOnly = false, discount }: SuccessProps) {
  // The form (and the focused PAY button) is gone: move focus to the news.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={css.stateSuccess} aria-labelledby="checkout-success-heading" data-testid="checkout-success">
      <span className={css.stateIconGold}>
        <CheckIcon />
      </span>
      <h1 id="checkout-success-heading" ref={heading} tabIndex={-1} className={css.stateHeading}>
        PAYMENT SUCCESSFUL
      </h1>
      <p className={css.stateText}>
        {downloadsOnly
          ? "Thank you for your order! Your music is ready to download."
          : "Thank you for your order! We're getting it ready and it will be on its way soon."}
      </p>
      <p className={css.stateText}>
        A confirmation email has been sent to <strong className={css.stateEmail}>{email}</strong>.
      </p>
      <p className={css.orderNumber}>Order {orderId}</p>
      {discount ? (
        <p className={css.stateText} data-testid="success-discount">
          {discountLabel(discount.code)} <strong className={css.stateSaving}>−{formatPrice(discount.amount)}</strong>
        </p>
      ) : null}
      {downloads.length > 0 ? <DownloadYourMusic downloads={downloads} /> : null}
      <div className={css.stateActions}>
        {token ? (
          <Link to={orderPagePath(token)} className={button.secondary} data-testid="order-page-link">
            FOLLOW YOUR ORDER
          </Link>
        ) : null}
        <Link prefetch="intent" to="/" className={button.primary}>
          CONTINUE SHOPPING
        </Link>
      </div>
      {token ? <p className={css.stateText}>Its page shows where it is, from any device: the same link is in your email.</p> : null}
    </section>
  );
}

/** The order's download links: here and in the confirmation email, nowhere else. */
function DownloadYourMusic({ downloads }: { downloads: NonNullable<PlacedOrder["downloads"]> }) {
  return (
    <section className={downloadsCss.music} aria-labelledby="download-your-music" data-testid="download-your-music">
      <h2 id="download-your-music" className={downloadsCss.musicHeading}>
        Download your music
      </h2>
      <ul className={downloadsCss.musicLinks}>
        {downloads.map((link) => (
          <li key={link.productId}>
            <a href={downloadPath(link.token)} className={button.gold}>
              Download {link.name}
            </a>
          </li>
        ))}
      </ul>
      <p className={css.stateText}>
        Each link works for {DOWNLOAD_DAYS} days and {MAX_DOWNLOADS} downloads in all, in {FORMATS_IN_WORDS}. The same link is in your confirmation email.
      </p>
    </section>
  );
}

export function EmptyCheckout({ message }: { message?: string }) {
  return (
    <section className={css.state} aria-labelledby="checkout-empty-heading" data-testid="checkout-empty">
      <FormError errors={message ? [message] : undefined} />
      <span className={css.stateIcon}>
        <BagIcon />
      </span>
      <h1 id="checkout-empty-heading" className={css.stateHeading}>
        YOUR CART IS EMPTY
      </h1>
      <p className={css.stateText}>You need to add items to your cart before checking out.</p>
      <Link prefetch="intent" to="/products" className={button.primary}>
        BROWSE PRODUCTS
      </Link>
    </section>
  );
}
