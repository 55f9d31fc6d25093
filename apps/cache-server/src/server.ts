import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NostrEvent } from '@tide/core/nostr';
import pino from 'pino';
import { WebSocketServer } from 'ws';
import { ComputeQueue, shareViewerIndependentBundles } from './answers/index.ts';
import type { IngestResult, IngestSource } from './commands/context.ts';
import { productRelayUrl } from './commands/core-relays.ts';
import { allCommands } from './commands/index.ts';
import { withStatementTimeoutNotices } from './commands/statement-timeouts.ts';
import { apiRoute } from './http/api-route.ts';
import { BlobStore } from './http/blob-store.ts';
import { blossomRoute, UPLOAD_REQUEST_TIMEOUT_MS } from './http/blossom.ts';
import { linkPreviewRoute } from './http/link-preview.ts';
import { mediaCacheRoute } from './http/media-cache.ts';
import { nostrJsonRoute } from './http/nostr-json.ts';
import type { OutboundPolicy } from './http/outbound.ts';
import { createHttpHandler, type HttpRoute, nip11Route } from './http/router.ts';
import { seedingRoute, seedingUpgradeReply } from './http/seeding.ts';
import { uploadVariants } from './http/upload-variants.ts';
import { mediaFilesRoute, webAppRoute } from './http/web-app.ts';
import { ingestEvents } from './ingest/index.ts';
import { registerLocalMedia } from './ingest/indexers/media-metadata.ts';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';
import { MembershipService, serveWalletConnection } from './membership/index.ts';
import { onPeerChanges, onStoreChanges } from './read-cache/change-feed.ts';
import { ChangeNotifier } from './read-cache/change-notifier.ts';
import { startCrossServerFeed } from './read-cache/cross-server-feed.ts';
import { enableReadCache } from './read-cache/read-cache.ts';
import { startWarmStart, type WarmReport, type WarmStart } from './read-cache/warm-start.ts';
import { serveRelayConnection } from './relay/relay-endpoint.ts';
import type { StartServerOptions } from './server-options.ts';
import { openStore, type Store } from './store/index.ts';
import { publishToRelays } from './upstream/publish.ts';
import { UpstreamRelay } from './upstream/upstream-relay.ts';
import { startReadPool, tellReadWorkers } from './workers/index.ts';
import type { ServerCore } from './ws/index.ts';
import { type ServingStats, serveCacheConnection, servingStats } from './ws/index.ts';

export type { IngestFn, StartServerOptions } from './server-options.ts';
export type { ServingStats } from './ws/index.ts';

/** A running server. */
export interface RunningServer {
  /** Caching-service WebSocket address, `ws://host:port/v1`. */
  url: string;
  /** NIP-01 relay address, `ws://host:port/`. */
  relayUrl: string;
  /** HTTP base, `http://host:port`. */
  httpUrl: string;
  port: number;
  store: Store;
  notifier: ChangeNotifier;
  /** The upstream followers (one per `upstream` url). */
  upstreams: UpstreamRelay[];
  /** Ends the "seeding" state (see `seeding`): requests are served and upstream relays start. */
  ready(): Promise<void>;
  /** What the background warm-up of the read cache loaded, once it is over (undefined without one). */
  warmed(): Promise<WarmReport | undefined>;
  /** Serving figures since the previous call (counters restart). */
  stats(): ServingStats;
  /** Stops accepting, closes every socket, stops upstream, closes the store (if opened here). */
  close(): Promise<void>;
}

