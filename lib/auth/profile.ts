/**
 * Label rules of the profile dialog (spec section 3): name and number labels follow the type;
 * empty parentheses name the 'no email' label; an empty password date reads 'not updated'; the
 * Chinese role name shows when the language is not English.
 */
export type ProfileType = 'CUSTOMER' | 'MERCHANT' | 'PARTNER';

const LABELS: Record<ProfileType, { name: string; number: string }> = {
  CUSTOMER: { name: 'profile.customerName', number: 'profile.customerNo' },
  MERCHANT: { name: 'profile.businessName', number: 'profile.merchantNo' },
  PARTNER: { name: 'profile.partnerName', number: 'profile.partnerId' },
};

export function profileLabels(type: string): { name: string; number: string } {
  return LABELS[type as ProfileType] ?? LABELS.CUSTOMER;
}

/** "Jane Doe ()" -> "Jane Doe (no email)"; anything else as given. */
export function personWithEmail(text: string | null | undefined, noEmail: string): string {
  const value = text ?? '';
  return /\(\s*\)\s*$/.test(value) ? value.replace(/\(\s*\)\s*$/, `(${noEmail})`) : value;
}

export function lastPasswordDate(value: string | null | undefined, notUpdated: string): string {
  return value?.trim() ? value : notUpdated;
}

export function roleName(profile: { roleName?: string; roleCName?: string; roleTName?: string }, language: 'en' | 'zhTW' | 'zhCN'): string {
  if (language === 'zhTW') return profile.roleTName || profile.roleCName || profile.roleName || '';
  if (language === 'zhCN') return profile.roleCName || profile.roleName || '';
  return profile.roleName ?? '';
}

/**
 * Spec section 9: the sidebar shows the client name split at 20 characters; the first line ends at
 * the last space within them when there is one, so English words stay whole.
 */
export function splitName(name: string, at = 20): [string, string] {
  const chars = [...name];
  if (chars.length <= at) return [name, ''];
  const space = chars.slice(0, at + 1).lastIndexOf(' ');
  const cut = space > 0 ? space : at;
  return [chars.slice(0, cut).join('').trimEnd(), chars.slice(cut).join('').trimStart()];
}
