import type { Logger } from './logger.ts';

/** A JSON object with unknown values. */
export type JsonObject = Record<string, unknown>;

/** Parses JSON text; returns `undefined` on failure (reported to `logger` when given). */
export function parseJson(text: string | undefined, logger?: Logger, what = 'content'): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    logger?.warn(`model: invalid JSON in ${what}`, error);
    return undefined;
  }
}

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON text that must hold an object; anything else yields `{}`. */
export function parseObject(text: string | undefined, logger?: Logger, what?: string): JsonObject {
  const value = parseJson(text, logger, what);
  return isObject(value) ? value : {};
}

/** A string field, or `''`. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A finite number (numeric strings accepted), or `fallback`. */
export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

/** A boolean field (true only for `true`). */
export function bool(value: unknown): boolean {
  return value === true;
}
