import { createStore } from 'zustand/vanilla';
import { type AppSettings, FALLBACK_APP_SETTINGS } from '../data/app-settings.ts';
import { isSupportedLocale, type Locale } from '../i18n/locales.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';
import { parseTheme, pickInitialTheme, type ThemeName } from './theme.ts';

/** Appearance and language settings that outlive a screen. */
export interface SettingsState {
  theme: ThemeName;
  animated: boolean;
  locale: Locale;
  /** App settings from the service (guests: the defaults): moderation lists, feeds, zap defaults. */
  appSettings: AppSettings;
  /** True once the service's settings (or defaults) were loaded. */
  appSettingsLoaded: boolean;
  /** The signed-in user's settings JSON as the service keeps it (null for guests): what a save starts from. */
  userSettings: Record<string, unknown> | null;
  /** Sets the parsed app settings and, for a signed-in user, the JSON they came from. */
  setAppSettings: (settings: AppSettings, userSettings?: Record<string, unknown> | null) => void;
  /** Switches the theme (ignored for unknown names) and mirrors it to localStorage and `<html>`. */
  setTheme: (theme: string) => void;
  /** Applies a theme from saved (server) settings; a valid forced theme in localStorage wins over it. */
  applySavedTheme: (theme: string) => void;
  /** Turns animations on or off, mirrored to localStorage and `<html data-animated>`. */
  setAnimated: (animated: boolean) => void;
  /** Switches the interface language (only catalogued locales). */
  setLocale: (locale: string) => void;
}

/** Writes theme and animation flags onto `<html>` so CSS can follow them. */
export function mirrorToDocument(theme: ThemeName, animated: boolean): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.dataset.animated = String(animated);
}

/** Builds the settings store from what localStorage holds now. */
export function createSettingsStore() {
  const theme = pickInitialTheme(readStorage(STORAGE_KEYS.forceTheme), readStorage(STORAGE_KEYS.theme));
  const animated = readStorage(STORAGE_KEYS.animated) !== 'false';
  const storedLocale = readStorage(STORAGE_KEYS.locale);
  const locale: Locale = storedLocale && isSupportedLocale(storedLocale) ? storedLocale : 'en';
  mirrorToDocument(theme, animated);

  return createStore<SettingsState>()((set, get) => ({
    theme,
    animated,
    locale,
    appSettings: FALLBACK_APP_SETTINGS,
    appSettingsLoaded: false,
    userSettings: null,
    setAppSettings: (appSettings, userSettings = null) => set({ appSettings, userSettings, appSettingsLoaded: true }),
    setTheme: (name) => {
      const next = parseTheme(name);
      if (!next) return;
      writeStorage(STORAGE_KEYS.theme, next);
      mirrorToDocument(next, get().animated);
      set({ theme: next });
    },
    applySavedTheme: (name) => {
      if (parseTheme(readStorage(STORAGE_KEYS.forceTheme))) return;
      get().setTheme(name);
    },
    setAnimated: (on) => {
      writeStorage(STORAGE_KEYS.animated, String(on));
      mirrorToDocument(get().theme, on);
      set({ animated: on });
    },
    setLocale: (next) => {
      if (!isSupportedLocale(next)) return;
      writeStorage(STORAGE_KEYS.locale, next);
      set({ locale: next });
    },
  }));
}

/** The settings store type. */
export type SettingsStore = ReturnType<typeof createSettingsStore>;
