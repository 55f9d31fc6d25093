import { profileMentionText } from '@tide/core/content';
import { getReplyToId, tryDecodeNip19 } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { buildNoteTemplate, quoteReference, replyTags } from './note-template.ts';
import { testNote } from './test-notes.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const ROOT = '1'.repeat(64);
const MID = '2'.repeat(64);

describe('replyTags (NIP-10 marked)', () => {
  it('a reply to a top-level note marks it root, with its relay hint and author, and tags the author', () => {
    const root = testNote(ROOT, A, [], ['wss://hint.example/']);
    expect(replyTags(root)).toEqual([
      ['e', ROOT, 'wss://hint.example/', 'root', A],
      ['p', A],
    ]);
  });

  it('a reply to a reply keeps the thread root, marks the parent reply, and tags every pubkey of the parent', () => {
    const mid = testNote(
      MID,
      B,
      [
        ['e', ROOT, 'wss://root.example/', 'root', A],
        ['p', A],
        ['p', C],
      ],
      ['ws://mid/'],
    );
    const tags = replyTags(mid);
    expect(tags).toEqual([
      ['e', ROOT, 'wss://root.example/', 'root', A],
      ['e', MID, 'ws://mid/', 'reply', B],
      ['p', B],
      ['p', A],
      ['p', C],
    ]);
    // The reply target rule of spec §5 finds the parent.
    expect(getReplyToId(tags)).toBe(MID);
  });

  it('a parent replying in the old positional form still gives its first e tag as the root', () => {
    const mid = testNote(MID, B, [
      ['e', ROOT],
      ['p', A],
    ]);
    expect(replyTags(mid).slice(0, 2)).toEqual([
      ['e', ROOT, '', 'root'],
      ['e', MID, '', 'reply', B],
    ]);
  });
});

describe('buildNoteTemplate', () => {
  it('turns hashtags into t tags and nprofile mentions into p tags', () => {
    const text = `gm #Nostr and #coffee to ${profileMentionText(C)}`;
    const note = buildNoteTemplate(text, {}, []);
    expect(note.kind).toBe(1);
    expect(note.content).toBe(text);
    expect(note.tags).toContainEqual(['t', 'nostr']);
    expect(note.tags).toContainEqual(['t', 'coffee']);
    expect(note.tags).toContainEqual(['p', C, '', 'mention']);
  });

  it('a reply carries the NIP-10 tags first', () => {
    const note = buildNoteTemplate('agreed', { replyTo: testNote(ROOT, A) }, []);
    expect(note.tags.slice(0, 2)).toEqual([
      ['e', ROOT, '', 'root', A],
      ['p', A],
    ]);
  });

  it('a quote appends nostr:nevent to the text and adds a q tag and the author', () => {
    const quoted = testNote(MID, B, [], ['wss://q.example/']);
    const note = buildNoteTemplate('look', { quote: quoted }, []);
    const ref = quoteReference(quoted);
    expect(note.content).toBe(`look\n\n${ref}`);
    const decoded = tryDecodeNip19(ref.slice('nostr:'.length));
    expect(decoded).toMatchObject({ type: 'nevent', data: { id: MID, author: B, relays: ['wss://q.example/'] } });
    expect(note.tags).toContainEqual(['q', MID, 'wss://q.example/', B]);
    expect(note.tags).toContainEqual(['p', B, '', 'mention']);
  });

  it('uploaded files go into the text and each gets an imeta tag', () => {
    const file = { url: 'http://h/ab.png', sha256: 'ab'.repeat(32), size: 5, mime: 'image/png', dim: '4x3' };
    const note = buildNoteTemplate('pic', {}, [file]);
    expect(note.content).toBe('pic\n\nhttp://h/ab.png');
    expect(note.tags).toContainEqual([
      'imeta',
      'url http://h/ab.png',
      'm image/png',
      'dim 4x3',
      `x ${'ab'.repeat(32)}`,
      'size 5',
    ]);
  });
});

describe('relay hints', () => {
  it('a note without a relay hint is pointed at the fallback relay (the caching service relay)', () => {
    const bare = testNote(ROOT, A);
    expect(replyTags(bare, 'ws://cache.example/')[0]).toEqual(['e', ROOT, 'ws://cache.example/', 'root', A]);
    const known = testNote(ROOT, A, [], ['wss://own.example/']);
    expect(replyTags(known, 'ws://cache.example/')[0][2]).toBe('wss://own.example/');
    expect(buildNoteTemplate('q', { quote: bare }, [], 'ws://cache.example/').tags).toContainEqual([
      'q',
      ROOT,
      'ws://cache.example/',
      A,
    ]);
  });
});
