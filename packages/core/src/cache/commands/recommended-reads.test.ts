import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { naddrEncode } from '../../nostr/index.ts';
import { CacheClient } from '../cache-client.ts';
import { startTestCacheServer, type TestCacheServer } from '../cache-test-server.ts';
import { fetchRecommendedReads } from './content.ts';

let server: TestCacheServer;
let client: CacheClient;

beforeEach(async () => {
  server = await startTestCacheServer();
  client = new CacheClient({ url: server.url, appId: 'web_test_rr', WebSocket });
});

afterEach(async () => {
  client.disconnect();
  await server.close();
});

describe('fetchRecommendedReads', () => {
  it('decodes the first element of each [naddr, title] entry as an address and skips what is not an naddr', async () => {
    const addr = { kind: 30023, pubkey: 'b'.repeat(64), identifier: 'my-article' };
    const content = JSON.stringify({ reads: [[naddrEncode(addr), 'My article'], ['e'.repeat(64), 'an event id'], 7] });
    server.setHandler((conn, _c, _p, subId) => conn.answer(subId, [{ kind: 10000145, content }]));
    expect(await fetchRecommendedReads(client)).toEqual([addr]);
  });
});
