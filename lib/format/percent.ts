import { parseDecimal } from './decimal';
import { EMPTY_VALUE } from './money';

/**
 * A rate in percent, read as decimal text and shown exactly: at least 2 decimals, more only when the
 * rate has them ("1.4500" -> "1.45%", "2.1" -> "2.10%", "1.4375" -> "1.4375%"); unreadable -> "-".
 */
export function formatPercent(input: string | number | null | undefined): string {
  const value = parseDecimal(input);
  if (value === null) return EMPTY_VALUE;
  const [integer = '0', fraction = ''] = value.toFixed().split('.');
  return `${integer}.${fraction.replace(/0+$/, '').padEnd(2, '0')}%`;
}
