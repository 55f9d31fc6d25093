import { normalizeRelayUrl, type Tag } from '@tide/core/nostr';
import type { UserRelay, UserRelayList } from './publish-types.ts';

/**
 * The product relay: the caching service's own relay endpoint, on the caching service's origin at `/`
 * (`ws://host/v1` → `ws://host`); null for an address that is not a websocket URL.
 */
export function productRelayUrl(cacheUrl: string): string | null {
  try {
    const url = new URL(cacheUrl.trim());
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return null;
    return normalizeRelayUrl(`${url.protocol}//${url.host}/`);
  } catch {
    return null;
  }
}

/**
 * The product relay under another name: a relay on the unspecified address (`ws://0.0.0.0:<port>`, `ws://[::]`), which
 * is what a caching service started on every interface calls itself, is this page's product relay; repeats dropped.
 */
export function resolveProductRelay(relays: readonly UserRelay[], productRelay: string | null): UserRelay[] {
  const out: UserRelay[] = [];
  for (const relay of relays) {
    const host = (() => {
      try {
        return new URL(relay.url).hostname;
      } catch {
        return '';
      }
    })();
    const url = productRelay && (host === '0.0.0.0' || host === '[::]') ? productRelay : relay.url;
    const same = out.find((r) => r.url === url);
    if (same) {
      same.read ||= relay.read;
      same.write ||= relay.write;
    } else out.push({ ...relay, url });
  }
  return out;
}

/** Relays of kind 10002 `r` tags (NIP-65: no marker = read and write), normalised, invalid and repeated ones dropped. */
export function relaysFromTags(tags: readonly Tag[]): UserRelay[] {
  const out: UserRelay[] = [];
  for (const tag of tags) {
    if (tag[0] !== 'r' || typeof tag[1] !== 'string') continue;
    let url: string;
    try {
      url = normalizeRelayUrl(tag[1]);
    } catch {
      continue;
    }
    if (out.some((r) => r.url === url)) continue;
    const marker = tag[2];
    out.push({ url, read: marker !== 'write', write: marker !== 'read' });
  }
  return out;
}

/** Kind 10002 tags for relays: `["r", url]` for read and write, else with a `read` / `write` marker; none for neither. */
export function relayTags(relays: readonly UserRelay[]): Tag[] {
  return relays.flatMap((r): Tag[] => {
    if (r.read && r.write) return [['r', r.url]];
    if (r.read) return [['r', r.url, 'read']];
    if (r.write) return [['r', r.url, 'write']];
    return [];
  });
}

/** Relays from the caching service's `get_user_relays` flags (url → read/write). */
export function relaysFromFlags(flags: Record<string, { read: boolean; write: boolean }>): UserRelay[] {
  return relaysFromTags(
    Object.entries(flags).map(
      ([url, f]): Tag => (f.read && f.write ? ['r', url] : ['r', url, f.read ? 'read' : 'write']),
    ),
  );
}

/** The default relay list (spec §10: one product relay with read and write on), not declared by the user. */
export function defaultRelayList(productRelay: string | null): UserRelayList {
  return {
    relays: productRelay ? [{ url: productRelay, read: true, write: true }] : [],
    declared: false,
    createdAt: 0,
  };
}

/** URLs of the write-enabled relays (spec §5: relays marked read are skipped). */
export function writeRelayUrls(list: UserRelayList): string[] {
  return list.relays.filter((r) => r.write).map((r) => r.url);
}

/** URLs of the read-enabled relays. */
export function readRelayUrls(list: UserRelayList): string[] {
  return list.relays.filter((r) => r.read).map((r) => r.url);
}
