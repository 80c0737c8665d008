import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A ZIP archive written as it goes (APPNOTE 6.3): each entry's local header carries no sizes and
 * its data is followed by a data descriptor, so nothing is held back to learn a size first; the
 * central directory comes at the end. No zip64: a size or offset past 4 GiB is refused, and the
 * callers cap what they write well below that.
 */
export interface ZipEntry {
  /** Path inside the archive, written as UTF-8. */
  name: string;
  content: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** 2.0: deflate and data descriptors. */
const VERSION = 20;
/** Bit 3: sizes and CRC in the data descriptor; bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

/** MS-DOS date and time of the entries, in local fields as ZIP readers show them. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getFullYear(), 1980);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

function checkSize(value: number, what: string) {
  if (value > MAX_32) throw new RangeError(`zip: ${what} is past 4 GiB, which needs zip64`);
}

/** Input gathered before one compression step: big enough that block restarts cost little. */
const DEFLATE_BLOCK_BYTES = 1 << 20;
const BLOCK_OPTIONS = { level: constants.Z_BEST_SPEED, finishFlush: constants.Z_SYNC_FLUSH };
/** The empty final block that closes a raw deflate stream. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/**
 * The content deflated as it is pulled, in independent blocks: each megabyte of input is compressed
 * on this thread and ends with a sync flush (no final bit), so the blocks concatenate into one valid
 * deflate stream, closed by an empty final block. A streaming deflater would hop to the thread pool
 * and back for every piece, which made a large workbook wait more than it worked; each piece is
 * measured (`observe`) before it goes in.
 *
 * The input is encoded into one buffer reused for every block: a buffer per piece and another to
 * join them were memory outside the JavaScript heap that the collector reclaims late, and it held
 * more than a hundred megabytes of a year's workbook at once (docs/performance.md, "Export memory").
 */
async function* deflated(content: ZipEntry['content'], observe: (bytes: Uint8Array) => void): AsyncGenerator<Buffer> {
  let input = Buffer.allocUnsafe(DEFLATE_BLOCK_BYTES * 2);
  let used = 0;
  const block = () => {
    const output = deflateRawSync(input.subarray(0, used), BLOCK_OPTIONS);
    used = 0;
    return output;
  };
  for await (const piece of content) {
    const size = typeof piece === 'string' ? Buffer.byteLength(piece, 'utf8') : piece.byteLength;
    if (size === 0) continue;
    if (used + size > input.length) {
      if (used > 0) yield block();
      if (size > input.length) input = Buffer.allocUnsafe(size);
    }
    if (typeof piece === 'string') input.write(piece, used, 'utf8');
    else input.set(piece, used);
    observe(input.subarray(used, used + size));
    used += size;
    if (used >= DEFLATE_BLOCK_BYTES) yield block();
  }
  if (used > 0) yield block();
  yield FINAL_BLOCK;
}

/** The archive's bytes, entry after entry; pulled, so an entry's content is read only as fast as the archive is. */
export async function* zipStream(entries: Iterable<ZipEntry>, modified = new Date()): AsyncGenerator<Uint8Array> {
  const { time, date } = dosDateTime(modified);
  const central: Buffer[] = [];
  let count = 0;
  let offset = 0;
  for (const entry of entries) {
    if (++count > MAX_ENTRIES) throw new RangeError('zip: too many entries without zip64');
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14..25) stay zero: the data descriptor carries them.
    local.writeUInt16LE(name.length, 26);
    yield Buffer.concat([local, name]);
    const headerOffset = offset;
    offset += local.length + name.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    for await (const chunk of deflated(entry.content, (bytes) => {
      crc = crc32(bytes, crc);
      size += bytes.length;
    })) {
      compressed += chunk.length;
      yield chunk;
    }
    checkSize(size, `${entry.name} uncompressed`);
    checkSize(compressed, `${entry.name} compressed`);
    offset += compressed;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;
    checkSize(offset, 'the archive');

    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    // Extra field, comment, disk number, attributes (30..41) stay zero.
    header.writeUInt32LE(headerOffset, 42);
    central.push(header, name);
  }
  const directory = Buffer.concat(central);
  checkSize(offset + directory.length, 'the archive');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}
