import type { NostrEvent } from '@tide/core/nostr';
import WebSocket from 'ws';

/** A reconnecting NIP-01 client for one relay: publish with OK, one live subscription. */
export class RelayClient {
  private ws: WebSocket | undefined;
  private closed = false;
  private readonly waiting = new Map<string, (ok: boolean, msg: string) => void>();
  private readonly subs = new Map<string, { filter: object; onEvent: (e: NostrEvent) => void }>();

  constructor(readonly url: string) {
    this.connect();
  }

  /** Sends an event; resolves with the relay's OK (false after `timeoutMs` without one, retrying while disconnected). */
  async publish(event: NostrEvent, timeoutMs = 8000): Promise<{ ok: boolean; message: string }> {
    const deadline = Date.now() + timeoutMs;
    while (this.ws?.readyState !== WebSocket.OPEN) {
      if (this.closed || Date.now() > deadline) return { ok: false, message: 'not connected' };
      await new Promise((r) => setTimeout(r, 200));
    }
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiting.delete(event.id);
          resolve({ ok: false, message: 'timeout' });
        },
        Math.max(1, deadline - Date.now()),
      );
      this.waiting.set(event.id, (ok, message) => {
        clearTimeout(timer);
        resolve({ ok, message });
      });
      this.send(['EVENT', event]);
    });
  }

  /** Keeps a subscription open across reconnects. */
  subscribe(id: string, filter: object, onEvent: (e: NostrEvent) => void): void {
    this.subs.set(id, { filter, onEvent });
    this.send(['REQ', id, filter]);
  }

  /** Closes the socket for good. */
  close(): void {
    this.closed = true;
    this.ws?.close();
  }

  private send(msg: unknown[]): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.once('open', () => {
      for (const [id, s] of this.subs) ws.send(JSON.stringify(['REQ', id, s.filter]));
    });
    ws.on('message', (raw) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (!Array.isArray(msg)) return;
      if (msg[0] === 'OK') {
        this.waiting.get(String(msg[1]))?.(msg[2] === true, String(msg[3] ?? ''));
        this.waiting.delete(String(msg[1]));
      } else if (msg[0] === 'EVENT') {
        this.subs.get(String(msg[1]))?.onEvent(msg[2] as NostrEvent);
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (!this.closed) setTimeout(() => this.connect(), 500);
    });
  }
}
