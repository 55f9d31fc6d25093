import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { guestContext, rangeElements } from '../../test/fixtures/answers.ts';
import { note, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { searchNotes } from './content-search.ts';
import type { CommandContext } from './context.ts';

const NOW = T0 + 3600;
const author = testUser('hosts-author');
const host = note(author, 'Read the docs on nostr.com today', [], T0 + 1);
const spaced = note(author, 'nostr com is not a host here', [], T0 + 2);
const version = note(author, 'Release 1.2 is out', [], T0 + 3);
const other = note(author, 'Nothing to see', [], T0 + 4);

// PostgreSQL keeps `nostr.com` as one token; FTS5 and the query side split it. Both dialects must find it.
describeDialects('full-text search finds hosts and dotted numbers', (getStore) => {
  let ctx: CommandContext;
  beforeAll(async () => {
    const results = await ingestEvents(getStore(), [host, spaced, version, other], { now: NOW });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    ctx = guestContext(getStore(), NOW);
  });

  it('"nostr.com" finds the note naming the host', async () => {
    expect(rangeElements(await searchNotes(ctx, {}, 'nostr.com'))).toContain(host.id);
  });

  it('the phrase "nostr com" finds the host and the spaced words', async () => {
    const found = rangeElements(await searchNotes(ctx, {}, '"nostr com"'));
    expect(found).toEqual(expect.arrayContaining([host.id, spaced.id]));
    expect(found).not.toContain(other.id);
  });

  it('"1.2" finds the version, and a word alone still matches only itself', async () => {
    expect(rangeElements(await searchNotes(ctx, {}, '1.2'))).toEqual([version.id]);
    expect(rangeElements(await searchNotes(ctx, {}, 'docs'))).toEqual([host.id]);
  });
});
