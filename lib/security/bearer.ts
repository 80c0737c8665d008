import { timingSafeEqual } from 'node:crypto';

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | null | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
