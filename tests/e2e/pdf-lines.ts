import { inflateSync } from 'node:zlib';

/**
 * The lines of text a PDF made by pdfkit draws, in drawing order, read as a person reads them: the
 * glyphs of each text object decoded through its font's ToUnicode map. Enough for the portal's
 * own PDFs (pdfkit writes one text object per line, Identity-H fonts, Flate-compressed streams with a
 * direct /Length); not a general PDF reader.
 */
export function pdfLines(bytes: Buffer): string[] {
  const pdf = bytes.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  const header = /(\d+) 0 obj\b/g;
  for (let match = header.exec(pdf); match; match = header.exec(pdf)) {
    const start = header.lastIndex;
    const end = pdf.indexOf('endobj', start);
    const streamAt = pdf.indexOf('stream', start);
    if (streamAt < 0 || streamAt > end) {
      objects.set(match[1] as string, { dict: pdf.slice(start, end), stream: null });
      continue;
    }
    const dict = pdf.slice(start, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const dataAt = streamAt + 'stream'.length + (pdf.startsWith('\r\n', streamAt + 6) ? 2 : 1);
    const raw = Buffer.from(pdf.slice(dataAt, dataAt + length), 'latin1');
    objects.set(match[1] as string, { dict, stream: (/FlateDecode/.test(dict) ? inflateSync(raw) : raw).toString('latin1') });
    // Past the stream's bytes: they may hold anything, "0 obj" included.
    header.lastIndex = dataAt + length;
  }

  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const [, names = ''] of dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name = '', id = ''] of names.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(id)?.dict ?? '')?.[1];
        if (toUnicode) fonts.set(name, cmap(objects.get(toUnicode)?.stream ?? ''));
      }
    }
  }

  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/Subtype|\/Type\s*\/XObject/.test(dict) || !/\bBT\b/.test(stream)) continue;
    let font = new Map<number, string>();
    for (const [, fontName, shown] of stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
      if (fontName) font = fonts.get(fontName) ?? new Map();
      if (!shown) continue;
      const glyphs = [...shown.matchAll(/<([0-9a-fA-F]*)>/g)].flatMap(([, hex = '']) => hex.match(/.{4}/g) ?? []);
      lines.push(glyphs.map((code) => font.get(parseInt(code, 16)) ?? '').join(''));
    }
  }
  return lines;
}

/** A ToUnicode CMap's glyph codes and the text each stands for (bfchar and bfrange, as pdfkit writes them). */
function cmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const unicode = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, block = ''] of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', to = ''] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code, 16), unicode(to));
  }
  for (const [, block = ''] of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from = '', to = '', list, first] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F]+)>)/g)) {
      const [low, high] = [parseInt(from, 16), parseInt(to, 16)];
      const targets = list ? [...list.matchAll(/<([0-9a-fA-F]+)>/g)].map(([, hex = '']) => unicode(hex)) : [];
      for (let code = low; code <= high; code++) {
        map.set(code, list ? (targets[code - low] ?? '') : String.fromCharCode(parseInt(first ?? '0', 16) + code - low));
      }
    }
  }
  return map;
}
