import type { NostrEvent } from '@tide/core/nostr';
import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { contacts, note, repost, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { Prng } from '../seed/prng.ts';
import type { MuteRules } from './content-mutes.ts';
import { type PostQuery, queryPosts } from './content-posts.ts';
import { queryPostsMuted } from './muted-posts.ts';

const ann = testUser('muted-posts-ann');
const bob = testUser('muted-posts-bob');
const viewer = testUser('muted-posts-viewer');
const root = note(bob, 'the root', [], T0);

/** Notes of every kind a rule hides (and reposts), some sharing a second; a long run of muted ones in the middle. */
function events(): NostrEvent[] {
  const prng = new Prng('muted-posts');
  const pick = <T>(list: T[]): T => list[Math.floor(prng.next() * list.length)];
  const out: NostrEvent[] = [root, contacts(viewer, [ann, bob], T0)];
  for (let i = 0; i < 120; i++) {
    const user = pick([ann, bob]);
    const at = T0 + 10 + Math.floor(i / 3); // three notes a second: ties ordered by id
    const long = i >= 40 && i < 90; // a run where nearly everything is muted: the wide rows fill with muted ones
    const r = prng.next();
    if (r < 0.1) out.push(repost(user, root, at));
    else if (long || r < 0.3) out.push(note(user, `${i} a Spoiler`, [], at));
    else if (r < 0.4) out.push(note(user, `${i} about tea`, [['t', ' Tea ']], at));
    else if (r < 0.5) out.push(note(user, `${i} in the thread`, [['e', root.id]], at));
    else out.push(note(user, `${i} plain`, [], at));
  }
  return out;
}

function rules(partial: Partial<MuteRules>): MuteRules {
  return { pubkeys: new Set(), hashtags: new Set(), words: [], threads: new Set(), ...partial };
}

const ruleSets: MuteRules[] = [
  rules({ words: ['spoiler'] }),
  rules({ hashtags: new Set(['tea']), threads: new Set([root.id]) }),
  rules({ pubkeys: new Set([bob.pubkey]), words: ['spoiler', 'tea'] }),
  rules({ pubkeys: new Set([ann.pubkey]) }),
];

describeDialects('feed posts of viewers with mute rules, filtered in memory', (getStore) => {
  beforeAll(async () => {
    const results = await ingestEvents(getStore(), events(), { source: 'import', now: T0 + 1000 });
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('select what the SQL checks select, for every page, offset and rule set', async () => {
    const store = getStore();
    let compared = 0;
    for (const muted of ruleSets) {
      const queries: PostQuery[] = [
        { author: ann.pubkey, isReply: 0, kinds: [1, 6], muted },
        { followedBy: viewer.pubkey, isReply: 0, kinds: [1, 6], muted },
        { authors: undefined, isReply: 0, kinds: [1], muted },
      ];
      for (const q of queries) {
        for (const [limit, offset, until] of [
          [5, 0, T0 + 1000],
          [3, 2, T0 + 1000],
          [10, 7, T0 + 45],
          [1, 0, T0 + 40],
          [20, 0, T0 + 30],
          [4, 30, T0 + 1000],
        ]) {
          const paging = { limit, offset, since: 0, until };
          const expected = await queryPosts(store, q, paging);
          expect(await queryPostsMuted(store, q, paging), JSON.stringify({ q: Object.keys(q), paging })).toEqual(
            expected,
          );
          compared += 1;
        }
      }
    }
    expect(compared).toBe(72);
  });
});
