import type { HttpRoute } from './router.ts';

/** Seconds a client is asked to wait before trying again while the demo network is being seeded. */
export const SEEDING_RETRY_S = 5;

/** The message of the "seeding" state (HTTP JSON `message`, page text, socket refusal). */
export const SEEDING_MESSAGE = 'Tide is preparing its demo network; try again in a few seconds.';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${SEEDING_RETRY_S}">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Tide is starting</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>Tide is starting</h1>
<p>${SEEDING_MESSAGE} This page reloads by itself.</p></body></html>`;

/**
 * While `isSeeding()`: answers every request with 503 and Retry-After, as a small self-reloading page for browsers
 * (Accept: text/html) and as `{"error": "seeding", "message": ...}` for everything else.
 */
export function seedingRoute(isSeeding: () => boolean): HttpRoute {
  return (req, res) => {
    if (!isSeeding()) return false;
    const html = (req.headers.accept ?? '').includes('text/html');
    const body = html ? PAGE : JSON.stringify({ error: 'seeding', message: SEEDING_MESSAGE });
    res.writeHead(503, {
      'content-type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(SEEDING_RETRY_S),
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/** The raw HTTP answer refusing a WebSocket upgrade while seeding. */
export function seedingUpgradeReply(): string {
  const body = JSON.stringify({ error: 'seeding', message: SEEDING_MESSAGE });
  return `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${SEEDING_RETRY_S}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
