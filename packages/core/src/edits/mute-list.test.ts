import { describe, expect, it } from 'vitest';
import { editMuteList, muteEntries } from './mute-list.ts';

const bob = 'b'.repeat(64);
const thread = 'e'.repeat(64);
const secret = 'nip04-encrypted?iv=abc';

describe('editMuteList', () => {
  it('mutes a user, word, hashtag and thread, keeping the private content and other tags', () => {
    let latest = {
      tags: [
        ['p', 'c'.repeat(64)],
        ['custom', 'x'],
      ],
      content: secret,
    };
    for (const target of [
      { type: 'user', pubkey: bob },
      { type: 'word', word: '  Bitcoin ' },
      { type: 'hashtag', hashtag: '#Spam' },
      { type: 'thread', id: thread },
    ] as const) {
      const edit = editMuteList(latest, target, true, 7);
      expect(edit.unchanged).toBe(false);
      expect(edit.template.kind).toBe(10000);
      expect(edit.template.content).toBe(secret);
      latest = { tags: edit.template.tags, content: edit.template.content };
    }
    expect(latest.tags).toEqual([
      ['p', 'c'.repeat(64)],
      ['custom', 'x'],
      ['p', bob],
      ['word', 'bitcoin'],
      ['t', 'spam'],
      ['e', thread],
    ]);
    expect(muteEntries(latest.tags)).toEqual({
      users: ['c'.repeat(64), bob],
      words: ['bitcoin'],
      hashtags: ['spam'],
      threads: [thread],
    });
  });

  it('starts a list when there is none', () => {
    expect(editMuteList(null, { type: 'user', pubkey: bob }, true, 1).template).toEqual({
      kind: 10000,
      content: '',
      created_at: 1,
      tags: [['p', bob]],
    });
  });

  it('does not add twice (words without case) and unmutes', () => {
    const latest = {
      tags: [
        ['word', 'Bitcoin'],
        ['p', bob],
      ],
      content: '',
    };
    expect(editMuteList(latest, { type: 'word', word: 'bitcoin' }, true).unchanged).toBe(true);
    expect(editMuteList(latest, { type: 'word', word: 'bitcoin' }, false).template.tags).toEqual([['p', bob]]);
    expect(editMuteList(latest, { type: 'user', pubkey: bob }, false).template.tags).toEqual([['word', 'Bitcoin']]);
    expect(editMuteList(latest, { type: 'thread', id: thread }, false).unchanged).toBe(true);
  });

  it('ignores an empty word', () => {
    expect(editMuteList(null, { type: 'word', word: '   ' }, true).unchanged).toBe(true);
  });
});
