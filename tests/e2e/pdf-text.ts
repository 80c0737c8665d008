import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit draws, read back through its fonts' ToUnicode maps: enough to check
 * which names a PDF prints (the glyphs of an embedded CJK subset are not the characters, so the
 * file's bytes alone cannot say). Handles what pdfkit writes: Flate streams, `bfchar` and `bfrange`
 * maps, and hex strings shown by Tj and TJ.
 */

function streams(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const found: Buffer[] = [];
  const marker = /stream\r?\n/g;
  for (let match = marker.exec(text); match; match = marker.exec(text)) {
    if (text.slice(match.index - 3, match.index) === 'end') continue;
    const dictionary = text.slice(text.lastIndexOf(' obj', match.index), match.index);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    if (!Number.isFinite(length)) continue;
    const start = match.index + match[0].length;
    const data = pdf.subarray(start, start + length);
    try {
      found.push(/\/FlateDecode/.test(dictionary) ? inflateSync(data) : data);
    } catch {
      // An image or a font program that does not inflate as a whole: not text.
    }
    marker.lastIndex = start + length;
  }
  return found;
}

/** A ToUnicode map: glyph code (hex) to its characters. */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const chars = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set((code ?? '').toLowerCase(), chars(unicode ?? ''));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, target] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(low ?? '', 16);
      const to = parseInt(high ?? '', 16);
      const width = (low ?? '').length;
      const list = (target ?? '').startsWith('[') ? [...(target ?? '').matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1] ?? '') : null;
      for (let code = from; code <= to; code += 1) {
        const key = code.toString(16).padStart(width, '0');
        if (list) map.set(key, chars(list[code - from] ?? ''));
        else map.set(key, String.fromCodePoint(parseInt((target ?? '').slice(1, -1), 16) + code - from));
      }
    }
  }
  return map;
}

/** Every string the PDF shows, decoded with each font's map (pdfkit draws a whole document in one font), one line per text operator. */
export function pdfText(pdf: Buffer): string {
  const decoded = streams(pdf).map((data) => data.toString('latin1'));
  const maps = decoded.filter((s) => s.includes('begincmap')).map(unicodeMap);
  const lines: string[] = [];
  for (const content of decoded.filter((s) => /T[Jj]/.test(s) && !s.includes('begincmap'))) {
    for (const [, shown] of content.matchAll(/(\[(?:[^\]]*)\]|<[0-9a-fA-F]*>)\s*T[Jj]/g)) {
      const hexes = [...(shown ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => (m[1] ?? '').toLowerCase());
      for (const map of maps) {
        const width = [...map.keys()][0]?.length ?? 4;
        lines.push(hexes.map((hex) => (hex.match(new RegExp(`.{${width}}`, 'g')) ?? []).map((code) => map.get(code) ?? '').join('')).join(''));
      }
    }
  }
  return lines.join('\n');
}
