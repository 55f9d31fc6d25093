import { strToU8, zlibSync } from 'fflate';
import { type WebSocket, WebSocketServer } from 'ws';
import type { CacheEvent } from '../nostr/index.ts';

/** One connection of the test server, with helpers to answer in the caching-service format. */
export interface TestConnection {
  socket: WebSocket;
  compressed: boolean;
  /** Answers a one-shot request: zlib EVENTS + text EOSE when negotiated, else EVENT frames + EOSE. */
  answer(subId: string, events: CacheEvent[]): void;
  event(subId: string, event: CacheEvent): void;
  notice(subId: string, text: string): void;
  sendBinary(bytes: Uint8Array): void;
}

/** A REQ handler: gets the command, its payload and the sub-id. */
export type ReqHandler = (conn: TestConnection, command: string, payload: unknown, subId: string) => void;

/** A real WebSocket server on 127.0.0.1 (random port) speaking the caching-service envelope, for tests. */
export interface TestCacheServer {
  url: string;
  received: unknown[][];
  connections: TestConnection[];
  setHandler(handler: ReqHandler): void;
  close(): Promise<void>;
}

/** Starts a {@link TestCacheServer}; REQs are answered by the current handler (default: empty answer). */
export async function startTestCacheServer(): Promise<TestCacheServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const received: unknown[][] = [];
  const connections: TestConnection[] = [];
  let handler: ReqHandler = (conn, _c, _p, subId) => conn.answer(subId, []);

  wss.on('connection', (socket) => {
    const conn: TestConnection = {
      socket,
      compressed: false,
      answer(subId, events) {
        if (conn.compressed && events.length > 0) {
          socket.send(zlibSync(strToU8(JSON.stringify(['EVENTS', subId, events]))), { binary: true });
        } else {
          for (const event of events) socket.send(JSON.stringify(['EVENT', subId, event]));
        }
        socket.send(JSON.stringify(['EOSE', subId]));
      },
      event(subId, event) {
        socket.send(JSON.stringify(['EVENT', subId, event]));
      },
      notice(subId, text) {
        socket.send(JSON.stringify(['NOTICE', subId, text]));
        socket.send(JSON.stringify(['EOSE', subId]));
      },
      sendBinary(bytes) {
        socket.send(bytes, { binary: true });
      },
    };
    connections.push(conn);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as unknown[];
      received.push(message);
      if (message[0] !== 'REQ') return;
      const subId = String(message[1]);
      const [command, payload] = (message[2] as { cache: [string, unknown?] }).cache;
      if (command === 'set_primal_protocol') {
        conn.compressed = true;
        socket.send(JSON.stringify(['EOSE', subId]));
        return;
      }
      handler(conn, command, payload, subId);
    });
  });

  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    connections,
    setHandler: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
