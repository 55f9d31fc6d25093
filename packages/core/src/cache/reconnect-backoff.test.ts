import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CacheClient } from './cache-client.ts';
import { RECONNECT_MAX_MS, reconnectDelay } from './reconnect-backoff.ts';
import type { SocketCloseEvent, WebSocketLike } from './socket-types.ts';

/** A caching service that is down: every socket closes on the next tick without opening. */
class RefusedSocket implements WebSocketLike {
  static opened: number[] = [];
  binaryType = 'blob';
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: SocketCloseEvent) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(_url: string) {
    RefusedSocket.opened.push(Date.now());
    setTimeout(() => {
      this.readyState = 3;
      this.onclose?.({ code: 1006 });
    }, 0);
  }
  send(): void {}
  close(): void {}
}

describe('reconnect backoff', () => {
  it('keeps the 200 ms first retry, then doubles with jitter up to a few seconds', () => {
    expect(reconnectDelay(0, 200, () => 0.99)).toBe(200);
    expect(reconnectDelay(1, 200, () => 1)).toBe(400);
    expect(reconnectDelay(1, 200, () => 0)).toBe(200);
    expect(reconnectDelay(3, 200, () => 1)).toBe(1600);
    expect(reconnectDelay(20, 200, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, 200, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  describe('while the caching service is down', () => {
    beforeEach(() => {
      vi.useFakeTimers({ now: 0 });
      RefusedSocket.opened = [];
    });
    afterEach(() => vi.useRealTimers());

    it('opens a few sockets a minute, not one every 200 ms, and the first retry is at 200 ms', async () => {
      const client = new CacheClient({ url: 'ws://down.invalid/v1', WebSocket: RefusedSocket });
      client.connect();
      await vi.advanceTimersByTimeAsync(70_000);
      const [first, second] = RefusedSocket.opened;
      expect(first).toBe(0);
      expect(second).toBe(200);
      // 70 s down: 350 sockets at a flat 200 ms; with the backoff ~20 (waits of 2.5-5 s after the first few).
      expect(RefusedSocket.opened.length).toBeLessThan(40);
      expect(RefusedSocket.opened.length).toBeGreaterThan(10);
      const gaps = RefusedSocket.opened.slice(1).map((t, i) => t - (RefusedSocket.opened[i] ?? 0));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(RECONNECT_MAX_MS + 10);
      expect(new Set(gaps.slice(-8)).size).toBeGreaterThan(1);
      client.disconnect();
    });
  });
});
