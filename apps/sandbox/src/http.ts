import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A parsed request handed to sandbox routes. */
export interface SandboxRequest {
  method: string;
  url: URL;
  /** Path segments after the leading slash. */
  parts: string[];
  /** Parsed JSON body; undefined when absent, the symbol BAD_JSON when it does not parse. */
  body: unknown;
}

/** A route's answer: status (200 by default) and JSON body, or raw JS text. */
export interface SandboxReply {
  status?: number;
  json?: unknown;
  js?: string;
}

/** Marks a body that is not valid JSON. */
export const BAD_JSON = Symbol('bad json');
const MAX_BODY = 1_000_000;

/** A route table entry: answers, or returns undefined to let the next one try. */
export type Route = (req: SandboxRequest) => SandboxReply | undefined | Promise<SandboxReply | undefined>;

/** A path segment decoded, or as written when its %-escapes are broken (routes then find no such name). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) return BAD_JSON;
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return BAD_JSON;
  }
}

/** Starts the sandbox HTTP server (CORS open, JSON everywhere, a route's crash answers 500 JSON). */
export async function listen(routes: Route[], host: string, port: number): Promise<{ server: Server; port: number }> {
  const server = createServer(async (req, res) => {
    const headers = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type, accept',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers).end();
      return;
    }
    let reply: SandboxReply | undefined;
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      const parts = url.pathname.split('/').filter(Boolean).map(safeDecode);
      const r: SandboxRequest = { method: req.method ?? 'GET', url, parts, body: await readBody(req) };
      for (const route of routes) {
        reply = await route(r);
        if (reply) break;
      }
    } catch (e) {
      reply = { status: 500, json: { status: 'ERROR', reason: (e as Error).message, detail: (e as Error).message } };
    }
    reply ??= { status: 404, json: { status: 'ERROR', reason: 'Not found', detail: 'Not found' } };
    if (reply.js !== undefined) {
      res.writeHead(reply.status ?? 200, { ...headers, 'content-type': 'text/javascript' }).end(reply.js);
      return;
    }
    res.writeHead(reply.status ?? 200, { ...headers, 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.json ?? {}));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return { server, port: (server.address() as AddressInfo).port };
}
