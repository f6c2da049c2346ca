import { style } from "@vanilla-extract/css";
import { quiet, round, videoOverPoster } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const carousel = style({ display: "grid", gap: vars.space.md });

/** Always 16:9, whatever the video or poster: the box never changes size. */
export const stage = style({
  position: "relative",
  width: "100%",
  aspectRatio: "16 / 9",
  overflow: "hidden",
  borderRadius: vars.radius.md,
  background: vars.color.black,
  border: `1px solid ${vars.color.line}`,
  boxShadow: `0 30px 90px ${vars.tint.accent.soft}`,
  selectors: {
    "&[data-fullscreen=true]": { aspectRatio: "auto", width: "100vw", height: "100vh", borderRadius: 0, border: 0 },
  },
});

export const slide = style({ position: "absolute", inset: 0 });

const filled = { position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" } as const;

/** The poster, a lazily loaded picture under the video: the `poster` attribute is fetched with the page. */
export const poster = style(filled);

/** Over its poster; its first frame covers it once it plays. */
export const video = style([videoOverPoster, { ...filled, display: "block" }]);

export const controls = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: `linear-gradient(180deg, transparent, ${vars.shade.shadowDeep})`,
  "@media": { [media.tablet]: { padding: vars.space.md } },
});

export const spacer = style({ flex: 1 });

export const control = style([
  round,
  {
    width: "44px",
    height: "44px",
    border: `1px solid ${vars.tint.light}`,
    background: vars.shade.pageHalf,
    color: vars.color.ink,
    cursor: "pointer",
    transition: "background-color 120ms ease, border-color 120ms ease",
    selectors: {
      "&:hover": { borderColor: vars.color.accent },
      "&[aria-pressed=true]": { background: vars.color.ink, color: vars.color.page },
    },
  },
]);

export const playControl = style({
  width: "52px",
  height: "52px",
  background: vars.color.accent,
  borderColor: vars.color.accent,
  color: vars.color.accentInk,
  selectors: { "&:hover": { borderColor: vars.color.ink } },
});

export const meta = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space.md });

export const title = style([displayHeading, { fontSize: vars.size.xl, lineHeight: 1.55 }]);

export const description = quiet;

export const pager = style({ display: "flex", alignItems: "center", gap: vars.space.md });

export const counter = style({
  fontVariantNumeric: "tabular-nums",
  fontWeight: 800,
  letterSpacing: "0.1em",
  color: vars.color.inkMuted,
});

export const dots = style({ display: "flex", gap: vars.space.xs });

/** A 12 px dot inside a 44 px target. */
export const dot = style({
  position: "relative",
  width: "44px",
  height: "44px",
  padding: 0,
  border: 0,
  background: "transparent",
  cursor: "pointer",
  selectors: {
    "&::before": {
      content: "''",
      position: "absolute",
      inset: "50% auto auto 50%",
      width: "12px",
      height: "12px",
      transform: "translate(-50%, -50%)",
      borderRadius: vars.radius.pill,
      background: vars.color.line,
      transition: "width 160ms ease, background-color 160ms ease",
    },
    "&[aria-current=true]::before": { width: "28px", background: vars.color.accent },
    "&:disabled": { cursor: "default" },
  },
});
