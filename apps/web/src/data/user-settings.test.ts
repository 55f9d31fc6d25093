import { saveAppSettings, saveAppSubsettings } from '@tide/core/cache';
import { generateSecretKey, verifyEvent } from '@tide/core/nostr';
import { LocalSigner } from '@tide/core/signers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSettingsStore } from '../state/settings-store.ts';
import type { AppData } from './app-data.ts';
import { createTestAppData } from './test-app-data.ts';
import { startTestServer, type TestServer } from './test-server.test-helper.ts';
import { fetchUserFeeds, loadUserSettings, saveUserSettings, signSettingsRequest } from './user-settings.ts';

let server: TestServer;
let data: AppData;
const MINE = { name: 'My follows', spec: '{"id":"latest","kind":"notes"}', description: 'mine', enabled: true };
const OFF = { name: 'Hidden', spec: '{"id":"all-notes","kind":"notes"}', description: '', enabled: false };

beforeAll(async () => {
  server = await startTestServer();
  data = createTestAppData(server.server.url, WebSocket as never);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await server?.close();
});

describe('signed settings requests', () => {
  it('are kind 30078 with the web app d tag and the operation, signed by the user', async () => {
    const signer = new LocalSigner(generateSecretKey());
    const event = await signSettingsRequest(signer, 'get_app_settings', { description: 'Sync app settings' }, 1_800);
    expect(event).toMatchObject({
      kind: 30078,
      created_at: 1_800,
      tags: [['d', 'Primal-Web App', 'get_app_settings']],
      content: '{"description":"Sync app settings"}',
      pubkey: await signer.getPublicKey(),
    });
    expect(verifyEvent(event)).toBe(true);
  });
});

describe("the user's settings from a real caching service", () => {
  it('loads their saved app settings into the settings store and applies their theme', async () => {
    const signer = new LocalSigner(generateSecretKey());
    const saved = { theme: 'midnight', zapDefault: { amount: 777, message: 'mine' }, applyContentModeration: false };
    const settings_event = await signSettingsRequest(signer, 'set_app_settings', saved);
    await saveAppSettings(data.client, { settings_event: { ...settings_event, content: JSON.stringify(saved) } });
    const settings = createSettingsStore();
    expect(await loadUserSettings(data.client, signer, settings)).toBe(true);
    expect(settings.getState().appSettings.zapDefault).toEqual({ amount: 777, message: 'mine' });
    expect(settings.getState().appSettings.applyContentModeration).toBe(false);
    expect(settings.getState().theme).toBe('midnight');
    expect(document.documentElement.dataset.theme).toBe('midnight');
  });

  it('saves their settings JSON so the next load (another device) gets it', async () => {
    const signer = new LocalSigner(generateSecretKey());
    expect(await saveUserSettings(data.client, signer, { theme: 'ice', custom: 'kept' })).toBe(true);
    const settings = createSettingsStore();
    expect(await loadUserSettings(data.client, signer, settings)).toBe(true);
    expect(settings.getState().userSettings).toEqual({ theme: 'ice', custom: 'kept' });
    expect(settings.getState().theme).toBe('ice');
    expect(await saveUserSettings(data.client, new LocalSigner(null), { theme: 'ice' })).toBe(false);
  });

  it('reports false and keeps the store when signing fails', async () => {
    const signer = new LocalSigner(null);
    const settings = createSettingsStore();
    expect(await loadUserSettings(data.client, signer, settings)).toBe(false);
    expect(settings.getState().appSettingsLoaded).toBe(false);
  });

  it('reads their own enabled home feeds, and the defaults for a user who saved none', async () => {
    const signer = new LocalSigner(generateSecretKey());
    const defaults = await fetchUserFeeds(data.client, signer, 'home');
    expect(defaults.length).toBeGreaterThan(0);
    const request = await signSettingsRequest(signer, 'set_app_subsettings_home', {
      subkey: 'user-home-feeds',
      settings: [MINE, OFF],
    });
    await saveAppSubsettings(data.client, { event_from_user: request });
    expect(await fetchUserFeeds(data.client, signer, 'home')).toEqual([MINE]);
  });

  it('reads their own enabled reads feeds, apart from their home feeds', async () => {
    const signer = new LocalSigner(generateSecretKey());
    const defaults = await fetchUserFeeds(data.client, signer, 'reads');
    expect(defaults.length).toBeGreaterThan(0);
    const request = await signSettingsRequest(signer, 'set_app_subsettings_reads', {
      subkey: 'user-reads-feeds',
      settings: [OFF, MINE],
    });
    await saveAppSubsettings(data.client, { event_from_user: request });
    expect(await fetchUserFeeds(data.client, signer, 'reads')).toEqual([MINE]);
    expect(await fetchUserFeeds(data.client, signer, 'home')).not.toEqual([MINE]);
  });
});
