/** A moderation list subscription: list name and the scopes it applies to (spec §3). */
export interface ModerationListSetting {
  name: string;
  scopes: string[];
}

/** A zap preset of the settings: emoji, amount in sats, message. */
export interface ZapPresetSetting {
  emoji: string;
  amount: number;
  message: string;
}

/** A feed descriptor (home or reads): name, mega-feed spec (JSON string), description, enabled. */
export interface FeedDescriptor {
  name: string;
  spec: string;
  description: string;
  enabled: boolean;
  feedkind?: string;
}

/** The parts of the app settings (kind 10000103) the reading screens use. */
export interface AppSettings {
  theme?: string;
  applyContentModeration: boolean;
  contentModeration: ModerationListSetting[];
  zapDefault: { amount: number; message: string };
  zapConfig: ZapPresetSetting[];
  feeds: FeedDescriptor[];
}

/** Settings used until the service answers (spec §9: default zap 42 'Onward', spam + nsfw moderation). */
export const FALLBACK_APP_SETTINGS: AppSettings = {
  applyContentModeration: true,
  contentModeration: [
    { name: 'primal_spam', scopes: ['content', 'trending'] },
    { name: 'primal_nsfw', scopes: ['trending'] },
  ],
  zapDefault: { amount: 42, message: 'Onward' },
  zapConfig: [],
  feeds: [],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses feed descriptors, dropping entries without a name or a spec. */
export function parseFeedDescriptors(value: unknown): FeedDescriptor[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((f) => {
    const spec = typeof f.spec === 'string' ? f.spec : isRecord(f.spec) ? JSON.stringify(f.spec) : '';
    if (typeof f.name !== 'string' || !f.name || !spec) return [];
    return [
      {
        name: f.name,
        spec,
        description: typeof f.description === 'string' ? f.description : '',
        enabled: f.enabled !== false,
        ...(typeof f.feedkind === 'string' ? { feedkind: f.feedkind } : {}),
      },
    ];
  });
}

/** Parses the settings JSON from the service; anything missing or malformed keeps the fallback value. */
export function parseAppSettings(value: unknown): AppSettings {
  if (!isRecord(value)) return FALLBACK_APP_SETTINGS;
  const moderation = Array.isArray(value.contentModeration)
    ? value.contentModeration
        .filter(isRecord)
        .flatMap((m) =>
          typeof m.name === 'string'
            ? [{ name: m.name, scopes: Array.isArray(m.scopes) ? m.scopes.filter((s) => typeof s === 'string') : [] }]
            : [],
        )
    : FALLBACK_APP_SETTINGS.contentModeration;
  const zd = isRecord(value.zapDefault) ? value.zapDefault : {};
  const zapConfig = Array.isArray(value.zapConfig)
    ? value.zapConfig
        .filter(isRecord)
        .filter((z) => typeof z.amount === 'number' && z.amount > 0)
        .map((z) => ({
          emoji: typeof z.emoji === 'string' ? z.emoji : '',
          amount: z.amount as number,
          message: typeof z.message === 'string' ? z.message : '',
        }))
    : [];
  return {
    ...(typeof value.theme === 'string' ? { theme: value.theme } : {}),
    applyContentModeration: value.applyContentModeration !== false,
    contentModeration: moderation,
    zapDefault: {
      amount: typeof zd.amount === 'number' && zd.amount > 0 ? zd.amount : FALLBACK_APP_SETTINGS.zapDefault.amount,
      message: typeof zd.message === 'string' ? zd.message : FALLBACK_APP_SETTINGS.zapDefault.message,
    },
    zapConfig,
    feeds: parseFeedDescriptors(value.feeds),
  };
}
