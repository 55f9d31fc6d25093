import type { StoreChangeSet } from './change-set.ts';

/**
 * The dependency keys a change set touched (see `StoreChangeSet.keys`), or null when it touched everything. A set
 * without `keys` (published beside ingest: score expiry, link previews) names event pieces only; one naming users then
 * counts as everything.
 */
export function touchedKeys(changes: StoreChangeSet): Set<string> | null {
  if (changes.all) return null;
  const keys = new Set<string>(changes.keys ?? []);
  if (changes.media) keys.add('media');
  if (changes.links) keys.add('links');
  if (changes.keys) return keys;
  // pubkeys without keys could stand for new events of any kind: too wide to name
  if (changes.pubkeys.length > 0) return null;
  for (const id of changes.events) keys.add(`e:${id}`);
  return keys;
}

/**
 * What a change notifier's poke touched: nothing for ingest's, for `peers` and for `member:<pubkey>` (a change set
 * says: the notifier's own or another process's) and the unread counters' (`p:`, which no cacheable command reads), a
 * viewer's own state for `settings:<pubkey>`, everything for any other topic.
 */
export function pokedKeys(topic: string): Set<string> | null | undefined {
  if (topic === 'ingest' || topic === 'peers' || /^(author|kind|p|member):/.test(topic)) return undefined;
  if (topic.startsWith('settings:')) return new Set([`v:${topic.slice(9)}`]);
  return null;
}
