import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { NOW, signedRequest, testContext, testUser } from './people-test-fixtures.ts';
import {
  getAppReleases,
  getAppSettings,
  getDefaultAppSettings,
  setAppSettings,
  storeDefaultAppSettings,
} from './settings-app.ts';
import { getAppSubsettings, setAppSubsettings } from './settings-subsettings.ts';

const alice = testUser(21);
const bob = testUser(22);

describeDialects('settings commands', (getStore) => {
  it('get_default_app_settings carries the spec defaults under the client d tag', async () => {
    const [event] = await getDefaultAppSettings(testContext(getStore()), { client: 'Primal-Web App' });
    expect(event.kind).toBe(10000103);
    expect(event.tags).toEqual([['d', 'Primal-Web App']]);
    const settings = JSON.parse(event.content as string);
    expect(settings.theme).toBe('sunrise');
    expect(settings.zapDefault).toEqual({ amount: 42, message: 'Onward' });
    expect(settings.zapConfig.map((z: { amount: number }) => z.amount)).toEqual([21, 420, 1000, 5000, 10000, 100000]);
    expect(settings.zapConfig.map((z: { emoji: string }) => z.emoji)).toEqual(['👍', '🚀', '☕', '🍻', '🍷', '👑']);
    expect(settings.contentModeration).toEqual([
      { name: 'primal_spam', scopes: ['content', 'trending'] },
      { name: 'primal_nsfw', scopes: ['trending'] },
    ]);
    expect(Object.values(settings.notifications).every((v) => v === true)).toBe(true);
    expect(settings.notifications.YOUR_POST_WAS_ZAPPED).toBe(true);
    expect(settings.notificationsAdditional.ignore_events_with_too_many_mentions).toBe(true);
    expect(settings.applyContentModeration).toBe(true);
  });

  it('get_app_releases answers ios and android versions', async () => {
    const [event] = await getAppReleases();
    expect(event.kind).toBe(10000138);
    expect(JSON.parse(event.content as string)).toMatchObject({
      ios: { version: '1.1.10' },
      android: { version: '0.91.2' },
    });
  });

  it('get_app_settings for a new user answers a zero-id default and stores it', async () => {
    const store = getStore();
    const request = signedRequest(alice, { description: 'Sync app settings' });
    const [event] = await getAppSettings(testContext(store), { event_from_user: request });
    expect(event).toMatchObject({
      kind: 10000103,
      id: '0'.repeat(64),
      pubkey: '0'.repeat(64),
      tags: [['d', 'Primal-Web App']],
    });
    expect(JSON.parse(event.content as string).theme).toBe('sunrise');
    const row = await store.db.selectFrom('app_settings').selectAll().where('pubkey', '=', alice.pk).executeTakeFirst();
    expect(row?.event_id).toBe('0'.repeat(64));
  });

  it('set_app_settings stores the signed event, shallow-merging keys missing from the new content', async () => {
    const store = getStore();
    const ctx = testContext(store);
    const first = signedRequest(alice, { description: 'Sync app settings', theme: 'ice', animated: false });
    expect(await setAppSettings(ctx, { settings_event: first })).toHaveLength(1);
    const second = signedRequest(alice, { description: 'Sync app settings', theme: 'midnight' }, NOW + 1);
    const [stored] = await setAppSettings(ctx, { settings_event: second });
    expect(JSON.parse(stored.content as string)).toMatchObject({ theme: 'midnight', animated: false });
    const [fetched] = await getAppSettings(ctx, { event_from_user: signedRequest(alice, { description: 'x' }) });
    expect(fetched.id).toBe(second.id);
    expect(JSON.parse(fetched.content as string)).toMatchObject({ theme: 'midnight', animated: false });
  });

  it('set_app_settings refuses non-JSON settings, unsigned, wrong-kind and stale events with clear reasons', async () => {
    const ctx = testContext(getStore());
    const notJson = signedRequest(bob, 'x');
    await expect(setAppSettings(ctx, { settings_event: { ...notJson, content: 'nope' } })).rejects.toThrow(
      'settings_event id does not match its content',
    );
    const array = signedRequest(bob, [1, 2]);
    await expect(setAppSettings(ctx, { settings_event: array })).rejects.toThrow(
      'settings content must be a JSON object',
    );
    await expect(setAppSettings(ctx, { settings_event: signedRequest(bob, {}, NOW, 1) })).rejects.toThrow(
      'settings_event must be kind 30078, got 1',
    );
    await expect(setAppSettings(ctx, { settings_event: signedRequest(bob, {}, NOW - 600) })).rejects.toThrow(
      'settings_event created_at must be within 5 minutes of now',
    );
    await expect(setAppSettings(ctx, {})).rejects.toThrow('settings_event is required');
    await expect(getAppSettings(ctx, { settings_event: signedRequest(bob, {}) })).rejects.toThrow(
      'event_from_user is required',
    );
  });

  it('get_app_subsettings serves defaults for the feed subkeys and nwc, then what was set', async () => {
    const ctx = testContext(getStore());
    const home = await getAppSubsettings(ctx, { event_from_user: signedRequest(bob, { subkey: 'user-home-feeds' }) });
    expect(home[0].kind).toBe(10000155);
    const feeds = JSON.parse(home[0].content as string) as Array<{ name: string; spec: string }>;
    expect(feeds.length).toBeGreaterThan(0);
    expect(feeds.every((f) => typeof JSON.parse(f.spec) === 'object')).toBe(true);
    const nwc = await getAppSubsettings(ctx, { event_from_user: signedRequest(bob, { subkey: 'user-nwc' }) });
    expect(JSON.parse(nwc[0].content as string)).toEqual({ nwcList: [], nwcActive: [] });

    const mine = [{ name: 'Mine', spec: '{"id":"feed","kind":"notes"}', description: '', enabled: true }];
    const set = signedRequest(bob, { subkey: 'user-reads-feeds', settings: mine });
    expect(await setAppSubsettings(ctx, { event_from_user: set })).toEqual([]);
    const reads = await getAppSubsettings(ctx, { event_from_user: signedRequest(bob, { subkey: 'user-reads-feeds' }) });
    expect(JSON.parse(reads[0].content as string)).toEqual(mine);
  });

  it('every subsettings default and stored value has the shape the reference client reads', async () => {
    const ctx = testContext(getStore());
    const carol = testUser(24);
    const get = async (subkey: string) => {
      const [event] = await getAppSubsettings(ctx, { event_from_user: signedRequest(carol, { subkey }) });
      expect(event.kind).toBe(10000155);
      return JSON.parse(event.content as string);
    };
    // primal-web-app SettingsContext: feeds are spread (`[...feeds]`) and each is {name, spec, description, enabled}.
    for (const subkey of ['user-home-feeds', 'user-reads-feeds']) {
      const feeds = await get(subkey);
      expect(Array.isArray(feeds)).toBe(true);
      for (const f of feeds) {
        expect(typeof f.name).toBe('string');
        expect(typeof JSON.parse(f.spec)).toBe('object');
        expect(typeof f.description).toBe('string');
        expect(typeof f.enabled).toBe('boolean');
      }
    }
    // It reads `nwcSettings.nwcActive.length` and passes nwcList on as an array.
    const nwc = await get('user-nwc');
    expect(Array.isArray(nwc.nwcList)).toBe(true);
    expect(Array.isArray(nwc.nwcActive)).toBe(true);
    // A value stored by an older server with nwcActive null, or a feed list that is not a list, is served in shape.
    await setAppSubsettings(ctx, {
      event_from_user: signedRequest(carol, {
        subkey: 'user-nwc',
        settings: { nwcList: [['a', 'b']], nwcActive: null },
      }),
    });
    expect(await get('user-nwc')).toEqual({ nwcList: [['a', 'b']], nwcActive: [] });
    await setAppSubsettings(ctx, {
      event_from_user: signedRequest(carol, { subkey: 'user-home-feeds', settings: {} }),
    });
    expect(Array.isArray(await get('user-home-feeds'))).toBe(true);
  });

  it('subsettings refuse unknown subkeys and missing settings', async () => {
    const ctx = testContext(getStore());
    await expect(
      getAppSubsettings(ctx, { event_from_user: signedRequest(bob, { subkey: 'user-secrets' }) }),
    ).rejects.toThrow('unknown subkey: user-secrets');
    await expect(
      setAppSubsettings(ctx, { event_from_user: signedRequest(bob, { subkey: 'user-nwc' }) }),
    ).rejects.toThrow('event_from_user content has no settings');
  });
  it('storeDefaultAppSettings stores defaults once and never overwrites saved settings', async () => {
    const store = getStore();
    const carol = testUser(23);
    const first = await storeDefaultAppSettings(store, carol.pk, NOW);
    expect(first).toMatchObject({ kind: 10000103, id: '0'.repeat(64) });
    const saved = signedRequest(carol, { theme: 'ice' });
    await setAppSettings(testContext(store), { settings_event: saved });
    const again = await storeDefaultAppSettings(store, carol.pk, NOW + 5);
    expect(again.id).toBe(saved.id);
    expect(JSON.parse(again.content as string).theme).toBe('ice');
  });
});
