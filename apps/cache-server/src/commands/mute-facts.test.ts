import { beforeAll, expect, it } from 'vitest';
import { statementsOf } from '../../test/count-statements.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ev, note, repost, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import type { MuteRules } from './content-mutes.ts';
import { queryPosts } from './content-posts.ts';
import { derivedMuteFacts, likeSafe, type PostMuteFacts, postMuteFacts, sqlMuted } from './mute-facts.ts';

const author = testUser('mute-facts-author');
const other = testUser('mute-facts-other');
const root = note(other, 'a thread root', [], T0);
const quoted = note(other, 'Spoiler ahead: the CAFÉ closes', [], T0 + 1);
// each post is left out by one kind of rule only, in SQL (some differently from the bundle's own check)
const posts = [
  note(author, 'plain', [], T0 + 10),
  note(author, 'tagged', [['t', ' Tea ']], T0 + 11), // event_hashtags holds 'tea' (trimmed); the bundle's check does not trim
  note(author, 'about #coffee', [], T0 + 12),
  note(author, 'in the thread', [['e', root.id]], T0 + 13),
  repost(author, root, T0 + 14), // its e tag names the muted thread; the bundle's check reads only a repost's p tags
  repost(author, quoted, T0 + 15), // its content (the reposted JSON) holds the muted word
  note(author, 'a big SPOILER', [], T0 + 16),
  note(author, 'at the café', [], T0 + 17),
  note(author, 'at the CAFÉ', [], T0 + 18), // lower() of the dialect decides (SQLite lowers ASCII only)
  note(author, '100% sure', [], T0 + 19),
  ev(author, 6, '', [['p', other.pubkey]], T0 + 20),
];

function rules(partial: Partial<MuteRules>): MuteRules {
  return { pubkeys: new Set(), hashtags: new Set(), words: [], threads: new Set(), ...partial };
}

const cases: Array<[string, MuteRules]> = [
  ['no rules', rules({})],
  ['the author', rules({ pubkeys: new Set([author.pubkey]) })],
  ['a reposted author', rules({ pubkeys: new Set([other.pubkey]) })],
  ['hashtags', rules({ hashtags: new Set(['tea', 'coffee']) })],
  ['a thread', rules({ threads: new Set([root.id]) })],
  ['a post itself as a thread', rules({ threads: new Set([posts[0].id]) })],
  ['words', rules({ words: ['spoiler'] })],
  ['a non-ASCII word', rules({ words: ['café'] })],
  ['a word with a LIKE wildcard', rules({ words: ['100%'] })],
];

