import { CHUNK_BYTES, ChunkedText } from '@/lib/export/chunks';

describe('text written into byte chunks', () => {
  it('fills each chunk, never splits a character between two, and loses no byte', () => {
    const out = new ChunkedText();
    // Lines of one, three and four bytes a character, so that chunk ends fall inside each kind.
    const lines = Array.from({ length: 20_000 }, (_, i) => `${i},九龍旺角店 Mong Kok 🏬 store,${'é'.repeat(i % 7)}\r\n`);
    const chunks: Uint8Array[] = [];
    for (const line of lines) {
      out.write(line);
      chunks.push(...out.take());
    }
    chunks.push(...out.end());
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.byteLength).toBeLessThanOrEqual(CHUNK_BYTES);
      // Only a character that did not fit is left for the next chunk: at most 3 bytes unused.
      expect(chunk.byteLength).toBeGreaterThan(CHUNK_BYTES - 4);
    }
    // Each chunk is whole UTF-8 on its own (a fatal decoder throws on a cut character).
    const decoder = new TextDecoder('utf-8', { fatal: true });
    expect(chunks.map((chunk) => decoder.decode(chunk)).join('')).toBe(lines.join(''));
  });

  it('hands a chunk over once: take() empties, end() gives the partly filled one, then nothing', () => {
    const out = new ChunkedText();
    out.write('a'.repeat(CHUNK_BYTES + 10));
    expect(out.take().map((c) => c.byteLength)).toEqual([CHUNK_BYTES]);
    expect(out.take()).toEqual([]);
    expect(out.end().map((c) => c.byteLength)).toEqual([10]);
    expect(out.end()).toEqual([]);
  });
});
