import { APP_VERSION } from '../version';

/** Compares dotted versions numerically: 4.10.0 is newer than 4.9.9. */
export function isNewerVersion(candidate: string | null | undefined, than: string = APP_VERSION): boolean {
  if (!candidate || !/^\d+(\.\d+)*$/.test(candidate)) return false;
  const a = candidate.split('.').map(Number);
  const b = than.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}

/** Route handlers tell the client in this header; the client shows the update prompt. */
export const UPDATE_HEADER = 'x-portal-update';
