/**
 * One cart button as a real form posting to the cart page's action (the no-JavaScript
 * path: the action calls the shop and redirects back to /cart). With JavaScript the
 * submit is taken over by `onAction`, a call of the cart context, which sets the loading
 * flag, calls the API, reloads the cart and toasts the outcome (spec section 4).
 */
import type { ReactNode } from "react";
import { CART_INTENT } from "~/lib/cart-intents";

export type CartIntent = (typeof CART_INTENT)[keyof typeof CART_INTENT];

type Props = {
  intent: CartIntent;
  fields?: Record<string, string | number>;
  onAction: () => Promise<void>;
  className?: string;
  children: ReactNode;
};

export function CartActionForm({ intent, fields = {}, onAction, className, children }: Props) {
  return (
    <form
      method="post"
      action="/cart"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void onAction();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
