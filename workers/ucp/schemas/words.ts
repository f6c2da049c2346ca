/**
 * A request's first wrong field in the shop's words, for both bindings: where it is (a JSON
 * path from the input's root, `line_items[0].quantity`) and what it expects. Valibot's own
 * messages ("Invalid type: Expected …") name its types, not what an agent should send.
 */
import type * as v from "valibot";

/** `line_items.0.item.id` as a JSON path: `line_items[0].item.id`. */
export function jsonPath(issue: v.BaseIssue<unknown>): string | null {
  if (!issue.path?.length) return null;
  return issue.path
    .map((step) => (typeof step.key === "number" ? `[${step.key}]` : `.${String(step.key)}`))
    .join("")
    .replace(/^\./, "");
}

const ofLength = (issue: v.BaseIssue<unknown>, count: string) =>
  typeof issue.input === "string" ? `${count} characters` : `${count} ${count === "1" ? "item" : "items"}`;

/** What the field expects, as a sentence's end: "must be a whole number of at least 1". */
export function expects(issue: v.BaseIssue<unknown>): string {
  const requirement = (issue as { requirement?: unknown }).requirement;
  // A key the schema requires, absent from the object that should hold it.
  if (issue.kind === "schema" && issue.input === undefined && issue.type !== "undefined")
    return `is required (${KINDS[issue.type] ?? issue.expected ?? "a value"})`;
  switch (issue.type) {
    case "min_value":
      return `must be at least ${String(requirement)}`;
    case "max_value":
      return `must be at most ${String(requirement)}`;
    case "min_length":
      return `must hold at least ${ofLength(issue, String(requirement))}`;
    case "max_length":
      return `must hold at most ${ofLength(issue, String(requirement))}`;
    case "integer":
    case "safe_integer":
      return "must be a whole number";
    case "url":
      return "must be a URL";
    case "picklist":
      // Valibot's `expected` lists the options: `"shipping" | "pickup"`.
      return `must be one of ${(issue.expected ?? "the listed values")
        .replace(/^\((.*)\)$/, "$1")
        .split(" | ")
        .join(", ")}`;
    default:
      return `must be ${KINDS[issue.type] ?? issue.expected ?? "as the spec describes it"}`;
  }
}

/** Valibot's schema types as the words for what a field holds. */
const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  loose_object: "an object",
  nullable: "text or null",
};
