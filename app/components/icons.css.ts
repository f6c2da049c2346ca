import { style } from "@vanilla-extract/css";
import { recipe } from "../styles/layout";

/**
 * A line icon's drawing: in the text colour, two units wide, rounded. One class rather than
 * five presentation attributes on every icon (the home page draws 22); in the recipes layer,
 * as weak as those attributes were, so a component's own rule still wins.
 */
export const lineIcon = style(
  recipe({
    fill: "none",
    stroke: "currentColor",
    strokeWidth: "2",
    strokeLinecap: "round",
    strokeLinejoin: "round",
  }),
);
