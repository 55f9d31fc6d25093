import { fetchUserRelays } from '@tide/core/cache';
import { Kind, type NostrEvent } from '@tide/core/nostr';
import { getAppData } from '../../data/app-data-instance.ts';
import { resolveCacheUrl } from '../../data/cache-url.ts';
import { fallbackPool, setRelayAuthSigner } from '../../data/relay-fallback.ts';
import { createTranslator } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { readStorage, STORAGE_KEYS } from '../../state/storage.ts';
import { stores } from '../../state/stores.ts';
import { requestKey } from '../account/require-sign-in.ts';
import { CACHE_LIST_COMMANDS, isListEvent, newestEvent } from './latest-replaceable.ts';
import { broadcastVerdict } from './proxy-broadcast.ts';
import { proxyMode } from './proxy-mode.ts';
import type { PublishOptions, PublishResult, UserRelay, UserRelayList } from './publish-types.ts';
import { createPublisher, type PublishTemplate } from './publisher.ts';
import { type RelayStatus, relayListStore } from './relay-list-store.ts';
import {
  defaultRelayList,
  productRelayUrl,
  readRelayUrls,
  relaysFromFlags,
  relaysFromTags,
  relayTags,
  resolveProductRelay,
  writeRelayUrls,
} from './user-relays.ts';

// The publisher wired to the app (session signer, caching service, the app's relay pool, toasts). Loaded lazily
// by index.ts, so the signing and relay code stays out of the first screen.

/** Wait of the caching service's broadcast (it waits up to 15 s per relay itself). */
const PROXY_WAIT_MS = 20_000;

const t = () => createTranslator(stores.settings.getState().locale);

/** The product relay of this page's caching service (ws(s)://<its host>). */
export function productRelay(): string | null {
  const location = globalThis.location ?? { protocol: 'http:', host: '127.0.0.1' };
  return productRelayUrl(resolveCacheUrl(readStorage(STORAGE_KEYS.cacheServer), location));
}

function viewer(): string | null {
  return stores.session.getState().publicKey;
}

/**
 * The newest replaceable event of `kind` by `pubkey` from the caching service and the relays (not in proxy mode);
 * null when there is none, rejects when the caching service could not answer and no relay had one.
 */
export async function fetchLatestReplaceable(kind: number, pubkey: string): Promise<NostrEvent | null> {
  const known = relayListStore.getState();
  const relays = new Set<string>();
  const product = productRelay();
  if (product) relays.add(product);
  if (known.pubkey === pubkey && known.list) for (const url of readRelayUrls(known.list)) relays.add(url);
  const fromCache = async (): Promise<NostrEvent | null> => {
    const spec = CACHE_LIST_COMMANDS[kind];
    if (!spec) return null;
    const events = await getAppData().client.request(spec.command, { pubkey, ...spec.extra }, { timeoutMs: 8000 });
    return newestEvent(events.filter((e) => isListEvent(e, kind, pubkey)) as NostrEvent[]);
  };
  const fromRelays = async (): Promise<NostrEvent | null> => {
    if (proxyMode.getState().proxy || relays.size === 0) return null;
    const events = await fallbackPool().query([...relays], [{ kinds: [kind], authors: [pubkey], limit: 1 }]);
    return newestEvent(events.filter((e) => isListEvent(e, kind, pubkey)));
  };
  const [a, b] = await Promise.allSettled([fromCache(), fromRelays()]);
  const newest = newestEvent([a.status === 'fulfilled' ? a.value : null, b.status === 'fulfilled' ? b.value : null]);
  // "No list yet" only when the caching service answered: a list edited on top of a failed lookup would replace the
  // user's real list with a new one.
  if (!newest && a.status === 'rejected') throw new Error('latest list not reachable');
  if (newest && newest.pubkey === viewer()) publisher.noteVersion(newest);
  return newest;
}

/** Loads a user's relay list: their newest kind 10002, else the caching service's flags, else the default. */
export async function loadUserRelays(pubkey: string): Promise<UserRelayList> {
  const [event, flags] = await Promise.allSettled([
    fetchLatestReplaceable(Kind.RelayList, pubkey),
    fetchUserRelays(getAppData().client, { pubkey }, { timeoutMs: 8000 }),
  ]);
  const product = productRelay();
  if (event.status === 'fulfilled' && event.value) {
    const relays = resolveProductRelay(relaysFromTags(event.value.tags), product);
    return { relays, declared: true, createdAt: event.value.created_at };
  }
  if (flags.status === 'fulfilled' && Object.keys(flags.value).length > 0) {
    return { relays: resolveProductRelay(relaysFromFlags(flags.value), product), declared: true, createdAt: 0 };
  }
  if (event.status === 'rejected' && flags.status === 'rejected') throw new Error('relays not reachable');
  return defaultRelayList(productRelay());
}

