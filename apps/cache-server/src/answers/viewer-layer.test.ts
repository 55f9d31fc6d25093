import { describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ev, note, reaction, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { type MuteRules, muteRulesOf, provideMuteRules } from '../commands/content-mutes.ts';
import { startServer } from '../server.ts';
import type { Store } from '../store/index.ts';
import { layerPlan, NO_VIEWER } from './viewer-layer.ts';

const viewer = testUser('layer-unit-viewer').pubkey;

describe('layerPlan', () => {
  it('layers commands whose selection does not depend on the viewer, with the base payload they share', () => {
    const profile = layerPlan('user_profile', { pubkey: viewer, user_pubkey: viewer }, null, T0);
    expect(profile).toEqual({ viewer, basePayload: { pubkey: viewer }, kind: 'profile', mutes: 'bundle' });
    expect(layerPlan('feed', { pubkey: viewer, notes: 'replies' }, viewer, T0)?.mutes).toBe('bundle');
    expect(layerPlan('feed', { pubkey: viewer, notes: 'authored' }, viewer, T0)?.mutes).toBe('rows');
    expect(layerPlan('feed', { pubkey: viewer }, viewer, T0)?.mutes).toBe('rows');
    expect(layerPlan('explore', { timeframe: 'latest' }, viewer, T0)?.mutes).toBe('rows');
    expect(layerPlan('explore', {}, viewer, T0)?.mutes).toBe('authors');
    expect(layerPlan('thread_view', { event_id: 'x' }, viewer, T0)?.kind).toBe('thread');
    const trending = layerPlan('explore_global_trending_24h', { limit: 5, user_pubkey: viewer }, null, T0);
    expect(trending?.basePayload).toEqual({ limit: 5, user_pubkey: NO_VIEWER });
    expect(layerPlan('search', { query: 'coffee', user_pubkey: viewer }, null, T0)?.kind).toBe('bundle');
  });

  it('leaves the full path to viewer-dependent selections, guests and malformed viewers', () => {
    expect(
      layerPlan('mega_feed_directive', { spec: '{"id":"latest"}', user_pubkey: viewer }, null, T0),
    ).toBeUndefined();
    expect(layerPlan('explore', { scope: 'follows', user_pubkey: viewer }, null, T0)).toBeUndefined();
    expect(layerPlan('search', { query: 'coffee scope:myfollows', user_pubkey: viewer }, null, T0)).toBeUndefined();
    expect(layerPlan('search', { query: 'a -feature:summary', user_pubkey: viewer }, null, T0)).toBeUndefined();
    expect(layerPlan('feed', { pubkey: viewer }, null, T0)).toBeUndefined();
    expect(layerPlan('feed', { pubkey: viewer, user_pubkey: 'nope' }, viewer, T0)).toBeUndefined();
  });
});

describeDialects('viewer layers on a server', (getStore) => {
  it('never layers on a shared bundle part older than the viewer’s own write, even in a fresh answer', async () => {
    const author = testUser('layer-unit-author');
    const clock = T0 + 1000;
    const server = await startServer({ store: getStore(), now: () => clock });
    const s = await RawSocket.open(server.url);
    try {
      const ask = (command: string, payload: Record<string, unknown>) => s.cacheObjects(command, payload);
      const liked = (objects: Array<{ kind: number; content: string }>) =>
        objects.filter((o) => o.kind === 10000100).map((o) => (JSON.parse(o.content) as { likes: number }).likes);
      const post = note(author, 'like me', [], T0);
      await ask('import_events', { events: [post] });
      // a guest's answer makes the bundle part; the viewer then likes the note within the same second
      expect(liked(await ask('feed', { pubkey: author.pubkey, notes: 'authored', limit: 20 }))).toEqual([0]);
      await ask('import_events', { events: [reaction(testUser('layer-unit-viewer'), post, '+', T0 + 5)] });
      // another payload, the same bundle part: the shared answer for it is new, the part it would reuse is not
      const mine = await ask('feed', { pubkey: author.pubkey, notes: 'authored', limit: 21, user_pubkey: viewer });
      expect(liked(mine)).toEqual([1]);
      expect(mine.some((o) => o.kind === 10000115)).toBe(true);
    } finally {
      await s.close();
      await server.close();
    }
  });

  it('give commands a viewer’s mute rules from the layers’ facts, never across the viewer’s own mute list', async () => {
    const author = testUser('layer-unit-muted-author');
    const muter = testUser('layer-unit-muter');
    const clock = T0 + 2000;
    const server = await startServer({ store: getStore(), now: () => clock });
    const s = await RawSocket.open(server.url);
    try {
      const posts = async (limit: number) =>
        (await s.cacheObjects('feed', { pubkey: author.pubkey, notes: 'authored', limit, user_pubkey: muter.pubkey }))
          .filter((o) => o.kind === 1)
          .map((o) => (o as { content: string }).content);
      await s.cacheObjects('import_events', { events: [note(author, 'hello there', [], T0 + 1)] });
      expect(await posts(20)).toEqual(['hello there']);
      await s.cacheObjects('import_events', { events: [ev(muter, 10000, '', [['p', author.pubkey]], T0 + 2)] });
      expect(await posts(21)).toEqual([]);
    } finally {
      await s.close();
      await server.close();
    }
  });

  it('read the store once two servers offer a store’s mute rules (neither sees the other’s writes)', async () => {
    const store = { ...getStore() } as Store; // a store of its own for the providers, on the same database
    const muted = 'f'.repeat(64);
    const offered: MuteRules = { pubkeys: new Set([muted]), hashtags: new Set(), words: [], threads: new Set() };
    provideMuteRules(store, () => Promise.resolve(offered));
    expect(await muteRulesOf(store, viewer)).toBe(offered);
    provideMuteRules(store, () => Promise.resolve(offered));
    expect((await muteRulesOf(store, viewer)).pubkeys.has(muted)).toBe(false);
  });
});
