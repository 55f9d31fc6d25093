import { afterEach, describe, expect, it } from 'vitest';
import { clockedServer } from '../../test/clocked-server.ts';
import { testDialects } from '../../test/dialects.ts';
import { note, T0, testUser } from '../../test/fixtures/events.ts';
import { contentWordKeys, wordKey } from '../read-cache/search-words.ts';
import { searchSelection } from './answer-deps-search.ts';

const ann = testUser('deps-search-ann');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('search dependencies', () => {
  it('describes searches by the words they require, and no other', () => {
    expect(searchSelection('search', { query: 'Café "nostr com"' })).toEqual(['w:cafe', 'w:nostr', 'w:com']);
    expect(searchSelection('advanced_search', { query: 'bean -mate kind:1 since:2024-01-01' })).toEqual(['w:bean']);
    for (const query of ['bean orderby:likes', 'bean OR mate', '-mate', 'kind:30023 bean', 'kind:0 ann', '#bean'])
      expect(searchSelection('advanced_search', { query }), query).toBeUndefined();
    expect(searchSelection('search', { query: 'bean', kind: 30023 })).toBeUndefined();
    expect(searchSelection('search', { query: 'bean from:nobody' })).toBeUndefined();
  });

  it("names every spelling an index may find a word by in an event's content", () => {
    const keys = contentWordKeys('CAFÉ tea½x ΣΟΦΊΑΣ nostr.com cafe\u0301');
    for (const word of ['café', 'cafe', 'tea½x', 'tea', 'x', 'σοφιας', 'σοφίας', 'nostr', 'com'])
      expect(keys.has(wordKey(word)), word).toBe(true);
    expect(keys.has(wordKey('coffee'))).toBe(false);
  });
});

for (const dialect of testDialects()) {
  describe(`search answers kept by their words [${dialect}]`, () => {
    it('a note with a searched word is found at once; a note without leaves the answer exact', async () => {
      const { server, socket, write, direct: freshSocket } = await clockedServer(dialect, 'depssearch', closers);
      const found = async (query: string) =>
        (await socket.cacheObjects<{ kind: number; id?: string }>('search', { query }))
          .filter((o) => o.kind === 1)
          .map((o) => o.id);
      await write(note(ann, 'first cafe and tea', [], T0 + 1));
      const queries = ['café', 'x', 'σοφιας', 'nostr'];
      for (const query of queries) await found(query);

      await write(note(ann, 'unrelated words only', [], T0 + 2));
      server.stats();
      for (const query of queries) await found(query);
      expect(server.stats().answers).toMatchObject({ hits: queries.length, misses: 0 });

      // spellings only one folding or splitting finds: PostgreSQL splits at '½' (FTS5 does not) and keeps a host whole
      const later = note(ann, 'CAFÉ tea½x ΣΟΦΙΑΣ nostr.com', [], T0 + 3);
      await write(later);
      expect(await found('café')).toContain(later.id);
      const direct = await freshSocket();
      for (const query of queries) {
        const fresh = (await direct.cacheObjects<{ kind: number; id?: string }>('search', { query }))
          .filter((o) => o.kind === 1)
          .map((o) => o.id);
        expect(await found(query), query).toEqual(fresh);
      }
    });
  });
}
