import { type FileHandle, open } from "node:fs/promises";
import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

const deflate = promisify(deflateRaw);

/** Bytes gathered before they are deflated as one piece. */
const PIECE_BYTES = 1 << 20;

/**
 * Pieces handed to zlib and not deflated yet, over all the files of one archive: a writer
 * that outruns the deflating waits (`idle`) rather than holding megabytes of text.
 */
export class Backlog {
  private count = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly most: number) {}

  started(): void {
    this.count++;
  }

  finished(): void {
    this.count--;
    if (this.count <= this.most) for (const wake of this.waiting.splice(0)) wake();
  }

  /** Resolves once at most `most` pieces are being deflated. */
  idle(): Promise<void> {
    if (this.count <= this.most) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

/**
 * One file of a zip archive, deflated piece by piece as its text is written: each piece is
 * deflated on libuv's threads (off the event loop, several at once) and ends on a byte
 * boundary (a sync flush), so the pieces put one after another are one valid deflate stream,
 * the way pigz compresses in parallel. The CRC is taken over the text in order. The archive
 * takes the deflated pieces as they come (`deflated`), so a file streamed to disk is never
 * held whole.
 */
export class DeflatedFile {
  private readonly pieces: (Promise<Buffer> | undefined)[] = [];
  private taken = 0;
  private ended = false;
  private wake: (() => void) | undefined;
  private buffer = Buffer.allocUnsafe(PIECE_BYTES);
  private used = 0;
  private crc = 0;
  private size = 0;

  constructor(
    readonly name: string,
    private readonly backlog?: Backlog,
  ) {}

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
    if (this.ended) throw new Error(`${this.name} is already written`);
    const bytes = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafe(PIECE_BYTES);
    this.used = 0;
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    this.backlog?.started();
    const deflated = deflate(bytes, { level: 6, finishFlush: flush });
    void deflated
      .finally(() => this.backlog?.finished())
      .catch(() => {
        // The failure itself is awaited by the archive (`deflated`); this branch only ends it.
      });
    this.pieces.push(deflated);
    this.wake?.();
  }

  /** The last piece: nothing more is written to this file. */
  end(): void {
    this.piece(constants.Z_FINISH);
    this.ended = true;
    this.wake?.();
  }

  /** CRC-32 and size of the text, once ended. */
  get summary(): { crc: number; size: number } {
    return { crc: this.crc >>> 0, size: this.size };
  }

  /** The deflated pieces in order, each as soon as it is ready; a piece handed out is let go. */
  async *deflated(): AsyncGenerator<Buffer> {
    for (;;) {
      if (this.taken < this.pieces.length) {
        const piece = this.pieces[this.taken]!;
        this.pieces[this.taken++] = undefined;
        yield await piece;
      } else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/** Where the archive's bytes go: appended in order, a header rewritten once its file is done. */
interface ByteOutput {
  append(bytes: Buffer): Promise<void>;
  rewrite(bytes: Buffer, position: number): Promise<void>;
}

/** The archive in memory. */
class MemoryOutput implements ByteOutput {
  readonly chunks: Buffer[] = [];
  private readonly at = new Map<number, Buffer>();
  private length = 0;

  async append(bytes: Buffer) {
    this.chunks.push(bytes);
    this.at.set(this.length, bytes);
    this.length += bytes.length;
  }

  async rewrite(bytes: Buffer, position: number) {
    bytes.copy(this.at.get(position)!);
  }
}

/** The archive written to a file as it comes (opened on the first byte). */
class FileOutput implements ByteOutput {
  private handle: Promise<FileHandle> | undefined;
  private length = 0;

  constructor(private readonly path: string) {}

  private file() {
    this.handle ??= open(this.path, "w");
    return this.handle;
  }

  async append(bytes: Buffer) {
    const at = this.length;
    this.length += bytes.length;
    await (await this.file()).write(bytes, 0, bytes.length, at);
  }

  async rewrite(bytes: Buffer, position: number) {
    await (await this.file()).write(bytes, 0, bytes.length, position);
  }

  async close() {
    await (await this.handle)?.close();
  }
}

/** MS-DOS time and date of `at` (UTC), as zip headers keep them. */
function dosTime(at: Date): { time: number; date: number } {
  // Before 1980 (the format's first day) it is that day.
  if (!(at.getUTCFullYear() >= 1980)) return { time: 0, date: (1 << 5) | 1 };
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** Flags: bit 11, names in UTF-8. Deflate is method 8; version 2.0 is needed to extract. */
const FLAGS = 0x0800;
/** Past this a size or offset needs Zip64, which this writer does not write. */
const ZIP32_MOST = 0xffffffff;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The fields a local header and a central record share, from `at` in `header`. */
function putCommon(
  header: Buffer,
  at: number,
  entry: Written,
  dos: { time: number; date: number },
) {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(FLAGS, at + 2);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt16LE(dos.time, at + 6);
  header.writeUInt16LE(dos.date, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressed, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.name.length, at + 22);
}

/**
 * A zip archive whose files are written one after another in the order they are added. With a
 * file on disk the first file streams in as it is deflated (its local header is written first
 * and its CRC and sizes filled in once it ends) while the ones added after it wait, deflated,
 * for their turn; in memory, nothing is laid out before `close`, so a file not wanted after
 * all can be taken out (`remove`) until then.
 */
export class ZipWriter {
  private readonly queue: DeflatedFile[] = [];
  private readonly written: Written[] = [];
  private readonly dos: { time: number; date: number };
  private offset = 0;
  private closed = false;
  private wake: (() => void) | undefined;
  private pumping: Promise<void> | undefined;

  private constructor(
    private readonly out: ByteOutput,
    at: Date,
    streams: boolean,
  ) {
    this.dos = dosTime(at);
    if (streams) this.start();
  }

  static inMemory(at: Date): { zip: ZipWriter; bytes: () => Buffer } {
    const out = new MemoryOutput();
    return { zip: new ZipWriter(out, at, false), bytes: () => Buffer.concat(out.chunks) };
  }

  static toFile(path: string, at: Date): { zip: ZipWriter; close: () => Promise<void> } {
    const out = new FileOutput(path);
    return { zip: new ZipWriter(out, at, true), close: () => out.close() };
  }

  add(file: DeflatedFile): void {
    if (this.closed) throw new Error("the archive is closed");
    this.queue.push(file);
    this.wake?.();
  }

  /** Takes out a file not laid out yet; false when it already is (or never was added). */
  remove(file: DeflatedFile): boolean {
    const at = this.queue.indexOf(file);
    if (at >= 0) this.queue.splice(at, 1);
    return at >= 0;
  }

  private start() {
    this.pumping = this.pump();
    // Awaited in close(); a failure is not left unhandled meanwhile.
    this.pumping.catch(() => {});
  }

  private async pump() {
    for (;;) {
      const file = this.queue.shift();
      if (file) await this.lay(file);
      else if (this.closed) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** One file: its local header, its pieces as they come, then its header completed. */
  private async lay(file: DeflatedFile) {
    const entry: Written = {
      name: Buffer.from(file.name, "utf8"),
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    const local = Buffer.alloc(30 + entry.name.length);
    local.writeUInt32LE(0x04034b50, 0);
    putCommon(local, 4, entry, this.dos);
    entry.name.copy(local, 30);
    await this.out.append(local);
    this.offset += local.length;
    for await (const piece of file.deflated()) {
      await this.out.append(piece);
      entry.compressed += piece.length;
      this.offset += piece.length;
    }
    Object.assign(entry, file.summary);
    if (entry.size > ZIP32_MOST || this.offset > ZIP32_MOST) {
      throw new Error(`${file.name}: an archive over 4 GB needs Zip64`);
    }
    putCommon(local, 4, entry, this.dos);
    await this.out.rewrite(local, entry.offset);
    this.written.push(entry);
  }

  /** Lays out every file added (each must be ended), then the central directory. */
  async close(): Promise<void> {
    this.closed = true;
    if (!this.pumping) this.start();
    this.wake?.();
    await this.pumping;
    const central: Buffer[] = [];
    for (const entry of this.written) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      putCommon(record, 6, entry, this.dos);
      record.writeUInt32LE(entry.offset, 42);
      central.push(record, entry.name);
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.written.length, 8);
    end.writeUInt16LE(this.written.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    await this.out.append(Buffer.concat([directory, end]));
  }
}
