import { randomUUID } from 'node:crypto';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where one stored upload sits in the spool file. */
export interface SpoolRange {
  offset: number;
  size: number;
}

/**
 * A file with no name: created in `dir` and unlinked at once, so only the open handle reaches it and
 * the system frees its space when the handle closes, even if the process is killed first.
 */
async function openNameless(dir: string): Promise<FileHandle> {
  const path = join(dir, `relaygate-upload-${randomUUID()}`);
  const handle = await open(path, 'wx+', 0o600);
  try {
    await unlink(path);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

const READ_CHUNK = 64 * 1024;

async function* readRange(handle: FileHandle, range: SpoolRange): AsyncGenerator<Buffer> {
  const end = range.offset + range.size;
  for (let position = range.offset; position < end;) {
    const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, end - position));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) throw new Error('the spool file ended early');
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** The chunks less their first `count` bytes (what a partial write left). */
function withoutFirst(chunks: Buffer[], count: number): Buffer[] {
  const rest: Buffer[] = [];
  for (const chunk of chunks) {
    if (count >= chunk.length) count -= chunk.length;
    else {
      rest.push(chunk.subarray(count));
      count = 0;
    }
  }
  return rest;
}

/** Writes the chunks at `position`, as many calls as it takes; answers the bytes written. */
async function writeAllAt(handle: FileHandle, chunks: Buffer[], position: number): Promise<number> {
  let at = position;
  for (let pending = chunks; pending.length > 0;) {
    const { bytesWritten } = await handle.writev(pending, at);
    at += bytesWritten;
    pending = withoutFirst(pending, bytesWritten);
  }
  return at - position;
}

/**
 * Large upload parts stored one after the other in one nameless temporary file, written as they
 * arrive (with backpressure: a part is read no faster than the disk takes it, and its chunks are
 * written as they are, never gathered) and read back as often as needed, each reader at its own
 * position.
 */
export class SpoolFile {
  private handle: Promise<FileHandle> | undefined;
  private opened: FileHandle | undefined;
  private end = 0;
  private writing: Readable | undefined;
  private closed = false;
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Stores a stream to its end and answers where it went. */
  async append(stream: Readable): Promise<SpoolRange> {
    if (this.closed) throw new Error('the spool is closed');
    this.handle ??= openNameless(this.dir);
    const handle = await this.handle;
    this.opened = handle;
    const offset = this.end;
    this.writing = stream;
    const sink = new Writable({
      writev: (entries, callback) => {
        writeAllAt(
          handle,
          entries.map((entry) => entry.chunk as Buffer),
          this.end,
        ).then((written) => {
          this.end += written;
          callback();
        }, callback);
      },
    });
    await pipeline(stream, sink);
    this.writing = undefined;
    return { offset, size: this.end - offset };
  }

  /**
   * The bytes of one stored range, read afresh with positional reads: readers never disturb each
   * other, and stopping one (an upstream that hung up) leaves the file open for the next (a retry).
   */
  read(range: SpoolRange): AsyncIterable<Buffer> {
    const handle = this.opened;
    if (range.size > 0 && (!handle || this.closed)) throw new Error('the spool is closed');
    return readRange(handle!, range);
  }

  /** Stops a write in progress and frees the file; safe to call more than once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.writing?.destroy();
    const handle = await this.handle?.catch(() => undefined);
    await handle?.close();
  }
}
