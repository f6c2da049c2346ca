/**
 * What stands between a cart and its order, as one rule for every door: the checkout page
 * shows each line's problem next to it, placing the order refuses while any stands
 * (checkout/step.ts), and an agent's checkout is `incomplete` until none does (workers/ucp).
 */
import { conflict, invalidInput } from "../../app/shared/errors";
import { lineProblems } from "../../app/shared/variants";
import type { CartLine } from "./cart";

export const EMPTY_CART = "Your cart is empty. Add items to your cart before checking out.";
export const ADDRESS_NEEDED = "Please enter a shipping address: your cart holds items we ship.";

export type CheckoutProblem =
  /** Nothing to order: the only problem an empty cart has. */
  | { kind: "empty"; message: string }
  /** A size still to choose (`needsChoice`), a variant sold out since it was added, or fewer left than the line holds. */
  | { kind: "line"; lineId: number; message: string; needsChoice: boolean }
  /** The cart holds something shipped and no shipping address is given. */
  | { kind: "address"; message: string };

/**
 * The problems of a cart of `lines`, in the order a buyer settles them: its lines first, then
 * the address. `address` says whether a shipping address is given; left out where none is
 * asked for yet (the checkout page before its form is sent), no address is a problem.
 */
export function checkoutProblems(lines: CartLine[], { address }: { address?: boolean } = {}): CheckoutProblem[] {
  if (lines.length === 0) return [{ kind: "empty", message: EMPTY_CART }];
  const choosing = new Set(lines.filter((line) => line.needsChoice).map((line) => line.id));
  const problems: CheckoutProblem[] = lineProblems(lines).map(({ lineId, message }) => ({ kind: "line", lineId, message, needsChoice: choosing.has(lineId) }));
  if (address === false && lines.some((line) => !line.digital)) problems.push({ kind: "address", message: ADDRESS_NEEDED });
  return problems;
}

/** The problems of single lines, as the checkout page lists them beside each line. */
export const lineProblemsOf = (problems: CheckoutProblem[]) =>
  problems.flatMap((problem) => (problem.kind === "line" ? [{ lineId: problem.lineId, message: problem.message }] : []));

/**
 * Refuses a cart while something stands between it and its order: the lines' problems
 * together (checkout shows each next to its line), else the first other one.
 */
export function refuseUnready(problems: CheckoutProblem[]) {
  const first = problems[0];
  if (!first) return;
  if (first.kind !== "line") throw invalidInput(first.message);
  const lines = problems.filter((problem) => problem.kind === "line");
  const issues = lines.map(({ lineId, message }) => ({ path: `line-${lineId}`, message }));
  const message = lines.length === 1 ? first.message : "Some items in your cart need your attention before you pay.";
  throw lines.some((line) => line.needsChoice) ? invalidInput(message, issues) : conflict(message, issues);
}
