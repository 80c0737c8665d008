/** Amounts in the services are whole cents while computed, decimal text when stored or sent. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A fee in cents: amount times a rate in percent, rounded half up. */
export function feeCents(amountCents: number, ratePercent: number): number {
  return Math.round((amountCents * Math.round(ratePercent * 10000)) / 1_000_000);
}
