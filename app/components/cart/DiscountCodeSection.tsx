/**
 * The discount code's block (DiscountCode.tsx) as a lazily hydrated section: its code loads
 * when the order summary comes near the viewport, or the shopper points at it or tabs into
 * it (the checkout's first visit stays within the JavaScript budget, decision 0010).
 * Meanwhile its forms post to the page's action, as without JavaScript.
 */
// The block's styles come with the page, not with its lazily loaded code.
import "~/components/forms/forms.css";
import "./discount.css";
import type { DiscountCodeActionData } from "~/components/forms/action-data";
import { lazySection } from "~/components/ui/LazySection";

export const DiscountCodeSection = lazySection("discount-code", () => import("./DiscountCode").then((m) => m.DiscountCode));

/** The discount code form's answer among a page's action answers (a form posted without JavaScript), else undefined. */
export const discountCodeAnswer = (answer: object | undefined): DiscountCodeActionData | undefined =>
  answer && "discountCodeForm" in answer ? (answer as DiscountCodeActionData) : undefined;
