import type { IncomingMessage } from 'node:http';
import { type CommandContext, CommandError } from '../commands/context.ts';
import type { ServerCore } from '../ws/index.ts';
import { type HttpRoute, sendJson } from './router.ts';

let nextId = 1_000_000_000;

async function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `POST /api` with body `["command", {payload}]` → JSON array of the result objects (the reference's HTTP form of
 * the same commands). Errors: 400 `{error}` for bad bodies and CommandErrors, 404 for unknown commands.
 */
export function apiRoute(core: ServerCore): HttpRoute {
  return async (req, res, url) => {
    if (url.pathname !== '/api' || req.method !== 'POST') return false;
    const body = await readBody(req, core.limits.maxMessageLength);
    if (body === null) {
      sendJson(res, 413, { error: `body too large (max ${core.limits.maxMessageLength} bytes)` });
      return true;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      sendJson(res, 400, { error: 'body is not JSON' });
      return true;
    }
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') {
      sendJson(res, 400, { error: 'body must be ["command", {payload}]' });
      return true;
    }
    const payload = parsed[1] ?? {};
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      sendJson(res, 400, { error: 'payload must be a JSON object' });
      return true;
    }
    const handler = core.registry.get(parsed[0]);
    if (!handler) {
      sendJson(res, 404, { error: 'unknown api request' });
      return true;
    }
    const ctx: CommandContext = {
      store: core.store,
      now: core.now,
      logger: core.logger,
      connection: { id: nextId++, userPubkey: null, protocol: {} },
      subId: 'http',
      command: parsed[0],
      notifier: core.notifier,
      ingest: core.ingest,
      publish: core.publish,
      uploads: core.uploads,
      productRelay: core.productRelay,
      live: () => {},
    };
    try {
      sendJson(res, 200, await handler(ctx, payload as Record<string, unknown>));
    } catch (err) {
      if (err instanceof CommandError) {
        sendJson(res, 400, { error: err.message });
        return true;
      }
      core.logger.error({ err, command: parsed[0] }, 'api command failed');
      sendJson(res, 500, { error: 'error' });
    }
    return true;
  };
}
