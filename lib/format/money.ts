import { parseDecimal, sumDecimals, toFixedDecimal, type DecimalInput } from './decimal';

/** The currency the portal shows (spec section 9). */
export const CURRENCY = 'HKD';

/** What a cell shows when a value is missing or unreadable. */
export const EMPTY_VALUE = '-';

function groupThousands(fixed: string): string {
  const [integer = '', fraction] = fixed.split('.');
  const sign = integer.startsWith('-') ? '-' : '';
  const digits = sign ? integer.slice(1) : integer;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? sign + grouped : `${sign}${grouped}.${fraction}`;
}

/** "1234567.891" -> "1,234,567.89"; unreadable input -> "-". Decimal text in, decimal text out. */
export function formatAmount(input: DecimalInput): string {
  const value = parseDecimal(input);
  return value === null ? EMPTY_VALUE : groupThousands(toFixedDecimal(value, 2));
}

/** "1234.5" -> "HKD 1,234.50"; unreadable input -> "-". */
export function formatMoney(input: DecimalInput, currency: string = CURRENCY): string {
  const amount = formatAmount(input);
  return amount === EMPTY_VALUE ? EMPTY_VALUE : `${currency} ${amount}`;
}

/** The sum of amounts, exactly, as money: ["1.10", "2.205"] -> "HKD 3.31"; any unreadable -> "-". */
export function formatMoneySum(inputs: readonly DecimalInput[]): string {
  return formatMoney(sumDecimals(inputs)?.toFixed());
}

/** Whole counts with thousands separators: 1234 -> "1,234"; anything not a whole number -> "-". */
export function formatCount(input: DecimalInput): string {
  const value = parseDecimal(input);
  if (value === null || !value.round(0).eq(value)) return EMPTY_VALUE;
  return groupThousands(toFixedDecimal(value, 0));
}
