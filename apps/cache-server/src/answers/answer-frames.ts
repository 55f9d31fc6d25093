import { deflateSync } from 'node:zlib';
import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { layoutOf } from '../commands/bundle-shared.ts';
import {
  adler32,
  adler32Concat,
  DEFLATE_OPTIONS,
  type DeflatedTail,
  deflateTailText,
  deflateTailTextSync,
  type Segment,
  segment,
  tailText,
} from './answer-deflate.ts';

export { adler32, adler32Concat, type DeflatedTail } from './answer-deflate.ts';

/** Objects serialised between two yields to the event loop while packing a big answer. */
const STRINGIFY_SLICE = 250;
/** zlib header: deflate, 32 KiB window, no preset dictionary, "fastest" level (a multiple of 31 as RFC 1950 asks). */
const ZLIB_HEADER = [0x78, 0x01];

/** `view` on a buffer of its own (a copy when it shares one, e.g. node's pool): only whole buffers can be moved. */
function ownBuffer(view: Uint8Array): Uint8Array {
  if (view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) return view;
  return new Uint8Array(view);
}

const commaEach = (parts: readonly string[]): string => parts.map((p) => `,${p}`).join('');

/**
 * Where an answer with no viewer's objects in it may take them (a bundle's viewer actions): its shared head and tail
 * serialised and deflated (kept in the layout's memo), the events whose actions go between them, and the store's change
 * sequence the shared parts were computed at.
 */
export interface AnswerSplit {
  head: Segment;
  tail: Segment;
  actionIds: readonly string[];
  seq?: number;
  /** The bundle's posts and referenced authors (what a viewer's mute rules could hide). */
  top?: readonly NostrEvent[];
  referencedAuthors?: readonly string[];
}

