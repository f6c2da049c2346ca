/**
 * The shapes the shop's stylesheets share: card surfaces, section headers, labels, pills,
 * fields, empty states, skeletons. A component's stylesheet composes these
 * (`style([surface, { … }])`) and keeps only what is its own. Layouts that take a size or a
 * column count are in layout.ts.
 *
 * These classes are loaded with the root route (ui.css.ts composes them), so any page or
 * lazily loaded section can use them without a stylesheet of its own arriving late. They sit
 * in the `recipes` cascade layer: whatever a component sets on top of them wins.
 */
import { keyframes, style } from "@vanilla-extract/css";
import { recipe } from "./layout";
import { vars } from "./tokens.css";

/** A list with no bullets and no indent. */
export const bareList = style(recipe({ listStyle: "none", margin: 0, padding: 0 }));

// ------------------------------------------------------------------ surfaces

/** What every card stands on: the surface colour, a hairline border, rounded corners. */
export const surface = style(
  recipe({
    background: vars.color.surface,
    border: `1px solid ${vars.color.line}`,
    borderRadius: vars.radius.md,
  }),
);

/** A padded card on the surface. */
export const card = style([surface, recipe({ padding: vars.space.lg })]);

/** A card lit from above: the raised surface fading into the surface. */
export const raisedCard = style(
  recipe({
    padding: vars.space.lg,
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.line}`,
    background: `linear-gradient(180deg, ${vars.color.surfaceRaised}, ${vars.color.surface})`,
  }),
);

/** A card whose art runs to its edges: the art, then the body, in a column. */
export const mediaCard = style([surface, recipe({ display: "flex", flexDirection: "column", overflow: "hidden" })]);

/** A card or link whose border lights up in the accent under the pointer. */
export const accentHover = style(
  recipe({
    transition: "border-color 160ms ease",
    selectors: { "&:hover": { borderColor: vars.color.accent } },
  }),
);

/** A whole-card link that also lifts a little under the pointer. */
export const liftHover = style(
  recipe({
    transition: "transform 150ms ease, border-color 150ms ease",
    selectors: { "&:hover": { borderColor: vars.color.accent, transform: "translateY(-2px)" } },
  }),
);

/** A note with a coloured rule down its left side. */
export const sideRule = style(
  recipe({
    padding: vars.space.md,
    borderLeft: `3px solid ${vars.color.gold}`,
    borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
    background: vars.tint.gold.faint,
  }),
);

/** Nothing to show yet: a dashed, centred box. */
export const emptyState = style(
  recipe({
    textAlign: "center",
    padding: `${vars.space.xxl} ${vars.space.md}`,
    border: `1px dashed ${vars.color.line}`,
    borderRadius: vars.radius.md,
  }),
);

// ------------------------------------------------------------------ section header

/** Eyebrow, heading and intro, stacked: the top of a section. */
export const sectionHeader = style(
  recipe({
    display: "grid",
    gap: vars.space.sm,
    maxWidth: "46rem",
    marginBottom: vars.space.xl,
  }),
);

/** The small uppercase line above a heading. */
export const eyebrow = style(
  recipe({
    margin: 0,
    color: vars.color.accent,
    fontSize: vars.size.xs,
    fontWeight: 800,
    letterSpacing: "0.2em",
    textTransform: "uppercase",
  }),
);

export const eyebrowGold = style([eyebrow, recipe({ color: vars.color.gold })]);

/** The paragraph under a section's heading. */
export const intro = style(recipe({ margin: 0, color: vars.color.inkMuted, fontSize: vars.size.lg, maxWidth: "40rem" }));

/** Quiet running text under a title. */
export const quiet = style(recipe({ margin: 0, color: vars.color.inkMuted }));

// ------------------------------------------------------------------ small text

/** Labels, table heads and terms: small, spaced capitals in the muted ink. */
export const smallCaps = style(
  recipe({
    fontSize: vars.size.xs,
    fontWeight: 800,
    letterSpacing: "0.12em",
    textTransform: "uppercase",
    color: vars.color.inkMuted,
  }),
);

/** A rounded tag: badges, chips, discounts. Colours come from the one who uses it. */
export const pill = style(
  recipe({
    display: "inline-flex",
    alignItems: "center",
    gap: "0.3em",
    padding: "0.2rem 0.65rem",
    borderRadius: vars.radius.pill,
    fontSize: vars.size.xs,
    fontWeight: 800,
    letterSpacing: "0.08em",
    textTransform: "uppercase",
  }),
);

/** A round target with its icon or number in the middle. */
export const round = style(
  recipe({
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    borderRadius: vars.radius.pill,
  }),
);

// ------------------------------------------------------------------ fields

/** A text field, select or textarea on the page colour, lit in the accent when focused. */
export const field = style(
  recipe({
    width: "100%",
    minHeight: "48px",
    paddingInline: vars.space.md,
    borderRadius: vars.radius.sm,
    border: `1px solid ${vars.color.line}`,
    background: vars.color.page,
    color: vars.color.ink,
    font: "inherit",
    fontSize: vars.size.md,
    transition: "border-color 120ms ease, box-shadow 120ms ease",
    selectors: {
      "&::placeholder": { color: vars.color.inkFaint },
      "&:hover:not(:disabled)": { borderColor: vars.color.lineStrong },
      "&:focus": { outline: "none", borderColor: vars.color.accent, boxShadow: `0 0 0 3px ${vars.tint.accent.strong}` },
      // The page-wide focus ring too, so a keyboard user sees the field as every other control.
      "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
      "&:disabled": { opacity: 0.55, cursor: "not-allowed" },
    },
  }),
);

/** A select with the brand's chevron drawn in CSS, so the native arrow can go. */
export const selectField = style([
  field,
  recipe({
    appearance: "none",
    paddingRight: "2.5rem",
    cursor: "pointer",
    backgroundImage: `linear-gradient(45deg, transparent 50%, ${vars.color.accent} 50%), linear-gradient(135deg, ${vars.color.accent} 50%, transparent 50%)`,
    backgroundPosition: "calc(100% - 20px) 50%, calc(100% - 14px) 50%",
    backgroundSize: "6px 6px, 6px 6px",
    backgroundRepeat: "no-repeat",
  }),
]);

/** A search box: a pill with room for the magnifier on its left. */
export const searchField = style(
  recipe({
    width: "100%",
    minHeight: "44px",
    padding: `0 ${vars.space.md} 0 2.6rem`,
    borderRadius: vars.radius.pill,
    border: `1px solid ${vars.color.line}`,
    background: vars.color.surface,
    color: vars.color.ink,
    font: "inherit",
    selectors: { "&::placeholder": { color: vars.color.inkMuted } },
  }),
);

/** An error said in words, under a field or a form. */
export const errorText = style(recipe({ margin: 0, color: vars.color.danger, fontWeight: 700 }));

/** A form's or a page's boxed message: an error unless a variant says otherwise. */
export const alertBox = style(
  recipe({
    margin: 0,
    padding: `${vars.space.md} ${vars.space.lg}`,
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.danger}`,
    background: vars.tint.danger.faint,
    color: vars.color.ink,
    fontWeight: 600,
  }),
);

