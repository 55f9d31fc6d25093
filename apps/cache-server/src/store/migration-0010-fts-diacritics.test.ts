import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { guestContext, rangeElements } from '../../test/fixtures/answers.ts';
import { note, profile, T0, testUser } from '../../test/fixtures/events.ts';
import { searchNotes } from '../commands/content-search.ts';
import type { CommandContext } from '../commands/context.ts';
import { peopleSearchCommands } from '../commands/people-search.ts';
import { ingestEvents } from '../ingest/index.ts';
import { migrateToLatest } from './migrations.ts';

const NOW = T0 + 3600;
const author = testUser('diacritics-author');
const jose = testUser('diacritics-jose');
const cafe = note(author, 'Un café noir, s’il vous plaît', [], T0 + 1);
const plain = note(author, 'A cafe latte to go', [], T0 + 2);
const dessert = note(author, 'Crème brûlée for dessert', [], T0 + 3);

// Full text keeps diacritics on both dialects (PostgreSQL's 'simple' config does; SQLite since migration 0010).
describeDialects('full-text search keeps diacritics (migration 0010)', (getStore, dialect) => {
  let ctx: CommandContext;
  beforeAll(async () => {
    const events = [cafe, plain, dessert, profile(jose, { name: 'José', display_name: 'José Ñandú' })];
    const results = await ingestEvents(getStore(), events, { now: NOW });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    ctx = guestContext(getStore(), NOW);
  });

  const expectDiacriticsKept = async () => {
    expect(rangeElements(await searchNotes(ctx, {}, 'café'))).toEqual([cafe.id]);
    expect(rangeElements(await searchNotes(ctx, {}, 'cafe'))).toEqual([plain.id]);
    expect(rangeElements(await searchNotes(ctx, {}, 'brûlée'))).toEqual([dessert.id]);
    expect(rangeElements(await searchNotes(ctx, {}, 'brulee'))).toEqual([]);
    const users = async (query: string) =>
      (await peopleSearchCommands.user_search(ctx, { query })).filter((e) => e.kind === 0).map((e) => e.pubkey);
    expect(await users('josé')).toEqual([jose.pubkey]);
    expect(await users('jose')).toEqual([]);
  };

  it('"café" finds café only and "cafe" cafe only, in notes and in user names', expectDiacriticsKept);

  it('a store indexed without diacritics before 0010 is rebuilt with them, rows kept (SQLite)', async () => {
    const { db } = getStore();
    if (dialect === 'sqlite') {
      // the index as migration 0002 made it, filled from the stored notes, and 0010 not applied yet
      await sql`DROP TABLE search_notes_fts`.execute(db);
      await sql`CREATE VIRTUAL TABLE search_notes_fts USING fts5(content, content='search_notes',
        content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
      await sql`INSERT INTO search_notes_fts(search_notes_fts) VALUES ('rebuild')`.execute(db);
      await sql`DELETE FROM tide_migrations WHERE name = '0010_fts_diacritics'`.execute(db);
      expect(rangeElements(await searchNotes(ctx, {}, 'cafe'))).toEqual([plain.id, cafe.id]);
      await migrateToLatest(db, 'sqlite');
      const { rows } = await sql<{
        sql: string;
      }>`SELECT sql FROM sqlite_master WHERE name = 'search_notes_fts'`.execute(db);
      expect(rows[0]?.sql).toContain('remove_diacritics 0');
    }
    await expectDiacriticsKept();
    // the sync triggers still feed the new index
    const later = note(author, 'Another café later', [], T0 + 4);
    await ingestEvents(getStore(), [later], { now: NOW });
    expect(rangeElements(await searchNotes(ctx, {}, 'café'))).toEqual([later.id, cafe.id]);
  });
});
