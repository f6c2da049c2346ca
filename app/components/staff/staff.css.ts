/** Pieces only the staff portal uses: the dashboard columns, document rows, event dates. */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";

export const dashboard = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1.5fr) minmax(0, 1fr)" } },
});

export const column = style({ display: "grid", gap: vars.space.lg, alignContent: "start", minWidth: 0 });

export const panelHeading = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: "clamp(1.4rem, 3vw, 1.9rem)",
  letterSpacing: "0.02em",
  textTransform: "uppercase",
  color: vars.color.ink,
});

export const rows = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

export const row = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: vars.space.md,
  alignItems: "center",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  "@media": { "(min-width: 640px)": { gridTemplateColumns: "auto minmax(0, 1fr) auto" } },
});

export const rowAction = style({
  gridColumn: "1 / -1",
  justifySelf: "start",
  "@media": { "(min-width: 640px)": { gridColumn: "auto", justifySelf: "end" } },
});

export const rowTitle = style({ margin: 0, fontWeight: 800, color: vars.color.ink, overflowWrap: "anywhere" });
export const rowMeta = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.xs });

const fileTypeBase = style({
  display: "inline-grid",
  placeItems: "center",
  width: "3.25rem",
  height: "3.25rem",
  borderRadius: vars.radius.sm,
  fontSize: vars.size.xs,
  fontWeight: 900,
  letterSpacing: "0.06em",
});

/** File-type badges of the document library, one colour per kind. */
export const fileType = styleVariants({
  PDF: [fileTypeBase, { background: "rgba(255, 46, 136, 0.16)", color: vars.color.accent }],
  DOCX: [fileTypeBase, { background: "rgba(124, 196, 255, 0.16)", color: vars.color.focus }],
  XLSX: [fileTypeBase, { background: "rgba(86, 214, 140, 0.16)", color: "#6fe3a0" }],
  PPTX: [fileTypeBase, { background: "rgba(255, 150, 70, 0.16)", color: "#ffab6b" }],
  ZIP: [fileTypeBase, { background: "rgba(245, 194, 66, 0.16)", color: vars.color.gold }],
});

export const dateBlock = style({
  display: "grid",
  placeItems: "center",
  width: "3.25rem",
  height: "3.25rem",
  borderRadius: vars.radius.sm,
  background: vars.color.accent,
  color: vars.color.accentInk,
  lineHeight: 1,
  textAlign: "center",
});

export const dateMonth = style({
  fontSize: "0.7rem",
  fontWeight: 900,
  letterSpacing: "0.1em",
  textTransform: "uppercase",
  alignSelf: "end",
});
export const dateDay = style({ fontFamily: vars.font.display, fontSize: "1.4rem", alignSelf: "start" });

export const quickLinks = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.sm,
});

export const quickLink = style({
  minHeight: "56px",
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surfaceRaised,
  color: vars.color.ink,
  font: "inherit",
  fontWeight: 700,
  fontSize: vars.size.sm,
  cursor: "pointer",
  selectors: { "&:hover": { borderColor: vars.color.accent } },
});

export const initials = style({
  display: "inline-grid",
  placeItems: "center",
  width: "3rem",
  height: "3rem",
  borderRadius: "50%",
  background: `linear-gradient(135deg, ${vars.color.accent}, ${vars.color.gold})`,
  color: vars.color.accentInk,
  fontWeight: 900,
});

export const person = style({ display: "flex", gap: vars.space.md, alignItems: "center" });

export const portalFooter = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
});

export const mailLink = style({ color: vars.color.accent, fontWeight: 700, textUnderlineOffset: "3px" });

export const stack = style({ display: "grid", gap: vars.space.xl });
