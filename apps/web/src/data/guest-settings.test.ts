import type { CommandClient } from '@tide/core/cache';
import { CacheKind } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { createSettingsStore } from '../state/settings-store.ts';
import { FALLBACK_APP_SETTINGS, parseAppSettings } from './app-settings.ts';
import { loadGuestSettings } from './guest-settings.ts';

const SETTINGS = {
  theme: 'midnight',
  zapDefault: { amount: 42, message: 'Onward' },
  zapConfig: [{ emoji: '👍', amount: 21, message: 'Great post 👍' }],
  contentModeration: [{ name: 'primal_spam', scopes: ['content', 'trending'] }],
  applyContentModeration: true,
  feeds: [{ name: 'Latest', spec: '{"id":"latest","kind":"notes"}', description: 'Follows', enabled: true }],
};

describe('guest default settings', () => {
  it('asks get_default_app_settings for the web client and puts the answer into the settings store', async () => {
    const calls: unknown[] = [];
    const client: CommandClient = {
      request: async (command, payload) => {
        calls.push([command, payload]);
        return [{ kind: CacheKind.AppSettings, content: JSON.stringify(SETTINGS) }];
      },
    };
    const settings = createSettingsStore();
    expect(settings.getState().appSettingsLoaded).toBe(false);
    expect(await loadGuestSettings(client, settings)).toBe(true);
    expect(calls).toEqual([['get_default_app_settings', { client: 'Primal-Web App' }]]);
    const loaded = settings.getState().appSettings;
    expect(loaded.zapConfig[0]).toEqual({ emoji: '👍', amount: 21, message: 'Great post 👍' });
    expect(loaded.contentModeration).toEqual([{ name: 'primal_spam', scopes: ['content', 'trending'] }]);
    expect(loaded.feeds.map((f) => f.name)).toEqual(['Latest']);
    expect(settings.getState().appSettingsLoaded).toBe(true);
  });

  it('keeps the fallback when the service fails, and parses malformed settings without losing defaults', async () => {
    const settings = createSettingsStore();
    const failing: CommandClient = { request: async () => Promise.reject(new Error('closed')) };
    expect(await loadGuestSettings(failing, settings)).toBe(false);
    expect(settings.getState().appSettings).toBe(FALLBACK_APP_SETTINGS);
    const parsed = parseAppSettings({ zapDefault: { amount: -5 }, feeds: [{ name: 'x' }, 3], contentModeration: 'no' });
    expect(parsed.zapDefault).toEqual({ amount: 42, message: 'Onward' });
    expect(parsed.feeds).toEqual([]);
    expect(parsed.contentModeration).toEqual(FALLBACK_APP_SETTINGS.contentModeration);
  });
});
