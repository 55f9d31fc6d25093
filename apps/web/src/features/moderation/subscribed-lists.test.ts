import { describe, expect, it } from 'vitest';
import { compileModeration, hidesUser } from './moderation-rules.ts';
import { scopedMuteList, subscriptionScopes } from './subscribed-lists.ts';

const me = 'a'.repeat(64);
const owner = 'b'.repeat(64);
const spammer = 'c'.repeat(64);

describe('followed mute lists with scopes', () => {
  it('reads each followed list owner with its scopes (none: both), never the viewer', () => {
    const subs = [
      {
        kind: 30000,
        tags: [
          ['d', 'mutelists'],
          ['p', me, '', '', '["content","trending"]'],
          ['p', owner, '', '', '["trending"]'],
          ['p', spammer],
        ],
      },
    ];
    const scopes = subscriptionScopes(subs, me);
    expect([...scopes]).toEqual([
      [owner, ['trending']],
      [spammer, ['content', 'trending']],
    ]);
  });

  it('a list followed for trending only hides its accounts in trending, not in feeds, and drops its words', () => {
    const list = {
      kind: 10000,
      pubkey: owner,
      tags: [
        ['p', spammer],
        ['word', 'offer'],
      ],
    };
    const scoped = scopedMuteList(list, ['trending']);
    expect(scoped.tags).toEqual([['p', spammer, '', '', '["trending"]']]);
    const rules = compileModeration([scoped], { applyContentModeration: false, contentModeration: [] });
    expect(hidesUser(rules, spammer, 'trending')).toBe(true);
    expect(hidesUser(rules, spammer, 'content')).toBe(false);
    expect(rules.words).toEqual([]);
    const both = compileModeration([scopedMuteList(list, ['content', 'trending'])], {
      applyContentModeration: false,
      contentModeration: [],
    });
    expect(hidesUser(both, spammer, 'content')).toBe(true);
    expect(both.words).toEqual(['offer']);
  });
});
