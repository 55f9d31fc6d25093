import { hasSignedShape, type NostrEvent } from '@tide/core/nostr';
import type { WebSocket } from 'ws';
import type { ServerCore } from '../ws/index.ts';
import { Connection, jsonTooDeep, RATE_LIMITED, refusedMessage, TOO_DEEP } from '../ws/index.ts';
import { AUTH_ONLY_KINDS, checkAuthEvent, isHiddenDm, newChallenge } from './auth.ts';
import { expirationOf, isEmptyFilter, matchFilter, parseFilter, type RelayFilter } from './filter.ts';
import { countFilters, queryFilter } from './filter-query.ts';

/** Reason of CLOSED when kind-4 DMs or kind-1059 gift wraps are asked for before AUTH. */
export const AUTH_REQUIRED_DMS = 'auth-required: we only serve DMs (kinds 4, 1059) to their authenticated parties';

function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return /^[a-z-]+: /.test(message) ? message : `error: ${message}`;
}

/**
 * Serves one NIP-01 relay connection at `/` over the same store (NIP-01/09/11/40/42/45/50). `relayHosts` are the
 * `host[:port]` names AUTH events must name in their relay tag (see relayTagMatches).
 */
export function serveRelayConnection(
  socket: WebSocket,
  core: ServerCore,
  relayHosts: readonly string[],
  /** Why an event may not be written here, or null (the premium relay takes only members' events). */
  refuseWrite?: (event: NostrEvent) => Promise<string | null>,
): Connection {
  const conn = new Connection(socket, core.limits, core.logger);
  const challenge = newChallenge();
  const authed = new Set<string>();
  const { limits } = core;
  conn.sendJson(['AUTH', challenge]);
  core.logger.debug({ conn: conn.id }, 'relay connection opened');
  socket.once('close', (code) => core.logger.debug({ conn: conn.id, code }, 'relay connection closed'));

  const visible = (event: NostrEvent): boolean => {
    if (isHiddenDm(event, authed)) return false;
    const expiration = expirationOf(event);
    return expiration === null || expiration > core.now();
  };

  const parseFilters = (subId: string, raw: unknown[], type: 'REQ' | 'COUNT'): RelayFilter[] | null => {
    try {
      if (raw.length === 0) throw new Error(`invalid: ${type} needs at least one filter`);
      if (raw.length > limits.maxFilters) throw new Error(`invalid: too many filters (max ${limits.maxFilters})`);
      const filters = raw.map((f) => parseFilter(f, limits.maxLimit, limits.defaultLimit));
      if (authed.size === 0 && filters.some((f) => f.kinds?.some((k) => AUTH_ONLY_KINDS.includes(k)))) {
        throw new Error(AUTH_REQUIRED_DMS);
      }
      return filters;
    } catch (err) {
      conn.sendJson(['CLOSED', subId, reasonOf(err)]);
      return null;
    }
  };

  const handleReq = async (subId: string, filters: RelayFilter[]): Promise<void> => {
    const sent = new Set<string>();
    let buffered: NostrEvent[] | null = [];
    const live = (event: NostrEvent): void => {
      if (!filters.some((f) => matchFilter(event, f)) || !visible(event)) return;
      if (buffered) buffered.push(event);
      else if (!sent.has(event.id)) conn.sendJson(['EVENT', subId, event]);
    };
    const stop = core.notifier.onEvent(live);
    // NIP-01: this REQ replaces an open or still running one with the same sub-id (its output ends here)
    conn.addSubscription(subId, stop);
    try {
      const lists = await Promise.all(filters.filter((f) => !isEmptyFilter(f)).map((f) => queryFilter(core.store, f)));
      if (!conn.isSubscription(subId, stop)) return;
      const events = lists.flat().sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
      for (const event of events) {
        if (sent.has(event.id) || !visible(event)) continue;
        sent.add(event.id);
        conn.sendJson(['EVENT', subId, event]);
      }
      conn.sendJson(['EOSE', subId]);
      const pending = buffered;
      buffered = null;
      for (const event of pending) if (!sent.has(event.id)) conn.sendJson(['EVENT', subId, event]);
    } catch (err) {
      core.logger.warn({ err, conn: conn.id }, 'relay query failed');
      if (!conn.isSubscription(subId, stop)) return;
      conn.removeSubscription(subId);
      conn.sendJson(['CLOSED', subId, 'error: could not run the query']);
    }
  };

  const handleEvent = async (event: unknown): Promise<void> => {
    const id = typeof event === 'object' && event !== null ? (event as { id?: unknown }).id : undefined;
    const okId = typeof id === 'string' ? id : '';
    if (!hasSignedShape(event)) {
      conn.sendJson(['OK', okId, false, 'invalid: malformed event']);
      return;
    }
    if (!conn.events.take()) {
      conn.sendJson(['OK', event.id, false, RATE_LIMITED]);
      return;
    }
    if (event.tags.length > limits.maxEventTags) {
      conn.sendJson(['OK', event.id, false, `invalid: too many tags (max ${limits.maxEventTags})`]);
      return;
    }
    if (event.content.length > limits.maxContentLength) {
      conn.sendJson(['OK', event.id, false, `invalid: content too long (max ${limits.maxContentLength})`]);
      return;
    }
    const expiration = expirationOf(event as NostrEvent);
    if (expiration !== null && expiration <= core.now()) {
      conn.sendJson(['OK', event.id, false, 'invalid: event is expired']);
      return;
    }
    const refusal = await refuseWrite?.(event as NostrEvent);
    if (refusal) {
      conn.sendJson(['OK', event.id, false, refusal]);
      return;
    }
    try {
      const [result] = await core.ingest([event], 'relay');
      const reason = result?.reason ?? 'error: no result';
      conn.sendJson(['OK', event.id, result?.ok ?? false, reason]);
    } catch (err) {
      core.logger.error({ err }, 'relay ingest failed');
      conn.sendJson(['OK', event.id, false, 'error: could not store the event']);
    }
  };

  const handleMessage = async (text: string): Promise<void> => {
    if (text.length > limits.maxMessageLength) {
      conn.sendJson(['NOTICE', `invalid: message too large (max ${limits.maxMessageLength} bytes)`]);
      return;
    }
    if (jsonTooDeep(text)) {
      // refused before any work; a REQ or COUNT is CLOSED and an EVENT answered OK false, so its client stops waiting
      const refused = refusedMessage(text);
      if (refused?.verb === 'REQ' || refused?.verb === 'COUNT') conn.sendJson(['CLOSED', refused.id, TOO_DEEP]);
      else if (refused?.verb === 'EVENT') conn.sendJson(['OK', refused.id, false, TOO_DEEP]);
      else conn.sendJson(['NOTICE', TOO_DEEP]);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      conn.sendJson(['NOTICE', 'invalid: message is not JSON']);
      return;
    }
    if (!Array.isArray(message) || typeof message[0] !== 'string') {
      conn.sendJson(['NOTICE', 'invalid: message must be a JSON array starting with a type']);
      return;
    }
    const type = message[0];
    if (type === 'EVENT') return handleEvent(message[1]);
    if (type === 'AUTH') {
      const ev = message[1] as { id?: unknown } | null;
      const id = typeof ev?.id === 'string' ? ev.id : '';
      try {
        authed.add(checkAuthEvent(message[1], challenge, core.now(), relayHosts));
        conn.sendJson(['OK', id, true, '']);
      } catch (err) {
        conn.sendJson(['OK', id, false, reasonOf(err)]);
      }
      return;
    }
    const subId = message[1];
    if (type !== 'REQ' && type !== 'CLOSE' && type !== 'COUNT') {
      conn.sendJson(['NOTICE', `invalid: unknown message type ${type.slice(0, 20)}`]);
      return;
    }
    if (typeof subId !== 'string' || subId.length === 0 || subId.length > limits.maxSubIdLength) {
      conn.sendJson(['NOTICE', `invalid: ${type} needs a sub-id of 1 to ${limits.maxSubIdLength} characters`]);
      return;
    }
    if (type === 'CLOSE') {
      conn.removeSubscription(subId);
      return;
    }
    const filters = parseFilters(subId, message.slice(2), type);
    if (!filters) return;
    if (type === 'COUNT') {
      try {
        const usable = filters.filter((f) => !isEmptyFilter({ ...f, limit: 1 }));
        const scope = { now: core.now(), dmReaders: [...authed] };
        const count = usable.length ? await countFilters(core.store, usable, scope) : 0;
        conn.sendJson(['COUNT', subId, { count }]);
      } catch (err) {
        core.logger.warn({ err }, 'count failed');
        conn.sendJson(['CLOSED', subId, 'error: could not count']);
      }
      return;
    }
    if (!conn.hasSubscription(subId) && conn.subscriptionCount >= limits.maxSubscriptions) {
      conn.sendJson(['CLOSED', subId, `error: too many subscriptions (max ${limits.maxSubscriptions})`]);
      return;
    }
    await handleReq(subId, filters);
  };

  socket.on('message', (data, isBinary) => {
    conn.touch();
    if (!conn.messages.take()) {
      // a refused REQ or COUNT is CLOSED and a refused EVENT answered OK false, so its client stops waiting
      const refused = isBinary ? undefined : refusedMessage(data.toString());
      if (refused?.verb === 'REQ' || refused?.verb === 'COUNT') conn.sendJson(['CLOSED', refused.id, RATE_LIMITED]);
      else if (refused?.verb === 'EVENT') conn.sendJson(['OK', refused.id, false, RATE_LIMITED]);
      else conn.sendJson(['NOTICE', RATE_LIMITED]);
      return;
    }
    if (isBinary) {
      conn.sendJson(['NOTICE', 'invalid: binary frames are not accepted']);
      return;
    }
    void handleMessage(data.toString());
  });
  return conn;
}
