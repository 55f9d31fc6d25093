import { promisify } from 'node:util';
import { constants, deflateRaw, deflateRawSync, deflateSync } from 'node:zlib';
import type { CacheEvent } from '@tide/core/nostr';
import { layoutOf } from '../commands/bundle-shared.ts';

const deflateRawAsync = promisify(deflateRaw);

/** Level 1: about 6% bigger frames than the default level for a third of the CPU (measured on feed answers). */
const DEFLATE_OPTIONS = { level: 1, memLevel: 9 };
/** Bodies up to this size are deflated on the spot (under a millisecond); bigger ones on libuv's thread pool. */
const SYNC_DEFLATE_BYTES = 256 * 1024;
/** Objects serialised between two yields to the event loop while packing a big answer. */
const STRINGIFY_SLICE = 250;
const ADLER_BASE = 65521;
/** zlib header: deflate, 32 KiB window, no preset dictionary, "fastest" level (a multiple of 31 as RFC 1950 asks). */
const ZLIB_HEADER = [0x78, 0x01];

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

function tailText(parts: readonly string[]): Buffer {
  return Buffer.from(`[${parts.join(',')}]]`, 'utf8');
}

/** Deflates the tail of objects serialised as `parts` on the spot (for threads that may block, e.g. read workers). */
export function deflateTailSync(parts: readonly string[]): DeflatedTail {
  const text = tailText(parts);
  return { raw: deflateRawSync(text, DEFLATE_OPTIONS), adler: adler32(text), length: text.length };
}

async function deflateTail(parts: readonly string[]): Promise<DeflatedTail> {
  const text = tailText(parts);
  if (text.length <= SYNC_DEFLATE_BYTES) return deflateTailSync(parts);
  return { raw: await deflateRawAsync(text, DEFLATE_OPTIONS), adler: adler32(text), length: text.length };
}

/** A piece of an answer's tail text: its objects' JSON and the piece deflated on its own (not final unless last). */
interface Segment extends DeflatedTail {
  parts: string[];
}

const EMPTY_SEGMENT: Segment = { parts: [], raw: new Uint8Array(0), adler: 1, length: 0 };

function segment(parts: string[], text: string, last: boolean): Segment {
  if (text.length === 0) return { ...EMPTY_SEGMENT, parts };
  const data = Buffer.from(text, 'utf8');
  // a sync flush ends a piece on a byte boundary without a final block: the next piece's blocks may follow it
  const options = last ? DEFLATE_OPTIONS : { ...DEFLATE_OPTIONS, finishFlush: constants.Z_SYNC_FLUSH };
  return { parts, raw: deflateRawSync(data, options), adler: adler32(data), length: data.length };
}

const commaEach = (parts: readonly string[]): string => parts.map((p) => `,${p}`).join('');

/**
 * The JSON parts and deflated tail of an answer marked with a layout (a shared head and tail around a per-viewer
 * middle, see `bundle-shared.ts`): the head and tail are serialised and deflated once per shared part (kept in the
 * layout's memo), only the middle per answer; the three deflated pieces joined are one valid deflate stream of the
 * whole tail text. Undefined when the answer has no layout or no longer holds exactly the layout's objects.
 */
export function segmentedAnswer(events: readonly CacheEvent[]): { parts: string[]; tail: DeflatedTail } | undefined {
  const layout = layoutOf(events);
  if (!layout || layout.head.length === 0) return undefined;
  const { head, middle, tail, memo } = layout;
  if (events.length !== head.length + middle.length + tail.length) return undefined;
  let i = 0;
  for (const group of [head, middle, tail]) for (const object of group) if (events[i++] !== object) return undefined;
  const json = (objects: readonly CacheEvent[]) => objects.map((o) => JSON.stringify(o));
  if (!memo.head) {
    const parts = json(head);
    memo.head = segment(parts, `[${parts.join(',')}`, false);
  }
  if (!memo.tail) {
    const parts = json(tail);
    memo.tail = segment(parts, `${commaEach(parts)}]]`, true);
  }
  const h = memo.head as Segment;
  const t = memo.tail as Segment;
  const middleParts = json(middle);
  const m = segment(middleParts, commaEach(middleParts), false);
  return {
    parts: [...h.parts, ...m.parts, ...t.parts],
    tail: {
      raw: Buffer.concat([h.raw, m.raw, t.raw]),
      adler: adler32Concat(adler32Concat(h.adler, m.adler, m.length), t.adler, t.length),
      length: h.length + m.length + t.length,
    },
  };
}

