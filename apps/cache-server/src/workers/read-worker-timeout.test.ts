import { expect, it } from 'vitest';
import { STATEMENT_TIMEOUT_NOTICE } from '../commands/statement-timeouts.ts';
import type { Store } from '../store/index.ts';
import { readWorkerStore } from './read-pool-start.ts';
import { serveRead } from './read-worker.ts';

it("a read worker's statement timeout is a NOTICE, as on the main thread, and workers get the configured timeout", async () => {
  // a store whose every statement PostgreSQL cancels for its statement_timeout
  const timedOut = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
  const db = new Proxy({} as Store['db'], {
    get: () => () => {
      throw timedOut;
    },
  });
  const store = { db, dialect: 'postgres' } as Store;
  const ctxBase = {
    store,
    logger: undefined as never,
    subId: '',
    live: () => {},
    notifier: { notify: () => {} },
    ingest: () => Promise.reject(new Error('no')),
    publish: () => Promise.reject(new Error('no')),
  };
  const request = {
    type: 'read' as const,
    id: 7,
    command: 'events',
    payload: { event_ids: ['a'.repeat(64)] },
    userPubkey: null,
    now: 1_800_000_000,
    seq: 0,
  };
  const { reply } = await serveRead(ctxBase, request);
  expect(reply).toEqual({ id: 7, error: STATEMENT_TIMEOUT_NOTICE, notice: true });

  const url = 'postgres://u:p@127.0.0.1:5432/db';
  const options = { databaseUrl: url, pgSchema: 's', pgStatementTimeoutMs: 2000 };
  expect(readWorkerStore(options, store, true)).toEqual(options);
  expect(readWorkerStore({ databaseUrl: url }, store, true)).toEqual({ databaseUrl: url });
});
