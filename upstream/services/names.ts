/**
 * Names in every language (issue 28). Each name the services answer comes with its Traditional
 * (`…cname`) and Simplified (`…cname_hans`) Chinese companions, and the portal picks the reader's
 * (lib/i18n/names.ts). These SQL fragments give the companions the same way in every answer.
 */

/**
 * A bank's three names from the banks table aliased `bank` (joined on the first 8 characters of
 * the row's SWIFT code), else the row's own text: one bank is written one way on every screen.
 */
export function bankNames(bank: string, english: string, chinese = 'NULL::text'): string {
  return `coalesce(${bank}.eng_name, ${english}) AS bank_name, coalesce(${bank}.ch_name, ${chinese}) AS bank_cname, ${bank}.ch_name_hans AS bank_cname_hans`;
}

/**
 * The Chinese names of the store of a row that carries `store_code` (a transaction keeps the
 * store's English name only), looked up by the stores' primary key: a page's few rows each.
 */
export function storeNames(row: string, names: { hant: string; hans: string } = { hant: 'store_cname', hans: 'store_cname_hans' }): string {
  const lookup = (column: string) => `(SELECT s.${column} FROM stores s WHERE s.store_code = ${row}.store_code)`;
  return `${lookup('store_cname')} AS "${names.hant}", ${lookup('store_cname_hans')} AS "${names.hans}"`;
}
