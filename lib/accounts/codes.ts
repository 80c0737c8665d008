/**
 * The account form's codes, apart from its zod rules (rules.ts) so that a browser component that
 * only names roles or appellations does not build schemas before zod is told not to compile them
 * (lib/client/zod-setup.ts: the portal's CSP forbids eval).
 */

/** Role 1 is the sole account administrator (spec section 6): an account is given one of 2 to 8. */
export const ROLE_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const APPELLATIONS = ['MR', 'MS'] as const;
