/** The four theme names (spec §2: sunrise wave, sunset wave, midnight wave, ice wave). */
export const THEMES = ['sunrise', 'sunset', 'midnight', 'ice'] as const;

/** One of the four theme names. */
export type ThemeName = (typeof THEMES)[number];

/** The theme used when nothing valid is stored. */
export const DEFAULT_THEME: ThemeName = 'sunrise';

/** True for the dark themes (sunset and midnight). */
export function isDarkTheme(theme: ThemeName): boolean {
  return theme === 'sunset' || theme === 'midnight';
}

/** Narrows an untrusted value to a theme name; anything else gives undefined. */
export function parseTheme(value: unknown): ThemeName | undefined {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value) ? (value as ThemeName) : undefined;
}

/** Start-up theme: a valid forced theme wins, then a valid saved one, then the default. */
export function pickInitialTheme(forced: string | null, saved: string | null): ThemeName {
  return parseTheme(forced) ?? parseTheme(saved) ?? DEFAULT_THEME;
}
