import type { EventTemplate, Tag } from '../nostr/event.ts';
import { Kind } from '../nostr/kinds.ts';

/** The fields the profile form edits (spec §3 profile edit fields). */
export interface ProfileFields {
  displayName: string;
  name: string;
  website: string;
  about: string;
  lud16: string;
  nip05: string;
  picture: string;
  banner: string;
}

/** The metadata JSON keys each form field writes (`displayName` also as the older `display_name`). */
const KEYS: Record<keyof ProfileFields, readonly string[]> = {
  displayName: ['display_name', 'displayName'],
  name: ['name'],
  website: ['website'],
  about: ['about'],
  lud16: ['lud16'],
  nip05: ['nip05'],
  picture: ['picture'],
  banner: ['banner'],
};

/** A kind-0 content as an object; invalid JSON or a non-object counts as empty (spec §8). */
export function parseProfileContent(content: string | undefined): Record<string, unknown> {
  if (!content) return {};
  try {
    const parsed: unknown = JSON.parse(content);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The form's starting values from a kind-0 content (`displayName` falls back to `display_name`). */
export function profileFieldsOf(content: string | undefined): ProfileFields {
  const json = parseProfileContent(content);
  const text = (key: string) => (typeof json[key] === 'string' ? (json[key] as string) : '');
  return {
    displayName: text('display_name') || text('displayName'),
    name: text('name'),
    website: text('website'),
    about: text('about'),
    lud16: text('lud16'),
    nip05: text('nip05'),
    picture: text('picture'),
    banner: text('banner'),
  };
}

/**
 * The kind-0 event saving `fields` over the latest metadata (`latest`, or none): every key the form does not edit
 * (lud06, location, bot, anything unknown) and the tags stay as they were; an emptied field is removed.
 */
export function mergeProfileMetadata(
  latest: { content: string; tags: readonly Tag[] } | null,
  fields: Partial<ProfileFields>,
  now = Math.floor(Date.now() / 1000),
): EventTemplate {
  const json = { ...parseProfileContent(latest?.content) };
  for (const [field, raw] of Object.entries(fields) as [keyof ProfileFields, string | undefined][]) {
    if (raw === undefined || !KEYS[field]) continue;
    const value = field === 'about' ? raw : raw.trim();
    for (const key of KEYS[field]) {
      if (value) json[key] = value;
      else delete json[key];
    }
  }
  return {
    kind: Kind.Metadata,
    content: JSON.stringify(json),
    created_at: now,
    tags: (latest?.tags ?? []).map((t) => [...t]),
  };
}
