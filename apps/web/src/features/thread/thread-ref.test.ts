import { naddrEncode, neventEncode, noteEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { parseThreadRef, vanityArticleRef } from './thread-ref.ts';

const ID = 'ab'.repeat(32);
const PK = 'cd'.repeat(32);

describe('parseThreadRef', () => {
  it('reads hex ids (any case), note and nevent as notes', () => {
    expect(parseThreadRef(ID)).toEqual({ type: 'note', id: ID, relays: [] });
    expect(parseThreadRef(ID.toUpperCase())).toEqual({ type: 'note', id: ID, relays: [] });
    expect(parseThreadRef(noteEncode(ID))).toEqual({ type: 'note', id: ID, relays: [] });
    const nevent = neventEncode({ id: ID, relays: ['wss://relay.example'] });
    expect(parseThreadRef(`nostr:${nevent}`)).toEqual({ type: 'note', id: ID, relays: ['wss://relay.example'] });
  });

  it('reads naddr as an article coordinate', () => {
    const naddr = naddrEncode({ kind: 30023, pubkey: PK, identifier: 'my-post' });
    expect(parseThreadRef(naddr)).toEqual({
      type: 'article',
      pubkey: PK,
      identifier: 'my-post',
      kind: 30023,
      relays: [],
    });
  });

  it('calls anything else invalid (short hex, npub, garbage)', () => {
    expect(parseThreadRef('abc').type).toBe('invalid');
    expect(parseThreadRef('note1qqqq').type).toBe('invalid');
    expect(parseThreadRef('<script>').type).toBe('invalid');
  });

  it('makes a long-form article ref for a vanity identifier', () => {
    expect(vanityArticleRef(PK, 'hello')).toEqual({
      type: 'article',
      pubkey: PK,
      identifier: 'hello',
      kind: 30023,
      relays: [],
    });
  });
});
