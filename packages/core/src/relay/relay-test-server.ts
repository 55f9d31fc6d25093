import { type WebSocket, WebSocketServer } from 'ws';
import type { NostrEvent } from '../nostr/index.ts';

/** How the test relay answers; change fields between steps of a test. */
export interface RelayBehaviour {
  /** Events served to REQ (all of them, filtered by `kinds`/`authors`/`ids` when given). */
  stored: NostrEvent[];
  /** Answer to EVENT: accept, reject with this reason, or stay silent. */
  ok: 'accept' | 'silent' | { reject: string };
  /** Send EOSE after stored events (false = never, to test the stored-events timeout). */
  eose: boolean;
  /** Answer REQ with CLOSED and this reason instead. */
  closedReason?: string;
  /** Send an AUTH challenge on connect. */
  challenge?: string;
  /** Send this AUTH challenge only together with an `auth-required:` refusal. */
  lazyChallenge?: string;
  /** COUNT answer. */
  count: number;
  /** Refuse EVENT and REQ with `auth-required:` until the socket has sent AUTH. */
  requireAuth?: boolean;
  /** Pass accepted events on to the open subscriptions that match them (kinds/authors/ids/#p), like a live relay. */
  live?: boolean;
}

/** A tiny NIP-01 relay on 127.0.0.1 (random port) for tests; it records every message it receives. */
export interface TestRelay {
  url: string;
  behaviour: RelayBehaviour;
  received: unknown[][];
  published: NostrEvent[];
  authed: NostrEvent[];
  sockets: WebSocket[];
  close(): Promise<void>;
}

function matches(event: NostrEvent, filter: Record<string, unknown>): boolean {
  const kinds = filter.kinds as number[] | undefined;
  const authors = filter.authors as string[] | undefined;
  const ids = filter.ids as string[] | undefined;
  const p = filter['#p'] as string[] | undefined;
  return (
    (!kinds || kinds.includes(event.kind)) &&
    (!authors || authors.includes(event.pubkey)) &&
    (!ids || ids.includes(event.id)) &&
    (!p || event.tags.some((t) => t[0] === 'p' && p.includes(t[1])))
  );
}

/** Starts a {@link TestRelay}. */
export async function startTestRelay(port = 0): Promise<TestRelay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const address = wss.address();
  const relay: TestRelay = {
    url: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    behaviour: { stored: [], ok: 'accept', eose: true, count: 0 },
    received: [],
    published: [],
    authed: [],
    sockets: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
  const live = new Map<WebSocket, Map<string, Record<string, unknown>[]>>();
  wss.on('connection', (socket) => {
    relay.sockets.push(socket);
    const subs = new Map<string, Record<string, unknown>[]>();
    live.set(socket, subs);
    socket.on('close', () => live.delete(socket));
    const send = (m: unknown[]) => socket.send(JSON.stringify(m));
    if (relay.behaviour.challenge) send(['AUTH', relay.behaviour.challenge]);
    let authed = false;
    const refuse = 'auth-required: please authenticate';
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as unknown[];
      relay.received.push(message);
      const b = relay.behaviour;
      const [type, a, ...rest] = message;
      if (type === 'REQ') {
        if (b.requireAuth && !authed) {
          if (b.lazyChallenge) send(['AUTH', b.lazyChallenge]);
          return send(['CLOSED', a, refuse]);
        }
        if (b.closedReason) return send(['CLOSED', a, b.closedReason]);
        const filters = rest as Record<string, unknown>[];
        subs.set(String(a), filters);
        for (const event of b.stored) if (filters.some((f) => matches(event, f))) send(['EVENT', a, event]);
        if (b.eose) send(['EOSE', a]);
      } else if (type === 'EVENT') {
        const event = a as NostrEvent;
        if (b.requireAuth && !authed) {
          if (b.lazyChallenge) send(['AUTH', b.lazyChallenge]);
          return send(['OK', event.id, false, refuse]);
        }
        if (b.ok === 'silent') return;
        if (b.ok === 'accept') {
          relay.published.push(event);
          send(['OK', event.id, true, '']);
          if (b.live) {
            for (const [peer, peerSubs] of live) {
              for (const [subId, filters] of peerSubs) {
                if (filters.some((f) => matches(event, f))) peer.send(JSON.stringify(['EVENT', subId, event]));
              }
            }
          }
        } else send(['OK', event.id, false, b.ok.reject]);
      } else if (type === 'AUTH') {
        const event = a as NostrEvent;
        relay.authed.push(event);
        authed = true;
        send(['OK', event.id, true, '']);
      } else if (type === 'COUNT') send(['COUNT', a, { count: b.count }]);
      else if (type === 'CLOSE') subs.delete(String(a));
    });
  });
  return relay;
}
