import { describe, expect, it } from 'vitest';
import { allowListEntries, editAllowList, editFilterLists, filterListEntries } from './people-lists.ts';

const me = 'a'.repeat(64);
const bob = 'b'.repeat(64);
const both = '["content","trending"]';

describe('editFilterLists', () => {
  it('adds the own entry with both scopes and the d tag when subscribing the first time', () => {
    const t = editFilterLists(null, me, { op: 'add', pubkey: bob }, 3);
    expect(t).toEqual({
      kind: 30000,
      content: '',
      created_at: 3,
      tags: [
        ['d', 'mutelists'],
        ['p', me, '', '', both],
        ['p', bob, '', '', both],
      ],
    });
  });

  it('never removes the own entry, removes others, keeps other tags', () => {
    const latest = {
      tags: [
        ['d', 'mutelists'],
        ['title', 'x'],
        ['p', me, '', '', '["content"]'],
        ['p', bob],
      ],
      content: 'c',
    };
    const removed = editFilterLists(latest, me, { op: 'remove', pubkey: bob });
    expect(removed.tags).toEqual([
      ['d', 'mutelists'],
      ['title', 'x'],
      ['p', me, '', '', '["content"]'],
    ]);
    expect(removed.content).toBe('c');
    expect(editFilterLists(latest, me, { op: 'remove', pubkey: me }).tags).toEqual(latest.tags);
  });

  it('updates scopes and reads them back', () => {
    const latest = {
      tags: [
        ['d', 'mutelists'],
        ['p', me, '', '', both],
        ['p', bob],
      ],
      content: '',
    };
    const t = editFilterLists(latest, me, { op: 'scopes', pubkey: bob, scopes: ['trending'] });
    expect(filterListEntries(t.tags)).toEqual([
      { pubkey: me, scopes: ['content', 'trending'] },
      { pubkey: bob, scopes: ['trending'] },
    ]);
  });
});

describe('editAllowList', () => {
  it('adds and removes with the allowlist d tag', () => {
    const added = editAllowList(null, bob, true, 1);
    expect(added.tags).toEqual([
      ['d', 'allowlist'],
      ['p', bob],
    ]);
    expect(allowListEntries(added.tags)).toEqual([bob]);
    expect(editAllowList({ tags: added.tags, content: '' }, bob, false).tags).toEqual([['d', 'allowlist']]);
  });
});
