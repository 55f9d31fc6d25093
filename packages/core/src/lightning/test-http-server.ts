import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request seen by a {@link startTestServer} server. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback HTTP server for tests: `origin` is http://127.0.0.1:<random port>. */
export interface TestServer {
  origin: string;
  port: number;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Answer of a test route: status and JSON (or raw text) body. */
export type TestReply = { status?: number; json?: unknown; text?: string };

/** Starts a real node:http server on 127.0.0.1:0 that answers with `handler` (tests only). */
export async function startTestServer(
  handler: (req: SeenRequest, origin: string) => TestReply | Promise<TestReply>,
): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  let origin = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      const reply = await handler(seen, origin);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(reply.text ?? JSON.stringify(reply.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
