/**
 * A bank account number as a merchant may see it: every digit or letter but the last 4 replaced,
 * separators kept (`004-123456-001` reads `***-*****6-001`). Applied where the gateway reads the
 * answer, so the full number never reaches a page, a browser or an export.
 */
export function maskAccountNumber(accountNo: string): string {
  let keep = 4;
  const chars = [...accountNo];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (!/[0-9A-Za-z]/.test(chars[i] as string)) continue;
    if (keep > 0) keep -= 1;
    else chars[i] = '*';
  }
  return chars.join('');
}
