import { describe, expect, it } from 'vitest';
import { parseFeedDescriptors, parseSuggestedUsers } from './feeds.ts';
import { hex, synthetic } from './test-fixtures.ts';

describe('feed descriptors', () => {
  it('keeps name, spec string, description, enabled and feedkind; drops entries without a spec', () => {
    expect(
      parseFeedDescriptors([
        {
          name: 'Latest',
          spec: '{"id":"latest","kind":"notes"}',
          description: 'follows',
          enabled: true,
          feedkind: 'primal',
        },
        { name: 'Object spec', spec: { id: 'all-notes', kind: 'notes' }, description: '', enabled: false },
        { name: 'broken' },
      ]),
    ).toEqual([
      {
        name: 'Latest',
        spec: '{"id":"latest","kind":"notes"}',
        description: 'follows',
        enabled: true,
        feedkind: 'primal',
      },
      { name: 'Object spec', spec: '{"id":"all-notes","kind":"notes"}', description: '', enabled: false },
    ]);
    expect(parseFeedDescriptors({})).toEqual([]);
  });
});

describe('suggested users', () => {
  it('reads groups and their members', () => {
    const groups = parseSuggestedUsers(
      synthetic(10000134, [
        { group: 'Nostr', members: [{ name: 'alice', pubkey: hex('a') }, { pubkey: hex('b') }, {}] },
      ]),
    );
    expect(groups).toEqual([{ group: 'Nostr', members: [{ pubkey: hex('a'), name: 'alice' }, { pubkey: hex('b') }] }]);
  });
});
