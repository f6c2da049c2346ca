/** Pieces only the staff portal uses: the dashboard columns, document rows, event dates. */
import { style, styleVariants } from "@vanilla-extract/css";
import { twoColumns } from "../../styles/layout";
import { bareList, card, round, surface } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

export const dashboard = style(twoColumns("1.5fr 1fr", { gap: vars.space.lg }));

export const column = style({ display: "grid", gap: vars.space.lg, alignContent: "start", minWidth: 0 });

export const panelHeading = style([displayHeading, { fontSize: "clamp(1.4rem, 3vw, 1.9rem)", lineHeight: 1.55, color: vars.color.ink }]);

export const rows = style([bareList, { display: "grid", gap: vars.space.sm }]);

export const row = style([
  surface,
  {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr)",
    gap: vars.space.md,
    alignItems: "center",
    padding: vars.space.md,
    "@media": { [media.largePhone]: { gridTemplateColumns: "auto minmax(0, 1fr) auto" } },
  },
]);

export const rowAction = style({
  gridColumn: "1 / -1",
  justifySelf: "start",
  "@media": { [media.largePhone]: { gridColumn: "auto", justifySelf: "end" } },
});

export const rowTitle = style({ margin: 0, fontWeight: 800, color: vars.color.ink, overflowWrap: "anywhere" });
export const rowMeta = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.xs });

/** The square at the start of a row: a document's type or an event's date. */
const rowTile = style({ display: "inline-grid", placeItems: "center", width: "3.25rem", height: "3.25rem", borderRadius: vars.radius.sm });

const fileTypeBase = style([rowTile, { fontSize: vars.size.xs, fontWeight: 900, letterSpacing: "0.06em" }]);

/** File-type badges of the document library, one colour per kind. */
export const fileType = styleVariants({
  PDF: [fileTypeBase, { background: vars.tint.accent.soft, color: vars.color.accent }],
  DOCX: [fileTypeBase, { background: vars.tint.focus.soft, color: vars.color.focus }],
  XLSX: [fileTypeBase, { background: vars.tint.mint.soft, color: vars.color.mint }],
  PPTX: [fileTypeBase, { background: vars.tint.orange.soft, color: vars.color.orange }],
  ZIP: [fileTypeBase, { background: vars.tint.gold.soft, color: vars.color.gold }],
});

export const dateBlock = style([rowTile, { background: vars.color.accent, color: vars.color.accentInk, lineHeight: 1, textAlign: "center" }]);

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

export const initials = style([
  round,
  {
    width: "3rem",
    height: "3rem",
    background: `linear-gradient(135deg, ${vars.color.accent}, ${vars.color.gold})`,
    color: vars.color.accentInk,
    fontWeight: 900,
  },
]);

export const person = style({ display: "flex", gap: vars.space.md, alignItems: "center" });

export const portalFooter = style([card, { display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.md }]);

export const mailLink = style({ color: vars.color.accent, fontWeight: 700, textUnderlineOffset: "3px" });

export const stack = style({ display: "grid", gap: vars.space.xl });
