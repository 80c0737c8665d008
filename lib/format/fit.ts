/**
 * Sizing a figure (a summary card's amount) to its card: the text's width is estimated in em from
 * its characters, on the wide side of the fonts the theme names (DejaVu Sans has the widest digits,
 * 0.64 em; Arial's and Segoe UI's are 0.56), and the font is the largest that fits the card's
 * width (`100cqi`, the card being a size container), up to the figure's own size. Pure CSS, so the
 * first paint from the server already fits: no measuring, no jump once the script runs.
 */

/** Estimated widths of characters in em, each at least as wide as in the theme's fonts. */
function charEms(char: string): number {
  if (/\d/.test(char)) return 0.64;
  if (char === ',' || char === '.' || char === ' ') return 0.32;
  if (char === '-' || char === '−' || char === '+') return 0.6;
  if (/[A-Z%]/.test(char)) return 0.9;
  if (/[a-z]/.test(char)) return 0.64;
  // Chinese characters and full-width forms are square.
  return 1;
}

/** A text's width in em, estimated wide (with a little room for the font's side bearings). */
export function textEms(text: string): number {
  let ems = 0;
  for (const char of text) ems += charEms(char);
  return Math.round((ems + 0.2) * 100) / 100;
}

/** The CSS font size that fits `text` on one line in its size container, at most `max` pixels. */
export function fittedFontSize(text: string, max: number): string {
  return `min(${max}px, calc(100cqi / ${textEms(text)}))`;
}
