import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

const deflate = promisify(deflateRaw);

/** Bytes gathered before they are deflated as one piece. */
const PIECE_BYTES = 1 << 20;

/** A finished file of the archive: deflated bytes, their CRC-32 and size before deflating. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

/**
 * One file of a zip archive, deflated piece by piece as its text is written: each piece is
 * deflated on libuv's threads (off the event loop, several at once) and ends on a byte
 * boundary (a sync flush), so the pieces put one after another are one valid deflate stream,
 * the way pigz compresses in parallel. The CRC is taken over the text in order.
 */
export class DeflatedFile {
  private readonly pieces: Promise<Buffer>[] = [];
  private buffer = Buffer.allocUnsafe(PIECE_BYTES);
  private used = 0;
  private crc = 0;
  private size = 0;

  constructor(readonly name: string) {}

  /** Room for `bytes` more in the piece being gathered (a new piece when it is full). */
  private room(bytes: number) {
    if (this.used + bytes <= this.buffer.length) return;
    this.piece(constants.Z_SYNC_FLUSH);
    if (bytes > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes);
  }

  write(text: string): void {
    // UTF-8 takes at most 3 bytes for each UTF-16 unit.
    this.room(text.length * 3);
    this.used += this.buffer.write(text, this.used, "utf8");
  }

  /** Text known to be ASCII (markup, references, numbers), byte by byte: no encoder call. */
  writeAscii(text: string): void {
    this.room(text.length);
    const { buffer } = this;
    let at = this.used;
    for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
    this.used = at;
  }

  /** Bytes already encoded (UTF-8). */
  writeBytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  private piece(flush: number) {
    const bytes = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafe(PIECE_BYTES);
    this.used = 0;
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    const deflated = deflate(bytes, { level: 6, finishFlush: flush });
    // Awaited in end(); a failure is not left unhandled meanwhile.
    deflated.catch(() => {});
    this.pieces.push(deflated);
  }

  async end(): Promise<ZipEntry> {
    this.piece(constants.Z_FINISH);
    const data = Buffer.concat(await Promise.all(this.pieces));
    return { name: this.name, data, crc: this.crc >>> 0, size: this.size };
  }
}

/** A small file of the archive in one piece. */
export function deflatedFile(name: string, text: string): Promise<ZipEntry> {
  const file = new DeflatedFile(name);
  file.write(text);
  return file.end();
}

/** MS-DOS time and date of `at` (UTC), as zip headers keep them. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** Flags: bit 11, names in UTF-8. Deflate is method 8; version 2.0 is needed to extract. */
const FLAGS = 0x0800;

/** The archive: each entry's local header and data, then the central directory and its end. */
export function zipArchive(entries: readonly ZipEntry[], at: Date): Buffer {
  const { time, date } = dosTime(at);
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    const common = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(FLAGS, at + 2);
      header.writeUInt16LE(8, at + 4);
      header.writeUInt16LE(time, at + 6);
      header.writeUInt16LE(date, at + 8);
      header.writeUInt32LE(entry.crc, at + 10);
      header.writeUInt32LE(entry.data.length, at + 14);
      header.writeUInt32LE(entry.size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    common(local, 4);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    common(record, 6);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    out.push(local, name, entry.data);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}
