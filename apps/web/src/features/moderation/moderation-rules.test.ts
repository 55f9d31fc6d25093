import type { Note } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { compileModeration, hidesNote, hidesUser } from './moderation-rules.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const on = {
  applyContentModeration: true,
  contentModeration: [
    { name: 'primal_spam', scopes: ['content', 'trending'] },
    { name: 'primal_nsfw', scopes: ['trending'] },
  ],
};
const off = { applyContentModeration: false, contentModeration: on.contentModeration };

const muteList: CacheEvent = {
  kind: 10000,
  tags: [
    ['p', A],
    ['p', B, '', '', '["trending"]'],
    ['e', 'thread-root'],
    ['t', 'Spoilers'],
    ['word', 'Casino'],
    ['p', 'not-a-key'],
  ],
};

function note(fields: Partial<Note>): Note {
  return { id: 'n1', pubkey: C, created_at: 1, kind: 1, tags: [], content: 'hello', sig: '', ...fields } as Note;
}

describe('compileModeration + hidesUser', () => {
  const rules = compileModeration([muteList], on);

  it('hides a muted pubkey at both default scopes, and one with explicit scopes only there', () => {
    expect(hidesUser(rules, A, 'content')).toBe(true);
    expect(hidesUser(rules, A, 'trending')).toBe(true);
    expect(hidesUser(rules, B, 'trending')).toBe(true);
    expect(hidesUser(rules, B, 'content')).toBe(false);
    expect(hidesUser(rules, C, 'content')).toBe(false);
  });

  it('follows the service verdicts: a plain block always, a group block only where that list is subscribed', () => {
    const reasons = { [C]: { action: 'block' as const, group: 'primal_nsfw' } };
    expect(hidesUser(rules, C, 'trending', reasons)).toBe(true);
    expect(hidesUser(rules, C, 'content', reasons)).toBe(false);
    expect(hidesUser(rules, C, 'content', { [C]: { action: 'block' as const, pubkey: C } })).toBe(true);
    expect(hidesUser(rules, C, 'content', { [C]: { action: 'allow' as const } })).toBe(false);
    expect(hidesUser(compileModeration([], off), C, 'trending', reasons)).toBe(false);
  });

  it('ignores events that are not mute lists', () => {
    const other = compileModeration(
      [
        { kind: 3, tags: [['p', C]] },
        {
          kind: 30000,
          tags: [
            ['d', 'other'],
            ['p', C],
          ],
        },
      ],
      on,
    );
    expect(hidesUser(other, C, 'content')).toBe(false);
    const named = compileModeration(
      [
        {
          kind: 30000,
          tags: [
            ['d', 'mute'],
            ['p', C],
          ],
        },
      ],
      on,
    );
    expect(hidesUser(named, C, 'content')).toBe(true);
  });
});

describe('hidesNote', () => {
  const rules = compileModeration([muteList], on);

  it('hides notes by muted authors or reposted by them', () => {
    expect(hidesNote(rules, note({ pubkey: A }), 'content')).toBe(true);
    expect(
      hidesNote(rules, note({ repost: { id: 'r', pubkey: A, created_at: 2, user: {} as Note['user'] } }), 'content'),
    ).toBe(true);
  });

  it('hides muted threads, hashtags (any case) and words (any case)', () => {
    expect(hidesNote(rules, note({ id: 'thread-root' }), 'content')).toBe(true);
    expect(hidesNote(rules, note({ tags: [['e', 'thread-root']] }), 'content')).toBe(true);
    expect(hidesNote(rules, note({ tags: [['t', 'spoilers']] }), 'content')).toBe(true);
    expect(hidesNote(rules, note({ content: 'Best CASINO bonus' }), 'content')).toBe(true);
  });

  it('keeps everything else', () => {
    expect(hidesNote(rules, note({ tags: [['t', 'nostr']], content: 'a fine note' }), 'content')).toBe(false);
  });
});
