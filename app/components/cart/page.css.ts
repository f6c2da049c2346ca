/** The heading shared by the cart and checkout pages. */
import { style } from "@vanilla-extract/css";
import { eyebrow as eyebrowLine } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const eyebrow = style([eyebrowLine, { letterSpacing: "0.18em" }]);

export const pageHeading = style([displayHeading, { lineHeight: 1, fontSize: "clamp(2.5rem, 8vw, 4.5rem)", margin: `${vars.space.xs} 0 ${vars.space.xl}` }]);
