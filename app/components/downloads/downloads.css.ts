/** A download link's page (app/routes/download.tsx) and the success screen's "Download your music". */
import { style } from "@vanilla-extract/css";
import { bareList, surface } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";

export const panel = style([
  surface,
  {
    display: "grid",
    gap: vars.space.lg,
    padding: vars.space.lg,
    alignItems: "center",
    maxWidth: "44rem",
    "@media": { [media.largePhone]: { gridTemplateColumns: "160px 1fr" } },
  },
]);

export const cover = style({ width: "160px", height: "160px", borderRadius: vars.radius.md, display: "block" });

export const details = style({ display: "grid", gap: vars.space.md });

export const formats = style([bareList, { display: "grid", gap: vars.space.sm }]);

/** A format's button with its note beside it, or under it where the line is short. */
export const format = style({ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: vars.space.md, rowGap: vars.space.xs });

export const note = style({ color: vars.color.inkMuted, fontSize: vars.size.sm });

export const limits = style({ margin: 0, color: vars.color.inkMuted });

/** The success screen's section: its heading, then one link per product. */
export const music = style([surface, { display: "grid", gap: vars.space.sm, padding: vars.space.lg, textAlign: "start", width: "100%", maxWidth: "32rem" }]);

export const musicHeading = style({ margin: 0, fontSize: vars.size.lg });

export const musicLinks = style([bareList, { display: "grid", gap: vars.space.sm }]);