/** The answer text's parts and deflated tail made of a head, a middle of `middle`'s objects and a tail. */
function joinSegments(h: Segment, middle: readonly CacheEvent[], t: Segment): { parts: string[]; tail: DeflatedTail } {
  const middleParts = middle.map((o) => JSON.stringify(o));
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
 * The JSON parts and deflated tail of an answer marked with a layout (a shared head and tail around a per-viewer
 * middle, see `bundle-shared.ts`): the head and tail are serialised and deflated once per shared part (kept in the
 * layout's memo), only the middle per answer; the three deflated pieces joined are one valid deflate stream of the
 * whole tail text. Undefined when the answer has no layout or no longer holds exactly the layout's objects. An answer
 * with an empty middle and the ids of its actions also gets its split (see `PackedAnswer.withMiddle`).
 */
export function segmentedAnswer(
  events: readonly CacheEvent[],
): { parts: string[]; tail: DeflatedTail; split?: AnswerSplit } | undefined {
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
  const joined = joinSegments(h, middle, t);
  if (middle.length > 0 || !layout.actionIds) return joined;
  const { actionIds, seq, top, referencedAuthors } = layout;
  return { ...joined, split: { head: h, tail: t, actionIds, seq, top, referencedAuthors } };
}

/**
 * A packed answer in a form another thread can hand over without copying (transfer `json` and `tail.raw`'s
 * buffers): the tail text `[obj,...]]` as UTF-8, each object's JSON length in UTF-16 units, and the deflated tail.
 */
export interface PackedTransfer {
  json: Uint8Array;
  lengths: Uint32Array;
  tail: DeflatedTail | null;
}

/**
 * One finished answer, serialised once and framed for any sub-id: each object's JSON is kept, and for zlib
 * connections the frame's tail (everything after the sub-id) is deflated once. A zlib frame for a sub-id is then a
 * zlib header, the head `["EVENTS","<subid>",` as one stored (uncompressed) deflate block, the cached compressed
 * tail and the Adler-32 of the whole text computed from the two parts' checksums: no deflate per request.
 */
export class PackedAnswer {
  private tail: Promise<DeflatedTail> | null;
  private parts: readonly string[] | null;
  /** Where a viewer's objects may go (an answer packed from a bundle layout with no viewer's objects in it). */
  readonly split?: AnswerSplit;
  /** Characters of the objects' JSON. */
  readonly size: number;
  /** Number of objects in the answer. */
  readonly count: number;

  private constructor(
    parts: readonly string[] | null,
    tail?: DeflatedTail | null,
    private readonly source?: PackedTransfer,
    split?: AnswerSplit,
  ) {
    this.parts = parts;
    if (split) this.split = split;
    this.tail = tail ? Promise.resolve(tail) : null;
    let chars = 0;
    if (source) for (const length of source.lengths) chars += length;
    else for (const part of parts ?? []) chars += part.length;
    this.size = chars;
    this.count = source ? source.lengths.length : (parts?.length ?? 0);
  }

  /** An answer packed by another thread (see `toTransfer`); its objects' JSON is decoded only if text frames need it. */
  static fromTransfer(transfer: PackedTransfer): PackedAnswer {
    return new PackedAnswer(null, transfer.tail, transfer);
  }

  /** Serialises `events`, yielding to the event loop between slices of a big answer. */
  static async pack(events: readonly CacheEvent[]): Promise<PackedAnswer> {
    const segmented = segmentedAnswer(events);
    if (segmented) return new PackedAnswer(segmented.parts, segmented.tail, undefined, segmented.split);
    const parts: string[] = new Array(events.length);
    for (let start = 0; start < events.length; start += STRINGIFY_SLICE) {
      if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const end = Math.min(events.length, start + STRINGIFY_SLICE);
      for (let i = start; i < end; i++) parts[i] = JSON.stringify(events[i]);
    }
    return new PackedAnswer(parts);
  }

  /**
   * This answer (packed with a split) with `middle`'s objects put between its head and tail, as a bundle's viewer
   * actions are: only the middle is serialised and deflated. The answer itself when `middle` is empty.
   */
  withMiddle(middle: readonly CacheEvent[]): PackedAnswer {
    if (middle.length === 0) return this;
    if (!this.split) throw new Error('this answer has no split');
    const joined = joinSegments(this.split.head, middle, this.split.tail);
    return new PackedAnswer(joined.parts, joined.tail);
  }

  /**
   * The transferable form (for threads that may block: the tail is deflated on the spot if it was not yet); pass
   * `transferList(transfer)` to postMessage so the buffers move instead of being copied.
   */
  async toTransfer(): Promise<PackedTransfer> {
    if (this.source) return this.source;
    const parts = this.jsonParts();
    const json = ownBuffer(tailText(parts));
    const lengths = Uint32Array.from(parts, (part) => part.length);
    if (parts.length === 0) return { json, lengths, tail: null };
    this.tail ??= Promise.resolve(deflateTailTextSync(json));
    const tail = await this.tail;
    return { json, lengths, tail: { ...tail, raw: ownBuffer(tail.raw) } };
  }

  /** The buffers of a transfer (from `toTransfer`), to move with postMessage. */
  static transferList(transfer: PackedTransfer): ArrayBuffer[] {
    const views = [transfer.json, transfer.lengths, ...(transfer.tail ? [transfer.tail.raw] : [])];
    return views.map((view) => view.buffer as ArrayBuffer);
  }

  /** The objects as `["EVENT", subId, obj]` text frames (connections without zlib). */
  textFrames(subId: string): string[] {
    const head = `["EVENT",${JSON.stringify(subId)},`;
    return this.jsonParts().map((part) => `${head}${part}]`);
  }

  /** The binary zlib frame `["EVENTS", subId, [obj...]]` (deflating the shared tail on first use only). */
  async zlibFrame(subId: string): Promise<Buffer> {
    const head = Buffer.from(`["EVENTS",${JSON.stringify(subId)},`, 'utf8');
    // a stored block holds at most 65535 bytes (sub-ids are far shorter; this only keeps the frame valid)
    if (head.length > 0xffff) {
      return deflateSync(Buffer.from(`${head}[${this.jsonParts().join(',')}]]`), DEFLATE_OPTIONS);
    }
    this.tail ??= deflateTailText(tailText(this.jsonParts()));
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

  /** Each object's JSON (decoded from a transfer on first use). */
  private jsonParts(): readonly string[] {
    if (this.parts) return this.parts;
    const source = this.source as PackedTransfer;
    const text = Buffer.from(source.json.buffer, source.json.byteOffset, source.json.byteLength).toString('utf8');
    const parts: string[] = new Array(source.lengths.length);
    let at = 1; // after the opening '['
    for (let i = 0; i < parts.length; i++) {
      parts[i] = text.slice(at, at + source.lengths[i]);
      at += source.lengths[i] + 1; // and its ',' (or the closing ']')
    }
    this.parts = parts;
    return parts;
  }
}
