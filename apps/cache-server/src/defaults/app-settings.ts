import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_NOTIFICATIONS_ADDITIONAL } from './notification-settings.ts';

/** One zap preset: emoji, amount in sats and message (spec §9). */
export interface ZapPreset {
  emoji: string;
  amount: number;
  message: string;
}

/** A moderation list subscription: name and scopes (spec §3). */
export interface ModerationList {
  name: string;
  scopes: string[];
}

/** The default zap: 42 sats, 'Onward' (spec §9). */
export const DEFAULT_ZAP: Readonly<{ amount: number; message: string }> = { amount: 42, message: 'Onward' };

/** The six zap presets (spec §9). */
export const DEFAULT_ZAP_CONFIG: readonly ZapPreset[] = [
  { emoji: '👍', amount: 21, message: 'Great post 👍' },
  { emoji: '🚀', amount: 420, message: "Let's go 🚀" },
  { emoji: '☕', amount: 1000, message: 'Coffee on me ☕' },
  { emoji: '🍻', amount: 5000, message: 'Cheers 🍻' },
  { emoji: '🍷', amount: 10000, message: 'Party time 🍷' },
  { emoji: '👑', amount: 100000, message: 'Generational wealth 👑' },
];

/** Default moderation lists: spam (content and trending) and NSFW (trending only) (spec §3). */
export const DEFAULT_CONTENT_MODERATION: readonly ModerationList[] = [
  { name: 'primal_spam', scopes: ['content', 'trending'] },
  { name: 'primal_nsfw', scopes: ['trending'] },
];

/** Builds a fresh copy of the default app settings (get_default_app_settings, new users' get_app_settings). */
export function defaultAppSettings(): Record<string, unknown> {
  return {
    theme: 'sunrise',
    animated: true,
    feeds: [],
    zapDefault: { ...DEFAULT_ZAP },
    zapConfig: DEFAULT_ZAP_CONFIG.map((preset) => ({ ...preset })),
    defaultZapAmount: DEFAULT_ZAP.amount,
    zapOptions: DEFAULT_ZAP_CONFIG.map((preset) => preset.amount),
    notifications: { ...DEFAULT_NOTIFICATION_SETTINGS },
    notificationsAdditional: { ...DEFAULT_NOTIFICATIONS_ADDITIONAL },
    applyContentModeration: true,
    contentModeration: DEFAULT_CONTENT_MODERATION.map((list) => ({ name: list.name, scopes: [...list.scopes] })),
    proxyThroughPrimal: false,
  };
}
