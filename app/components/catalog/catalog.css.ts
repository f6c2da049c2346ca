/** The catalog screens' shared pieces: breadcrumb, page intro, filters, tabs, result states. */
import { style } from "@vanilla-extract/css";
import { alertBox, bareList, eyebrow as eyebrowLine, field as fieldControl, selectField, smallCaps, surface } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading, pillTab } from "../../styles/ui.css";

// ------------------------------------------------------------------ breadcrumb

export const breadcrumb = style({ marginBottom: vars.space.lg });

export const breadcrumbList = style([
  bareList,
  smallCaps,
  { display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xs, fontWeight: 700, letterSpacing: "0.08em" },
]);

export const breadcrumbItem = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minWidth: 0,
  selectors: {
    // The slash is decoration: its alternative text (after the second slash) is empty.
    "& + &::before": { content: '"/" / ""', color: vars.color.line, marginRight: vars.space.xs },
  },
});

export const breadcrumbLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "32px",
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.accent } },
});

export const breadcrumbCurrent = style({
  color: vars.color.ink,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

// ------------------------------------------------------------------ page intro

export const intro = style({
  position: "relative",
  display: "grid",
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
  paddingBottom: vars.space.lg,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const eyebrow = eyebrowLine;

export const introTitle = style([
  displayHeading,
  {
    fontSize: "clamp(2.5rem, 9vw, 5.5rem)",
    lineHeight: 0.95,
    // A search's words are the title: a long one breaks rather than runs off a phone.
    overflowWrap: "anywhere",
    textShadow: `0 0 40px ${vars.tint.accent.glow}`,
  },
]);

export const introLead = style({
  margin: 0,
  maxWidth: "58ch",
  color: vars.color.inkMuted,
  fontSize: vars.size.md,
  "@media": { [media.tablet]: { fontSize: vars.size.lg } },
});

// ------------------------------------------------------------------ filters (/products)

/**
 * On phones the type select takes the first row, and the search box shares the second
 * with the Apply button, which is hidden once the page is interactive: the box widens but
 * nothing below moves (a row of its own would close up, a layout shift).
 */
export const filters = style([
  surface,
  {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) auto",
    gap: vars.space.md,
    alignItems: "end",
    marginBottom: vars.space.lg,
    padding: vars.space.md,
    "@media": {
      [media.tablet]: { gridTemplateColumns: "minmax(200px, 260px) 1fr auto", padding: vars.space.lg },
    },
  },
]);

export const field = style({ display: "grid", gap: vars.space.xs, minWidth: 0 });

/** The type select: a row of its own on phones, the first column from tablet width. */
export const categoryField = style([field, { gridColumn: "1 / -1", "@media": { [media.tablet]: { gridColumn: "auto" } } }]);

export const fieldLabel = smallCaps;

export const select = selectField;

export const searchWrap = style({ position: "relative" });

export const searchIcon = style({
  position: "absolute",
  left: vars.space.md,
  top: "50%",
  transform: "translateY(-50%)",
  display: "flex",
  color: vars.color.accent,
  pointerEvents: "none",
});

export const searchInput = style([fieldControl, { paddingLeft: "2.75rem" }]);

export const resultsBar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
});

// Quotes the search: a long word breaks rather than runs off a phone.
export const resultCount = style({ margin: 0, fontSize: vars.size.sm, fontWeight: 700, color: vars.color.inkMuted, overflowWrap: "anywhere" });

// ------------------------------------------------------------------ tabs (/apparel)

export const tabs = style([
  bareList,
  { display: "flex", gap: vars.space.sm, marginBottom: vars.space.lg, paddingBottom: vars.space.xs, overflowX: "auto", scrollbarWidth: "thin" },
]);

export const tab = style([
  pillTab,
  {
    selectors: {
      "&:hover": { borderColor: vars.color.accent, color: vars.color.accent },
      "&[aria-current=page]": {
        background: vars.color.accent,
        borderColor: vars.color.accent,
        color: vars.color.accentInk,
        boxShadow: `0 0 24px ${vars.tint.accent.strong}`,
      },
    },
  },
]);

// ------------------------------------------------------------------ result states

export const failure = style([alertBox, { padding: `${vars.space.xl} ${vars.space.md}`, textAlign: "center", fontWeight: 800 }]);

export const section = style({ marginTop: vars.space.xxl });
