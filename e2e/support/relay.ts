import type { NostrEvent } from 'nostr-tools/pure';
import WebSocket from 'ws';

/** Publishes events to a relay (`EVENT`), resolving with how many it accepted (`OK true`); rejects after `timeoutMs`. */
export function publishToRelay(url: string, events: readonly NostrEvent[], timeoutMs = 15_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    let answers = 0;
    let accepted = 0;
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error(`relay ${url} answered ${answers} of ${events.length} events`));
    }, timeoutMs);
    ws.on('open', () => {
      for (const event of events) ws.send(JSON.stringify(['EVENT', event]));
      if (!events.length) {
        clearTimeout(timer);
        ws.close();
        resolve(0);
      }
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as unknown[];
      if (frame[0] !== 'OK') return;
      answers++;
      if (frame[2] === true) accepted++;
      if (answers === events.length) {
        clearTimeout(timer);
        ws.close();
        resolve(accepted);
      }
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Stored events matching one NIP-01 filter (REQ until EOSE); rejects after `timeoutMs`. */
export function queryRelay(url: string, filter: Record<string, unknown>, timeoutMs = 15_000): Promise<NostrEvent[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const events: NostrEvent[] = [];
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error(`relay ${url} sent no EOSE`));
    }, timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify(['REQ', 'q', filter])));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as unknown[];
      if (frame[0] === 'EVENT') events.push(frame[2] as NostrEvent);
      if (frame[0] === 'EOSE') {
        clearTimeout(timer);
        ws.close();
        resolve(events);
      }
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
