import type { CommandClient } from '@tide/core/cache';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../state/session-store.ts';
import { personalisedClient } from './personalise.ts';
import { createTestAppData } from './test-app-data.ts';

const VIEWER = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

function recorder() {
  const sent: [string, unknown][] = [];
  const client: CommandClient = {
    request: async (command, payload) => {
      sent.push([command, payload]);
      return [];
    },
  };
  return { sent, client };
}

describe('personalisedClient', () => {
  it("adds the viewer's user_pubkey to the commands that take it, when missing", async () => {
    const { sent, client } = recorder();
    const commands = personalisedClient(client, () => VIEWER);
    await commands.request('events', { event_ids: ['x'] });
    await commands.request('thread_view', { event_id: 'x', user_pubkey: OTHER });
    await commands.request('user_infos', { pubkeys: [OTHER] });
    await commands.request('user_search', { query: 'al', pubkey: VIEWER });
    await commands.request('explore_topics');
    expect(sent).toEqual([
      ['events', { event_ids: ['x'], user_pubkey: VIEWER }],
      ['thread_view', { event_id: 'x', user_pubkey: OTHER }],
      ['user_infos', { pubkeys: [OTHER] }],
      ['user_search', { query: 'al', pubkey: VIEWER }],
      ['explore_topics', undefined],
    ]);
  });

  it("sends a guest's requests unchanged", async () => {
    const { sent, client } = recorder();
    await personalisedClient(client, () => null).request('mega_feed_directive', { spec: '{}' });
    expect(sent).toEqual([['mega_feed_directive', { spec: '{}' }]]);
  });
});

describe('viewer change', () => {
  it("drops the previous viewer's cached queries on sign-in to another account and on logout", () => {
    const session = createSessionStore('test');
    const data = createTestAppData(undefined, undefined, session);
    session.getState().setAccount({ publicKey: VIEWER });
    data.queryClient.setQueryData(['home-feed', 'spec', VIEWER], 1);
    data.queryClient.setQueryData(['home-feed', 'spec', null], 2);
    data.queryClient.setQueryData(['net-stats'], 3);
    session.getState().setAccount({ publicKey: OTHER });
    expect(data.queryClient.getQueryData(['home-feed', 'spec', VIEWER])).toBeUndefined();
    expect(data.queryClient.getQueryData(['home-feed', 'spec', null])).toBe(2);
    data.queryClient.setQueryData(['mute-lists', OTHER], 4);
    session.getState().setAccount({ publicKey: null });
    expect(data.queryClient.getQueryData(['mute-lists', OTHER])).toBeUndefined();
    expect(data.queryClient.getQueryData(['net-stats'])).toBe(3);
    data.dispose();
  });
});
