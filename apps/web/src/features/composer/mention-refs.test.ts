import { describe, expect, it } from 'vitest';
import { addMentionRef, expandMentionRefs, mentionLabel, usedMentionRefs } from './mention-refs.ts';

const ALICE = 'nostr:nprofile1alice';
const ALICE_D = 'nostr:nprofile1alicedemo';
const OTHER = 'nostr:nprofile1other';

describe('mention refs', () => {
  it('labels a user by name, folding whitespace', () => {
    expect(mentionLabel('Alice\n Demo ')).toBe('@Alice Demo');
  });

  it('inserts the label, or the reference when the label already means someone else', () => {
    const first = addMentionRef({}, '@Alice', ALICE);
    expect(first).toEqual({ refs: { '@Alice': ALICE }, insert: '@Alice' });
    expect(addMentionRef(first.refs, '@Alice', ALICE).insert).toBe('@Alice');
    expect(addMentionRef(first.refs, '@Alice', OTHER)).toEqual({ refs: first.refs, insert: OTHER });
    expect(addMentionRef({}, '@', OTHER).insert).toBe(OTHER);
  });

  it('expands whole labels only, the longest first', () => {
    const refs = { '@Alice': ALICE, '@Alice Demo': ALICE_D };
    expect(expandMentionRefs('hi @Alice Demo and @Alice, not @Alicex or x@Alice', refs)).toBe(
      `hi ${ALICE_D} and ${ALICE}, not @Alicex or x@Alice`,
    );
    expect(expandMentionRefs('@Alice @Alice', refs)).toBe(`${ALICE} ${ALICE}`);
    expect(expandMentionRefs('no labels here', refs)).toBe('no labels here');
  });

  it('keeps only the labels still in the text', () => {
    expect(usedMentionRefs('hi @Alice', { '@Alice': ALICE, '@Bob': OTHER })).toEqual({ '@Alice': ALICE });
  });
});
