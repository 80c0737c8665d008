/**
 * Base64 text (empty included): its alphabet, then at most two padding signs. Not the pattern
 * `^[A-Za-z0-9+/]*={0,2}$`: over a document's base64 (up to 10 MB) its backtracking positions
 * exhausted the stack in the services under CI's load (a RangeError, answered 500); a search for
 * one character outside the alphabet keeps no positions.
 */
export function isBase64(text: string): boolean {
  let end = text.length;
  while (end > 0 && text.length - end < 2 && text.charCodeAt(end - 1) === 0x3d) end--;
  return !/[^A-Za-z0-9+/]/.test(text.slice(0, end));
}
