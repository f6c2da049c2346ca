import { style } from "@vanilla-extract/css";
import { bareList, searchField, smallCaps, surface } from "~/styles/recipes.css";
import { media, vars } from "~/styles/tokens.css";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 50,
  // Nearly opaque, with no backdrop blur: a blur behind a sticky header is redone on every
  // scrolled frame, which slow phones (and Lighthouse's 4x slowdown) pay for.
  background: vars.shade.pageSolid,
  borderBottom: `1px solid ${vars.color.line}`,
  transition: "box-shadow 200ms ease",
  selectors: {
    "&[data-scrolled=true]": { boxShadow: `0 10px 30px ${vars.shade.shadow}` },
  },
});

export const headerRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  minHeight: "68px",
});

export const logo = style({ display: "flex", alignItems: "center", flexShrink: 0, textDecoration: "none" });

export const nav = style({
  display: "none",
  alignItems: "center",
  gap: vars.space.xs,
  "@media": { [media.wide]: { display: "flex" } },
});

export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "2px",
  minHeight: "44px",
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  color: vars.color.ink,
  fontWeight: 700,
  fontSize: vars.size.sm,
  textDecoration: "none",
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&:hover": { color: vars.color.accent },
    "&[aria-current=page]": { color: vars.color.accent },
    "&::-webkit-details-marker": { display: "none" },
  },
});

export const navGroup = style({ position: "relative" });

export const navMenu = style([
  surface,
  {
    position: "absolute",
    top: "calc(100% + 6px)",
    left: 0,
    minWidth: "220px",
    display: "grid",
    padding: vars.space.sm,
    background: vars.color.surfaceRaised,
    boxShadow: `0 20px 40px ${vars.shade.shadow}`,
  },
]);

export const navMenuLink = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  textDecoration: "none",
  fontWeight: 600,
  selectors: { "&:hover": { background: vars.color.surface, color: vars.color.accent } },
});

export const search = style({
  position: "relative",
  flex: "1 1 auto",
  maxWidth: "280px",
  marginLeft: "auto",
  display: "none",
  "@media": { [media.tablet]: { display: "block" } },
});

export const searchInput = style([searchField, { paddingLeft: "2.4rem", fontSize: vars.size.sm }]);

export const searchIcon = style({
  position: "absolute",
  left: "0.85rem",
  top: "50%",
  transform: "translateY(-50%)",
  color: vars.color.inkMuted,
  pointerEvents: "none",
  display: "flex",
});

export const actions = style({ display: "flex", alignItems: "center", gap: vars.space.sm, marginLeft: "auto" });

export const desktopOnly = style({
  display: "none",
  "@media": { [media.wide]: { display: "inline-flex" } },
});

export const cartLink = style({ position: "relative" });

export const badge = style({
  position: "absolute",
  top: "-4px",
  right: "-6px",
  minWidth: "22px",
  height: "22px",
  paddingInline: "5px",
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: "0.75rem",
  fontWeight: 800,
  lineHeight: "22px",
  textAlign: "center",
  selectors: { "&[hidden]": { display: "none" } },
});

export const mobileMenu = style({
  "@media": { [media.wide]: { display: "none" } },
});

export const mobileSummary = style({
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const mobilePanel = style({
  position: "absolute",
  left: 0,
  right: 0,
  top: "100%",
  maxHeight: "calc(100vh - 68px)",
  overflowY: "auto",
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.xs,
  background: vars.color.page,
  borderBottom: `1px solid ${vars.color.line}`,
  boxShadow: `0 20px 40px ${vars.shade.shadow}`,
});

export const mobileGroupTitle = style([smallCaps, { marginTop: vars.space.sm }]);

export const mobileSearch = style({ position: "relative", marginBottom: vars.space.sm });

export const footer = style({
  marginTop: vars.space.xxl,
  borderTop: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  paddingBlock: vars.space.xl,
});

export const footerGrid = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "1fr",
  "@media": {
    [media.largePhone]: { gridTemplateColumns: "repeat(2, 1fr)" },
    [media.wide]: { gridTemplateColumns: "1.4fr repeat(3, 1fr)" },
  },
});

export const footerHeading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.size.sm,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
});

export const footerList = style([bareList, { display: "grid", gap: vars.space.xs }]);

export const footerLink = style({
  color: vars.color.inkMuted,
  textDecoration: "none",
  display: "inline-block",
  paddingBlock: "2px",
  selectors: { "&:hover": { color: vars.color.ink } },
});

export const socialList = style([footerList, { marginTop: vars.space.md }]);

export const socialLink = style([footerLink, { display: "inline-flex", alignItems: "center", gap: vars.space.sm }]);

export const legal = style({
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.line}`,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  justifyContent: "space-between",
  color: vars.color.inkMuted,
  fontSize: vars.size.xs,
});

export const legalLinks = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap" });
