import { describe, expect, it } from 'vitest';
import { editContactList, followedPubkeys } from './contact-list.ts';

const me = 'a'.repeat(64);
const bob = 'b'.repeat(64);
const carol = 'c'.repeat(64);
const dave = 'd'.repeat(64);
const relays = JSON.stringify({ 'wss://relay.example': { read: true, write: true } });

describe('editContactList', () => {
  it('appends a follow and keeps every other tag and the relay JSON', () => {
    const latest = {
      tags: [
        ['p', bob, 'wss://r', 'Bob'],
        ['t', 'nostr'],
        ['p', carol],
      ],
      content: relays,
    };
    const edit = editContactList(latest, 'follow', [dave], me, 100);
    expect(edit.template).toEqual({
      kind: 3,
      content: relays,
      created_at: 100,
      tags: [
        ['p', bob, 'wss://r', 'Bob'],
        ['t', 'nostr'],
        ['p', carol],
        ['p', dave],
      ],
    });
    expect(edit).toMatchObject({ count: 3, unchanged: false, warn: false });
  });

  it('does not follow twice', () => {
    const latest = {
      tags: [
        ['p', bob],
        ['p', carol],
      ],
      content: '',
    };
    const edit = editContactList(latest, 'follow', [bob], me);
    expect(edit.unchanged).toBe(true);
    expect(edit.template.tags).toEqual([
      ['p', bob],
      ['p', carol],
    ]);
  });

  it('publishes just the target when there is no list yet, without a warning', () => {
    const edit = editContactList(null, 'follow', [bob], me, 5);
    expect(edit.template).toEqual({ kind: 3, content: '', created_at: 5, tags: [['p', bob]] });
    expect(edit).toMatchObject({ count: 1, warn: false, unchanged: false });
  });

  it('warns when an existing list would end under two entries', () => {
    expect(editContactList({ tags: [], content: '' }, 'follow', [bob], me).warn).toBe(true);
    expect(
      editContactList(
        {
          tags: [
            ['p', bob],
            ['p', carol],
          ],
          content: '',
        },
        'unfollow',
        [bob],
        me,
      ).warn,
    ).toBe(true);
    expect(editContactList({ tags: [['p', bob]], content: '' }, 'follow', [carol], me).warn).toBe(false);
  });

  it('unfollows only followed accounts and never yourself', () => {
    const latest = {
      tags: [
        ['p', me],
        ['p', bob],
        ['e', 'x'],
        ['p', carol],
        ['p', dave],
      ],
      content: relays,
    };
    const edit = editContactList(latest, 'unfollow', [bob, me], me);
    expect(edit.template.tags).toEqual([
      ['p', me],
      ['e', 'x'],
      ['p', carol],
      ['p', dave],
    ]);
    expect(edit.template.content).toBe(relays);
    expect(editContactList(latest, 'unfollow', [me], me).unchanged).toBe(true);
    expect(editContactList(latest, 'unfollow', ['f'.repeat(64)], me).unchanged).toBe(true);
  });

  it('follows and unfollows many at once (follow all / unfollow all)', () => {
    const latest = { tags: [['p', bob]], content: '' };
    const all = editContactList(latest, 'follow', [bob, carol, dave], me);
    expect(followedPubkeys(all.template.tags)).toEqual([bob, carol, dave]);
    const none = editContactList({ tags: all.template.tags, content: '' }, 'unfollow', [carol, dave], me);
    expect(followedPubkeys(none.template.tags)).toEqual([bob]);
    expect(none.warn).toBe(true);
  });

  it('ignores targets that are not public keys', () => {
    expect(editContactList(null, 'follow', ['npub1xyz'], me).template.tags).toEqual([]);
  });
});
