/** The cart page: items table (stacked cards on a phone), summary, Smart Savings bundles. */
import { globalStyle, style } from "@vanilla-extract/css";
import { columns, twoColumns } from "../../styles/layout";
import { bareList, emptyState, errorText, pill, round, selectField, smallCaps, surface } from "../../styles/recipes.css";
import { media, vars } from "../../styles/tokens.css";
import { displayHeading } from "../../styles/ui.css";

const PHONE = media.phone;

export const layout = style([twoColumns("1fr 340px"), { alignItems: "start" }]);

/** The page's banners: what a cart form posted without JavaScript did, or why it failed. */
export const notices = style({ display: "grid", gap: vars.space.sm, marginBottom: vars.space.lg });

// ---------------------------------------------------------------- items table

export const table = style([
  surface,
  {
    width: "100%",
    borderCollapse: "collapse",
    overflow: "hidden",
    "@media": { [PHONE]: { display: "block", background: "none", border: 0, borderRadius: 0 } },
  },
]);

/** The column heads: on a phone each cell says its own label, so they are kept for screen readers only. */
export const head = style({
  "@media": { [PHONE]: { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } },
});

export const headCell = style([
  smallCaps,
  {
    padding: vars.space.md,
    textAlign: "left",
    letterSpacing: "0.14em",
    borderBottom: `1px solid ${vars.color.line}`,
    selectors: { "&:first-child": { paddingLeft: vars.space.lg } },
  },
]);

export const headCellEnd = style([headCell, { textAlign: "right" }]);

export const body = style({
  "@media": { [PHONE]: { display: "flex", flexDirection: "column", gap: vars.space.md } },
});

export const line = style({
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
  "@media": {
    [PHONE]: {
      display: "grid",
      gridTemplateColumns: "minmax(0, 1fr) auto",
      gridTemplateAreas: '"product remove" "price price" "quantity quantity" "total total"',
      rowGap: vars.space.sm,
      padding: vars.space.md,
      background: vars.color.surface,
      border: `1px solid ${vars.color.line}`,
      borderRadius: vars.radius.md,
      selectors: { "&:last-child": { borderBottom: `1px solid ${vars.color.line}` } },
    },
  },
});

export const cell = style({
  padding: `${vars.space.md} ${vars.space.md}`,
  verticalAlign: "middle",
  fontVariantNumeric: "tabular-nums",
  "@media": {
    [PHONE]: {
      display: "flex",
      justifyContent: "space-between",
      alignItems: "center",
      padding: `${vars.space.xs} 0`,
      selectors: {
        "&::before": {
          content: "attr(data-label)",
          color: vars.color.inkMuted,
          fontSize: vars.size.xs,
          fontWeight: 800,
          letterSpacing: "0.14em",
          textTransform: "uppercase",
        },
      },
    },
  },
});

export const priceCell = style([cell, { "@media": { [PHONE]: { gridArea: "price" } } }]);
export const quantityCell = style([cell, { "@media": { [PHONE]: { gridArea: "quantity" } } }]);
export const totalCell = style([
  cell,
  {
    textAlign: "right",
    fontWeight: 800,
    color: vars.color.ink,
    "@media": { [PHONE]: { gridArea: "total", paddingTop: vars.space.sm, borderTop: `1px solid ${vars.color.line}` } },
  },
]);

export const productCell = style({
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
  textAlign: "left",
  fontWeight: 400,
  verticalAlign: "middle",
  "@media": { [PHONE]: { gridArea: "product", padding: 0 } },
});

export const removeCell = style({
  padding: `${vars.space.md} ${vars.space.lg} ${vars.space.md} ${vars.space.sm}`,
  textAlign: "right",
  verticalAlign: "middle",
  "@media": { [PHONE]: { gridArea: "remove", padding: 0, alignSelf: "start" } },
});

export const product = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  textDecoration: "none",
  minWidth: 0,
});

