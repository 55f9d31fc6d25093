import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { note, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { runCompiled } from './compiled-query.ts';

describeDialects('runCompiled', (getStore) => {
  it('answers what the built query answers, for new values and lengths, with the constants of the build kept', async () => {
    const store = getStore();
    const author = testUser('compiled-query-author');
    const notes = [1, 2, 3].map((n) => note(author, `compiled ${n}`, [], 1_767_225_600 + n));
    await ingestEvents(store, notes, { source: 'import' });
    const build = (v: readonly unknown[]) =>
      store.db
        .selectFrom('events')
        .select(['id', 'kind'])
        .where('kind', '=', 1) // a constant of the build, not a value
        .where('pubkey', '=', v[0] as string)
        .where('id', 'in', v.slice(1) as string[])
        .orderBy('id');
    const ids = notes.map((e) => e.id).sort();
    for (const wanted of [[ids[0]], [ids[1]], [ids[0], ids[2]], [ids[2], ids[1]], ['f'.repeat(64)]]) {
      const values = [author.pubkey, ...wanted];
      expect(await runCompiled(store, 'test-events', values, build)).toEqual(await build(values).execute());
    }
    const other = testUser('compiled-query-other').pubkey;
    expect(await runCompiled(store, 'test-events', [other, ids[0]], build)).toEqual([]);
  });
});
