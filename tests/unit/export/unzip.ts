import { crc32, inflateRawSync } from 'node:zlib';

export interface Unzipped {
  name: string;
  text: string;
  /** Flags of the local header, and the CRC and sizes of its data descriptor. */
  flags: number;
  descriptor: { crc: number; compressed: number; size: number };
}

/**
 * A tiny ZIP reader for the tests: the end record, the central directory, each local header and
 * its data descriptor, every CRC recomputed from the inflated bytes. Throws on any mismatch.
 */
export function unzip(zip: Buffer): Unzipped[] {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error('no end of central directory record');
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (at + directorySize !== end) throw new Error('central directory is not where the end record says');
  const entries: Unzipped[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`central header ${i} has a wrong signature`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`${name}: local header has a wrong signature`);
    const flags = zip.readUInt16LE(offset + 6);
    const localName = zip.subarray(offset + 30, offset + 30 + zip.readUInt16LE(offset + 26)).toString('utf8');
    if (localName !== name) throw new Error(`${name}: local header names ${localName}`);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    if (method !== 8) throw new Error(`${name}: method ${method} is not deflate`);
    const data = inflateRawSync(zip.subarray(start, start + compressed));
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC ${crc32(data)}, the directory says ${crc}`);
    const d = start + compressed;
    if (zip.readUInt32LE(d) !== 0x08074b50) throw new Error(`${name}: no data descriptor after the data`);
    const descriptor = { crc: zip.readUInt32LE(d + 4), compressed: zip.readUInt32LE(d + 8), size: zip.readUInt32LE(d + 12) };
    entries.push({ name, text: data.toString('utf8'), flags, descriptor });
  }
  return entries;
}

/** The rows of a worksheet: per row, each cell's reference, style, type and value (inline text or number). */
export function sheetRows(xml: string) {
  return [...xml.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map(([, r, cells]) => ({
    r: Number(r),
    cells: [...(cells as string).matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?(?: t="(\w+)")?>(?:<is><t(?: xml:space="preserve")?>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g)].map(([, ref, s, t, text, number]) => ({
      ref,
      style: Number(s ?? 0),
      type: t ?? 'n',
      value: t === 'inlineStr' ? unescapeXml(text ?? '') : number,
    })),
  }));
}

const unescapeXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
