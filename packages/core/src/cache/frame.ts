import { strFromU8, unzlibSync } from 'fflate';
import type { Logger } from './socket-types.ts';

/** A decoded frame: the parsed JSON array, or an empty object when the frame could not be read. */
export type DecodedFrame = unknown[] | Record<string, never>;

function toBytes(data: unknown): Uint8Array | null {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

/**
 * Decodes one socket frame ONCE: text is JSON, binary is a zlib stream of JSON (fflate). Failure yields `{}`,
 * reported to the logger only in dev mode (spec §8).
 */
export function decodeFrame(data: unknown, devMode: boolean, logger: Logger): DecodedFrame {
  try {
    let text: string;
    if (typeof data === 'string') text = data;
    else {
      const bytes = toBytes(data);
      if (!bytes) throw new Error('unsupported frame type');
      text = strFromU8(unzlibSync(bytes));
    }
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : {};
  } catch (error) {
    if (devMode) logger.warn('cache: could not decode frame', error);
    return {};
  }
}
