import { EMPTY_VALUE } from './money';

/**
 * How the numbers of the places the acquirer serves are grouped (ITU-T E.164 country code, then the
 * national number): Hong Kong and Macau 4 4, Mainland China mobiles 3 4 4, Taiwan mobiles 3 3 3.
 * Longer codes come first so that 853 is not read as 85 and 3.
 */
const NUMBERING_PLANS: readonly { code: string; groups: readonly number[] }[] = [
  { code: '852', groups: [4, 4] },
  { code: '853', groups: [4, 4] },
  { code: '886', groups: [3, 3, 3] },
  { code: '86', groups: [3, 4, 4] },
];

/** A Hong Kong number without its country code: the portal's own region, grouped 4 4 and shown without a code it was not given. */
const LOCAL_GROUPS = [4, 4] as const;

const grouped = (digits: string, groups: readonly number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
};

/**
 * A telephone number as people read it: "85221001357" -> "+852 2100 1357", "+86 13800138000" ->
 * "+86 138 0013 8000", "21001357" -> "2100 1357". The services keep contact numbers as digits
 * (what the forms accept: 8 to 20 digits); separators a number already has are read past. A number
 * of no known plan is shown as it was given, trimmed, never with a country code guessed for it.
 */
export function formatPhone(input: string | number | null | undefined): string {
  const text = input === null || input === undefined ? '' : String(input).trim();
  if (text === '') return EMPTY_VALUE;
  if (!/^\+?[\d\s().-]+$/.test(text)) return text;
  const digits = text.replace(/\D/g, '').replace(/^00/, '');
  for (const plan of NUMBERING_PLANS) {
    const length = plan.groups.reduce((sum, size) => sum + size, 0);
    if (digits.startsWith(plan.code) && digits.length === plan.code.length + length) return `+${plan.code} ${grouped(digits.slice(plan.code.length), plan.groups)}`;
  }
  if (!text.startsWith('+') && digits.length === 8) return grouped(digits, LOCAL_GROUPS);
  return text;
}
