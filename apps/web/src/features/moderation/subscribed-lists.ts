import type { CacheEvent } from '@tide/core/nostr';

/** Where a followed mute list applies, by owner, from the viewer's filter lists (30000 `d=mutelists`; no 5th field: both). */
export function subscriptionScopes(subscriptions: readonly CacheEvent[], viewer: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const event of subscriptions) {
    if (event.kind !== 30000) continue;
    for (const tag of event.tags ?? []) {
      const owner = tag[1];
      if (tag[0] !== 'p' || !owner || owner === viewer || out.has(owner)) continue;
      let scopes = ['content', 'trending'];
      try {
        const parsed: unknown = tag[4] ? JSON.parse(tag[4]) : null;
        if (Array.isArray(parsed)) scopes = parsed.filter((s): s is string => typeof s === 'string');
      } catch {
        // a malformed scopes field counts as both scopes
      }
      out.set(owner, scopes);
    }
  }
  return out;
}

/**
 * Another user's mute list as it applies to the viewer: its muted accounts only at the scopes the viewer follows it
 * at (within the list's own), its words, hashtags and threads only while it applies to content.
 */
export function scopedMuteList(event: CacheEvent, scopes: readonly string[]): CacheEvent {
  const tags = (event.tags ?? []).flatMap((tag) => {
    if (tag[0] === 'p') {
      let own: string[] = ['content', 'trending'];
      try {
        const parsed: unknown = tag[4] ? JSON.parse(tag[4]) : null;
        if (Array.isArray(parsed)) own = parsed.filter((s): s is string => typeof s === 'string');
      } catch {
        // malformed: both scopes
      }
      const kept = own.filter((s) => scopes.includes(s));
      return kept.length ? [['p', tag[1] ?? '', tag[2] ?? '', tag[3] ?? '', JSON.stringify(kept)]] : [];
    }
    if (tag[0] === 'e' || tag[0] === 't' || tag[0] === 'word') return scopes.includes('content') ? [tag] : [];
    return [tag];
  });
  return { ...event, tags };
}
