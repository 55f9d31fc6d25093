import { afterEach, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { note, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from './ingest-events.ts';
import { PLAIN_INSERT_PAUSE_MS, pausePlainInserts, plainInsertsOn } from './pg-fresh-insert.ts';
import { WriteBuffer } from './write-buffer.ts';

const author = testUser('fresh-insert-author');

/** An events row as ingest writes it (only what the table needs). */
function eventRow(id: string) {
  return {
    id,
    pubkey: 'p',
    kind: 1,
    created_at: T0,
    tags: '[]',
    content: '',
    sig: 's',
    identifier: '',
    imported_at: T0,
  };
}

const tag = (eventId: string, value: string) => ({ event_id: eventId, name: 't', value, kind: 1, created_at: T0 });

describeDialects(
  'inserts that cannot conflict skip ON CONFLICT (PostgreSQL)',
  (getStore, dialect) => {
    afterEach(() => pausePlainInserts(Date.now() - PLAIN_INSERT_PAUSE_MS)); // back on for the next test

    it('rows of a new event repeated within a statement are stored once; other rows keep ON CONFLICT', async () => {
      const store = getStore();
      await store.db.insertInto('event_tags').values(tag('old', 'x')).execute();
      await store.write(async (trx) => {
        const buf = new WriteBuffer();
        buf.insert('events', eventRow('new'));
        buf.insert('event_tags', tag('new', 'a'));
        buf.insert('event_tags', tag('new', 'a')); // the same tag twice in one event
        buf.insert('event_tags', tag('new', 'b'));
        buf.insert('event_tags', tag('old', 'x')); // not a new event's row: ignored as before
        await buf.flush(trx);
      });
      const rows = await store.db.selectFrom('event_tags').select(['event_id', 'value']).orderBy('value').execute();
      expect(rows).toEqual([
        { event_id: 'new', value: 'a' },
        { event_id: 'new', value: 'b' },
        { event_id: 'old', value: 'x' },
      ]);
      expect(plainInsertsOn()).toBe(true);
    });

    it('a new event’s row that meets a stored one fails plainly and pauses plain inserts', async () => {
      const store = getStore();
      await store.db.insertInto('event_tags').values(tag('stale', 'y')).execute();
      const write = store.write(async (trx) => {
        const buf = new WriteBuffer();
        buf.insert('events', eventRow('stale'));
        buf.insert('event_tags', tag('stale', 'y'));
        await buf.flush(trx);
      });
      if (dialect === 'sqlite') {
        await write; // SQLite keeps OR IGNORE semantics
        expect(plainInsertsOn()).toBe(true);
        return;
      }
      await expect(write).rejects.toMatchObject({ code: '23505' });
      expect(plainInsertsOn()).toBe(false);
      expect(plainInsertsOn(Date.now() + PLAIN_INSERT_PAUSE_MS)).toBe(true);
    });

    it('a table keyed by a sequence too (notifications) takes plain inserts for a new event’s rows', async () => {
      const store = getStore();
      const n = (source: string, target: string) => ({
        pubkey: 'p',
        created_at: T0,
        type: 3,
        actor_pubkey: 'a',
        target_event_id: target,
        source_event_id: source,
        args: '{}',
      });
      await store.db.insertInto('notifications').values(n('src', 'stale')).execute();
      await store.write(async (trx) => {
        const buf = new WriteBuffer();
        buf.insert('events', eventRow('src'));
        buf.insert('notifications', n('src', 't1'));
        buf.insert('notifications', n('src', 't1')); // repeated: stored once
        await buf.flush(trx);
      });
      const rows = await store.db.selectFrom('notifications').select('target_event_id').orderBy('id').execute();
      expect(rows.map((r) => r.target_event_id)).toEqual(['stale', 't1']);
      const write = store.write(async (trx) => {
        const buf = new WriteBuffer();
        buf.insert('events', eventRow('src2'));
        buf.insert('notifications', { ...n('src2', 'x'), source_event_id: 'src2' });
        buf.insert('notifications', n('src', 'stale')); // not a new event's row: ignored as before
        await buf.flush(trx);
      });
      await write;
      const later = await store.db.selectFrom('notifications').select('target_event_id').orderBy('id').execute();
      expect(later.map((r) => r.target_event_id)).toEqual(['stale', 't1', 'x']);
      if (dialect === 'postgres') {
        await store.db.insertInto('notifications').values(n('src3', 'y')).execute();
        const clash = store.write(async (trx) => {
          const buf = new WriteBuffer();
          buf.insert('events', eventRow('src3'));
          buf.insert('notifications', n('src3', 'y')); // left over for a new event: the plain insert fails
          await buf.flush(trx);
        });
        await expect(clash).rejects.toMatchObject({ code: '23505' });
      }
    });

    it('ingest recovers from such a conflict: the event is stored through the guarded path', async () => {
      const store = getStore();
      const e = note(author, 'Left-over rows of an event stored before #again', [['t', 'again']], T0 + 5);
      await store.db.insertInto('event_tags').values(tag(e.id, 'again')).execute();
      const [result] = await ingestEvents(store, [e, note(author, 'another', [], T0 + 6)], { now: T0 + 60 });
      expect(result).toMatchObject({ ok: true, stored: true });
      const stored = await store.db.selectFrom('events').select('id').where('id', '=', e.id).execute();
      expect(stored).toHaveLength(1);
      const tags = await store.db.selectFrom('event_tags').select('value').where('event_id', '=', e.id).execute();
      expect(tags).toEqual([{ value: 'again' }]);
    });
  },
  { freshPerTest: true },
);
