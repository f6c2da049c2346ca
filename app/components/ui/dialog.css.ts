import { style } from "@vanilla-extract/css";
import { surface, videoOverPoster } from "../../styles/recipes.css";
import { vars } from "../../styles/tokens.css";

export const dialog = style([
  surface,
  {
    width: "min(720px, calc(100vw - 2rem))",
    maxHeight: "calc(100vh - 2rem)",
    padding: 0,
    color: vars.color.ink,
    boxShadow: `0 30px 80px ${vars.shade.shadowDeep}`,
    selectors: { "&::backdrop": { background: vars.shade.shadowDeep } },
  },
]);

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const title = style({ margin: 0, fontSize: vars.size.lg });

export const body = style({ padding: vars.space.lg, display: "grid", gap: vars.space.md });

/** The video and its poster, stacked in one cell: the video's first frame covers the poster. */
export const videoFrame = style({
  display: "grid",
  aspectRatio: "16 / 9",
  overflow: "hidden",
  background: vars.color.black,
  borderRadius: vars.radius.sm,
});

const stacked = { gridArea: "1 / 1", width: "100%", height: "100%" } as const;

export const videoPoster = style({ ...stacked, objectFit: "cover" });

export const video = style([videoOverPoster, { ...stacked, position: "relative" }]);
