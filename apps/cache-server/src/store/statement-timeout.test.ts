import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshLocation, testDialects } from '../../test/dialects.ts';
import { testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { STATEMENT_TIMEOUT_NOTICE } from '../commands/statement-timeouts.ts';
import { startServer } from '../server.ts';
import { createDb, PG_STATEMENT_TIMEOUT_MS } from './create-db.ts';
import { analyzeStore } from './pg-maintenance.ts';

/** What `statement_timeout` is on a database's connection. */
async function timeoutOf(db: Kysely<never>): Promise<string> {
  return (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)).rows[0].statement_timeout;
}

for (const dialect of testDialects().filter((d) => d === 'postgres')) {
  describe('PostgreSQL statement timeout of the serving connections', () => {
    it('is set on the pool (10 s by default), not on the migrations session', async () => {
      const url = process.env.TIDE_TEST_DATABASE_URL as string;
      expect(PG_STATEMENT_TIMEOUT_MS).toBe(10_000);
      const byDefault = await createDb({ databaseUrl: url, pgMax: 1 });
      const off = await createDb({ databaseUrl: url, pgMax: 1, pgStatementTimeoutMs: 0 });
      const session = byDefault.openSession?.();
      try {
        expect(await timeoutOf(byDefault.db as never)).toBe('10s');
        expect(await timeoutOf(off.db as never)).toBe('0');
        expect(await timeoutOf(session?.db as never)).toBe('0');
      } finally {
        await session?.db.destroy();
        await session?.end();
        await byDefault.db.destroy();
        await off.db.destroy();
      }
    });

    it('a request whose statement hangs gets NOTICE + EOSE and the server goes on; writes and ANALYZE are not bound', async () => {
      const where = freshLocation(dialect, 'stmttimeout');
      const server = await startServer({
        ...where.options,
        pgStatementTimeoutMs: 300,
        commands: {
          test_hang: async (ctx) => {
            await sql`select pg_sleep(30)`.execute(ctx.store.db);
            return [];
          },
        },
      });
      const socket = await RawSocket.open(server.url);
      try {
        const started = Date.now();
        socket.send(['REQ', 'hang', { cache: ['test_hang', {}] }]);
        const frames = await socket.untilEose('hang');
        expect(frames.map((f) => f.message)).toEqual([
          ['NOTICE', 'hang', STATEMENT_TIMEOUT_NOTICE],
          ['EOSE', 'hang'],
        ]);
        expect(Date.now() - started).toBeLessThan(10_000);
        // the server goes on
        const ann = testUser('statement-timeout-ann');
        const kinds = (await socket.cacheObjects('user_infos', { pubkeys: [ann.pubkey] })).map((o) => o.kind);
        expect(kinds).toContain(10000108);
        // a write transaction (ingest, the seed) and ANALYZE run without the timeout
        const slept = await server.store.write(async (trx) => {
          await sql`select pg_sleep(0.6)`.execute(trx);
          return (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(trx)).rows[0]
            .statement_timeout;
        });
        expect(slept).toBe('0');
        await analyzeStore(server.store);
        expect(await timeoutOf(server.store.db as never)).toBe('300ms'); // SET LOCAL ended with its transaction
      } finally {
        await socket.close();
        await server.close();
        await where.cleanup();
      }
    });
  });
}
