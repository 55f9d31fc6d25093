// What one statement read ahead for a read-cache lookup: the leaf the bundle parts (media, links, zaps) share.

/** Pieces of a bundle read ahead by one statement (`bundle-enrichment.ts`) for the keys the read cache lacked. */
export interface Preloaded<V> {
  /** The keys read. */
  keys: ReadonlySet<string>;
  /** Their values (absent: none). */
  values: Promise<Map<string, V>>;
}

/** The loader of a read-cache lookup: from `pre` when it read every missing key, else `load`. */
export function preloadedOr<V>(
  pre: Preloaded<V> | undefined,
  load: (missing: string[]) => Promise<Map<string, V>>,
): (missing: string[]) => Promise<Map<string, V>> {
  return (missing) => (pre && missing.every((k) => pre.keys.has(k)) ? pre.values : load(missing));
}
