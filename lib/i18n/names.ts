/**
 * Names in the reader's language (issue 28). The services answer each name of a partner,
 * customer, merchant, store or bank in English, in Traditional Chinese (`cname`, the spec's Chinese
 * name, as Hong Kong writes it) and in Simplified Chinese (`cnameHans`). One function picks the
 * reader's: English for en, Traditional for zhTW, Simplified for zhCN. A Chinese reader gets the
 * other Chinese script when only that one exists (still a name they read), and the English name
 * only where no Chinese one exists. No server-only import: the browser picks names the same way.
 */

export interface Names {
  name: string;
  cname?: string | null;
  cnameHans?: string | null;
}

type Script = 'latin' | 'hant' | 'hans';

/** The script a locale reads: a portal language ('zhTW') or a BCP 47 tag ('zh-Hant-TW', 'zh-HK', 'zh-Hans-CN'). */
export function scriptOf(locale: string): Script {
  if (locale === 'zhTW' || /^zh-(Hant|TW|HK|MO)\b/i.test(locale)) return 'hant';
  if (locale === 'zhCN' || /^zh\b/i.test(locale)) return 'hans';
  return 'latin';
}

const present = (text: string | null | undefined): string | undefined => (text && text.trim() ? text : undefined);

/** The one name a reader of `locale` reads. */
export function localName(locale: string, names: Names): string {
  const hant = present(names.cname);
  const hans = present(names.cnameHans);
  switch (scriptOf(locale)) {
    case 'hant':
      return hant ?? hans ?? names.name;
    case 'hans':
      return hans ?? hant ?? names.name;
    default:
      return present(names.name) ?? hant ?? hans ?? '';
  }
}

/** How a choice or a cell names a customer, merchant or store: "name (number)", the number alone when there is no name. */
export function nameAndNumber(name: string | null | undefined, number: string): string {
  return name && name !== number ? `${name} (${number})` : number;
}

/**
 * The name fields the services answer, each with its Traditional and Simplified companions. A
 * role's names are not here: the services answer them as roleName, roleTName and roleCName
 * (Simplified), read by lib/auth/profile.ts.
 */
export const NAME_FIELDS = {
  customer_name: ['customer_cname', 'customer_cname_hans'],
  business_name: ['business_cname', 'business_cname_hans'],
  store_name: ['store_cname', 'store_cname_hans'],
  bank_name: ['bank_cname', 'bank_cname_hans'],
  customerName: ['customerCName', 'customerCNameHans'],
  merchantName: ['merchantCName', 'merchantCNameHans'],
  storeName: ['storeCName', 'storeCNameHans'],
  partnerName: ['partnerCName', 'partnerCNameHans'],
  groupName: ['groupCName', 'groupCNameHans'],
} as const satisfies Record<string, readonly [string, string]>;

export type NameField = keyof typeof NAME_FIELDS;

const NAME_FIELD_LIST = Object.keys(NAME_FIELDS) as NameField[];

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A row's `field` name (English in the row) in the reader's language, from its companions. */
export function localField(locale: string, row: Record<string, unknown>, field: NameField): string {
  const [hant, hans] = NAME_FIELDS[field];
  return localName(locale, { name: text(row[field]) ?? '', cname: text(row[hant]), cnameHans: text(row[hans]) });
}

/**
 * A row whose name fields hold the reader's name, its companions dropped: the table, the details
 * and the file then read one name per language without knowing which field holds which script. A
 * row without companions is returned as it is (an upstream that knows no Chinese names).
 */
export function withLocalNames<R extends Record<string, unknown>>(locale: string, row: R): R {
  // Once per row of every file and page: one new object, not a copy per step (an export's rows
  // are hundreds of thousands, and what they leave behind is what the collector works on).
  const named = NAME_FIELD_LIST.filter((field) => field in row && NAME_FIELDS[field].some((companion) => companion in row));
  if (named.length === 0) return row;
  const local: Record<string, unknown> = {};
  for (const key in row) if (!named.some((field) => NAME_FIELDS[field].includes(key as never))) local[key] = row[key];
  for (const field of named) local[field] = localField(locale, row, field);
  return local as R;
}
