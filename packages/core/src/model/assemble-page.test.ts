import { describe, expect, it } from 'vitest';
import { assemblePage } from './assemble-page.ts';
import { noteIdOf } from './bech32.ts';
import { emptyPage, futureCursor, nextPageCursor } from './page.ts';
import { feedRange, hex, INVOICE_2500U, profile, synthetic, textNote, zapReceipt } from './test-fixtures.ts';

const alice = hex('a');
const bob = hex('b');
const carol = hex('c');
const [n1, n2, n3, n4] = [hex('1'), hex('2'), hex('3'), hex('4')];

describe('assemblePage', () => {
  it('orders notes by the FeedRange elements and drops ids not listed', () => {
    const page = assemblePage([
      textNote(n1, alice, 100),
      textNote(n2, bob, 200),
      textNote(n3, alice, 300),
      profile(alice, { name: 'alice' }),
      profile(bob, { name: 'bob' }),
      feedRange([n3, n1, n2], 100, 300),
    ]);
    expect(page.notes.map((n) => n.id)).toEqual([n3, n1, n2]);
    const filtered = assemblePage([textNote(n1, alice, 100), textNote(n2, bob, 200), feedRange([n2], 200, 200)]);
    expect(filtered.notes.map((n) => n.id)).toEqual([n2]);
    expect(page.notes[0].user.name).toBe('alice');
    expect(noteIdOf(page.notes[0].id).startsWith('note1')).toBe(true);
  });

  it('attaches stats, actions and relay hints to notes', () => {
    const page = assemblePage([
      textNote(n1, alice, 100),
      synthetic(10000100, { event_id: n1, likes: 4, replies: 1, satszapped: 2100 }),
      synthetic(10000115, { event_id: n1, liked: true, replied: false, reposted: false, zapped: true }),
      synthetic(10000141, { [n1]: 'wss://relay.example', [n2]: 'https://not-a-relay' }),
      feedRange([n1], 100, 100),
    ]);
    const [note] = page.notes;
    expect(note.stats.likes).toBe(4);
    expect(note.stats.satszapped).toBe(2100);
    expect(note.noteActions.liked).toBe(true);
    expect(note.relayHints).toEqual(['wss://relay.example']);
    expect(page.relayHints[n2]).toBeUndefined();
  });

  it('fills an empty-content repost from the mentions and matches an element naming the inner note', () => {
    const original = textNote(n1, alice, 100, 'original words');
    const repost = {
      kind: 6,
      id: n2,
      pubkey: bob,
      created_at: 200,
      tags: [
        ['e', n1],
        ['p', alice],
      ],
      content: '',
      sig: 's',
    };
    const page = assemblePage([repost, synthetic(10000107, original), feedRange([n1], 200, 200)]);
    expect(page.notes).toHaveLength(1);
    expect(page.notes[0].content).toBe('original words');
    expect(page.notes[0].id).toBe(n1);
    expect(page.notes[0].repost?.pubkey).toBe(bob);
    expect(page.mentions[n1].content).toBe('original words');
    expect(page.users[alice].pubkey).toBe(alice);
  });

  it('de-duplicates across pages and keeps the previous page unchanged', () => {
    const first = assemblePage([textNote(n1, alice, 300), textNote(n2, alice, 200), feedRange([n1, n2], 200, 300)]);
    const second = assemblePage(
      [textNote(n2, alice, 200), textNote(n3, alice, 100), feedRange([n2, n3], 100, 200)],
      first,
    );
    expect(second.notes.map((n) => n.id)).toEqual([n1, n2, n3]);
    expect(first.notes.map((n) => n.id)).toEqual([n1, n2]);
    expect(second.paging.since).toBe(100);
  });

  it('fills placeholder users (with their stats) for authors without a profile', () => {
    const page = assemblePage([
      textNote(n1, carol, 100),
      synthetic(10000105, { pubkey: carol, followers_count: 12 }),
      feedRange([n1], 100, 100),
    ]);
    expect(page.users[carol].name).toBe('');
    expect(page.users[carol].npub.startsWith('npub1')).toBe(true);
    expect(page.notes[0].user.userStats?.followers_count).toBe(12);
  });

  it('keeps the newest profile of a user across responses', () => {
    const first = assemblePage([profile(alice, { name: 'new' }, 200)]);
    expect(assemblePage([profile(alice, { name: 'old' }, 100)], first).users[alice].name).toBe('new');
    expect(assemblePage([profile(alice, { name: 'newer' }, 300)], first).users[alice].name).toBe('newer');
  });

  it('collects top zaps per zapped note, sorted by amount, and drops zaps of other subjects', () => {
    const page = assemblePage([
      textNote(n1, alice, 100),
      zapReceipt('z-small', { sender: bob, receiver: alice, subject: ['e', n1], amountMsats: 21_000 }),
      zapReceipt('z-big', { sender: carol, receiver: alice, subject: ['e', n1], bolt11: INVOICE_2500U }),
      zapReceipt('z-profile', { sender: carol, receiver: alice }),
      feedRange([n1], 100, 100),
    ]);
    expect(page.topZaps[n1].map((z) => [z.id, z.amount])).toEqual([
      ['z-big', 250_000],
      ['z-small', 21],
    ]);
    expect(page.zaps).toEqual([]);
    expect(page.users[carol]).toBeDefined();
  });

  it('orders zaps and people when the elements name them', () => {
    const zaps = assemblePage([
      textNote(n1, alice, 100),
      zapReceipt('z1', { sender: bob, receiver: alice, subject: ['e', n1], amountMsats: 5_000 }),
      zapReceipt('z2', { sender: bob, receiver: alice, subject: ['e', n1], amountMsats: 9_000 }),
      feedRange(['z2', 'z1'], 5, 9, 'amount_sats'),
    ]);
    expect(zaps.zaps.map((z) => z.id)).toEqual(['z2', 'z1']);
    expect(zaps.sortValues).toEqual({ z2: 9, z1: 5 });
    const people = assemblePage([
      profile(alice, { name: 'a' }),
      profile(bob, { name: 'b' }),
      synthetic(10000133, { [alice]: 5, [bob]: 9 }),
      feedRange([bob, alice], 5, 9, 'followers_count'),
    ]);
    expect(people.people).toEqual([bob, alice]);
    expect(people.followerCounts[bob]).toBe(9);
  });

  it('builds articles with coordinate, naddr and word count, and drafts', () => {
    const article = {
      kind: 30023,
      id: n4,
      pubkey: alice,
      created_at: 400,
      content: '# Hello',
      sig: 's',
      tags: [
        ['d', 'hello-world'],
        ['title', 'Hello World'],
        ['summary', 'A greeting'],
        ['image', 'https://img.example/h.png'],
        ['published_at', '390'],
      ],
    };
    const draft = {
      kind: 31234,
      id: n3,
      pubkey: alice,
      created_at: 50,
      content: 'enc',
      tags: [['client', 'tide']],
      sig: 's',
    };
    const page = assemblePage([
      article,
      draft,
      synthetic(10000144, { event_id: n4, words: 1234 }),
      feedRange([n4, n3], 50, 400),
    ]);
    const [read] = page.reads;
    expect(read.title).toBe('Hello World');
    expect(read.summary).toBe('A greeting');
    expect(read.published).toBe(390);
    expect(read.coordinate).toBe(`30023:${alice}:hello-world`);
    expect(read.naddr.startsWith('naddr1')).toBe(true);
    expect(read.wordCount).toBe(1234);
    expect(page.drafts[0]).toMatchObject({ id: n3, kind: 31234, content: 'enc', client: 'tide', plain: '' });
  });

  it('treats a 10030023 shell like an article and indexes mentioned articles by coordinate', async () => {
    const shell = {
      kind: 10030023,
      id: n1,
      pubkey: alice,
      created_at: 10,
      content: 'short',
      tags: [['d', 'slug']],
      sig: 's',
    };
    const quoted = {
      kind: 30023,
      id: n2,
      pubkey: bob,
      created_at: 5,
      content: 'long',
      tags: [['d', 'other']],
      sig: 's',
    };
    const page = assemblePage([shell, synthetic(10000107, quoted), feedRange([n1], 10, 10)]);
    expect(page.reads.map((r) => [r.kind, r.coordinate])).toEqual([[10030023, `30023:${alice}:slug`]]);
    expect(page.mentions[`30023:${bob}:other`].id).toBe(n2);
  });

  it('keeps arrival order without a FeedRange (threads) and collects notifications newest first', () => {
    const page = assemblePage([
      textNote(n2, alice, 200),
      textNote(n1, alice, 100),
      synthetic(10000110, { id: 'old', type: 4, who_liked_it: bob, your_post: n1, created_at: 10 }),
      synthetic(10000110, { id: 'new', type: 1, follower: bob, created_at: 20 }),
      synthetic(10000110, { id: 'bad', type: 42, created_at: 30 }),
    ]);
    expect(page.notes.map((n) => n.id)).toEqual([n2, n1]);
    expect(page.notifications.map((n) => n.id)).toEqual(['new', 'old']);
  });

  it('pages direct messages listed in the FeedRange and de-duplicates them across pages', () => {
    const dm = (id: string, created_at: number) => ({
      kind: 4,
      id,
      pubkey: bob,
      created_at,
      tags: [['p', alice]],
      content: 'x?iv=y',
      sig: 's',
    });
    const first = assemblePage([dm(n1, 30), dm(n2, 20), feedRange([n1, n2], 20, 30)]);
    const second = assemblePage([dm(n2, 20), dm(n3, 10), feedRange([n2, n3], 10, 20)], first);
    expect(second.directMessages.map((m) => m.id)).toEqual([n1, n2, n3]);
    expect(nextPageCursor(second)).toEqual({ until: 10, offset: 1 });
    const contacts = assemblePage([dm(n1, 30), profile(bob, {}), feedRange([bob], 30, 30, 'latest_at')]);
    expect(contacts.directMessages.map((m) => m.id)).toEqual([n1]);
  });

  it('joins DM contacts and their users', () => {
    const page = assemblePage([
      synthetic(10000118, { [bob]: { cnt: 3, latest_at: 9, latest_event_id: 'm' } }),
      profile(bob, { name: 'bob' }),
    ]);
    expect(page.dmContacts).toEqual([{ pubkey: bob, dmInfo: { cnt: 3, latest_at: 9, latest_event_id: 'm' } }]);
    expect(page.users[bob].name).toBe('bob');
  });
});

