/** Reads a localStorage item; null when storage is unavailable (private mode, blocked cookies). */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a localStorage item; quietly does nothing when storage is unavailable. */
export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the in-memory state still holds the value.
  }
}

/** localStorage keys the web app reads and writes (spec §3, protocol reference §1). */
export const STORAGE_KEYS = {
  theme: 'theme',
  forceTheme: 'forceTheme',
  animated: 'animated',
  locale: 'locale',
  devMode: 'devMode',
  cacheServer: 'cacheServer',
  noBinary: 'noBinary',
} as const;
