import 'server-only';
import { inflateRawSync } from 'node:zlib';

/**
 * A minimal xlsx reader: the first worksheet's cells as text, row by row. Enough for an upload
 * template (strings, numbers, inline strings); formulas give their cached value, styles and dates
 * are not interpreted (the template asks for yyyyMMdd and HHmmss as text or digits). Written over
 * node:zlib instead of a dependency: see docs/decisions.md, Refunds.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class UnreadableFile extends Error {}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function centralDirectory(zip: Buffer): Entry[] {
  // The end record sits in the last 22 + 65535 bytes (its comment is at most 65535 bytes).
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new UnreadableFile('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new UnreadableFile('broken central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function content(zip: Buffer, entry: Entry, maxBytes: number): string {
  const at = entry.offset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new UnreadableFile('broken entry');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.size > maxBytes) throw new UnreadableFile('entry too large');
  if (entry.method === 0) return data.toString('utf8');
  if (entry.method !== 8) throw new UnreadableFile('unsupported compression');
  // maxOutputLength stops a zip bomb whatever the header claims.
  return inflateRawSync(data, { maxOutputLength: maxBytes }).toString('utf8');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) =>
    name.startsWith('#x') || name.startsWith('#X') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? ''),
  );

/** The text of every <t> inside a fragment (rich text has several runs). */
const texts = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1] ?? '')).join('');

/** "AB12" -> 27 (zero-based column of the reference). */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

/** The first worksheet's rows as arrays of cell text (empty cells as ''). */
export function readXlsxRows(file: Buffer, maxBytes = 8 * 1024 * 1024): string[][] {
  const entries = centralDirectory(file);
  const find = (name: string) => entries.find((e) => e.name === name);
  const sheet = find('xl/worksheets/sheet1.xml') ?? entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name)).sort((a, b) => a.name.localeCompare(b.name))[0];
  if (!sheet) throw new UnreadableFile('no worksheet');
  const sharedEntry = find('xl/sharedStrings.xml');
  const shared = sharedEntry ? [...content(file, sharedEntry, maxBytes).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1] ?? '')) : [];
  const rows: string[][] = [];
  for (const row of content(file, sheet, maxBytes).matchAll(/<row(?:\s[^>]*)?>([\s\S]*?)<\/row>|<row(?:\s[^>]*)?\/>/g)) {
    const cells: string[] = [];
    for (const cell of (row[1] ?? '').matchAll(/<c((?:\s[^>]*?)?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1] ?? '';
      const inner = cell[2] ?? '';
      const reference = /\sr="([A-Z]+\d+)"/.exec(attributes)?.[1];
      const type = /\st="([^"]+)"/.exec(attributes)?.[1];
      const value = unescapeXml(/<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? '');
      const text = type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? texts(inner) : value;
      const index = reference ? columnIndex(reference) : cells.length;
      while (cells.length < index) cells.push('');
      cells[index] = text;
    }
    rows.push(cells);
  }
  return rows;
}
