import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CacheError } from './cache-errors.ts';
import { startTestCacheServer, type TestCacheServer } from './cache-test-server.ts';
import { WalletClient } from './wallet-client.ts';

let server: TestCacheServer;
let wallet: WalletClient;

beforeEach(async () => {
  server = await startTestCacheServer();
  wallet = new WalletClient({ url: server.url, appId: 'web_test_2', WebSocket });
});

afterEach(async () => {
  wallet.close();
  await server.close();
});

describe('WalletClient', () => {
  it('rejects with no_socket while no socket is open, and opens nothing', async () => {
    const error = (await wallet.request('membership_status', {}).catch((e: CacheError) => e)) as CacheError;
    expect(error.code).toBe('no_socket');
    expect(error.message).toBe('no_socket');
    expect(() => wallet.subscribe('membership_purchase_monitor', {}, () => {})).toThrow('no_socket');
    await new Promise((r) => setTimeout(r, 50));
    expect(server.connections).toHaveLength(0);
  });

  it('gives up opening after the timeout and stays closed', async () => {
    const url = server.url;
    await server.close();
    const unreachable = new WalletClient({ url, WebSocket, timing: { reconnectMs: 10 } });
    const error = (await unreachable.open(100).catch((e: CacheError) => e)) as CacheError;
    expect(error.code).toBe('timeout');
    expect(unreachable.isOpen).toBe(false);
    server = await startTestCacheServer();
  });

  it('talks the same envelope without compression once open', async () => {
    server.setHandler((conn, command, payload, subId) => {
      expect(command).toBe('membership_name_available');
      expect(payload).toEqual({ name: 'alice' });
      conn.answer(subId, [{ kind: 10000500, content: '{"available":true}' }]);
    });
    await wallet.open();
    expect(wallet.isOpen).toBe(true);
    const events = await wallet.request('membership_name_available', { name: 'alice' });
    expect(events).toEqual([{ kind: 10000500, content: '{"available":true}' }]);
    expect(server.received.every((m) => (m[2] as { cache: string[] }).cache[0] !== 'set_primal_protocol')).toBe(true);
    wallet.close();
    expect(((await wallet.request('membership_status').catch((e: CacheError) => e)) as CacheError).code).toBe(
      'no_socket',
    );
  });
});
