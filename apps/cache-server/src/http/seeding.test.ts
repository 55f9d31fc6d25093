import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer } from '../server.ts';

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', (err) => reject(err));
  });
}

it('answers "seeding" (503, Retry-After) to pages, API and sockets until ready, then serves', async () => {
  const server = await startServer({ sqlitePath: ':memory:', seeding: true });
  try {
    const api = await fetch(`${server.httpUrl}/api`, { method: 'POST', body: '["get_default_relays",{}]' });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toMatchObject({ error: 'seeding' });
    const page = await fetch(`${server.httpUrl}/home`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Tide is starting');
    expect(await upgradeStatus(server.url)).toBe(503);
    expect(await upgradeStatus(server.relayUrl)).toBe(503);

    await server.ready();
    const after = await fetch(`${server.httpUrl}/api`, { method: 'POST', body: '["get_default_relays",{}]' });
    expect(after.status).toBe(200);
    expect(await upgradeStatus(server.url)).toBe(101);
  } finally {
    await server.close();
  }
});
