import type { NostrEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { isMuted, type MuteRules, NO_MUTES } from './content-mutes.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const T = 'c'.repeat(64);

const note = (over: Partial<NostrEvent>): NostrEvent => ({
  id: 'd'.repeat(64),
  pubkey: B,
  kind: 1,
  created_at: 1,
  tags: [],
  content: 'hello',
  sig: '',
  ...over,
});

const rules: MuteRules = {
  pubkeys: new Set([A]),
  hashtags: new Set(['nsfw']),
  words: ['spoiler'],
  threads: new Set([T]),
};

describe('mute rules', () => {
  it('hide muted authors and reposts of them', () => {
    expect(isMuted(rules, note({ pubkey: A }))).toBe(true);
    expect(isMuted(rules, note({ kind: 6, tags: [['p', A]] }))).toBe(true);
    expect(isMuted(rules, note({ kind: 6, tags: [['p', B]], content: 'a spoiler inside the JSON' }))).toBe(false);
  });

  it('hide muted hashtags (t tags or #text, any case), words (any case) and threads', () => {
    expect(isMuted(rules, note({ tags: [['t', 'NSFW']] }))).toBe(true);
    expect(isMuted(rules, note({ content: 'look #Nsfw' }))).toBe(true);
    expect(isMuted(rules, note({ content: 'Big SPOILER ahead' }))).toBe(true);
    expect(isMuted(rules, note({ id: T }))).toBe(true);
    expect(isMuted(rules, note({ tags: [['e', T, '', 'root']] }))).toBe(true);
    expect(isMuted(rules, note({ content: 'nothing to see #nostr' }))).toBe(false);
  });

  it('hide nothing without rules', () => {
    expect(isMuted(NO_MUTES, note({ pubkey: A, content: 'spoiler #nsfw' }))).toBe(false);
  });
});