describe('paging cursors of a page', () => {
  it('computes until + offset for the next page from ties at the boundary', () => {
    const page = assemblePage([
      textNote(n1, alice, 300),
      textNote(n2, alice, 200),
      textNote(n3, alice, 200),
      feedRange([n1, n2, n3], 200, 300),
    ]);
    expect(nextPageCursor(page)).toEqual({ until: 200, offset: 2 });
    expect(futureCursor(page)).toEqual({ since: 300, offset: 1 });
    expect(nextPageCursor(emptyPage())).toBeUndefined();
  });

  it('uses published_at for reads, follower increase for people and latest_at for DM contacts', () => {
    const read = (id: string, published: number) => ({
      kind: 30023,
      id,
      pubkey: alice,
      created_at: 1,
      content: '',
      sig: 's',
      tags: [
        ['d', id.slice(0, 4)],
        ['published_at', String(published)],
      ],
    });
    const reads = assemblePage([read(n1, 90), read(n2, 80), feedRange([n1, n2], 80, 90, 'published_at')]);
    expect(reads.sortValues).toEqual({ [n1]: 90, [n2]: 80 });
    const people = assemblePage([
      profile(alice, {}),
      profile(bob, {}),
      synthetic(10000157, {
        [alice]: { increase: 7, ratio: 0.1, count: 70 },
        [bob]: { increase: 3, ratio: 0.2, count: 15 },
      }),
      feedRange([alice, bob], 3, 7, 'increase'),
    ]);
    expect(people.sortValues).toEqual({ [alice]: 7, [bob]: 3 });
    expect(people.followerIncreases[bob]).toEqual({ increase: 3, ratio: 0.2, count: 15 });
    const dms = assemblePage([
      profile(bob, {}),
      synthetic(10000118, { [bob]: { cnt: 1, latest_at: 55, latest_event_id: 'm' } }),
      feedRange([bob], 55, 55, 'latest_at'),
    ]);
    expect(nextPageCursor(dms)).toEqual({ until: 55, offset: 1 });
  });

  it('uses the stats value when the feed is sorted by satszapped', () => {
    const page = assemblePage([
      textNote(n1, alice, 100),
      textNote(n2, alice, 300),
      synthetic(10000100, { event_id: n1, satszapped: 500 }),
      synthetic(10000100, { event_id: n2, satszapped: 500 }),
      feedRange([n1, n2], 500, 500, 'satszapped'),
    ]);
    expect(page.sortValues).toEqual({ [n1]: 500, [n2]: 500 });
    expect(nextPageCursor(page)).toEqual({ until: 500, offset: 2 });
  });
});