describeDialects('mute facts', (getStore) => {
  beforeAll(async () => {
    const results = await ingestEvents(getStore(), [root, quoted, ...posts], { source: 'import', now: T0 + 100 });
    expect(results.every((r) => r.ok)).toBe(true);
  });

  for (const [name, muted] of cases) {
    it(`leave out what the feed's SQL checks leave out: ${name}`, async () => {
      const store = getStore();
      const paging = { limit: 100, offset: 0, since: 0, until: T0 + 1000 };
      const selected = await queryPosts(store, { author: author.pubkey, kinds: [1, 6], muted }, paging);
      const facts = await postMuteFacts(
        store,
        posts.map((e) => e.id),
      );
      const kept = posts
        .filter((e) => {
          const f = facts.get(e.id);
          if (!f) throw new Error(`no facts for ${e.id}`);
          return !sqlMuted(muted, e, f);
        })
        .sort((a, b) => b.created_at - a.created_at)
        .map((e) => e.id);
      expect(kept).toEqual(selected.map((p) => p.id));
      // SQL leaves a LIKE wildcard's word to the bundle's check
      const none = name === 'no rules' || name.includes('wildcard');
      expect(kept.length < posts.length).toBe(!none);
    });
  }

  it('of a post stored here, derived from the event, equal what the store holds (else are left to the store)', async () => {
    const store = getStore();
    const extra = [
      note(
        author,
        'with #tags and tags',
        [
          ['t', 'music'],
          ['e', 'x'.repeat(300)],
          ['p', other.pubkey],
        ],
        T0 + 30,
      ),
      ev(
        author,
        6,
        '{"kind":1}',
        [
          ['e', root.id],
          ['p', other.pubkey],
          ['p', author.pubkey],
        ],
        T0 + 31,
      ),
      note(
        author,
        'quoting #nostr',
        [
          ['q', root.id],
          ['t', 'Nostr'],
          ['tt', 'x'],
        ],
        T0 + 32,
      ),
    ];
    expect((await ingestEvents(store, extra, { source: 'import', now: T0 + 100 })).every((r) => r.ok)).toBe(true);
    const all = [...posts, ...extra];
    const stored = await postMuteFacts(
      store,
      all.map((e) => e.id),
    );
    const derivable = all.filter((e) => derivedMuteFacts(e) !== undefined);
    // upper-case or non-ASCII content is the store's lower() to tell
    expect(all.length - derivable.length).toBe(4);
    const sorted = (f: PostMuteFacts | undefined) =>
      f && { ...f, eValues: [...f.eValues].sort(), repostP: [...f.repostP].sort(), hashtags: [...f.hashtags].sort() };
    for (const e of derivable) expect(sorted(derivedMuteFacts(e))).toEqual(sorted(stored.get(e.id)));
  });

  it('keep facts by id and skip events not stored', async () => {
    const store = getStore();
    const first = await postMuteFacts(store, [posts[1].id, 'f'.repeat(64)]);
    expect(first.has('f'.repeat(64))).toBe(false);
    expect(first.get(posts[1].id)?.hashtags).toEqual(['tea']);
    const again = await postMuteFacts(store, [posts[1].id]);
    expect(again.get(posts[1].id)).toBe(first.get(posts[1].id));
    expect(likeSafe('100%')).toBe(false);
    expect(likeSafe('spoiler')).toBe(true);
  });
  it('of posts not kept yet are read in one statement (events, tags and hashtags together)', async () => {
    const store = getStore();
    const fresh = [
      note(author, 'one more #Tea', [['e', root.id]], T0 + 30),
      ev(author, 6, '', [['p', other.pubkey]], T0 + 31),
      note(author, 'and one more', [], T0 + 32),
    ];
    await ingestEvents(store, fresh, { source: 'import', now: T0 + 100 });
    let facts = new Map<string, PostMuteFacts>();
    const statements = await statementsOf(store, async () => {
      facts = await postMuteFacts(
        store,
        fresh.map((e) => e.id),
      );
    });
    expect(statements).toBe(1);
    expect(facts.get(fresh[0].id)).toEqual({
      pubkey: author.pubkey,
      lowered: 'one more #tea',
      eValues: [root.id],
      repostP: [],
      hashtags: ['tea'],
    });
    expect(facts.get(fresh[1].id)?.repostP).toEqual([other.pubkey]);
    expect(facts.get(fresh[2].id)?.eValues).toEqual([]);
  });
  it('being read for one request are waited for by another, not read again', async () => {
    const store = getStore();
    const fresh = [note(author, 'read once #Tea', [], T0 + 40), note(other, 'read once too', [], T0 + 41)];
    await ingestEvents(store, fresh, { source: 'import', now: T0 + 100 });
    const ids = fresh.map((e) => e.id);
    let both: Array<Map<string, PostMuteFacts>> = [];
    const statements = await statementsOf(store, async () => {
      both = await Promise.all([postMuteFacts(store, ids), postMuteFacts(store, [ids[1], ids[0]])]);
    });
    const [a, b] = both;
    expect(statements).toBe(1);
    expect(b.get(ids[0])).toBe(a.get(ids[0]));
    expect(b.get(ids[1])).toBe(a.get(ids[1]));
    expect(a.get(ids[0])?.hashtags).toEqual(['tea']);
  });
});
