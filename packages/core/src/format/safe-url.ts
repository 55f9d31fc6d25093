/** Schemes an address built from event data may use in a `src` or `href`. */
export const SAFE_URL_PROTOCOLS: readonly string[] = ['http:', 'https:'];

/**
 * The address if it is safe to put into a `src`/`href` built from event data: an absolute http(s) URL
 * (normalised) or a same-origin path (`/x`, never `//host` or `/\host`); anything else (javascript:, data:,
 * vbscript:, junk, non-strings) gives undefined.
 */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!text || hasControlCharacter(text)) return undefined;
  if (text.startsWith('/')) return /^\/[/\\]/.test(text) ? undefined : text;
  try {
    const url = new URL(text);
    return SAFE_URL_PROTOCOLS.includes(url.protocol) && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** True when {@link safeUrl} accepts the address. */
export function isSafeUrl(value: unknown): value is string {
  return safeUrl(value) !== undefined;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
