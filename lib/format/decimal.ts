import Big from 'big.js';

/** A plain decimal: optional sign, digits, optional fraction. No exponents, no separators. */
const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export type DecimalInput = string | number | null | undefined;

/**
 * Reads an amount exactly. Strings are taken digit for digit (so 15+ digit amounts keep every
 * digit); numbers go through their shortest round-trip text. Anything else is null.
 */
export function parseDecimal(input: DecimalInput): Big | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    return new Big(input);
  }
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!DECIMAL_PATTERN.test(text)) return null;
  // big.js reads no leading plus sign.
  return new Big(text.startsWith('+') ? text.slice(1) : text);
}

/** Rounds half away from zero to `places` decimals and never yields "-0.00". */
export function toFixedDecimal(value: Big, places = 2): string {
  const fixed = value.round(places, Big.roundHalfUp).toFixed(places);
  return /^-0(?:\.0*)?$/.test(fixed) ? fixed.slice(1) : fixed;
}

/** Exact sum of decimal inputs; entries that are not amounts are refused, not skipped. */
export function sumDecimals(inputs: readonly DecimalInput[]): Big | null {
  let total = new Big(0);
  for (const input of inputs) {
    const value = parseDecimal(input);
    if (value === null) return null;
    total = total.plus(value);
  }
  return total;
}

/**
 * The amount with its sign turned ("12.50" -> "-12.50", "-3" -> "3"), exactly; zero stays "0"
 * (never "-0"). Unreadable input comes back as it was, for the formatter to show as unreadable.
 */
export function negateDecimal(input: DecimalInput): DecimalInput {
  const value = parseDecimal(input);
  if (value === null) return input;
  return value.eq(0) ? value.abs().toFixed() : value.neg().toFixed();
}
