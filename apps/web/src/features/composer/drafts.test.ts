import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, draftStorageKey, ROOT_DRAFT_KEY, readDraft, saveDraft } from './drafts.ts';
import { EMOJI_HISTORY_LIMIT, readEmojiHistory, rememberEmoji } from './emoji-history.ts';
import { findMentionQuery, insertMention } from './mention-query.ts';
import { testNote } from './test-notes.ts';

const ME = 'e'.repeat(64);
const file = { url: 'http://h/x.png', sha256: 'x'.repeat(64), size: 1, mime: 'image/png' };

describe('drafts', () => {
  it('are kept per reply target, with a root key for top-level notes, per user', () => {
    const reply = testNote('1'.repeat(64), 'a'.repeat(64));
    expect(draftKey({})).toBe(ROOT_DRAFT_KEY);
    expect(draftKey({ replyTo: reply })).toBe(reply.id);
    expect(draftKey({ quote: reply })).toBe(`quote:${reply.id}`);
    saveDraft(ME, ROOT_DRAFT_KEY, 'top level', []);
    saveDraft(ME, reply.id, 'a reply', [file]);
    expect(readDraft(ME, ROOT_DRAFT_KEY)?.text).toBe('top level');
    expect(readDraft(ME, reply.id)).toMatchObject({ text: 'a reply', uploads: [file] });
    expect(readDraft(null, ROOT_DRAFT_KEY)).toBeNull();
    expect(Object.keys(JSON.parse(localStorage.getItem(draftStorageKey(ME)) ?? '{}'))).toEqual([
      ROOT_DRAFT_KEY,
      reply.id,
    ]);
  });

  it('keep what each @Name stands for, only while the name is still in the text', () => {
    const refs = { '@Bob': 'nostr:nprofile1bob', '@Gone': 'nostr:nprofile1gone' };
    saveDraft(ME, ROOT_DRAFT_KEY, 'hi @Bob', [], refs);
    expect(readDraft(ME, ROOT_DRAFT_KEY)?.userRefs).toEqual({ '@Bob': 'nostr:nprofile1bob' });
    saveDraft(ME, ROOT_DRAFT_KEY, 'no refs', []);
    expect(readDraft(ME, ROOT_DRAFT_KEY)?.userRefs).toEqual({});
  });

  it('an emptied draft is removed, clearDraft forgets one, damaged storage reads as none', () => {
    saveDraft(ME, ROOT_DRAFT_KEY, 'x', []);
    saveDraft(ME, ROOT_DRAFT_KEY, '   ', []);
    expect(readDraft(ME, ROOT_DRAFT_KEY)).toBeNull();
    saveDraft(ME, 'k', 'keep', []);
    clearDraft(ME, 'k');
    expect(readDraft(ME, 'k')).toBeNull();
    localStorage.setItem(draftStorageKey(ME), '{not json');
    expect(readDraft(ME, ROOT_DRAFT_KEY)).toBeNull();
  });
});

describe('emoji history', () => {
  it('keeps the 40 most recent, most recent first, each once', () => {
    for (let i = 0; i < 45; i++) rememberEmoji(ME, String.fromCodePoint(0x1f600 + i));
    rememberEmoji(ME, String.fromCodePoint(0x1f600 + 10));
    const list = readEmojiHistory(ME);
    expect(list).toHaveLength(EMOJI_HISTORY_LIMIT);
    expect(list[0]).toBe(String.fromCodePoint(0x1f600 + 10));
    expect(list[1]).toBe(String.fromCodePoint(0x1f600 + 44));
    expect(new Set(list).size).toBe(list.length);
    expect(readEmojiHistory('f'.repeat(64))).toEqual([]);
  });
});

describe('mention query', () => {
  it('finds the @word at the caret only at a word start', () => {
    expect(findMentionQuery('hi @ali', 7)).toEqual({ start: 3, query: 'ali' });
    expect(findMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(findMentionQuery('mail@example', 12)).toBeNull();
    expect(findMentionQuery('hi @ali there', 13)).toBeNull();
  });

  it('replaces the @word with the mention and a space', () => {
    const text = 'hi @ali!';
    const inserted = insertMention(text, 7, { start: 3, query: 'ali' }, 'nostr:nprofile1x');
    expect(inserted).toEqual({ text: 'hi nostr:nprofile1x !', caret: 20 });
  });
});
