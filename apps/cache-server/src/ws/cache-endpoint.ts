import { CacheKind, isEphemeralKind, isHex } from '@tide/core/nostr';
import type { WebSocket } from 'ws';
import type { ChangeListener, PackedAnswer } from '../answers/index.ts';
import {
  CACHEABLE_COMMANDS,
  computeAnswer,
  isPeriodicKey,
  layerPlan,
  onChangeKeys,
  responseCacheFor,
  responseCacheOptions,
  responseKey,
  VIEWERLESS_COMMANDS,
  ViewerLayers,
  viewerOfRequest,
  writtenAtOf,
} from '../answers/index.ts';
import { type CommandContext, CommandError, type ConnectionState, type LiveSpec } from '../commands/context.ts';
import { notePostMuteFacts } from '../commands/mute-facts.ts';
import { pushEvents, sendAnswer, sendNotice, usesZlib } from './cache-frames.ts';
import { isFirehoseFilter, runPlainFilter } from './cache-plain-filter.ts';
import { Connection } from './connection.ts';
import { jsonTooDeep, TOO_DEEP } from './json-depth.ts';
import { startLivePush } from './live-push.ts';
import { RATE_LIMITED, refusedMessage } from './refused-message.ts';
import type { ServerCore } from './server-core.ts';
import { toCacheEvent } from './stored-event.ts';

const layersOfServer = new WeakMap<ServerCore, ViewerLayers | null>();