export const thumb = style({
  width: 72,
  height: 72,
  flexShrink: 0,
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.line}`,
});

export const productName = style({
  fontWeight: 800,
  fontSize: vars.size.md,
  lineHeight: 1.25,
  overflowWrap: "anywhere",
  selectors: { [`${product}:hover &`]: { color: vars.color.accent } },
});

// ---------------------------------------------------------------- a line's choice

/** The product link, then what the line holds and its picker, under the name. */
export const productBlock = style({ display: "grid", gap: vars.space.sm, minWidth: 0 });

/** Lined up under the name, past the picture. */
export const choice = style({
  display: "grid",
  gap: vars.space.xs,
  paddingLeft: `calc(72px + ${vars.space.md})`,
  minWidth: 0,
  // A phone's card has no room to spare beside the picture: the choice takes the card's width.
  "@media": { [PHONE]: { paddingLeft: 0 } },
});

export const variantLabel = style({
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `0 ${vars.space.sm}`,
  color: vars.color.inkMuted,
  fontSize: vars.size.sm,
  fontWeight: 700,
});

export const stockLow = style({ color: vars.color.gold, fontSize: vars.size.xs, fontWeight: 800, letterSpacing: "0.08em" });

export const stockOut = style([errorText, { fontSize: vars.size.xs, fontWeight: 900, letterSpacing: "0.08em" }]);

/** A size still to choose: said as loudly as an error, since checkout waits for it. */
export const chooseNotice = style([errorText, { fontSize: vars.size.sm, fontWeight: 900, letterSpacing: "0.06em", textTransform: "uppercase" }]);

export const picker = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: `${vars.space.xs} ${vars.space.sm}`,
  maxWidth: "22rem",
});

export const pickerLabel = style([smallCaps, { gridColumn: "1 / -1", color: vars.color.inkMuted, letterSpacing: "0.12em" }]);

export const pickerSelect = style([selectField, { minHeight: "40px", fontSize: vars.size.sm }]);

export const quantity = style({
  display: "inline-flex",
  alignItems: "center",
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  background: vars.color.page,
});

export const stepper = style([
  round,
  {
    width: 44,
    height: 44,
    border: 0,
    background: "transparent",
    color: vars.color.ink,
    fontSize: vars.size.lg,
    fontWeight: 800,
    cursor: "pointer",
    selectors: {
      "&:hover:not(:disabled)": { background: vars.color.surfaceRaised, color: vars.color.accent },
      "&:disabled": { opacity: 0.35, cursor: "not-allowed" },
    },
  },
]);

export const quantityValue = style({ minWidth: "2.5ch", textAlign: "center", fontWeight: 800 });

export const removeButton = style([
  round,
  {
    width: 44,
    height: 44,
    border: `1px solid ${vars.color.line}`,
    background: "transparent",
    color: vars.color.inkMuted,
    cursor: "pointer",
    selectors: {
      "&:hover:not(:disabled)": { color: vars.color.accent, borderColor: vars.color.accent },
      "&:disabled": { opacity: 0.45, cursor: "not-allowed" },
    },
  },
]);

globalStyle(`${line} form`, { margin: 0 });

export const tableActions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

globalStyle(`${tableActions} > *`, { flex: "1 1 auto", "@media": { [media.tablet]: { flex: "0 0 auto" } } });
globalStyle(`${tableActions} button, ${tableActions} > a`, { width: "100%" });

export const summaryActions = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, marginTop: vars.space.sm });

export const fullWidth = style({ width: "100%" });

// ---------------------------------------------------------------- empty cart

export const empty = style([
  emptyState,
  {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    gap: vars.space.md,
    paddingInline: vars.space.lg,
    background: `radial-gradient(ellipse at top, ${vars.tint.accent.soft}, transparent 60%), ${vars.color.surface}`,
  },
]);

export const emptyIcon = style({ color: vars.color.accent });

export const emptyHeading = style([displayHeading, { fontSize: "clamp(1.75rem, 5vw, 2.5rem)", lineHeight: 1.1 }]);

export const emptyText = style({ margin: 0, color: vars.color.inkMuted, maxWidth: "42ch" });

// ---------------------------------------------------------------- Smart Savings

export const savings = style({
  marginTop: vars.space.xxl,
  paddingTop: vars.space.xl,
  borderTop: `1px solid ${vars.color.line}`,
});

export const savingsHeader = style({ marginBottom: vars.space.lg });

export const savingsHeading = style([displayHeading, { fontSize: "clamp(2rem, 5vw, 3rem)", marginBlock: vars.space.xs }]);

export const bundleGrid = style([bareList, columns(1, { tablet: 2, wide: 4 })]);

export const bundle = style([
  surface,
  {
    position: "relative",
    height: "100%",
    display: "flex",
    flexDirection: "column",
    gap: vars.space.sm,
    padding: vars.space.lg,
    background: `linear-gradient(180deg, ${vars.tint.gold.faint}, transparent 45%), ${vars.color.surface}`,
    transition: "border-color 160ms ease",
    selectors: { "&:hover": { borderColor: vars.color.gold } },
  },
]);

export const discount = style([
  pill,
  { alignSelf: "flex-start", padding: "0.15rem 0.65rem", background: vars.color.gold, color: vars.color.accentInk, fontWeight: 900 },
]);

export const bundleName = style([displayHeading, { fontSize: vars.size.xl, lineHeight: 1.1 }]);

export const bundleDescription = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.sm });

export const bundleProducts = style([
  bareList,
  {
    paddingBlock: vars.space.sm,
    borderBlock: `1px solid ${vars.color.line}`,
    display: "flex",
    flexDirection: "column",
    gap: vars.space.xs,
    fontSize: vars.size.sm,
  },
]);

export const bundleProduct = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm });

export const bundleProductPrice = style({ color: vars.color.inkMuted, fontVariantNumeric: "tabular-nums" });

export const bundlePricing = style({
  marginTop: "auto",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `${vars.space.xs} ${vars.space.sm}`,
  paddingTop: vars.space.sm,
});

export const bundlePrice = style({ fontFamily: vars.font.display, fontSize: vars.size.xl, color: vars.color.gold });

export const bundleWas = style({ color: vars.color.inkMuted, fontSize: vars.size.sm });

export const bundleSaving = style({ width: "100%", margin: 0, color: vars.color.accent, fontWeight: 800, fontSize: vars.size.sm });

/** A line whose price changed since the shopper last saw it: said once, in gold, beside the line. */
export const priceChanged = style({
  margin: 0,
  color: vars.color.gold,
  fontSize: vars.size.sm,
  fontWeight: 800,
  letterSpacing: "0.02em",
});

/** A bundle the cart already completes: framed in gold, no longer lit like an offer. */
export const bundleInCart = style([bundle, { borderColor: vars.color.gold, background: vars.color.surface }]);

/** A bundle's discount, and "In your cart" beside it (below it, where the card is narrow). */
export const bundleBadges = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xs });

/** "In your cart" on such a bundle. */
export const inCartNote = style([
  pill,
  {
    padding: "0.15rem 0.65rem",
    border: `1px solid ${vars.color.gold}`,
    color: vars.color.gold,
    fontWeight: 900,
    fontSize: vars.size.xs,
    letterSpacing: "0.08em",
    textTransform: "uppercase",
  },
]);
