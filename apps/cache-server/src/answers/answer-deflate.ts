import { promisify } from 'node:util';
import { constants, deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/** Level 1: about 6% bigger frames than the default level for a third of the CPU (measured on feed answers). */
export const DEFLATE_OPTIONS = { level: 1, memLevel: 9 };
/**
 * Tails up to this size are deflated on the spot (well under a millisecond at level 1); bigger ones on libuv's
 * thread pool, so the main thread is not held while a feed-sized answer is compressed.
 */
export const SYNC_DEFLATE_BYTES = 16 * 1024;
const ADLER_BASE = 65521;

/** Adler-32 (RFC 1950) of `data`. */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  let i = 0;
  while (i < data.length) {
    // reduce every 5552 bytes (zlib's run length): the sums stay exact integers
    const end = Math.min(i + 5552, data.length);
    for (; i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return (b * 65536 + a) >>> 0;
}

/**
 * Adler-32 of `first` followed by `second`, from their checksums and the second's length: the running sum A grows by
 * the second part's bytes, and every one of its `length2` steps adds the first part's final A - 1 to B.
 */
export function adler32Concat(adlerFirst: number, adlerSecond: number, length2: number): number {
  const a1 = adlerFirst & 0xffff;
  const b1 = adlerFirst >>> 16;
  const a2 = adlerSecond & 0xffff;
  const b2 = adlerSecond >>> 16;
  const a = (a1 + a2 + ADLER_BASE - 1) % ADLER_BASE;
  const b = (b1 + b2 + (length2 % ADLER_BASE) * ((a1 + ADLER_BASE - 1) % ADLER_BASE)) % ADLER_BASE;
  return (b * 65536 + a) >>> 0;
}

/** The deflated, sub-id independent tail of an EVENTS frame: `[obj,...]]` as raw deflate, its Adler-32 and length. */
export interface DeflatedTail {
  raw: Uint8Array;
  adler: number;
  length: number;
}

/** The tail text `[obj,...]]` of objects serialised as `parts`, as UTF-8. */
export function tailText(parts: readonly string[]): Buffer {
  return Buffer.from(`[${parts.join(',')}]]`, 'utf8');
}

/** Deflates a tail text on the spot (for small tails, and threads that may block, e.g. read workers). */
export function deflateTailTextSync(text: Uint8Array): DeflatedTail {
  return { raw: deflateRawSync(text, DEFLATE_OPTIONS), adler: adler32(text), length: text.length };
}

/** Deflates a tail text: small ones on the spot, bigger ones on libuv's thread pool. */
export async function deflateTailText(text: Uint8Array): Promise<DeflatedTail> {
  if (text.length <= SYNC_DEFLATE_BYTES) return deflateTailTextSync(text);
  const adler = adler32(text);
  return { raw: await deflateRawAsync(text, DEFLATE_OPTIONS), adler, length: text.length };
}

/** A piece of an answer's tail text: its objects' JSON and the piece deflated on its own (not final unless last). */
export interface Segment extends DeflatedTail {
  parts: string[];
}

const EMPTY_SEGMENT: Segment = { parts: [], raw: new Uint8Array(0), adler: 1, length: 0 };

/** Deflates one piece of a tail text; a piece that is not `last` ends sync-flushed, without a final block. */
export function segment(parts: string[], text: string, last: boolean): Segment {
  if (text.length === 0) return { ...EMPTY_SEGMENT, parts };
  const data = Buffer.from(text, 'utf8');
  // a sync flush ends a piece on a byte boundary without a final block: the next piece's blocks may follow it
  const options = last ? DEFLATE_OPTIONS : { ...DEFLATE_OPTIONS, finishFlush: constants.Z_SYNC_FLUSH };
  return { parts, raw: deflateRawSync(data, options), adler: adler32(data), length: data.length };
}
