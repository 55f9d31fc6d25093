import type { Note } from '@tide/core/model';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';

const published: Array<{ template: { kind: number; content: string; tags: string[][] }; options: unknown }> = [];
let outcome: 'success' | 'failure' = 'success';
vi.mock('../publish/index.ts', () => ({
  publishEvent: vi.fn(async (template: { kind: number; content: string; tags: string[][] }, options: unknown) => {
    published.push({ template, options });
    await new Promise((r) => setTimeout(r, 5));
    const event = { ...template, id: `id${published.length}`, pubkey: 'me', sig: 's', created_at: 10 };
    return { success: outcome === 'success', outcome, event, reasons: [] };
  }),
  publishSigned: vi.fn(async (event: unknown, options: unknown) => {
    published.push({ template: event as never, options });
    return { success: outcome === 'success', outcome, event, reasons: [] };
  }),
  signEvent: vi.fn(async () => null),
  fetchLatestReplaceable: vi.fn(async () => latestBookmarks),
}));
let latestBookmarks: unknown = null;

const { likeNote, repostNote, deleteNote, broadcastNote, reportNote, coordinateOf } = await import(
  './note-publish-actions.ts'
);
const { noteOverlay, shownActions } = await import('./note-overlay.ts');
const { setBookmark, needsConfirmation, bookmarkOrAsk } = await import('./bookmark-actions.ts');
const t = createTranslator('en');
const ME = 'f'.repeat(64);

function note(id: string, extra: Partial<Note> = {}): Note {
  return {
    id,
    pubkey: 'a'.repeat(64),
    created_at: 1,
    kind: 1,
    tags: [],
    content: 'hello',
    sig: 'b'.repeat(128),
    user: { pubkey: 'a'.repeat(64), npub: 'npub1x' } as Note['user'],
    stats: { likes: 3, reposts: 1, replies: 0, mentions: 0, zaps: 0, satszapped: 0, score: 0, score24h: 0 },
    noteActions: { event_id: id, liked: false, replied: false, reposted: false, zapped: false },
    relayHints: ['wss://hint.example'],
    ...extra,
  } as Note;
}

beforeEach(() => {
  published.length = 0;
  outcome = 'success';
  latestBookmarks = null;
  noteOverlay.getState().clear();
  stores.session.getState().setAccount({ publicKey: ME, method: 'nsec', canSign: true });
});

describe('note actions', () => {
  it('likes once (kind 7 with e/p/k tags); the count moves only after success', async () => {
    const n = note('n1');
    const first = likeNote(n);
    const second = likeNote(n);
    expect(shownActions(n, noteOverlay.getState().byId.n1 ?? {}).likes).toBe(3);
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(await likeNote(n)).toBe(false);
    expect(published).toHaveLength(1);
    expect(published[0].template).toMatchObject({ kind: 7, content: '+' });
    expect(published[0].template.tags).toEqual([
      ['e', 'n1', 'wss://hint.example'],
      ['p', n.pubkey],
      ['k', '1'],
    ]);
    expect(shownActions(n, noteOverlay.getState().byId.n1)).toMatchObject({ liked: true, likes: 4 });
    // Once the page knows the like, the overlay adds nothing more.
    const fresh = note('n1', { stats: { ...n.stats, likes: 4 }, noteActions: { ...n.noteActions, liked: true } });
    expect(shownActions(fresh, noteOverlay.getState().byId.n1).likes).toBe(4);
  });

  it('does not mark a like that failed, and ignores an already liked note', async () => {
    outcome = 'failure';
    expect(await likeNote(note('n2'))).toBe(false);
    expect(noteOverlay.getState().byId.n2).toBeUndefined();
    expect(await likeNote(note('n3', { noteActions: { liked: true } as Note['noteActions'] }))).toBe(false);
    expect(published).toHaveLength(1);
  });

  it('reposts as kind 6 with the note as content and the spec messages', async () => {
    const n = note('n4');
    expect(await repostNote(n, t)).toBe(true);
    const { template, options } = published[0];
    expect(template.kind).toBe(6);
    expect(JSON.parse(template.content)).toMatchObject({ id: 'n4', sig: n.sig });
    expect(options).toMatchObject({ successMessage: 'Reposted successfully', failureMessage: 'Failed to repost' });
    expect(shownActions(n, noteOverlay.getState().byId.n4)).toMatchObject({ reposted: true, reposts: 2 });
  });

  it('broadcasts the signed note unchanged with the broadcast messages', async () => {
    const n = note('n5');
    expect(await broadcastNote(n, t)).toBe(true);
    expect(published[0].template).toMatchObject({ id: 'n5', sig: n.sig, content: 'hello' });
    expect(published[0].options).toMatchObject({
      successMessage: 'Note has been broadcasted to your relays',
      failureMessage: 'We were unable to broadcast this note',
    });
  });

  it('reports as NIP-56 kind 1984 saying "User {name} reported"', async () => {
    expect(await reportNote(note('n6'), 'alice', t)).toBe(true);
    expect(published[0].template).toMatchObject({
      kind: 1984,
      tags: [
        ['e', 'n6', 'spam'],
        ['p', 'a'.repeat(64), 'spam'],
      ],
    });
    expect(published[0].options).toMatchObject({ successMessage: 'User alice reported' });
  });

  it('deletes only own notes; an article gets its a tag; hidden after success', async () => {
    expect(await deleteNote(note('n7'), t)).toBe(false);
    const article = note('n8', { pubkey: ME, kind: 30023, tags: [['d', 'my-article']] });
    expect(coordinateOf(article)).toBe(`30023:${ME}:my-article`);
    expect(await deleteNote(article, t)).toBe(true);
    expect(published[0].template).toMatchObject({
      kind: 5,
      tags: [
        ['e', 'n8'],
        ['a', `30023:${ME}:my-article`],
        ['k', '30023'],
      ],
    });
    expect(noteOverlay.getState().byId.n8?.deleted).toBe(true);
  });
});

describe('bookmarks', () => {
  it('asks before the first public bookmark and before removing the last', () => {
    expect(needsConfirmation(null, true)).toBe(true);
    expect(needsConfirmation({ tags: [['e', 'x']] }, true)).toBe(false);
    expect(needsConfirmation({ tags: [['e', 'x']] }, false)).toBe(true);
    expect(
      needsConfirmation(
        {
          tags: [
            ['e', 'x'],
            ['a', 'y'],
          ],
        },
        false,
      ),
    ).toBe(false);
  });

  it('bookmarkOrAsk asks for the first one, then setBookmark keeps the other tags and the private content', async () => {
    const ask = vi.fn();
    expect(await bookmarkOrAsk(note('n9'), true, t, ask)).toBe(false);
    expect(ask).toHaveBeenCalledWith('bookmark-first');
    expect(published).toHaveLength(0);
    latestBookmarks = {
      kind: 10003,
      tags: [
        ['e', 'old'],
        ['t', 'topic'],
      ],
      content: 'encrypted',
      created_at: 5,
    };
    expect(await setBookmark(note('n9'), true, t)).toBe(true);
    expect(published[0].template).toEqual({
      kind: 10003,
      content: 'encrypted',
      tags: [
        ['e', 'old'],
        ['t', 'topic'],
        ['e', 'n9'],
      ],
    });
    expect(published[0].options).toMatchObject({ successMessage: 'Note bookmarked' });
  });
});
