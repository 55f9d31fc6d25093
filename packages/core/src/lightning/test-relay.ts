import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

type Filter = { kinds?: number[]; authors?: string[]; ids?: string[]; since?: number; limit?: number } & Record<
  string,
  unknown
>;
type Event = { id: string; pubkey: string; kind: number; created_at: number; tags: string[][] };

function matches(f: Filter, e: Event): boolean {
  if (f.kinds && !f.kinds.includes(e.kind)) return false;
  if (f.authors && !f.authors.includes(e.pubkey)) return false;
  if (f.ids && !f.ids.includes(e.id)) return false;
  if (f.since !== undefined && e.created_at < f.since) return false;
  for (const [key, values] of Object.entries(f)) {
    if (!key.startsWith('#') || !Array.isArray(values)) continue;
    const name = key.slice(1);
    if (!e.tags.some((t) => t[0] === name && values.includes(t[1]))) return false;
  }
  return true;
}

/** A minimal in-memory NIP-01 relay on ws://127.0.0.1:<random port> (tests only; no signature checks). */
export async function startTestRelay(): Promise<{ url: string; events: Event[]; close(): Promise<void> }> {
  const events: Event[] = [];
  const subs = new Map<WebSocket, Map<string, Filter[]>>();
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  wss.on('connection', (ws) => {
    subs.set(ws, new Map());
    ws.on('close', () => subs.delete(ws));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as [string, ...unknown[]];
      if (msg[0] === 'EVENT') {
        const e = msg[1] as Event;
        events.push(e);
        ws.send(JSON.stringify(['OK', e.id, true, '']));
        for (const [client, clientSubs] of subs) {
          for (const [id, filters] of clientSubs) {
            if (filters.some((f) => matches(f, e))) client.send(JSON.stringify(['EVENT', id, e]));
          }
        }
      } else if (msg[0] === 'REQ') {
        const [, id, ...filters] = msg as [string, string, ...Filter[]];
        subs.get(ws)?.set(id, filters);
        for (const e of events) if (filters.some((f) => matches(f, e))) ws.send(JSON.stringify(['EVENT', id, e]));
        ws.send(JSON.stringify(['EOSE', id]));
      } else if (msg[0] === 'CLOSE') {
        subs.get(ws)?.delete(msg[1] as string);
      }
    });
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
