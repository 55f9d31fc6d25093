// The one publisher (issue 14): every event the app writes goes through publishEvent. The signing and relay code
// loads on first use (publisher-runtime.ts), so importing this file keeps the first screen small.

import type { NostrEvent } from '@tide/core/nostr';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useSession } from '../../state/stores.ts';
import { proxyMode } from './proxy-mode.ts';
import type { PublishOptions, PublishResult, UserRelay, UserRelayList } from './publish-types.ts';
import type { PublishTemplate } from './publisher.ts';
import { relayListStore } from './relay-list-store.ts';

export { proxyMode } from './proxy-mode.ts';
export type { EventTemplate, NostrEvent, PublishOutcome } from './publish-types.ts';
export { type RelayStatus, relayListStore } from './relay-list-store.ts';
export { readRelayUrls, relaysFromTags, relayTags, writeRelayUrls } from './user-relays.ts';
export type { PublishOptions, PublishResult, PublishTemplate, UserRelay, UserRelayList };

const runtime = () => import('./publisher-runtime.ts');

/**
 * Signs `template` with the session signer and sends it to every write relay of the user's kind 10002 list (8 s per
 * relay, success on the first OK true), or in proxy mode asks the caching service to broadcast it; after success the
 * event is imported into the caching service. Shows the spec's toasts (see PublishOptions). Resolves null when nothing
 * was sent: no signer (sign-in toast or PIN prompt shown), no write relay, or the relays are not known yet.
 */
export async function publishEvent(template: PublishTemplate, options?: PublishOptions): Promise<PublishResult | null> {
  return (await runtime()).publishEvent(template, options);
}

/** Sends an already signed event (e.g. someone else's note: Broadcast) to the user's write relays, as publishEvent. */
export async function publishSigned(event: NostrEvent, options?: PublishOptions): Promise<PublishResult | null> {
  return (await runtime()).publishSigned(event, options);
}

/** Signs with the session signer; null when no signer can sign ('Signer extension is required to send events'). */
export async function signEvent(template: PublishTemplate): Promise<NostrEvent | null> {
  return (await runtime()).signEvent(template);
}

/** The signed-in user's relay list with read/write flags (their newest kind 10002, else the product relay). */
export async function getUserRelays(refresh = false): Promise<UserRelayList> {
  return (await runtime()).getUserRelays(refresh);
}

/**
 * The newest replaceable event of `kind` by `pubkey` (contact list 3, mute list 10000, relay list 10002, bookmarks
 * 10003, ...) from the caching service and the user's relays; null when none has one. Fetch it, change it, publish it.
 */
export async function fetchLatestReplaceable(kind: number, pubkey: string): Promise<NostrEvent | null> {
  return (await runtime()).fetchLatestReplaceable(kind, pubkey);
}

/** Notes a version of one of the user's lists read elsewhere, so the next version published is dated after it. */
export async function noteListVersion(event: Pick<NostrEvent, 'kind' | 'tags' | 'created_at'>): Promise<void> {
  (await runtime()).noteListVersion(event);
}

/** Publishes `relays` as the user's kind 10002 relay list (Settings → Network). */
export async function saveUserRelays(relays: UserRelay[], options?: PublishOptions): Promise<PublishResult | null> {
  return (await runtime()).saveUserRelays(relays, options);
}

/** Opens the user's relays (not in proxy mode) and reads their connection state into the relay-list store. */
export async function connectUserRelays(): Promise<void> {
  return (await runtime()).connectUserRelays();
}

/** Refreshes each listed relay's connection state in the relay-list store. */
export async function refreshRelayStatus(): Promise<void> {
  (await runtime()).refreshRelayStatus();
}

/** Turns proxy mode on (direct relay sockets close; the caching service broadcasts) or off (relays reconnect). */
export async function setProxyMode(on: boolean): Promise<void> {
  proxyMode.getState().setProxy(on);
  (await runtime()).applyProxyMode();
}

/** The product relay (the caching service's own relay endpoint, on its origin). */
export async function getProductRelay(): Promise<string | null> {
  return (await runtime()).productRelay();
}

/** The signed-in user's relays with flags (null while loading); loads them on first use. */
export function useUserRelays(): UserRelayList | null {
  const pubkey = useSession((s) => s.publicKey);
  const state = useStore(relayListStore);
  const current = state.pubkey === pubkey ? state.list : null;
  useEffect(() => {
    if (pubkey && !current) void getUserRelays().catch(() => undefined);
  }, [pubkey, current]);
  return current;
}

/** URLs of the signed-in user's write relays (null while loading). */
export function useWriteRelays(): string[] | null {
  const list = useUserRelays();
  return list ? list.relays.filter((r) => r.write).map((r) => r.url) : null;
}

/** Proxy mode as React state. */
export function useProxyMode(): boolean {
  return useStore(proxyMode, (s) => s.proxy);
}
