import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshLocation, type TestStoreLocation } from '../../test/dialects.ts';
import { note, reply, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { type RunningServer, startServer } from '../server.ts';

const author = testUser('worker-deps-author');
const other = testUser('worker-deps-other');

describe('answers computed by read workers carry their dependencies (SQLite)', () => {
  let loc: TestStoreLocation;
  let server: RunningServer;
  let s: RawSocket;
  let clock = T0 + 3600;
  const ask = (command: string, payload: Record<string, unknown>) => s.cacheObjects(command, payload);
  beforeAll(async () => {
    loc = freshLocation('sqlite', 'workerdeps');
    // every miss goes to the worker
    const limits = { mainComputeBacklog: 0 };
    server = await startServer({ sqlitePath: loc.options.sqlitePath, now: () => clock, readWorkers: 1, limits });
    s = await RawSocket.open(server.url);
  });
  afterAll(async () => {
    await s.close();
    await server.close();
    await loc.cleanup();
  });

  it("a worker's answer outlives writes that do not touch it and goes with one that does", async () => {
    const post = note(author, 'thread root', [], T0);
    await ask('import_events', { events: [post] });
    clock += 1;
    const thread = { event_id: post.id, limit: 10 };
    server.stats();
    expect((await ask('thread_view', thread)).filter((o) => o.kind === 1)).toHaveLength(1);
    await ask('import_events', { events: [note(other, 'unrelated', [], T0 + 1)] });
    clock += 1;
    expect((await ask('thread_view', thread)).filter((o) => o.kind === 1)).toHaveLength(1);
    expect(server.stats()).toMatchObject({ answers: { hits: 1, misses: 1 }, reads: { served: 1 } });
    await ask('import_events', { events: [reply(other, post, 'a reply', T0 + 2)] });
    clock += 1;
    expect((await ask('thread_view', thread)).filter((o) => o.kind === 1)).toHaveLength(2);
    expect(server.stats()).toMatchObject({ answers: { misses: 1 }, reads: { served: 1 } });
  });
});
