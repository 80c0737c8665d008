/** Organisations carry an English and a Chinese name: English readers get the first, others the Chinese one when it exists. */
export function localName(locale: string, names: { name: string; cname?: string | null }): string {
  return locale === 'en' || !names.cname ? names.name : names.cname;
}

/** A payment type's name in the user's language; a type the messages do not know shows as its code. */
export function paymentTypeName(t: ((key: never) => string) & { has: (key: never) => boolean }, type: string): string {
  const key = `paymentType.${type}` as never;
  return t.has(key) ? t(key) : type;
}
