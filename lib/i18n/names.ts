/** Organisations carry an English and a Chinese name: English readers get the first, others the Chinese one when it exists. */
export function localName(locale: string, names: { name: string; cname?: string | null }): string {
  return locale === 'en' || !names.cname ? names.name : names.cname;
}
