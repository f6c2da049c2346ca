/**
 * The brand's base colours as plain values: the colour tokens (tokens.css.ts) are built
 * from them, and what cannot read vanilla-extract's tokens (the back office's plain
 * stylesheet, the shop's emails) reads them here.
 */
export const palette = {
  ink: "#f4f1ec",
  inkMuted: "#b8b3ab",
  page: "#0b0b0f",
  surface: "#16161d",
  surfaceRaised: "#1f1f29",
  line: "#2c2c38",
  accent: "#ff2e88",
  accentInk: "#0b0b0f",
  gold: "#f5c242",
  focus: "#7cc4ff",
} as const;

export const fontStack = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;
