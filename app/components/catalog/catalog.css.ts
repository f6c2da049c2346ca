/** The catalog screens' shared pieces: breadcrumb, page intro, filters, tabs, result states. */
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/tokens.css";
import { displayHeading, pillTab } from "../../styles/ui.css";

// ------------------------------------------------------------------ breadcrumb

export const breadcrumb = style({ marginBottom: vars.space.lg });

export const breadcrumbList = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
  fontSize: vars.size.xs,
  fontWeight: 700,
  letterSpacing: "0.08em",
  textTransform: "uppercase",
  color: vars.color.inkMuted,
});

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

export const eyebrow = style({
  margin: 0,
  color: vars.color.accent,
  fontSize: vars.size.xs,
  fontWeight: 800,
  letterSpacing: "0.2em",
  textTransform: "uppercase",
});

export const introTitle = style([
  displayHeading,
  {
    fontSize: "clamp(2.5rem, 9vw, 5.5rem)",
    lineHeight: 0.95,
    textShadow: "0 0 40px rgba(255, 46, 136, 0.25)",
  },
]);

export const introLead = style({
  margin: 0,
  maxWidth: "58ch",
  color: vars.color.inkMuted,
  fontSize: vars.size.md,
  "@media": { "(min-width: 768px)": { fontSize: vars.size.lg } },
});

// ------------------------------------------------------------------ filters (/products)

/**
 * On phones the type select takes the first row, and the search box shares the second
 * with the Apply button, which is hidden once the page is interactive: the box widens but
 * nothing below moves (a row of its own would close up, a layout shift).
 */
export const filters = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: vars.space.md,
  alignItems: "end",
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  "@media": {
    "(min-width: 720px)": { gridTemplateColumns: "minmax(200px, 260px) 1fr auto", padding: vars.space.lg },
  },
});

export const field = style({ display: "grid", gap: vars.space.xs, minWidth: 0 });

/** The type select: a row of its own on phones, the first column from 720 px. */
export const categoryField = style([field, { gridColumn: "1 / -1", "@media": { "(min-width: 720px)": { gridColumn: "auto" } } }]);

export const fieldLabel = style({
  fontSize: vars.size.xs,
  fontWeight: 800,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
  color: vars.color.inkMuted,
});

const control = style({
  width: "100%",
  minHeight: "48px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.page,
  color: vars.color.ink,
  fontFamily: vars.font.body,
  fontSize: vars.size.md,
  transition: "border-color 120ms ease",
  selectors: {
    "&:hover": { borderColor: vars.color.inkMuted },
    "&:focus-visible": { borderColor: vars.color.accent },
  },
});

export const select = style([
  control,
  {
    appearance: "none",
    padding: `0 2.5rem 0 ${vars.space.md}`,
    cursor: "pointer",
    // A chevron drawn in CSS, so the native arrow can go and the control matches the brand.
    backgroundImage: `linear-gradient(45deg, transparent 50%, ${vars.color.accent} 50%), linear-gradient(135deg, ${vars.color.accent} 50%, transparent 50%)`,
    backgroundPosition: "calc(100% - 20px) 50%, calc(100% - 14px) 50%",
    backgroundSize: "6px 6px, 6px 6px",
    backgroundRepeat: "no-repeat",
  },
]);

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

export const searchInput = style([
  control,
  {
    padding: `0 ${vars.space.md} 0 2.75rem`,
    selectors: { "&::placeholder": { color: vars.color.inkMuted } },
  },
]);

export const resultsBar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
});

export const resultCount = style({
  margin: 0,
  fontSize: vars.size.sm,
  fontWeight: 700,
  color: vars.color.inkMuted,
});

// ------------------------------------------------------------------ tabs (/apparel)

export const tabs = style({
  display: "flex",
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.lg}`,
  padding: `0 0 ${vars.space.xs}`,
  listStyle: "none",
  overflowX: "auto",
  scrollbarWidth: "thin",
});

export const tab = style([
  pillTab,
  {
    selectors: {
      "&:hover": { borderColor: vars.color.accent, color: vars.color.accent },
      "&[aria-current=page]": {
        background: vars.color.accent,
        borderColor: vars.color.accent,
        color: vars.color.accentInk,
        boxShadow: "0 0 24px rgba(255, 46, 136, 0.35)",
      },
    },
  },
]);

// ------------------------------------------------------------------ result states

export const failure = style({
  padding: `${vars.space.xl} ${vars.space.md}`,
  textAlign: "center",
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  background: "rgba(255, 46, 136, 0.08)",
  fontWeight: 800,
});

export const section = style({ marginTop: vars.space.xxl });