/**
 * One finished answer, serialised once and framed for any sub-id: each object's JSON is kept, and for zlib
 * connections the frame's tail (everything after the sub-id) is deflated once. A zlib frame for a sub-id is then a
 * zlib header, the head `["EVENTS","<subid>",` as one stored (uncompressed) deflate block, the cached compressed
 * tail and the Adler-32 of the whole text computed from the two parts' checksums: no deflate per request.
 */
export class PackedAnswer {
  private tail: Promise<DeflatedTail> | null;

  private constructor(
    private readonly parts: readonly string[],
    tail?: DeflatedTail,
  ) {
    this.tail = tail ? Promise.resolve(tail) : null;
  }

  /** An answer serialised elsewhere (a read worker): the objects' JSON and, if made, the deflated tail. */
  static fromParts(parts: readonly string[], tail?: DeflatedTail): PackedAnswer {
    return new PackedAnswer(parts, tail);
  }

  /** Serialises `events`, yielding to the event loop between slices of a big answer. */
  static async pack(events: readonly CacheEvent[]): Promise<PackedAnswer> {
    const segmented = segmentedAnswer(events);
    if (segmented) return new PackedAnswer(segmented.parts, segmented.tail);
    const parts: string[] = new Array(events.length);
    for (let start = 0; start < events.length; start += STRINGIFY_SLICE) {
      if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const end = Math.min(events.length, start + STRINGIFY_SLICE);
      for (let i = start; i < end; i++) parts[i] = JSON.stringify(events[i]);
    }
    return new PackedAnswer(parts);
  }

  /** Characters of the objects' JSON (an answer's approximate size, for cache bounds). */
  get size(): number {
    let chars = 0;
    for (const part of this.parts) chars += part.length;
    return chars;
  }

  /** Number of objects in the answer. */
  get count(): number {
    return this.parts.length;
  }

  /** The objects as `["EVENT", subId, obj]` text frames (connections without zlib). */
  textFrames(subId: string): string[] {
    const head = `["EVENT",${JSON.stringify(subId)},`;
    return this.parts.map((part) => `${head}${part}]`);
  }

  /** The binary zlib frame `["EVENTS", subId, [obj...]]` (deflating the shared tail on first use only). */
  async zlibFrame(subId: string): Promise<Buffer> {
    const head = Buffer.from(`["EVENTS",${JSON.stringify(subId)},`, 'utf8');
    // a stored block holds at most 65535 bytes (sub-ids are far shorter; this only keeps the frame valid)
    if (head.length > 0xffff) return deflateSync(Buffer.from(`${head}[${this.parts.join(',')}]]`), DEFLATE_OPTIONS);
    this.tail ??= deflateTail(this.parts);
    const tail = await this.tail;
    const frame = Buffer.allocUnsafe(2 + 5 + head.length + tail.raw.length + 4);
    let at = frame.writeUInt8(ZLIB_HEADER[0], 0);
    at = frame.writeUInt8(ZLIB_HEADER[1], at);
    // stored block, not final: BFINAL 0, BTYPE 00 padded to a byte, LEN and its one's complement (little-endian)
    at = frame.writeUInt8(0, at);
    at = frame.writeUInt16LE(head.length, at);
    at = frame.writeUInt16LE(~head.length & 0xffff, at);
    at += head.copy(frame, at);
    frame.set(tail.raw, at);
    at += tail.raw.length;
    frame.writeUInt32BE(adler32Concat(adler32(head), tail.adler, tail.length), at);
    return frame;
  }
}
