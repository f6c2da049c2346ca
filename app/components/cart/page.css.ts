/** The heading shared by the cart and checkout pages. */
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const eyebrow = style({
  margin: 0,
  color: vars.color.accent,
  fontWeight: 800,
  fontSize: vars.size.xs,
  letterSpacing: "0.18em",
  textTransform: "uppercase",
});

export const pageHeading = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  textTransform: "uppercase",
  letterSpacing: "0.02em",
  lineHeight: 1,
  fontSize: "clamp(2.5rem, 8vw, 4.5rem)",
  margin: `${vars.space.xs} 0 ${vars.space.xl}`,
});
