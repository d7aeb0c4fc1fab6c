/**
 * Decorative glyphs drawn beside a localized label, always inside `aria-hidden` (the label or `aria-label` is the
 * accessible name). Kept here, not as JSX literals, because they are symbols, not text to translate (the lint
 * rule `formatjs/no-literal-string-in-jsx` keeps every translatable string out of @ofw/ui).
 */
export const GLYPH = {
  /** The back arrow of `Back` and `BackLink` (§2). */
  back: '‹',
  /** The close cross of dismissable banners and the 3-D Secure modal. */
  close: '×',
  /** The FAQ accordion's "expand" and "collapse" signs. */
  expand: '+',
  collapse: '−',
} as const;
