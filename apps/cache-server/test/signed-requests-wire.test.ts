import type { CacheClient } from '@tide/core/cache';
import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOW, U } from '../src/commands/content-test-fixture.ts';
import { openWire } from '../src/commands/content-wire.test-helper.ts';
import type { RunningServer } from '../src/server.ts';
import type { Store } from '../src/store/index.ts';
import { describeDialects } from './dialects.ts';

/*
 * Every command that takes a signed request (event_from_user, or settings_event for set_app_settings) refuses it
 * with a NOTICE, over the wire through core's CacheClient, when its id, signature, kind (30078) or time (5 minutes
 * either side of now) is wrong; and nothing the request would have written is stored.
 */

/** A signed request by the viewer with `content`, optionally another kind or time. */
function request(content: unknown, opts: { kind?: number; at?: number } = {}): NostrEvent {
  const tags = [['d', 'Primal-Web App', 'signed-requests-test']];
  const event = { kind: opts.kind ?? 30078, created_at: opts.at ?? NOW, tags, content: JSON.stringify(content) };
  return signEvent(event, U.viewer.sk);
}

/** The four ways a signed request goes wrong, each with the NOTICE it gets. */
function badVariants(field: string, content: unknown): Array<{ what: string; event: unknown; notice: string }> {
  const good = request(content);
  const other = request({ other: true });
  return [
    {
      what: 'id',
      event: { ...good, content: JSON.stringify({ changed: true }) },
      notice: `${field} id does not match its content`,
    },
    { what: 'signature', event: { ...good, sig: other.sig }, notice: `${field} signature is invalid` },
    { what: 'kind', event: request(content, { kind: 1 }), notice: `${field} must be kind 30078, got 1` },
    {
      what: 'stale',
      event: request(content, { at: NOW - 301 }),
      notice: `${field} created_at must be within 5 minutes of now`,
    },
    {
      what: 'future',
      event: request(content, { at: NOW + 301 }),
      notice: `${field} created_at must be within 5 minutes of now`,
    },
  ];
}

/** Rows any of these commands would have written for the viewer. */
async function writtenRows(store: Store): Promise<Record<string, number>> {
  const v = U.viewer.pubkey;
  const count = async (table: 'app_settings' | 'app_subsettings' | 'notifications_seen') =>
    (await store.db.selectFrom(table).select('pubkey').where('pubkey', '=', v).execute()).length;
  const reports = await store.db.selectFrom('reports').select('target').where('reporter', '=', v).execute();
  return {
    app_settings: await count('app_settings'),
    app_subsettings: await count('app_subsettings'),
    notifications_seen: await count('notifications_seen'),
    reports: reports.length,
  };
}

const SIGNED_COMMANDS: Array<{ command: string; field: string; content: unknown; extra?: Record<string, unknown> }> = [
  { command: 'get_app_settings', field: 'event_from_user', content: { description: 'Sync app settings' } },
  { command: 'set_app_settings', field: 'settings_event', content: { description: 'Sync app settings', theme: 'ice' } },
  { command: 'get_app_subsettings', field: 'event_from_user', content: { subkey: 'user-home-feeds' } },
  { command: 'set_app_subsettings', field: 'event_from_user', content: { subkey: 'user-home-feeds', settings: [] } },
  { command: 'set_notifications_seen', field: 'event_from_user', content: { description: 'seen' } },
  {
    command: 'report_user',
    field: 'event_from_user',
    content: { description: 'report user' },
    extra: { pubkey: U.dave.pubkey },
  },
  {
    command: 'reset_directmsg_count',
    field: 'event_from_user',
    content: { description: 'reset' },
    extra: { sender: U.carol.pubkey },
  },
  { command: 'reset_directmsg_counts', field: 'event_from_user', content: { description: 'mark all read' } },
];

describeDialects('signed requests over the wire', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  beforeAll(async () => {
    ({ server, client } = await openWire(getStore()));
  });
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  it('refuses a wrong id, signature, kind or time with a NOTICE naming the reason, and stores nothing', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const c of SIGNED_COMMANDS) {
      for (const bad of badVariants(c.field, c.content)) {
        want.push(`${c.command} ${bad.what}: ${bad.notice}`);
        try {
          await client.request(c.command, { ...c.extra, [c.field]: bad.event });
          got.push(`${c.command} ${bad.what}: answered`);
        } catch (error) {
          got.push(`${c.command} ${bad.what}: ${(error as { notice?: string }).notice ?? String(error)}`);
        }
      }
    }
    expect(got).toEqual(want);
    expect(await writtenRows(getStore())).toEqual({
      app_settings: 0,
      app_subsettings: 0,
      notifications_seen: 0,
      reports: 0,
    });
  });

  it('accepts the same requests correctly signed (so the refusals above are about the signature checks)', async () => {
    for (const c of SIGNED_COMMANDS) {
      await expect(client.request(c.command, { ...c.extra, [c.field]: request(c.content) })).resolves.toBeInstanceOf(
        Array,
      );
    }
    expect(await writtenRows(getStore())).toEqual({
      app_settings: 1,
      app_subsettings: 1,
      notifications_seen: 1,
      reports: 1,
    });
  });
});
