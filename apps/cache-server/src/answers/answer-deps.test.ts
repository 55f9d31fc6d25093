import type { CacheEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { note, reply, testUser } from '../../test/fixtures/events.ts';
import { withLayout } from '../commands/bundle-shared.ts';
import { ChangeRecorder } from '../read-cache/change-set.ts';
import type { Store } from '../store/index.ts';
import { answerDeps, selectionKeys } from './answer-deps.ts';

const ann = testUser('answer-deps-ann');
const bob = testUser('answer-deps-bob');
const hex = (c: string) => c.repeat(64);
/** No selection here reads the store (only follows feeds do). */
const NO_STORE = {} as Store;

describe('answer dependencies', () => {
  it('names the selection of the commands it can describe, and no other', () => {
    expect(selectionKeys('thread_view', { event_id: hex('1') }, '')).toEqual([`e:${hex('1')}`, `r:${hex('1')}`]);
    expect(selectionKeys('feed', { pubkey: hex('a'), notes: 'authored' }, '')).toEqual([
      `k1:${hex('a')}`,
      `k6:${hex('a')}`,
    ]);
    expect(selectionKeys('feed', { pubkey: hex('a'), notes: 'replies', kinds: [20] }, '')).toEqual([
      `k1:${hex('a')}`,
      `kr1:${hex('a')}`,
      `k6:${hex('a')}`,
      `kr6:${hex('a')}`,
      `k20:${hex('a')}`,
      `kr20:${hex('a')}`,
    ]);
    expect(selectionKeys('feed', { pubkey: hex('a'), notes: 'authored', include_replies: true }, '')).toContain(
      `kr1:${hex('a')}`,
    );
    expect(selectionKeys('feed', { pubkey: hex('a'), notes: 'bookmarks' }, '')).toBeUndefined();
    expect(selectionKeys('user_profile', { pubkey: hex('a') }, '')).toContain(`s:${hex('a')}`);
    const spec = (s: object) => ({ spec: JSON.stringify(s) });
    const authored = spec({ id: 'feed', pubkey: hex('a'), notes: 'authored', kinds: [30023] });
    expect(selectionKeys('mega_feed_directive', authored, '')).toEqual([
      `k1:${hex('a')}`,
      `k6:${hex('a')}`,
      `k30023:${hex('a')}`,
    ]);
    expect(selectionKeys('mega_feed_directive', spec({ id: 'feed', kind: 'reads', pubkey: hex('a') }), '')).toBe(
      undefined,
    );
    expect(selectionKeys('mega_feed_directive', spec({ id: 'latest', kind: 'notes' }), hex('v'))).toEqual([
      `p:${hex('v')}`,
      `Fk|1,6:${hex('v')}`,
    ]);
    const withReplies = spec({ id: 'latest', kind: 'notes', include_replies: true });
    expect(selectionKeys('mega_feed_directive', withReplies, hex('v'))).toContain(`Fk,kr|1,6:${hex('v')}`);
    expect(selectionKeys('feed', { pubkey: hex('a') }, '')).toEqual([`p:${hex('a')}`, `Fk|1,6:${hex('a')}`]);
    expect(selectionKeys('mega_feed_directive', spec({ id: 'global-trending' }), '')).toBeUndefined();
    for (const command of ['explore', 'search', 'user_infos', 'events'])
      expect(selectionKeys(command, {}, '')).toBe(undefined);
  });

  it("a reply's change keys touch its thread's answer; another note's do not", async () => {
    const root = note(ann, 'root');
    const thread = await answerDeps(NO_STORE, 'thread_view', { event_id: root.id }, '', [root as CacheEvent], 3);
    expect(thread?.since).toBe(3);
    const touches = (event: typeof root) => {
      const r = new ChangeRecorder();
      r.accepted(event);
      return (r.toChangeSet().keys ?? []).some((k) => thread?.keys.includes(k));
    };
    expect(touches(reply(bob, root, 'hi'))).toBe(true);
    expect(touches(note(bob, 'elsewhere'))).toBe(false);
  });

  it("a reply names its author's reply key, which only feeds that show replies read; a note the other one", async () => {
    const root = note(ann, 'root');
    const keysOf = (event: typeof root) => {
      const r = new ChangeRecorder();
      r.accepted(event);
      return r.toChangeSet().keys ?? [];
    };
    const byBob = reply(bob, root, 'hi');
    expect(keysOf(byBob)).toContain(`kr1:${bob.pubkey}`);
    expect(keysOf(byBob)).not.toContain(`k1:${bob.pubkey}`);
    expect(keysOf(note(bob, 'top'))).toContain(`k1:${bob.pubkey}`);
    expect(keysOf(note(bob, 'top'))).not.toContain(`kr1:${bob.pubkey}`);
    const feedOf = async (payload: Record<string, unknown>) =>
      (await answerDeps(NO_STORE, 'feed', { pubkey: bob.pubkey, ...payload }, '', [], 1))?.keys ?? [];
    const touched = (keys: readonly string[]) => keysOf(byBob).some((k) => keys.includes(k));
    expect(touched(await feedOf({ notes: 'authored' }))).toBe(false);
    expect(touched(await feedOf({ notes: 'authored', include_replies: true }))).toBe(true);
    expect(touched(await feedOf({ notes: 'replies' }))).toBe(true);
    expect(touched(await feedOf({ notes: 'user_media_thumbnails' }))).toBe(true);
  });

  it('holds the pieces: events, referenced ones, users with or without follower counts, media, links, viewer', async () => {
    const quoted = hex('9');
    const post = note(ann, 'see https://x.example', [
      ['q', quoted],
      ['p', hex('c')],
    ]);
    const scores = { kind: 10000108, content: JSON.stringify({ [ann.pubkey]: 3 }) };
    const media = { kind: 10000119, content: '{}' };
    const deps = await answerDeps(
      NO_STORE,
      'feed',
      { pubkey: ann.pubkey, notes: 'authored' },
      hex('v'),
      [post, scores, media],
      1,
    );
    const keys = new Set(deps?.keys);
    for (const k of [
      `e:${post.id}`,
      `e:${quoted}`,
      `p:${ann.pubkey}`,
      `f:${ann.pubkey}`,
      `p:${hex('c')}`,
      `n:${hex('c')}`,
    ]) {
      expect(keys.has(k), k).toBe(true);
    }
    for (const k of ['media', 'links', `p:${hex('v')}`, `v:${hex('v')}`]) expect(keys.has(k), k).toBe(true);
    // the viewer's other events do not touch it (`a:`): their actions on held events do (`e:`)
    expect(keys.has(`a:${hex('v')}`)).toBe(false);
    expect(keys.has(`n:${ann.pubkey}`)).toBe(false);
  });

  it("an answer built from a shared bundle part counts from the part's sequence; from an unknown one, not at all", async () => {
    const feed = { pubkey: ann.pubkey, notes: 'authored' };
    const layout = { head: [], middle: [], tail: [], memo: {} };
    expect((await answerDeps(NO_STORE, 'feed', feed, '', withLayout([], { ...layout, seq: 4 }), 9))?.since).toBe(4);
    expect((await answerDeps(NO_STORE, 'feed', feed, '', [], 9))?.since).toBe(9);
    expect(await answerDeps(NO_STORE, 'feed', feed, '', withLayout([], layout), 9)).toBeUndefined();
  });
});