/** Starts the caching service: HTTP + WebSocket (`/v1` cache protocol, `/` relay) on one port. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'silent' });
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const ownsStore = !options.store;
  const store = options.store ?? (await openStore(options));
  const ingestFn = options.ingest ?? ingestEvents;
  const notifier = new ChangeNotifier();
  // Answer reuse off (responseCacheMs 0, as the query bench runs) means no shared bundle parts either.
  const reuse = { ttlMs: limits.responseCacheMs, maxAgeMs: limits.responseCacheMaxAgeMs };
  const stopSharing =
    limits.responseCacheMs > 0 ? shareViewerIndependentBundles(store, notifier, now, reuse) : () => {};
  // ...nor the read cache of answers' pieces (events, stats, profiles, media; kept exact by ingest's change sets).
  const stopReadCache =
    limits.responseCacheMs > 0 ? enableReadCache(store, undefined, limits.responseCacheMaxAgeMs) : () => {};
  // other processes' writes reach the read cache (PostgreSQL: the servers of one schema tell each other; SQLite: its
  // data_version is watched), so it need not start empty every maxAgeMs
  const stopFeed =
    limits.responseCacheMs > 0
      ? await startCrossServerFeed(store, { ...options, maxAgeMs: limits.responseCacheMaxAgeMs, logger })
      : undefined;
  // the store's precise change sets reach the notifier's onChanges listeners (e.g. to forward them to other threads)
  const stopChanges = onStoreChanges(store, (changes) => notifier.changesApplied(changes));
  // ...and so do other processes' (the feed above): answers they touch are recomputed, as after this server's writes
  const stopPeerChanges = onPeerChanges(store, (changes) => notifier.peersChanged(changes));
  const blobs = options.blobRoot ? new BlobStore(options.blobRoot) : undefined;
  const commands = options.commands ? allCommands.with(options.commands) : allCommands;
  // PostgreSQL's serving connections have a statement timeout (`pgStatementTimeoutMs`): a request it ends gets a NOTICE
  const registry = store.dialect === 'postgres' ? withStatementTimeoutNotices(commands) : commands;
  const ownOrigins: string[] = options.publicUrl ? [options.publicUrl] : [];
  const policy = (): OutboundPolicy => ({ allowPrivate: options.allowPrivateNetwork ?? false, ownOrigins });
  let seeding = options.seeding ?? false;

  const ingest = async (
    events: readonly unknown[],
    source: IngestSource,
    relayUrl?: string,
  ): Promise<IngestResult[]> => {
    const results = await ingestFn(store, events, { source, now: now(), ...(relayUrl ? { relayUrl } : {}) });
    const accepted: NostrEvent[] = [];
    results.forEach((result, i) => {
      if (result.ok && result.reason === '') accepted.push(events[i] as NostrEvent);
    });
    notifier.eventsAccepted(accepted);
    return results.map(({ id, ok, reason }) => ({ id, ok, reason }));
  };

  const reads = await startReadPool(options.readWorkers ?? 0, options, store, ownsStore, {
    logger,
    shareBundles: limits.responseCacheMs > 0,
    reuse,
  });
  const stopTellingReads = reads ? tellReadWorkers(reads, notifier) : () => {};

  const core: ServerCore = {
    store,
    notifier,
    registry,
    limits,
    logger,
    now,
    compute: new ComputeQueue({ maxPerTurn: limits.computeStartsPerTurn, share: limits.computeShare }, { logger }),
    ...(reads ? { reads } : {}),
    ingest: (events, source) => ingest(events, source),
    publish: (event, relays, timeoutMs) => publishToRelays(event, relays, timeoutMs, policy()),
  };

  let membershipHost = 'localhost';
  const membership = new MembershipService({
    store,
    now,
    logger,
    ...(options.membership?.payments ? { payments: options.membership.payments } : {}),
    usdPerBtc: () => options.membership?.usdPerBtc ?? 100_000,
    host: () => membershipHost,
    premiumRelay: () => `${core.productRelay ?? `ws://${membershipHost}/`}premium`,
    usedStorage: async (pubkey: string) => (await blobs?.listOwned(pubkey))?.reduce((sum, b) => sum + b.size, 0) ?? 0,
  });
  // members' contact list versions are kept for recovery (the events table keeps only the newest)
  const stopContactHistory = notifier.onEvent((event) => {
    membership.noteEvent(event).catch((err: unknown) => logger.warn({ err }, 'keeping a contact list failed'));
  });
  const routes: HttpRoute[] = [
    seedingRoute(() => seeding),
    ...(options.routes ?? []),
    nip11Route(limits, options.relayInfo),
    apiRoute(core),
    linkPreviewRoute(store, now, policy),
    mediaCacheRoute(store),
    nostrJsonRoute(store, (host) => `ws://${host}/`),
  ];
  // uploaded images get small/medium/large variants off the request path (served at /variants/, used by /media-cache)
  const variants = blobs ? uploadVariants(blobs, store, now, logger) : undefined;
  if (blobs && variants) {
    routes.push(
      variants.route,
      blossomRoute(blobs, now, (pubkey) => membership.uploadLimits(pubkey), {
        onStored: variants.schedule,
        onRemoved: variants.forget,
      }),
    );
  }
  if (options.mediaRoot) routes.push(mediaFilesRoute(options.mediaRoot));
  if (options.webRoot) routes.push(webAppRoute(options.webRoot));
  const server: Server = createServer({ requestTimeout: UPLOAD_REQUEST_TIMEOUT_MS }, createHttpHandler(routes, logger));
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageLength * 2 });

  let relayHostsOf: (requestHost: string | undefined) => string[] = () => [];
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (seeding) {
      socket.end(seedingUpgradeReply());
      return;
    }
    if (path !== '/v1' && path !== '/' && path !== '/wallet/v1' && path !== '/premium') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (path === '/v1') serveCacheConnection(ws, core);
      else if (path === '/wallet/v1') serveWalletConnection(ws, membership, options.membership?.monitorPollMs, limits);
      else if (path === '/premium') {
        serveRelayConnection(ws, core, relayHostsOf(req.headers.host), async (event) =>
          (await membership.isMember(event.pubkey)) ? null : 'restricted: the premium relay is for members',
        );
      } else serveRelayConnection(ws, core, relayHostsOf(req.headers.host));
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await reads?.close();
    await stopFeed?.();
    if (ownsStore) await store.close();
    throw err;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // NIP-42: the names this relay answers to. With a public URL, that one (and the bound address); else whatever
  // host the client dialled (a local or development setup), and the bound address.
  const publicHost = URL.canParse(options.publicUrl ?? '') ? new URL(options.publicUrl ?? '').host : undefined;
  membershipHost = publicHost ?? `${host}:${address.port}`;
  relayHostsOf = (requestHost) => [publicHost ?? requestHost ?? '', `${host}:${address.port}`];
  logger.info({ host, port: address.port }, 'cache server listening');
  if (blobs) core.uploads = { blobs, origin: options.publicUrl ?? `http://${host}:${address.port}` };
  core.productRelay = productRelayUrl(options.publicUrl, `ws://${host}:${address.port}/`);
  ownOrigins.push(`http://${host}:${address.port}`);
  const unregisterMedia = options.mediaRoot
    ? ownOrigins.map((origin) => registerLocalMedia(origin, options.mediaRoot as string))
    : [];

  const upstreams = (options.upstream ?? []).map(
    (url) =>
      new UpstreamRelay({
        url,
        store,
        logger,
        ingest: async (events, relayUrl) => {
          await ingest(events, 'upstream', relayUrl);
        },
        ...options.upstreamOptions,
      }),
  );
  let started: Promise<void> | null = null;
  let warm: WarmStart | undefined;
  let warmReport: WarmReport | undefined;
  const warmStart = options.warmStart && limits.responseCacheMs > 0 ? options.warmStart : undefined;
  const ready = (): Promise<void> => {
    seeding = false;
    // once serving (a seed is in): the read cache fills in the background, requests are not held up
    if (warmStart && !warm) {
      warm = startWarmStart(store, { ...(warmStart === true ? {} : warmStart), logger });
      void warm.done.then((report) => {
        warmReport = report;
      });
    }
    started ??= Promise.all(upstreams.map((u) => u.start())).then(() => undefined);
    return started;
  };
  if (!seeding) await ready();

  const serving = servingStats(notifier, limits, reads, () => warmReport);

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          for (const client of wss.clients) client.terminate();
          resolve();
        }, 2000);
        timer.unref();
        wss.close(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      await Promise.all(upstreams.map((u) => u.stop()));
      options.membership?.payments?.close();
      stopContactHistory();
      for (const undo of unregisterMedia) undo();
      stopTellingReads();
      await reads?.close();
      serving.stop();
      // the read cache's keys, for the next start's warm-up
      await warm?.save().catch((err: unknown) => logger.warn({ err }, 'saving read cache keys failed'));
      warm?.stop();
      await stopFeed?.();
      stopSharing();
      stopReadCache();
      stopChanges();
      stopPeerChanges();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await variants?.idle();
      if (ownsStore) await store.close();
      logger.info('cache server stopped');
    })();
    return closing;
  };

  return {
    url: `ws://${host}:${address.port}/v1`,
    relayUrl: `ws://${host}:${address.port}/`,
    httpUrl: `http://${host}:${address.port}`,
    port: address.port,
    store,
    notifier,
    upstreams,
    ready,
    stats: serving.take,
    warmed: () => (warm ? warm.done : Promise.resolve(undefined)),
    close,
  };
}
