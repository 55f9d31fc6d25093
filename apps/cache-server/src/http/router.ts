import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ServerLimits } from '../limits.ts';
import { type RelayInfoOptions, relayInfoDocument } from './nip11.ts';

/** One HTTP route: returns true when it answered the request. */
export type HttpRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> | boolean;

/** Sends a JSON body with CORS open (the web app may live on another origin in dev). */
export function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': `${contentType}; charset=utf-8`,
    'content-length': Buffer.byteLength(text),
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** Answers NIP-11 for `Accept: application/nostr+json` on `/` and `/v1`. */
export function nip11Route(limits: ServerLimits, info: RelayInfoOptions = {}): HttpRoute {
  return (req, res, url) => {
    const accept = req.headers.accept ?? '';
    const path = url.pathname;
    if (!accept.includes('application/nostr+json') || (path !== '/' && path !== '/v1' && path !== '/premium')) {
      return false;
    }
    if (req.method === 'OPTIONS') return false;
    sendJson(res, 200, relayInfoDocument(limits, info, path === '/premium'), 'application/nostr+json');
    return true;
  };
}

/** Builds the server's request handler: routes in order, CORS preflight, 404 JSON, 500 on route errors. */
export function createHttpHandler(routes: HttpRoute[], logger: Logger) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      sendJson(res, 400, { error: 'bad url' });
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
        'access-control-allow-headers':
          'accept, content-type, authorization, x-sha-256, x-content-length, x-content-type',
        'access-control-max-age': '86400',
      });
      res.end();
      return;
    }
    try {
      for (const route of routes) if (await route(req, res, url)) return;
      if (!res.headersSent) sendJson(res, 404, { error: 'not found' });
    } catch (err) {
      logger.error({ err, path: url.pathname }, 'http route failed');
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    }
  };
}
