import type { NostrEvent } from '@tide/core/nostr';
import WebSocket from 'ws';

/**
 * Sends `event` to one relay and resolves with the relay's raw reply to it (the OK frame's JSON text), or an
 * `error: ...` string on failure or timeout. Never rejects.
 */
export function publishToRelay(url: string, event: NostrEvent, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    let done = false;
    let socket: WebSocket;
    const finish = (reply: string): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        socket.close();
      } catch {
        socket.terminate();
      }
      resolve(reply);
    };
    const timer = setTimeout(() => finish('error: timeout'), timeoutMs);
    try {
      socket = new WebSocket(url, { handshakeTimeout: timeoutMs });
    } catch (err) {
      clearTimeout(timer);
      resolve(`error: ${(err as Error).message}`);
      return;
    }
    socket.on('open', () => socket.send(JSON.stringify(['EVENT', event])));
    socket.on('message', (data) => {
      const text = data.toString();
      try {
        const msg: unknown = JSON.parse(text);
        if (Array.isArray(msg) && msg[0] === 'OK' && msg[1] === event.id) finish(text);
      } catch {
        // ignore frames that are not JSON
      }
    });
    socket.on('error', (err) => finish(`error: ${err.message}`));
    socket.on('close', () => finish('error: connection closed'));
  });
}

/** Sends `event` to every relay in parallel; resolves with `[url, raw reply]` pairs in the relays' order. */
export async function publishToRelays(
  event: NostrEvent,
  relays: readonly string[],
  timeoutMs: number,
): Promise<Array<[string, string]>> {
  const replies = await Promise.all(relays.map((url) => publishToRelay(url, event, timeoutMs)));
  return relays.map((url, i) => [url, replies[i]]);
}
