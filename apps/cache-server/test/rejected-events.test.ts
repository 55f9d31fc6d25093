import { CacheClient } from '@tide/core/cache';
import { generateSecretKey, getPublicKey, type NostrEvent, signEvent } from '@tide/core/nostr';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../src/server.ts';
import type { Store } from '../src/store/index.ts';
import { describeDialects } from './dialects.ts';
import { RawSocket } from './raw-socket.ts';

/*
 * An event the gate refuses leaves no trace anywhere: not in `events`, and not in any derived table (tags, stats,
 * search, notifications, counters...). Every rejected event below is by a key used for nothing else, so neither its
 * id nor its author may appear in any row of any table afterwards, whichever way it came in (relay EVENT,
 * import_events, broadcast_events).
 */

const T0 = 1_800_000_000;
const evil = generateSecretKey();
const EVIL = getPublicKey(evil);
const victim = getPublicKey(generateSecretKey());

function sign(kind: number, content: string, tags: string[][] = [], at = T0 - 60): NostrEvent {
  return signEvent({ kind, content, tags, created_at: at }, evil);
}

/** Events the gate refuses, each with what is wrong with it. */
function rejectedEvents(): Array<{ what: string; event: NostrEvent }> {
  const note = sign(1, `hello nostr:npub #tag`, [['p', victim]]);
  const other = sign(1, 'other');
  return [
    { what: 'bad signature', event: { ...note, sig: other.sig } },
    { what: 'content changed after signing', event: { ...note, content: 'changed #tag' } },
    { what: 'too far in the future', event: sign(1, 'future', [['p', victim]], T0 + 3600) },
    { what: 'kind not accepted (NIP-85)', event: sign(30382, '', [['d', victim]]) },
    { what: 'kind blocked', event: sign(29333, 'x') },
    { what: 'larger than 500,000 characters', event: sign(1, 'x'.repeat(500_001)) },
    { what: 'reaction with a bad signature', event: { ...sign(7, '+', [['p', victim]]), sig: other.sig } },
    { what: 'contact list with a bad signature', event: { ...sign(3, '', [['p', victim]]), sig: other.sig } },
  ];
}

/** Every row of every table of the store, as JSON text per table. */
async function dumpTables(store: Store): Promise<Map<string, string>> {
  const names =
    store.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(store.db)).rows
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(store.db)
        ).rows;
  const out = new Map<string, string>();
  for (const { name } of names) {
    const rows = (await sql`select * from ${sql.table(name)}`.execute(store.db)).rows;
    out.set(
      name,
      JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    );
  }
  return out;
}

describeDialects('rejected events leave no trace', (getStore) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ store: getStore(), now: () => T0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('through relay EVENT, import_events and broadcast_events: refused, and no row of any table names them', async () => {
    const cases = rejectedEvents();
    const before = await dumpTables(getStore());
    const relay = await RawSocket.open(server.relayUrl);
    for (const { event } of cases) {
      const from = relay.frames.length;
      relay.send(['EVENT', event]);
      const ok = await relay.waitFor((f) => f.message[0] === 'OK' && f.message[1] === event.id, undefined, from);
      expect(ok.message[2]).toBe(false);
    }
    await relay.close();
    const client = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
    for (const { event } of cases) {
      // One event per call: in one batch, a second copy of an id whose first copy failed is answered "duplicate"
      // (ok, nothing stored) without its own check — reported to the ingest owner.
      const imported = await client.request('import_events', { events: [event] });
      expect(JSON.parse(String(imported[0]?.content))).toEqual({ imported: 0, errors: 1 });
      const answer = await client.request('broadcast_events', { events: [event], relays: [] });
      expect(JSON.parse(String(answer[0]?.content))[0]).toMatchObject({ event_id: event.id, responses: [] });
    }
    client.disconnect();

    const after = await dumpTables(getStore());
    const traces: string[] = [];
    for (const [table, text] of after) {
      if (text.includes(EVIL)) traces.push(`${table}: author`);
      for (const { what, event } of cases) if (text.includes(event.id)) traces.push(`${table}: ${what}`);
      if (text.includes(victim)) traces.push(`${table}: the victim named by a rejected event`);
    }
    expect(traces).toEqual([]);
    const changed = [...after].filter(([table, text]) => before.get(table) !== text).map(([table]) => table);
    expect(changed.filter((t) => !/kysely|cache|known_relays/.test(t))).toEqual([]);
  });
});
