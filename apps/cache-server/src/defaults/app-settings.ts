import { DEFAULT_ZAP as CORE_DEFAULT_ZAP, ZAP_PRESETS } from '@tide/core/lightning';
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

/** The default zap: 42 sats, 'Onward' (spec §9; core's DEFAULT_ZAP). */
export const DEFAULT_ZAP: Readonly<{ amount: number; message: string }> = { ...CORE_DEFAULT_ZAP };

/** Message sent with each preset zap, by amount. */
const PRESET_MESSAGES: Readonly<Record<number, string>> = {
  21: 'Great post 👍',
  420: "Let's go 🚀",
  1000: 'Coffee on me ☕',
  5000: 'Cheers 🍻',
  10000: 'Party time 🍷',
  100000: 'Generational wealth 👑',
};

/** The six zap presets (core's ZAP_PRESETS: amount and emoji) with their messages (spec §9). */
export const DEFAULT_ZAP_CONFIG: readonly ZapPreset[] = ZAP_PRESETS.map((preset) => ({
  emoji: preset.emoji,
  amount: preset.amount,
  message: PRESET_MESSAGES[preset.amount] ?? 'Onward',
}));

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