/** The server's viewer layers (null while answer reuse or bundle sharing is off). */
function layersOf(core: ServerCore): ViewerLayers | null {
  let layers = layersOfServer.get(core);
  if (layers === undefined) {
    const writtenAt = writtenAtOf(core.notifier);
    const reuse = { ttlMs: core.limits.responseCacheMs, maxAgeMs: core.limits.responseCacheMaxAgeMs };
    // the layers' per-viewer facts also give the commands their viewer's mute rules while this server shares bundles
    const clock = {
      sequence: () => core.notifier.sequence,
      second: () => core.now(),
      live: () => writtenAtOf(core.notifier) === writtenAt,
      changes: (listener: ChangeListener) => onChangeKeys(core.notifier, listener),
    };
    layers = writtenAt && reuse.ttlMs > 0 ? new ViewerLayers(core.store, reuse, writtenAt, clock) : null;
    // the mute facts of posts this server stores, from the events themselves: feeds listing them need no query
    if (layers) core.notifier.onEvent((event) => notePostMuteFacts(core.store, event));
    layersOfServer.set(core, layers);
  }
  return layers;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TIMED_OUT = Symbol('timed out');

/** Resolves with `work`'s value, or TIMED_OUT after `ms` (the work keeps running; its result is ignored). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Serves one caching-service connection at `/v1` (protocol §1): REQ with a cache filter, CLOSE, plain filters. */
export function serveCacheConnection(socket: WebSocket, core: ServerCore): Connection {
  const conn = new Connection(socket, core.limits, core.logger);
  const answers = responseCacheFor(core.notifier, responseCacheOptions(core.limits));
  // background recomputations wait while requests wait in the compute queue
  answers.deferWhile(() => core.compute.queued > 0);
  const layers = layersOf(core);
  const state: ConnectionState = { id: conn.id, userPubkey: null, protocol: {} };
  /** Running requests by sub-id: the token of the newest one (a REQ reusing a running sub-id replaces it, NIP-01). */
  const inFlight = new Map<string, symbol>();
  /** Sub-ids CLOSEd while their request was still running: they must not turn into live subscriptions. */
  const closedEarly = new Set<string>();
  core.logger.debug({ conn: conn.id }, 'cache connection opened');
  socket.once('close', (code) => core.logger.debug({ conn: conn.id, code }, 'cache connection closed'));

  const handleReq = async (subId: string, filter: Record<string, unknown>): Promise<void> => {
    const cache = filter.cache;
    let command = '';
    let payload: Record<string, unknown> = {};
    if (cache !== undefined) {
      if (!Array.isArray(cache) || typeof cache[0] !== 'string') {
        sendNotice(conn, subId, 'invalid: cache filter must be [command, payload]');
        return;
      }
      if (cache.length > 1 && !isObject(cache[1])) {
        sendNotice(conn, subId, 'invalid: command payload must be a JSON object');
        return;
      }
      command = cache[0];
      payload = isObject(cache[1]) ? cache[1] : {};
    }
    const handler = cache === undefined ? undefined : core.registry.get(command);
    if (cache !== undefined && !handler) {
      sendNotice(conn, subId, 'unknown api request');
      return;
    }
    if (Array.isArray(payload.events) && !conn.events.take(Math.max(1, payload.events.length))) {
      sendNotice(conn, subId, 'rate-limited: too many events, slow down');
      return;
    }
    if (state.userPubkey === null && isHex(payload.user_pubkey, 64)) state.userPubkey = payload.user_pubkey;
    let liveSpec: LiveSpec | null = null;
    const ctx: CommandContext = {
      store: core.store,
      now: core.now,
      logger: core.logger,
      connection: state,
      subId,
      command: command || 'filter',
      notifier: core.notifier,
      ingest: core.ingest,
      publish: core.publish,
      uploads: core.uploads,
      productRelay: core.productRelay,
      live: (spec) => {
        liveSpec = spec;
      },
    };
    const zlibBefore = usesZlib(state.protocol);
    const token = Symbol(subId);
    inFlight.set(subId, token);
    /** Whether this request still owns its sub-id; once replaced, its output is dropped. */
    const current = (): boolean => inFlight.get(subId) === token;
    try {
      const now = core.now();
      const seq = core.notifier.sequence;
      const sequence = () => core.notifier.sequence;
      const run = async (): Promise<PackedAnswer> => {
        const { packed } = await computeAnswer({
          store: core.store,
          command,
          payload,
          viewer: viewerOfRequest(payload, state.userPubkey),
          sequence,
          events: () => (handler ? handler(ctx, payload) : runPlainFilter(ctx, core.registry, filter)),
        });
        layers?.stamp(packed, seq);
        return packed;
      };
      // negotiation runs at once (later requests' framing depends on it); other commands take their turn
      const compute = command === 'set_primal_protocol' ? run : () => core.compute.run(run);
      const cacheable = handler !== undefined && CACHEABLE_COMMANDS.has(command);
      const reads = core.reads;
      const key = cacheable
        ? responseKey(command, payload, VIEWERLESS_COMMANDS.has(command) ? null : state.userPubkey)
        : '';
      // a finished answer is sent at once: no promise, no timeout timer
      const ready = cacheable ? answers.peek(key, now, seq) : undefined;
      const start = (): Promise<PackedAnswer> =>
        cacheable
          ? answers.answer(
              key,
              now,
              // an idle server computes a miss on the main thread (no thread hop); once the main thread has a backlog
              // or the workers have work, workers take them (one set of caches under load)
              reads && reads.size > 0 && (core.compute.backlog >= core.limits.mainComputeBacklog || reads.pending > 0)
                ? () => reads.run(command, payload, state.userPubkey, now, seq)
                : compute,
              viewerOfRequest(payload, state.userPubkey),
              seq,
            )
          : compute();
      // a viewer's answer made from the shared (viewer-less) one and their own layer, when the command allows it
      const plan = !ready && cacheable && layers ? layerPlan(command, payload, state.userPubkey, now) : undefined;
      const layered = async (): Promise<PackedAnswer> => {
        if (!plan || !layers || !handler) return start();
        const baseCtx = { ...ctx, connection: { id: conn.id, userPubkey: null, protocol: {} } };
        // the shared answer to a viewer-less payload (the plan's, or a wider one for a viewer with mute rules)
        const baseOf = async (basePayload: Record<string, unknown>) => {
          const baseKey = responseKey(command, basePayload, null);
          const computeBase = () =>
            core.compute.run(async () => {
              const { packed } = await computeAnswer({
                store: core.store,
                command,
                payload: basePayload,
                viewer: '',
                sequence,
                events: () => handler(baseCtx, basePayload),
              });
              layers.stamp(packed, seq);
              return packed;
            });
          const base = answers.peek(baseKey, now, seq) ?? (await answers.answer(baseKey, now, computeBase, '', seq));
          // a periodic base is served as it is whoever wrote since (their own actions and mutes are layered exactly)
          return { answer: base, exact: answers.isExact(baseKey, base) || isPeriodicKey(baseKey) };
        };
        return (await layers.layer(plan, payload, baseOf, seq, now)) ?? start();
      };
      const answer = ready ?? (await withTimeout(plan ? layered() : start(), core.limits.requestTimeoutMs));
      if (!current()) return;
      if (answer === TIMED_OUT) {
        core.logger.warn({ command, conn: conn.id }, 'command timed out');
        sendNotice(conn, subId, 'timeout');
        return;
      }
      if (!conn.isOpen) return;
      await sendAnswer(conn, subId, answer, zlibBefore && usesZlib(state.protocol), current);
      if (!current() || closedEarly.has(subId)) return;
      if (!handler && isFirehoseFilter(filter) && conn.isOpen) {
        const idsOnly = filter.idsonly === true;
        const stop = core.notifier.onEvent((event) => {
          if (isEphemeralKind(event.kind)) return;
          const pushed = idsOnly
            ? { kind: CacheKind.EventIds, content: JSON.stringify({ ids: [event.id] }) }
            : toCacheEvent(event);
          pushEvents(conn, subId, [pushed]);
        });
        conn.addSubscription(subId, stop);
      }
      const spec = liveSpec as LiveSpec | null;
      if (spec && conn.isOpen) {
        const stop = startLivePush(spec, core.notifier, (pushed) => pushEvents(conn, subId, pushed), core.logger);
        conn.addSubscription(subId, stop);
      }
    } catch (err) {
      if (!current()) {
        // replaced by a later request on the same sub-id: its failure is nobody's answer
      } else if (err instanceof CommandError) {
        sendNotice(conn, subId, err.message);
      } else {
        core.logger.error({ err, command, conn: conn.id }, 'command failed');
        sendNotice(conn, subId, 'error');
      }
    } finally {
      if (current()) {
        inFlight.delete(subId);
        closedEarly.delete(subId);
      }
    }
  };

  const handleMessage = (text: string): void => {
    if (text.length > core.limits.maxMessageLength) {
      conn.sendJson(['NOTICE', '', `invalid: message too large (max ${core.limits.maxMessageLength} bytes)`]);
      return;
    }
    if (jsonTooDeep(text)) {
      // refused before any work (a deep payload would overflow recursive walks); a REQ ends on its own sub-id
      const refused = refusedMessage(text);
      if (refused?.verb === 'REQ') sendNotice(conn, refused.id, TOO_DEEP);
      else conn.sendJson(['NOTICE', '', TOO_DEEP]);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      conn.sendJson(['NOTICE', '', 'invalid: message is not JSON']);
      return;
    }
    if (!Array.isArray(message) || typeof message[0] !== 'string') {
      conn.sendJson(['NOTICE', '', 'invalid: message must be a JSON array starting with a type']);
      return;
    }
    const [type, subId] = message;
    if (typeof subId !== 'string' || subId.length === 0 || subId.length > core.limits.maxSubIdLength) {
      conn.sendJson(['NOTICE', '', `invalid: ${type} needs a sub-id of 1 to ${core.limits.maxSubIdLength} characters`]);
      return;
    }
    if (type === 'CLOSE') {
      conn.removeSubscription(subId);
      if (inFlight.has(subId)) closedEarly.add(subId);
      return;
    }
    if (type !== 'REQ') {
      conn.sendJson(['NOTICE', subId, `invalid: unsupported message type ${type.slice(0, 20)}`]);
      return;
    }
    const filter = message[2];
    if (!isObject(filter)) {
      sendNotice(conn, subId, 'invalid: REQ needs a filter object');
      return;
    }
    // NIP-01: a REQ on a sub-id still running or open replaces it (the earlier one's output is dropped)
    inFlight.delete(subId);
    closedEarly.delete(subId);
    conn.removeSubscription(subId);
    if (conn.subscriptionCount + inFlight.size >= core.limits.maxSubscriptions) {
      sendNotice(conn, subId, 'too many subscriptions');
      return;
    }
    void handleReq(subId, filter);
  };

  socket.on('message', (data, isBinary) => {
    conn.touch();
    if (!conn.messages.take()) {
      // a refused REQ ends on its own sub-id (NOTICE + EOSE), so its client stops waiting for an answer
      const refused = isBinary ? undefined : refusedMessage(data.toString());
      if (refused?.verb === 'REQ') sendNotice(conn, refused.id, RATE_LIMITED);
      else conn.sendJson(['NOTICE', '', RATE_LIMITED]);
      return;
    }
    if (isBinary) {
      conn.sendJson(['NOTICE', '', 'invalid: binary frames are not accepted']);
      return;
    }
    handleMessage(data.toString());
  });
  return conn;
}
