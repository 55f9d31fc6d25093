/** Locales with a catalogue (spec §3: locale setting, default en). */
export const LOCALES = ['en'] as const;

/** A locale with a catalogue. */
export type Locale = (typeof LOCALES)[number];

/** True for locales the app has messages for. */
export function isSupportedLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}