/** The signed-in user's relay list (loaded once, then kept in the relay-list store); default for guests. */
export async function getUserRelays(refresh = false): Promise<UserRelayList> {
  const pubkey = viewer();
  if (!pubkey) return defaultRelayList(productRelay());
  const state = relayListStore.getState();
  if (!refresh && state.pubkey === pubkey && state.list) return state.list;
  state.setLoading(true);
  try {
    const list = await loadUserRelays(pubkey);
    if (viewer() === pubkey) relayListStore.getState().setList(pubkey, list);
    return list;
  } finally {
    relayListStore.getState().setLoading(false);
  }
}

// A relay that requires NIP-42 AUTH for a write (or a read) gets it from the session's signer, on demand only.
setRelayAuthSigner((template) => {
  const signer = session.signer;
  return signer ? signer.signEvent(template) : Promise.reject(new Error('auth-required: sign in first'));
});

const publisher = createPublisher({
  signer: () => (requestKey(t()('auth.required')) ? session.signer : null),
  writeRelays: async () => writeRelayUrls(await getUserRelays()),
  proxy: () => proxyMode.getState().proxy,
  sendDirect: async (event, relays) => {
    const { note: _note, ...rest } = await fallbackPool().publish(event, relays);
    return rest;
  },
  sendProxy: async (event, relays) => {
    const answer = await getAppData().client.request(
      'broadcast_events',
      { events: [event], relays: [...relays] },
      { purpose: 'publish_event', timeoutMs: PROXY_WAIT_MS },
    );
    const verdict = broadcastVerdict(answer, event.id);
    return { ...verdict, relay: verdict.relay };
  },
  importEvents: async (events) => {
    await getAppData().client.request('import_events', { events }, { purpose: 'import_event', timeoutMs: 8000 });
  },
  toast: (kind, message) => stores.toasts.getState().show({ kind, message }),
  messages: () => {
    const tr = t();
    return {
      success: tr('publish.success'),
      failure: tr('publish.failure'),
      timeout: tr('publish.timeout'),
      noRelays: tr('publish.noRelays'),
      connecting: tr('publish.connecting'),
      noSigner: tr('publish.noSigner'),
    };
  },
});

/** See index.ts. */
export const publishEvent = publisher.publishEvent;
/** See index.ts. */
export const publishSigned = publisher.publishSigned;
/** See index.ts. */
export const signEvent = publisher.signEvent;

/** Notes a version of one of the user's lists read elsewhere: the next one published gets a later created_at. */
export const noteListVersion = publisher.noteVersion;

/** Publishes `relays` as the user's kind 10002 list; on success the relay-list store holds it. */
export async function saveUserRelays(relays: UserRelay[], options: PublishOptions = {}): Promise<PublishResult | null> {
  const template: PublishTemplate = { kind: Kind.RelayList, content: '', tags: relayTags(relays) };
  // The new list's write relays and the old ones both hear of the change.
  const before = writeRelayUrls(await getUserRelays().catch(() => defaultRelayList(productRelay())));
  const targets = [...new Set([...relays.filter((r) => r.write).map((r) => r.url), ...before])];
  const result = await publishEvent(template, { ...options, relays: targets });
  const pubkey = viewer();
  if (result?.success && pubkey) {
    relayListStore.getState().setList(pubkey, { relays, declared: true, createdAt: result.event.created_at });
  }
  return result;
}

/** Reads each listed relay's connection state from the pool into the relay-list store. */
export function refreshRelayStatus(): void {
  const { list } = relayListStore.getState();
  if (!list) return;
  const connected = new Set(fallbackPool().connectedRelays());
  const status: Record<string, RelayStatus> = {};
  for (const relay of list.relays) status[relay.url] = connected.has(relay.url) ? 'connected' : 'disconnected';
  relayListStore.getState().setStatus(status);
}

/** Opens (keeps) the user's relays in the pool, unless proxy mode suspends direct sockets. */
export async function connectUserRelays(): Promise<void> {
  if (proxyMode.getState().proxy) return;
  const list = await getUserRelays();
  if (proxyMode.getState().proxy) return;
  await fallbackPool().open(list.relays.map((r) => r.url));
  refreshRelayStatus();
}

/** Applies proxy mode: on, every direct relay socket closes; off, the user's relays reconnect. */
export function applyProxyMode(): void {
  if (proxyMode.getState().proxy) {
    fallbackPool().close();
    refreshRelayStatus();
  } else void connectUserRelays().catch(() => undefined);
}

/** A new viewer gets their own relay list. */
stores.session.subscribe((state, previous) => {
  if (state.publicKey !== previous.publicKey) relayListStore.getState().clear();
});