// ------------------------------------------------------------------ media

/**
 * A video drawn over its poster: a lazily loaded picture under it rather than the `poster`
 * attribute, which the browser fetches with the page. Chromium paints its native controls'
 * box grey until the video has a frame; transparent, the poster shows through.
 */
export const videoOverPoster = style(recipe({ selectors: { "&::-webkit-media-controls": { background: "transparent" } } }));

// ------------------------------------------------------------------ motion and loading

const rise = keyframes({
  from: { opacity: 0, transform: "translateY(12px)" },
  to: { opacity: 1, transform: "none" },
});

/** Cards that rise into place as a list renders. */
export const riseIn = style(recipe({ animation: `${rise} 420ms ease both` }));

/** How many cards of a list rise one after the other; the rest rise with the last of them. */
const STAGGERED_CARDS = 24;

/**
 * The delay of each card's rise, `stepSeconds` after the one before it, from its place in
 * the list (`item`: the list item is the card; `inItem`: the card is inside its list item).
 * A stylesheet rather than a style attribute per card: the pages' CSP allows no inline
 * style attributes.
 */
const staggered = (place: (n: number) => string, stepSeconds: number) =>
  style(
    recipe({
      selectors: Object.fromEntries(
        Array.from({ length: STAGGERED_CARDS }, (_, i) => [place(i + 1), { animationDelay: `${Math.round(i * stepSeconds * 100) / 100}s` }]),
      ),
    }),
  );

/** Spec section 9: product cards animate in staggered by 0.1 s each. */
export const staggeredCardInItem = staggered((n) => `:nth-child(${n}) > &`, 0.1);
/** The featured creators rise a little closer together. */
export const staggeredItem = staggered((n) => `&:nth-child(${n})`, 0.08);

const shimmer = keyframes({
  "0%": { backgroundPosition: "-200% 0" },
  "100%": { backgroundPosition: "200% 0" },
});

/** A block that shimmers while its content loads. */
export const skeleton = style(
  recipe({
    background: `linear-gradient(90deg, ${vars.color.surface} 25%, ${vars.color.surfaceRaised} 50%, ${vars.color.surface} 75%)`,
    backgroundSize: "200% 100%",
    animation: `${shimmer} 1.4s linear infinite`,
    borderRadius: vars.radius.sm,
  }),
);
