import { buildNote, emptyPage, emptyUser, type Page } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { threadPeople, withTopZaps } from './thread-queries.ts';

const key = (c: string) => c.repeat(64);
function note(id: string, pubkey: string, tags: string[][] = []): CacheEvent {
  return { id: key(id), pubkey: key(pubkey), kind: 1, created_at: 1, tags, content: 'x', sig: '' };
}

describe('threadPeople', () => {
  it('lists parent and reply authors, then tagged users, once each, without the primary author', () => {
    const page: Page = emptyPage();
    for (const c of ['a', 'b', 'c', 'd']) page.users[key(c)] = emptyUser(key(c));
    const parent = buildNote(note('1', 'b'), page);
    const primary = buildNote(
      note('2', 'a', [
        ['p', key('d')],
        ['p', key('b')],
        ['p', key('a')],
      ]),
      page,
    );
    const reply = buildNote(note('3', 'c'), page);
    const replyAgain = buildNote(note('4', 'c'), page);
    const people = threadPeople({ primaryNote: primary, parents: [parent], replies: [reply, replyAgain] }, page);
    expect(people.map((u) => u.pubkey)).toEqual([key('b'), key('c'), key('d')]);
  });
});

describe('withTopZaps', () => {
  it('puts the loaded top zaps on the primary note and keeps the page when there are none', () => {
    const page = emptyPage();
    const primary = buildNote(note('2', 'a'), page);
    expect(withTopZaps(page, primary, undefined)).toBe(page);
    const zaps = emptyPage();
    zaps.topZaps[primary.id] = [{ id: 'z', amount: 21, pubkey: key('e'), message: 'hi', eventId: primary.id }];
    zaps.users[key('e')] = emptyUser(key('e'));
    const merged = withTopZaps(page, primary, zaps);
    expect(merged.topZaps[primary.id]?.[0]?.amount).toBe(21);
    expect(merged.users[key('e')]).toBeDefined();
  });
});
