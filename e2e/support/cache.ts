import WebSocket from 'ws';

/** One event of a caching-service answer (Nostr events and the service's own kinds). */
export interface CacheAnswerEvent {
  kind: number;
  id?: string;
  pubkey?: string;
  content?: string;
  tags?: string[][];
}

/** Asks the caching service one command on `/v1` (REQ with `{cache: [command, payload]}`) and resolves at EOSE. */
export function cacheRequest(
  url: string,
  command: string,
  payload: Record<string, unknown>,
  timeoutMs = 15_000,
): Promise<CacheAnswerEvent[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const events: CacheAnswerEvent[] = [];
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error(`${command}: no EOSE from ${url}`));
    }, timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify(['REQ', 'q', { cache: [command, payload] }])));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as unknown[];
      if (frame[0] === 'EVENT') events.push(frame[2] as CacheAnswerEvent);
      if (frame[0] === 'EOSE' || frame[0] === 'NOTICE') {
        clearTimeout(timer);
        ws.close();
        if (frame[0] === 'NOTICE') reject(new Error(`${command}: NOTICE ${String(frame[2])}`));
        else resolve(events);
      }
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
