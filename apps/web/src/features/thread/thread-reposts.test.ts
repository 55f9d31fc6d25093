import type { CommandClient } from '@tide/core/cache';
import { assemblePage } from '@tide/core/model';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { signed, startNetwork, testAuthor } from './test-network.test-helper.ts';
import { loadThread } from './thread-queries.ts';
import { withRepostedNotes } from './thread-reposts.ts';

const alice = testAuthor();
const bob = testAuthor();
const carol = testAuthor();
const now = Math.floor(Date.now() / 1000);
const original = signed(alice, 1, 'the note everyone reposts', [], now - 900);
const reply = signed(carol, 1, 'a reply to the reposted note', [['e', original.id, '', 'root']], now - 800);
const emptyRepost = signed(bob, 6, '', [
  ['e', original.id],
  ['p', alice.pubkey],
]);
const fullRepost = signed(carol, 6, JSON.stringify(original), [
  ['e', original.id],
  ['p', alice.pubkey],
]);

let network: Awaited<ReturnType<typeof startNetwork>>;
let data: AppData;
/** The real client, recording every command it is asked. */
let asked: string[];
let client: CommandClient;

beforeAll(async () => {
  network = await startNetwork([
    signed(alice, 0, JSON.stringify({ name: 'alice', display_name: 'Alice A' })),
    signed(bob, 0, JSON.stringify({ name: 'bob', display_name: 'Bob B' })),
    original,
    reply,
    emptyRepost,
    fullRepost,
  ]);
  data = createTestAppData(network.server.url, WebSocket);
  client = {
    request: (command, payload, options) => {
      asked.push(command);
      return data.client.request(command, payload, options);
    },
  };
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await network?.close();
});

describe('reposts at the end of the thread stream', () => {
  it('fetches the notes of empty reposts the answer lacks, once, and shows them as the reposts content', async () => {
    asked = [];
    // An answer like the reference service's: the repost without the note it reposts.
    const answer: CacheEvent[] = [{ ...emptyRepost }];
    expect(assemblePage(answer).notes).toEqual([]);
    const events = await withRepostedNotes(client, answer, null);
    expect(asked).toEqual(['events']);
    const page = assemblePage(events);
    expect(page.notes).toHaveLength(1);
    expect(page.notes[0]?.content).toBe('the note everyone reposts');
    expect(page.notes[0]?.repost?.pubkey).toBe(bob.pubkey);
    // The reposted note's author came with it.
    expect(page.users[alice.pubkey]?.displayName).toBe('Alice A');
    expect(page.paging.elements).toEqual([]);
  }, 20_000);

  it('asks nothing when every repost carries its note or the answer holds it', async () => {
    asked = [];
    const mention: CacheEvent = { kind: CacheKind.Mentions, content: JSON.stringify(original) };
    const events = await withRepostedNotes(client, [{ ...emptyRepost }, { ...fullRepost }, mention], null);
    expect(asked).toEqual([]);
    expect(assemblePage(events).notes.map((n) => n.repost?.pubkey)).toEqual([bob.pubkey, carol.pubkey]);
  });

  it('keeps a repost whose note nobody has as it was', async () => {
    asked = [];
    const lost = signed(bob, 6, '', [['e', 'ab'.repeat(32)]]);
    const events = await withRepostedNotes(client, [{ ...lost }], null);
    expect(asked).toEqual(['events']);
    expect(events).toEqual([lost]);
  }, 20_000);

  it("opens a repost's thread as the thread of the note it reposts", async () => {
    asked = [];
    const thread = await loadThread(client, emptyRepost.id, null);
    expect(asked).toEqual(['thread_view', 'thread_view']);
    expect(thread.view.primaryNote?.id).toBe(original.id);
    expect(thread.view.replies.map((n) => n.content)).toEqual(['a reply to the reposted note']);
  }, 20_000);
});
