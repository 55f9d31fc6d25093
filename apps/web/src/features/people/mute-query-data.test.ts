import type { NostrEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { compileModeration, hidesUser } from '../moderation/moderation-rules.ts';
import { withOwnMuteList } from './mute-query-data.ts';

const me = 'a'.repeat(64);
const other = 'b'.repeat(64);
const muted = 'c'.repeat(64);

describe('withOwnMuteList', () => {
  it('replaces the own list, keeps subscribed lists, and the new rules hide the muted user at once', () => {
    const old = [
      { kind: 10000, pubkey: me, tags: [] },
      { kind: 10000, pubkey: other, tags: [['p', 'd'.repeat(64)]] },
    ];
    const event = {
      kind: 10000,
      pubkey: me,
      tags: [['p', muted]],
      content: '',
      created_at: 2,
      id: 'x',
      sig: 'y',
    } as NostrEvent;
    const next = withOwnMuteList(old, event);
    expect(next).toHaveLength(2);
    expect(next.filter((e) => e.pubkey === me)).toEqual([{ ...event }]);
    const rules = compileModeration(next, { applyContentModeration: false, contentModeration: [] });
    expect(hidesUser(rules, muted, 'content')).toBe(true);
    expect(hidesUser(rules, 'd'.repeat(64), 'content')).toBe(true);
    expect(withOwnMuteList(undefined, event)).toEqual([{ ...event }]);
  });
});
