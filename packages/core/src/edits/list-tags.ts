import type { Tag } from '../nostr/event.ts';

/** The tags and content of a list event the edits start from (the latest version fetched, or none yet). */
export interface ListBase {
  tags: readonly Tag[];
  content: string;
}

/** True when `tag` is `[name, value, ...]` (values compared as given, or lower-cased when `fold`). */
export function tagMatches(tag: Tag, name: string, value: string, fold = false): boolean {
  if (tag[0] !== name || typeof tag[1] !== 'string') return false;
  return fold ? tag[1].toLowerCase() === value.toLowerCase() : tag[1] === value;
}

/** True when a tag list holds `[name, value, ...]`. */
export function hasTag(tags: readonly Tag[], name: string, value: string, fold = false): boolean {
  return tags.some((t) => tagMatches(t, name, value, fold));
}

/** `tags` with `add` appended for each entry whose `[name, value]` is not there yet; every other tag kept in order. */
export function addTags(tags: readonly Tag[], add: readonly Tag[], fold = false): Tag[] {
  const out = tags.map((t) => [...t]);
  for (const tag of add) {
    const [name, value] = tag;
    if (!name || !value || hasTag(out, name, value, fold)) continue;
    out.push([...tag]);
  }
  return out;
}

/** `tags` without any `[name, value, ...]` of `values`; every other tag kept in order. */
export function removeTags(tags: readonly Tag[], name: string, values: readonly string[], fold = false): Tag[] {
  return tags.filter((t) => !values.some((v) => tagMatches(t, name, v, fold))).map((t) => [...t]);
}

/** The distinct values of the `name` tags, in order. */
export function tagValues(tags: readonly Tag[], name: string): string[] {
  const out: string[] = [];
  for (const t of tags) if (t[0] === name && t[1] && !out.includes(t[1])) out.push(t[1]);
  return out;
}
